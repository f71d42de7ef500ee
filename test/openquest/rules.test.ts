// OpenQuest's rules one by one (docs/rulesets/openquest.md, Facts from public sources).
import { describe, expect, it } from 'vitest';
import {
  ATTACK_RESULTS,
  armourPoints,
  damageModifier,
  formatDice,
  hitPoints,
  mostOf,
  opposed,
  skillBase,
  testResult,
  weaponDice,
} from '../../src/rulesets/openquest/rules.js';

describe('OpenQuest rules', () => {
  it('tests: at or under the skill succeeds; doubles are criticals or fumbles; 00 always fumbles', () => {
    expect(testResult(45, 45)).toBe('success');
    expect(testResult(46, 45)).toBe('failure');
    expect(testResult(44, 45)).toBe('critical');
    expect(testResult(55, 45)).toBe('fumble');
    expect(testResult(100, 120)).toBe('fumble');
    expect(testResult(1, 45)).toBe('success');
    expect(testResult(99, 120)).toBe('critical');
  });

  it('opposed tests (ours): the better result; two successes go to the higher roll', () => {
    expect(opposed({ level: 'critical', roll: 11 }, { level: 'success', roll: 50 })).toBe('a');
    expect(opposed({ level: 'success', roll: 30 }, { level: 'success', roll: 40 })).toBe('b');
    expect(opposed({ level: 'failure', roll: 70 }, { level: 'failure', roll: 80 })).toBe('tie');
    expect(opposed({ level: 'fumble', roll: 77 }, { level: 'failure', roll: 80 })).toBe('b');
  });

  it('damage modifier by STR + SIZ, and +1D6 for every further 15', () => {
    const dm = (n: number) => formatDice(damageModifier(n));
    expect([
      dm(10),
      dm(11),
      dm(15),
      dm(16),
      dm(25),
      dm(26),
      dm(30),
      dm(31),
      dm(45),
      dm(46),
      dm(60),
      dm(61),
      dm(75),
      dm(76),
    ]).toEqual([
      '−1D6',
      '−1D4',
      '−1D4',
      'none',
      'none',
      '+1D4',
      '+1D4',
      '+1D6',
      '+1D6',
      '+2D6',
      '+2D6',
      '+3D6',
      '+3D6',
      '+4D6',
    ]);
  });

  it('hit points (SIZ + CON) / 2 rounded up; skill bases; only the best armour counts', () => {
    expect(hitPoints(13, 12)).toBe(13);
    expect(hitPoints(12, 12)).toBe(12);
    const c = { STR: 12, CON: 11, SIZ: 13, DEX: 14, INT: 15, POW: 10, CHA: 9 };
    expect([
      skillBase('close', c),
      skillBase('unarmed', c),
      skillBase('ranged', c),
      skillBase('dodge', c),
      skillBase('resilience', c),
      skillBase('persistence', c),
    ]).toEqual([26, 26, 29, 24, 21, 20]);
    // The SRD's skill list: Drive is DEX+INT, Ride DEX+POW, Perception INT+POW.
    expect([skillBase('drive', c), skillBase('ride', c), skillBase('perception', c)]).toEqual([29, 24, 25]);
    expect(armourPoints([{ ap: 2 }, { ap: 5 }, { ap: 3 }])).toBe(5);
    expect(armourPoints([])).toBe(0);
  });

  it('the attack-against-defence table, cell by cell', () => {
    const t = ATTACK_RESULTS;
    for (const d of ['fumble', 'failure', 'success', 'critical', 'none'] as const) {
      expect(t.fumble[d]).toMatchObject({ damage: 'none', attackerFumbles: true });
      expect(t.failure[d]).toMatchObject({ damage: 'none', attackerFumbles: false });
    }
    expect(t.success.fumble).toMatchObject({ damage: 'rolled', armour: true, defenderFumbles: true });
    expect(t.success.failure).toMatchObject({ damage: 'rolled', armour: true, defenderFumbles: false });
    expect(t.success.success.damage).toBe('none');
    expect(t.success.critical.damage).toBe('none');
    for (const d of ['fumble', 'failure', 'success', 'none'] as const)
      expect(t.critical[d]).toMatchObject({ damage: 'maximum', armour: false });
    // The SRD's summary of combat results: a critical against a fumbled reaction, the defender fumbles too.
    expect(t.critical.fumble.defenderFumbles).toBe(true);
    for (const d of ['failure', 'success', 'critical', 'none'] as const)
      expect(t.critical[d].defenderFumbles).toBe(false);
    expect(t.critical.critical).toMatchObject({ damage: 'rolled', armour: true });
  });

  it('a Master (100% or more): a critical at every test by default; or never a fumble; or as anyone', () => {
    for (const roll of [1, 50, 73, 99, 100]) expect(testResult(roll, 100, 'critical')).toBe('critical');
    expect(testResult(100, 99, 'critical')).toBe('fumble');
    expect([33, 34, 100].map((r) => testResult(r, 110, 'succeeds'))).toEqual([
      'critical',
      'success',
      'success',
    ]);
    expect([33, 100].map((r) => testResult(r, 110, 'none'))).toEqual(['critical', 'fumble']);
  });

  it("a weapon's dice take a modifier: the dagger's 1D4+1 at most 5", () => {
    const dagger = { count: 1, sides: 4, sign: 1, plus: 1 } as const;
    expect(weaponDice(dagger)).toBe('1D4+1');
    expect(mostOf(dagger)).toBe(5);
    expect(weaponDice({ count: 2, sides: 6, sign: 1, plus: -1 })).toBe('2D6-1');
  });
});
