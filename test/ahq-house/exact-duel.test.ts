// The exact duel of fray odds for the house rules (src/rulesets/ahq-house/odds.ts): the pieces it
// shares with the engine (the damage die, the blow, the turn order, the tactics), what it solves
// and what it refuses, and, in a short slice of `npm run agree`, its figures against simulated fights.
import { describe, expect, it } from 'vitest';
import { woundDistribution } from '../../src/rulesets/ahq-house/odds.js';
import { closeCombatBlow, onCritical } from '../../src/rulesets/ahq-house/round/close-combat.js';
import { sideOrder } from '../../src/rulesets/ahq-house/round/round.js';
import {
  braveryPasses,
  dieWounds,
  MOST_DAMAGE_DICE,
  rollsAgain,
  woundsOf,
} from '../../src/rulesets/ahq-house/rules.js';
import { newAhqState, type AhqSetup, type AhqFighter } from '../../src/rulesets/ahq-house/state.js';
import { settleFacing } from '../../src/rulesets/ahq-house/zones.js';
import { agreeSlice, loadText } from '../helpers.js';

const ANN = '{ WS: 7, BS: 5, DS: 6, T: 4, W: 6, Sp: 6, St: 5, Br: 8 }';
const BOB = '{ WS: 6, BS: 5, DS: 5, T: 4, W: 5, Sp: 6, St: 5, Br: 6 }';

/** Ann and Bob on a small floor; `ann`/`bob` add to their entries (a place, weapons, rules, tactics). */
function duelYaml(
  ann = 'at: [2, 1], weapons: [sword]',
  bob = 'at: [3, 1], weapons: [axe]',
  more = '',
  bobProfile = BOB,
): string {
  return [
    'ruleset: ahq-house',
    'map: |',
    '  #######',
    '  #.....#',
    '  #.....#',
    '  #######',
    'sides:',
    '  - name: Heroes',
    '    players: true',
    '    combatants:',
    `      - { name: Ann, profile: ${ANN}, ${ann} }`,
    '  - name: Monsters',
    '    combatants:',
    `      - { name: Bob, profile: ${bobProfile}, ${bob} }`,
    more,
  ].join('\n');
}

type Odds = ReturnType<NonNullable<ReturnType<typeof loadText>['ruleset']['odds']>>;
function oddsOf(yaml: string, options: Record<string, string> = {}): Odds {
  const { ruleset, setup } = loadText(yaml, options);
  return (ruleset.odds as NonNullable<typeof ruleset.odds>)(setup);
}
const solved = (o: Odds): NonNullable<Odds['duel']> => {
  expect(o.duel, o.duelMethod).not.toBeNull();
  return o.duel as NonNullable<Odds['duel']>;
};

describe('the damage die, as the engine and the chain both read it', () => {
  it('wounds at or above T; a 12 rolls again only with the extra die; the count as before', () => {
    expect(dieWounds(4, 5)).toBe(false);
    expect(dieWounds(5, 5)).toBe(true);
    // Toughness above 12 (a troll in plate and a war helm): even a 12 does not wound, though it rolls again.
    expect(dieWounds(12, 13)).toBe(false);
    expect(rollsAgain(12, true)).toBe(true);
    expect(rollsAgain(12, false)).toBe(false);
    expect(rollsAgain(11, true)).toBe(false);
    expect(woundsOf([3, 5, 12, 8], 5)).toEqual({ wounds: 3, criticals: 1 });
    expect(braveryPasses(6, 6)).toBe(true);
    expect(braveryPasses(7, 6)).toBe(false);
  });

  it('the wound distribution follows every run of dice, to the engine’s last die', () => {
    // Against T 13 a hit never wounds, however many 12s it rolls.
    expect(woundDistribution(3, 13, true)).toEqual(new Map([[0, 1]]));
    // One die, no extra: a wound on 8..12 (5 in 12).
    const one = woundDistribution(1, 8, false);
    expect(one.get(1)).toBeCloseTo(5 / 12, 15);
    expect(one.get(0)).toBeCloseTo(7 / 12, 15);
    // Capped: wounds past the cap count as the cap, and the whole still sums to one.
    const capped = woundDistribution(4, 2, true, 2);
    expect(Math.max(...capped.keys())).toBe(2);
    expect([...capped.values()].reduce((n, p) => n + p, 0)).toBeCloseTo(1, 12);
    expect(MOST_DAMAGE_DICE).toBe(60);
  });
});

describe('the blow, the turn order and the tactics, as the chain asks them of the engine', () => {
  const start = (yaml: string) => {
    const st = newAhqState(loadText(yaml).setup as AhqSetup);
    settleFacing(st.combatants, st.evading);
    return { st, ann: st.combatants[0] as AhqFighter, bob: st.combatants[1] as AhqFighter };
  };

  it('two models side by side turn to each other and strike with no charge, rear or surrounding', () => {
    // Bob starts facing away; the start turns him to Ann.
    const { st, ann, bob } = start(duelYaml(undefined, 'at: [3, 1], facing: E, weapons: [axe]'));
    expect(bob.facing).toBe('W');
    const b = closeCombatBlow(st, ann, bob, false);
    // WS 7 against DS 5: 7 + 5 − 7 = 5; a sword's 3 dice.
    expect(b).toMatchObject({ need: 5, dd: 3, count: 1, penalty: 0, rear: false, extra: 0 });
    expect(closeCombatBlow(st, bob, ann, false)).toMatchObject({ need: 7, dd: 3 });
  });

  it('the players’ side takes its turn first, whatever the order of the sides', () => {
    expect(
      sideOrder([{ name: 'A', players: false } as never, { name: 'B', players: true } as never]),
    ).toEqual([1, 0]);
    expect(
      sideOrder([{ name: 'A', players: false } as never, { name: 'B', players: false } as never]),
    ).toEqual([0, 1]);
  });

  it('on a critical hit the tactics take the free attack unless told to evade, and then only when engaged', () => {
    const { ann } = start(duelYaml('at: [2, 1], weapons: [sword], tactics: { critical: evade }'));
    expect(onCritical(ann, true)).toBe('withdraw');
    expect(onCritical(ann, false)).toBe('free-attack');
  });
});

describe('the exact duel', () => {
  it('solves two models in contact; its figures add up to one and the first to strike does better', () => {
    const d = solved(oddsOf(duelYaml()));
    expect(d.sides.map((s) => s.name)).toEqual(['Heroes', 'Monsters']);
    expect((d.sides[0]?.win ?? NaN) + (d.sides[1]?.win ?? NaN) + d.draw).toBeCloseTo(1, 12);
    expect(d.steps).toBeGreaterThan(0);
    // The same two, the monsters' side now the players': Bob strikes first, and wins more often.
    const bobFirst = solved(
      oddsOf(
        duelYaml()
          .replace('    players: true\n', '')
          .replace('  - name: Monsters\n', '  - name: Monsters\n    players: true\n'),
      ),
    );
    expect(bobFirst.sides[1]?.win ?? NaN).toBeGreaterThan((d.sides[1]?.win ?? NaN) + 0.01);
  });

  it('keeps to the weapon in hand: a bow and a spell change nothing in contact', () => {
    const plain = solved(oddsOf(duelYaml()));
    const armed = solved(
      oddsOf(duelYaml('at: [2, 1], weapons: [sword, bow], spells: { college: Bright, list: [fireball] }')),
    );
    expect(armed.sides[0]?.win).toBeCloseTo(plain.sides[0]?.win ?? NaN, 12);
  });

  it('follows Panic where it cannot leave the combat: St 0, a failed Bravery roll only gives the foe a free attack', () => {
    const calm = solved(oddsOf(duelYaml(undefined, undefined, '', BOB.replace('St: 5', 'St: 0'))));
    const panicky = solved(
      oddsOf(
        duelYaml(
          undefined,
          'at: [3, 1], weapons: [axe], rules: [panic]',
          '',
          BOB.replace('St: 5', 'St: 0').replace('Br: 6', 'Br: 3'),
        ),
      ),
    );
    expect(panicky.sides[0]?.win ?? NaN).toBeGreaterThan((calm.sides[0]?.win ?? NaN) + 0.05);
  });

  it('refuses what would take a model off its square, and says why', () => {
    const apart = oddsOf(duelYaml('at: [1, 1], weapons: [sword]', 'at: [4, 1], weapons: [axe]'));
    expect(apart.duel).toBeNull();
    expect(apart.duelMethod).toContain('do not start in contact');
    const diagonal = oddsOf(duelYaml('at: [2, 1], weapons: [spear]', 'at: [3, 2], weapons: [axe]'));
    expect(diagonal.duelMethod).toContain('do not start in contact');
    const evade = oddsOf(duelYaml('at: [2, 1], weapons: [sword], tactics: { critical: evade }'));
    expect(evade.duelMethod).toContain("Ann's tactics (critical: evade)");
    const panic = oddsOf(duelYaml(undefined, 'at: [3, 1], weapons: [axe], rules: [panic]'));
    expect(panic.duelMethod).toContain('Bob may Panic (Br 6)');
    const three = oddsOf(
      duelYaml(
        undefined,
        'at: [3, 1], weapons: [axe]',
        '      - { name: Cid, profile: { WS: 5, BS: 5, DS: 5, T: 4, W: 5, Sp: 6, St: 5, Br: 6 }, at: [3, 2] }',
      ),
    );
    expect(three.duelMethod).toContain('not one against one (1 against 2)');
  });

  it('a model dead before the fight loses it at once', () => {
    const d = solved(oddsOf(duelYaml(undefined, 'at: [3, 1], weapons: [axe], wounds: 0')));
    expect(d.sides[0]?.win).toBe(1);
    expect(d.meanRounds).toBe(0);
  });
});

describe('npm run agree, a short slice', () => {
  it('the example duel (two ways) and two random ones agree with 10,000 simulated fights each, within the 99.9% interval', () => {
    const r = agreeSlice('ahq-house', { files: 'duel-in-contact.yaml', runs: 10_000 });
    expect(r.stdout).toMatch(/4 duels checked, 0 figures outside the 99.9% interval/);
    expect(r.status).toBe(0);
  }, 600_000);
});
