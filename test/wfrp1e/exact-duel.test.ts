// The exact duel of fray odds (src/rulesets/wfrp1e/odds.ts): the pieces it shares with the engine
// (the parry's chance and cost), what it solves and what it refuses, and, in a short slice of
// `npm run agree`, its figures against simulated fights.
import { describe, expect, it } from 'vitest';
import { parryChance, payForParry } from '../../src/rulesets/wfrp1e/blow.js';
import type { W1Setup } from '../../src/rulesets/wfrp1e/encounter.js';
import { newState, type Fighter, type W1State } from '../../src/rulesets/wfrp1e/state.js';
import { agreeSlice, fightYaml, loadText, profile as P } from '../helpers.js';

/** Ann (WS 41, sword and shield) against Bob, in round 1; `options` as in an encounter. */
function rig(options: Record<string, string> = {}): { st: W1State; ann: Fighter } {
  const loaded = loadText(
    fightYaml(
      [`{ name: Ann, profile: ${P({ WS: 41 })}, weapons: [sword, shield] }`],
      [`{ name: Bob, profile: ${P()}, weapons: [axe] }`],
    ),
    options,
  );
  const st = newState(loaded.setup as W1Setup);
  st.round = 1;
  return { st, ann: st.combatants[0] as Fighter };
}

type Odds = ReturnType<NonNullable<ReturnType<typeof loadText>['ruleset']['odds']>>;
function oddsOf(yaml: string, options: Record<string, string> = {}): Odds {
  const { ruleset, setup } = loadText(yaml, options);
  return (ruleset.odds as NonNullable<typeof ruleset.odds>)(setup);
}
const SD = { criticals: 'sudden-death', fumbles: 'off' };
const win = (d: NonNullable<Odds['duel']>, i: number): number => d.sides[i]?.win ?? NaN;

describe('the parry, as the chain reads it from the engine', () => {
  it('succeeds on D100 under WS (the text), or at most WS as the option allows; a shield adds 20', () => {
    const { st, ann } = rig();
    const sword = ann.right as NonNullable<Fighter['right']>;
    const shield = ann.left as NonNullable<Fighter['left']>;
    expect(parryChance(st, ann, sword)).toBeCloseTo(0.4, 12);
    expect(parryChance(st, ann, shield)).toBeCloseTo(0.6, 12);
    const atMost = rig({ parryTest: 'at-most' });
    expect(parryChance(atMost.st, atMost.ann, atMost.ann.right as NonNullable<Fighter['right']>)).toBeCloseTo(
      0.41,
      12,
    );
  });

  it('costs a weapon the next blow due after this moment, or one owed to the next round', () => {
    const { st, ann } = rig();
    const sword = ann.right as NonNullable<Fighter['right']>;
    ann.pending = [60, 40, 20];
    st.moment = 50;
    payForParry(st, ann, sword);
    expect(ann.pending).toEqual([60, 20]);
    expect(ann.owedAttacks).toBe(0);
    ann.pending = [60];
    payForParry(st, ann, sword);
    expect(ann.pending).toEqual([60]);
    expect(ann.owedAttacks).toBe(1);
  });

  it("costs a shield every blow left this round, or, with none left, the next round's first", () => {
    const { st, ann } = rig();
    const shield = ann.left as NonNullable<Fighter['left']>;
    ann.pending = [60, 40, 20];
    st.moment = 50;
    payForParry(st, ann, shield);
    expect(ann.pending).toEqual([60]);
    expect(ann.owedAttacks).toBe(0);
    payForParry(st, ann, shield);
    expect(ann.owedAttacks).toBe(1);
  });
});

describe('the exact duel', () => {
  const duel = (annTactics: string, annA = 1) =>
    fightYaml(
      [
        `{ name: Ann, profile: ${P({ WS: 45, W: 6, A: annA })}, weapons: [sword, shield], tactics: { parry: ${annTactics} } }`,
      ],
      [`{ name: Bob, profile: ${P({ WS: 45, W: 6, I: 35 })}, weapons: [axe] }`],
    );

  it('solves a duel with parries and several attacks, and its figures add up to one', () => {
    for (const [tactics, A] of [
      ['always', 1],
      ['auto', 2],
      ['never', 3],
    ] as const) {
      const o = oddsOf(duel(tactics, A), SD);
      expect(o.duel, `${tactics}, A ${A}: ${o.duelMethod}`).not.toBeNull();
      const d = o.duel as NonNullable<Odds['duel']>;
      expect(win(d, 0) + win(d, 1) + d.draw).toBeCloseTo(1, 9);
      expect(o.duelMethod).toContain('with its parry');
    }
  });

  it('a parry changes the odds: always parrying with the shield, Ann loses blows and wins less often than never parrying', () => {
    const always = oddsOf(duel('always'), SD).duel as NonNullable<Odds['duel']>;
    const never = oddsOf(duel('never'), SD).duel as NonNullable<Odds['duel']>;
    // With WS 45 the shield stops D6 three times in five, but every parry costs Ann her blow.
    expect(win(always, 0)).toBeLessThan(win(never, 0) - 0.02);
    // A second attack is worth more than none lost: with A 2 and no parry Ann does better still.
    const two = oddsOf(duel('never', 2), SD).duel as NonNullable<Odds['duel']>;
    expect(win(two, 0)).toBeGreaterThan(win(never, 0));
  });

  it('refuses what it does not carry, and says why', () => {
    const o = oddsOf(duel('auto'));
    expect(o.duel).toBeNull();
    expect(o.duelMethod).toContain('use -o fumbles=off');
    // Detailed criticals are played through the engine's own critical; the first lasting effect
    // met that the chain does not carry is named (issue 32, part 2).
    const crit = oddsOf(duel('auto'), { fumbles: 'off' });
    expect(crit.duel).toBeNull();
    expect(crit.duelMethod).toMatch(/it met .+ on (Ann|Bob); use -o criticals=sudden-death/);
  });

  it('follows the options that move the blows: the edge die, the weapon modifiers, the simplified system', () => {
    // Bob's great axe has a row of its own in the weapon modifiers table (I −10, damage +2).
    const yaml = duel('never', 2).replace('weapons: [axe]', 'weapons: [great-axe]');
    const plain = oddsOf(yaml, SD).duel as NonNullable<Odds['duel']>;
    for (const o of [
      { effectiveInitiative: 'on' } as Record<string, string>,
      { weaponModifiers: 'on' },
      { multipleAttacks: 'simplified' },
    ]) {
      const r = oddsOf(yaml, { ...SD, ...o });
      expect(r.duel, `${JSON.stringify(o)}: ${r.duelMethod}`).not.toBeNull();
      const d = r.duel as NonNullable<Odds['duel']>;
      expect(win(d, 0) + win(d, 1) + d.draw).toBeCloseTo(1, 9);
      // Each moves the figures: a change of EI or of the weapon's entries is not lost on the chain.
      expect(Math.abs(win(d, 0) - win(plain, 0))).toBeGreaterThan(1e-4);
    }
  });
});

describe('npm run agree, a short slice', () => {
  it('the example duels and two random ones agree with 20,000 simulated fights each, within the 99.9% interval', () => {
    const r = agreeSlice('wfrp1e', { files: 'reference-duel-sudden-death.yaml,helmut-and-the-skaven.yaml' });
    expect(r.stdout).toMatch(/\b[3-9] duels checked, 0 figures outside the 99.9% interval/);
    expect(r.status).toBe(0);
  }, 600_000);
});
