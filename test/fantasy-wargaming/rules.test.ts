// Fantasy Wargaming's factor arithmetic, entry by entry from the text's lists.
import { describe, expect, it } from 'vitest';
import { weaponFactor } from '../../src/rulesets/fantasy-wargaming/fighter.js';
import type { Weapon } from '../../src/rulesets/fantasy-wargaming/data.js';
import {
  berserkCheckTerms,
  berserkFactorTerms,
  defenceAllowed,
  defenceTerms,
  firstStrike,
  luck,
  maneuverArea,
  moraleCheckTerms,
  moraleFactorTerms,
  mustCheckBerserk,
  rangedTerms,
  strikeTerms,
  weaponFactorBase,
  weaponFactorTerms,
  type MoraleSituation,
  type StrikeSituation,
} from '../../src/rulesets/fantasy-wargaming/rules.js';

const total = (ts: readonly { value: number }[]) => ts.reduce((sum, t) => sum + t.value, 0);

describe('Fantasy Wargaming: luck die (facts)', () => {
  it('1: −2, 2: −1, 3–4: 0, 5: +1, 6: +2', () => {
    expect([1, 2, 3, 4, 5, 6].map(luck)).toEqual([-2, -1, 0, 0, 1, 2]);
  });
});

describe('Fantasy Wargaming: the Morale Factor (Morale)', () => {
  const base = {
    combatLevel: 3,
    bravery: 12,
    leaderLevel: 3,
    isLeader: false,
    selfishness: 10,
    intelligence: 10,
    victories: 0,
    defeats: 0,
  };
  it('the day starts at combat level + bravery', () => {
    expect(total(moraleFactorTerms(base, 1))).toBe(15);
  });
  it.each([
    ['lower than the party leader: +1 per level', { leaderLevel: 5 }, 17],
    ['higher than the party leader: −1 per level', { leaderLevel: 1 }, 13],
    ['party leader: +2 (and no level gap)', { isLeader: true, leaderLevel: 7 }, 17],
    ['selfishness 8−: +1', { selfishness: 8 }, 16],
    ['selfishness 14+: −1', { selfishness: 14 }, 14],
    ['intelligence 8−: the number the option gives (+1 by default)', { intelligence: 8 }, 16],
    ['two victories and a defeat today: +2 −1', { victories: 2, defeats: 1 }, 16],
  ])('%s', (_, over, mf) => {
    expect(total(moraleFactorTerms({ ...base, ...over }, 1))).toBe(mf);
  });
  it('the missing number for intelligence 8− is an option', () => {
    expect(total(moraleFactorTerms({ ...base, intelligence: 3 }, -1))).toBe(14);
    expect(total(moraleFactorTerms({ ...base, intelligence: 9 }, -1))).toBe(15);
  });

  const calm: MoraleSituation = {
    endurance: 10,
    maxEndurance: 10,
    partyIntact: false,
    partyHalfCasualties: false,
    shieldless: false,
    unarmored: false,
    unarmed: false,
    secure: false,
    isolated: false,
    underMissileFire: false,
    mageFacingHigherMagic: false,
    mageOrClericFacingCombat: false,
    warriorFacingMagic: false,
    desire: false,
    leastBravePassed: false,
    partyMemberFleeing: false,
    partyDeserted: false,
    leaderFailed: false,
    demoralized: false,
    fleeing: false,
    astrology: 0,
  };
  it('uninjured +2; injured up to half −1; half or less, or 4 or less, −2', () => {
    expect(total(moraleCheckTerms(calm))).toBe(2);
    expect(total(moraleCheckTerms({ ...calm, endurance: 6 }))).toBe(-1);
    expect(total(moraleCheckTerms({ ...calm, endurance: 5 }))).toBe(-2);
    expect(total(moraleCheckTerms({ ...calm, endurance: 5, maxEndurance: 8 }))).toBe(-1);
    expect(total(moraleCheckTerms({ ...calm, endurance: 4, maxEndurance: 6 }))).toBe(-2);
    // "4 points or less in any case": even unhurt.
    expect(total(moraleCheckTerms({ ...calm, endurance: 4, maxEndurance: 4 }))).toBe(-2);
  });
  it.each([
    ['partyIntact', 2],
    ['partyHalfCasualties', -2],
    ['shieldless', -1],
    ['unarmored', -1],
    ['unarmed', -2],
    ['secure', 2],
    ['isolated', -2],
    ['underMissileFire', -1],
    ['mageFacingHigherMagic', -1],
    ['mageOrClericFacingCombat', -2],
    ['warriorFacingMagic', -2],
    ['desire', 2],
    ['leastBravePassed', 2],
    ['partyMemberFleeing', -1],
    ['partyDeserted', -2],
    ['leaderFailed', -2],
    ['demoralized', -2],
    ['fleeing', -4],
  ] as const)('%s: %i', (flag, value) => {
    const terms = moraleCheckTerms({ ...calm, [flag]: true });
    expect(total(terms) - 2).toBe(value);
  });
  it('the astrological sign: ±1', () => {
    expect(total(moraleCheckTerms({ ...calm, astrology: 1 }))).toBe(3);
    expect(total(moraleCheckTerms({ ...calm, astrology: -1 }))).toBe(1);
  });
  it('the modifiers add up', () => {
    expect(
      total(
        moraleCheckTerms({
          ...calm,
          endurance: 3,
          shieldless: true,
          unarmored: true,
          isolated: true,
          fleeing: true,
        }),
      ),
    ).toBe(-2 - 1 - 1 - 2 - 4);
  });
});

describe('Fantasy Wargaming: the Berserk Factor (Going berserk)', () => {
  it('who must check: every Viking; others with bravery 12+ and intelligence 9−', () => {
    expect(
      mustCheckBerserk({ viking: true, bravery: 3, intelligence: 18, combatLevel: 1, isLeader: false }),
    ).toBe(true);
    expect(
      mustCheckBerserk({ viking: false, bravery: 12, intelligence: 9, combatLevel: 1, isLeader: false }),
    ).toBe(true);
    expect(
      mustCheckBerserk({ viking: false, bravery: 11, intelligence: 9, combatLevel: 1, isLeader: false }),
    ).toBe(false);
    expect(
      mustCheckBerserk({ viking: false, bravery: 12, intelligence: 10, combatLevel: 1, isLeader: false }),
    ).toBe(false);
  });
  it('a Viking: half combat level rounded up + 2, then bravery and intelligence', () => {
    // Combat level 5 → 3 + 2 = 5; bravery 15 → +2; intelligence 7 → +1: BF 8.
    expect(
      total(
        berserkFactorTerms({ viking: true, bravery: 15, intelligence: 7, combatLevel: 5, isLeader: false }),
      ),
    ).toBe(8);
    // As party leader, −2.
    expect(
      total(
        berserkFactorTerms({ viking: true, bravery: 15, intelligence: 7, combatLevel: 5, isLeader: true }),
      ),
    ).toBe(6);
  });
  it('a non-Viking: half combat level rounded up, as negative', () => {
    // Combat level 3 → −2; bravery 17 → +3; intelligence 3 → +3: BF 4.
    expect(
      total(
        berserkFactorTerms({ viking: false, bravery: 17, intelligence: 3, combatLevel: 3, isLeader: false }),
      ),
    ).toBe(4);
    expect(
      total(
        berserkFactorTerms({ viking: false, bravery: 12, intelligence: 9, combatLevel: 4, isLeader: false }),
      ),
    ).toBe(-2);
  });
  it('bravery 14 +1, 15–16 +2, 17+ +3; intelligence 6–7 +1, 4–5 +2 (the note: 4 is meant to be +2), 0–3 +3', () => {
    const bf = (bravery: number, intelligence: number) =>
      total(berserkFactorTerms({ viking: true, bravery, intelligence, combatLevel: 2, isLeader: false }));
    expect([13, 14, 15, 16, 17, 20].map((b) => bf(b, 10) - 3)).toEqual([0, 1, 2, 2, 3, 3]);
    expect([8, 7, 6, 5, 4, 3, 0].map((i) => bf(10, i) - 3)).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });
  it('every check modifier', () => {
    const s = {
      exhausted: false,
      endurance: 10,
      shieldless: false,
      unarmored: false,
      unarmed: false,
      cornered: false,
      alone: false,
      berserkRecently: false,
      partyLostThisPhase: 0,
      failedLastMorale: false,
      astrology: 0,
    };
    expect(total(berserkCheckTerms(s))).toBe(0);
    const each: [Partial<typeof s>, number][] = [
      [{ exhausted: true }, -2],
      [{ endurance: 3 }, -3],
      [{ shieldless: true }, 1],
      [{ unarmored: true }, 1],
      [{ unarmed: true }, -3],
      [{ cornered: true }, 3],
      [{ alone: true }, -1],
      [{ berserkRecently: true }, 2],
      [{ partyLostThisPhase: 2 }, -2],
      [{ failedLastMorale: true }, -2],
      [{ astrology: -1 }, -1],
    ];
    for (const [over, v] of each)
      expect(total(berserkCheckTerms({ ...s, ...over })), JSON.stringify(over)).toBe(v);
  });
});

describe('Fantasy Wargaming: the Weapon Factor (Weapons and armor)', () => {
  it('negative surplus agility is the WF; positive is halved, rounded up', () => {
    expect([-3, -1, 0, 1, 2, 5].map(weaponFactorBase)).toEqual([-3, -1, 0, 1, 1, 3]);
  });
  it('every statistic adjustment; bravery and endurance for melee weapons only', () => {
    const p = { combatLevel: 0, intelligence: 10, bravery: 10, endurance: 10, favoured: true, melee: true };
    const wf = (over: Partial<typeof p>) => total(weaponFactorTerms({ ...p, ...over }));
    expect(wf({ combatLevel: 4 })).toBe(4);
    expect(wf({ favoured: false })).toBe(-2);
    expect([14, 13, 9, 8, 4, 3, 0].map((i) => wf({ intelligence: i }))).toEqual([1, 0, 0, -1, -1, -2, -2]);
    expect([14, 9, 8, 4, 3].map((b) => wf({ bravery: b }))).toEqual([1, 0, -1, -1, -2]);
    expect([14, 9, 8, 4].map((e) => wf({ endurance: e }))).toEqual([1, 0, -1, -1]);
    expect(wf({ bravery: 3, endurance: 14, melee: false })).toBe(0);
    expect(wf({ intelligence: 3, melee: false })).toBe(-2);
  });
  const w = (over: Partial<Weapon>): Weapon => ({
    id: 'x',
    name: 'x',
    kind: 'melee',
    hands: 1,
    length: 3,
    damage: { count: 1, sides: 8, plus: 0 },
    damageText: '1D8',
    source: 'ours',
    encumbrance: 3,
    strength: 9,
    agility: 9,
    range: null,
    defence: null,
    ...over,
  });
  it('unwielded weapons reduce surplus strength and agility; armour reduces agility; recorded per weapon', () => {
    const sword = w({ id: 'sword' });
    const axe = w({ id: 'axe', encumbrance: 2, strength: 8, agility: 7 });
    const bow = w({ id: 'bow', kind: 'missile', hands: 2, encumbrance: 4, agility: 10, strength: 7 });
    const shield = w({ id: 'shield', kind: 'shield', encumbrance: 5, agility: 7, strength: 9 });
    const holder = {
      ch: {
        physique: 14,
        agility: 13,
        endurance: 14,
        intelligence: 8,
        bravery: 15,
        selfishness: 10,
        greed: 10,
        lust: 10,
      },
      combatLevel: 3,
      favoured: ['sword'],
    };
    const kit = {
      carried: [sword, axe, bow],
      shield,
      armour: { id: 'mail', name: 'mail', protection: 3, agility: 2, source: 'ours' },
      wielded: sword,
    };
    // Sword in hand with the shield: the axe (2) and the bow (4) are unwielded: 13 − 9 − 6 − 2 = −4.
    const s = weaponFactor(holder, kit, sword, 3);
    expect([s.unwielded, s.surplusAgility, s.base]).toEqual([6, -4, -4]);
    // − 4 + 3 level − 1 intelligence 4–8 + 1 bravery 14+ + 1 endurance 14+ = 0.
    expect(s.value).toBe(0);
    // Surplus strength 14 − 9 − 6 = −1: less than a whole step of 3, so no damage adjustment (ours).
    expect([s.surplusStrength, s.damageBonus]).toEqual([-1, 0]);
    // The axe is not favoured: −2; the sword and bow are now unwielded (3 + 4).
    const a = weaponFactor(holder, { ...kit, wielded: axe }, axe, 3);
    expect([a.unwielded, a.surplusAgility, a.value]).toEqual([7, -3, -3 + 3 - 1 + 1 + 1 - 2]);
    // The bow is a missile weapon: no bravery or endurance adjustment; the shield is slung (5) with the others.
    const b = weaponFactor(holder, kit, bow, 3);
    expect([b.unwielded, b.surplusAgility, b.value]).toEqual([3 + 2 + 5, 13 - 10 - 10 - 2, -9 + 3 - 1 - 2]);
    // Dropping the bow recalculates the sword's WF: 13 − 9 − 2 − 2 = 0.
    const lighter = weaponFactor(holder, { ...kit, carried: [sword, axe] }, sword, 3);
    expect([lighter.surplusAgility, lighter.value, lighter.damageBonus]).toEqual([0, 4, 1]);
  });
});

describe('Fantasy Wargaming: striking modifiers (Attacking)', () => {
  const s: StrikeSituation = {
    melee: true,
    carryOver: false,
    berserk: false,
    outnumberedBy: 0,
    damagedLastPhase: false,
    exhausted: false,
    opponentDamagedLastPhase: false,
    opponentExhausted: false,
    opponentOutnumberedBy: 0,
    firstStrike: false,
    freeHack: false,
    astrology: 0,
  };
  it.each([
    ['a blow carrying over from a broken parry', { carryOver: true }, -2],
    ['... but not for missiles', { carryOver: true, melee: false }, 0],
    ['berserk', { berserk: true }, -1],
    ['outnumbered by three', { outnumberedBy: 2 }, -2],
    ['damaged in the last melee phase', { damagedLastPhase: true }, -2],
    ['exhausted', { exhausted: true }, -4],
    ['opponent damaged in the last melee phase', { opponentDamagedLastPhase: true }, 1],
    ['opponent exhausted', { opponentExhausted: true }, 1],
    ['opponent outnumbered by five: at most +3', { opponentOutnumberedBy: 4 }, 3],
    ['first strike', { firstStrike: true }, 1],
    ['free hack', { freeHack: true }, 3],
    ['astrological sign', { astrology: 1 }, 1],
  ])('%s', (_, over, v) => {
    expect(total(strikeTerms({ ...s, ...over }))).toBe(v);
  });
  it('ranged only: size, speed, range bands, being seen', () => {
    const r = { size: 'medium', speed: 'normal', distance: 10, range: 100, seen: false } as const;
    expect(total(rangedTerms(r))).toBe(0);
    expect(total(rangedTerms({ ...r, size: 'tiny' }))).toBe(-2);
    expect(total(rangedTerms({ ...r, size: 'small' }))).toBe(-1);
    expect(total(rangedTerms({ ...r, size: 'large' }))).toBe(1);
    expect(total(rangedTerms({ ...r, size: 'very-large' }))).toBe(2);
    expect(total(rangedTerms({ ...r, speed: 'very-fast' }))).toBe(-2);
    expect(total(rangedTerms({ ...r, speed: 'fast' }))).toBe(-1);
    expect(total(rangedTerms({ ...r, speed: 'slow' }))).toBe(1);
    expect(total(rangedTerms({ ...r, speed: 'very-slow' }))).toBe(2);
    expect(total(rangedTerms({ ...r, distance: 50 }))).toBe(0);
    expect(total(rangedTerms({ ...r, distance: 51 }))).toBe(-1);
    expect(total(rangedTerms({ ...r, distance: 90 }))).toBe(-1);
    expect(total(rangedTerms({ ...r, distance: 91 }))).toBe(-2);
    expect(total(rangedTerms({ ...r, seen: true }))).toBe(-1);
  });
});

describe('Fantasy Wargaming: defence (Defense)', () => {
  it('maneuver areas by square feet, their modifiers and the last flurry', () => {
    expect([60, 50, 49, 30, 29, 20, 19, 15, 14, 5].map(maneuverArea)).toEqual([
      'large',
      'large',
      'moderate',
      'moderate',
      'medium',
      'medium',
      'small',
      'small',
      'cramped',
      'cramped',
    ]);
    expect(total(defenceTerms('large', null))).toBe(2);
    expect(total(defenceTerms('moderate', 'substantial'))).toBe(5);
    expect(total(defenceTerms('medium', 'partial'))).toBe(2);
    expect(total(defenceTerms('small', 'total'))).toBe(-1);
    expect(total(defenceTerms('cramped', 'failure'))).toBe(-2);
  });
  it('disengaging needs a moderate area or more; dodging a medium one or more', () => {
    expect(
      ['large', 'moderate', 'medium', 'small', 'cramped'].map((a) => defenceAllowed('disengage', a as never)),
    ).toEqual([true, true, false, false, false]);
    expect(
      ['large', 'moderate', 'medium', 'small', 'cramped'].map((a) => defenceAllowed('dodge', a as never)),
    ).toEqual([true, true, true, false, false]);
    expect(defenceAllowed('parry', 'cramped')).toBe(true);
  });
});

describe('Fantasy Wargaming: first strikes (Combat round sequence 2.1)', () => {
  it('by a weapon two or more feet longer', () => {
    expect(firstStrike({ length: 7, surplusAgility: 0 }, { length: 5, surplusAgility: 0 }, 5)).toBe('reach');
    expect(firstStrike({ length: 6, surplusAgility: 0 }, { length: 5, surplusAgility: 0 }, 5)).toBe(null);
  });
  it('by surplus agility 5 more (the text), or 4 more (the option)', () => {
    expect(firstStrike({ length: 3, surplusAgility: 6 }, { length: 3, surplusAgility: 1 }, 5)).toBe(
      'agility',
    );
    expect(firstStrike({ length: 3, surplusAgility: 5 }, { length: 3, surplusAgility: 1 }, 5)).toBe(null);
    expect(firstStrike({ length: 3, surplusAgility: 5 }, { length: 3, surplusAgility: 1 }, 4)).toBe(
      'agility',
    );
  });
});
