// The table's questions (issue 16): who is asked, routine decisions taken, dice rolled together
// typed at once, and the counts the docs promise for the demo encounter.
import { describe, expect, it } from 'vitest';
import {
  asksPerson,
  countQuestions,
  DEFAULT_POLICY,
  HeldDice,
  rollFollowing,
  type AskingPolicy,
  type Request,
  type Table,
} from '../src/core/index.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { AskingDriver, FightContext, Pending } from '../src/core/context.js';
import { decide } from '../src/core/say.js';
import { encounterPath, loadFile, ROOT } from './helpers.js';
import { join } from 'node:path';

const table: Table = { sideOf: (id) => ({ pc: 0, orc: 1 })[id], players: (s) => s === 0 };
const roll = (actor: string, label = 'to hit', sides = 100, count = 1): Request => ({
  kind: 'roll',
  actor,
  count,
  sides,
  label: `${actor}: ${label}`,
});
const choice = (actor: string, routine: boolean): Request => ({
  kind: 'choice',
  actor,
  topic: 't',
  label: 'x',
  choices: [{ key: 'a', label: 'a' }],
  suggested: 'a',
  routine,
});

describe('who is asked', () => {
  it('asks the players their rolls, rolls the monsters’ dice, and takes routine decisions', () => {
    expect(asksPerson(roll('pc'), table, DEFAULT_POLICY)).toBe(true);
    expect(asksPerson(roll('orc'), table, DEFAULT_POLICY)).toBe(false);
    expect(asksPerson(roll('orc'), table, { ...DEFAULT_POLICY, roll: 'none' })).toBe(true);
    expect(asksPerson(roll('pc'), table, { ...DEFAULT_POLICY, roll: 'all' })).toBe(false);
    expect(asksPerson(choice('pc', true), table, DEFAULT_POLICY)).toBe(false);
    expect(asksPerson(choice('pc', false), table, DEFAULT_POLICY)).toBe(true);
    expect(asksPerson(choice('orc', false), table, DEFAULT_POLICY)).toBe(true);
    const askPc: AskingPolicy = { ...DEFAULT_POLICY, askRoutine: new Set(['pc']) };
    expect(asksPerson(choice('pc', true), table, askPc)).toBe(true);
    expect(asksPerson(choice('orc', true), table, askPc)).toBe(false);
    expect(asksPerson(choice('orc', true), table, { ...DEFAULT_POLICY, askRoutine: 'all' })).toBe(true);
    const auto: AskingPolicy = { ...DEFAULT_POLICY, autoSides: new Set([1]) };
    expect(asksPerson(choice('orc', false), table, auto)).toBe(false);
  });
});

describe('dice rolled together', () => {
  it('answer the roll they were rolled for, through others’ rolls, and go when another roll of theirs comes', () => {
    const held = new HeldDice();
    held.hold('pc', { count: 1, sides: 6, label: 'damage (D6)' }, [4]);
    expect(held.take(roll('orc', 'parry', 100))).toBe(null);
    expect(held.take(roll('pc', 'damage (D6)', 6))).toBe(4);
    expect(held.take(roll('pc', 'damage (D6)', 6))).toBe(null);
    held.hold('pc', { count: 1, sides: 6, label: 'damage (D6)' }, [4]);
    // A miss: the next roll of Helmut's is another to-hit; the damage die goes.
    expect(held.take(roll('pc', 'to hit', 100))).toBe(null);
    expect(held.take(roll('pc', 'damage (D6)', 6))).toBe(null);
    // A like die for another reason is not it.
    held.hold('pc', { count: 1, sides: 6, label: 'damage (D6)' }, [4]);
    expect(held.take(roll('pc', 'fall damage', 6))).toBe(null);
  });

  it('with each, answer the next rolls one die each', () => {
    const held = new HeldDice();
    held.hold('pc', { count: 3, sides: 12, label: 'damage die', each: true }, [7, 12, 1]);
    expect([1, 2, 3, 4].map(() => held.take(roll('pc', 'damage die against T 6', 12)))).toEqual([
      7,
      12,
      1,
      null,
    ]);
    const values = rollFollowing(
      { count: 3, sides: 12, label: 'd', each: true },
      new SeededDice(Rng.seeded(1)),
    );
    expect(values).toHaveLength(3);
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(12);
    }
  });
});

describe('questions a round at the table (docs/table-play.md)', () => {
  const demo = loadFile(encounterPath('demo.yaml'));
  const orcs = new Set([1]);
  it('demo: at most 8 a round with the GM answering all, at most 4 with the Orcs automated (seeds 1-10)', () => {
    const seeds = Array.from({ length: 10 }, (_, i) => i + 1);
    const gm = seeds.map((s) => countQuestions(demo.ruleset, demo.setup, DEFAULT_POLICY, s));
    const auto = seeds.map((s) =>
      countQuestions(demo.ruleset, demo.setup, { ...DEFAULT_POLICY, autoSides: orcs }, s),
    );
    const mean = (xs: { mean: number }[]) => xs.reduce((a, x) => a + x.mean, 0) / xs.length;
    for (const g of gm) expect(g.rounds).toBeGreaterThan(0);
    expect(mean(gm)).toBeLessThanOrEqual(8);
    expect(mean(auto)).toBeLessThanOrEqual(4);
    for (const g of gm) expect(g.mean).toBeLessThanOrEqual(8);
    // Asking everything, as the terminal did, asks far more.
    const before = seeds.map((s) => countQuestions(demo.ruleset, demo.setup, DEFAULT_POLICY, s, true));
    expect(mean(before)).toBeGreaterThan(2 * mean(gm));
  });

  it('every ruleset asks fewer questions than it did asking everything', () => {
    for (const f of [
      'ahq-house/encounters/crypt.yaml',
      'fantasy-wargaming/encounters/duel.yaml',
      'openquest/encounters/duel.yaml',
      'wfrp-cp/encounters/experiments/two-swords.yaml',
    ]) {
      const l = loadFile(join(ROOT, 'data', f));
      const now = countQuestions(l.ruleset, l.setup, DEFAULT_POLICY, 7);
      const before = countQuestions(l.ruleset, l.setup, DEFAULT_POLICY, 7, true);
      expect(now.mean, f).toBeLessThan(before.mean);
    }
  });
});

describe('a forced answer', () => {
  const ctx = (ask: boolean) =>
    new FightContext([], new AskingDriver(new SeededDice(Rng.seeded(1)), () => ask), false, false);
  const only = [{ key: 'hold', label: 'hold' }];
  it('is not asked', () => {
    expect(decide(ctx(true), null, 'plan', 'what now?', only, 'hold')).toBe('hold');
  });
  it('with a free answer beside it is a routine question, asked of those the GM wants asked', () => {
    const free = { hint: 'to:x,y', check: () => null };
    let asked: Request | null = null;
    try {
      decide(ctx(true), null, 'plan', 'what now?', only, 'hold', undefined, false, free);
    } catch (e) {
      if (e instanceof Pending) asked = e.request;
    }
    expect(asked).toMatchObject({ kind: 'choice', routine: true, free: { hint: 'to:x,y' } });
    expect(decide(ctx(false), null, 'plan', 'what now?', only, 'hold', undefined, false, free)).toBe('hold');
  });
});
