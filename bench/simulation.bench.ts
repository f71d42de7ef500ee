// npm run bench: the reference duel (data/wfrp1e/examples/reference-duel.yaml), side by side in
// one process: a hand-written loop of its rules, the engine, fray sim on 1 and 2 workers, and
// peak memory as the runs grow. docs/performance.md records the figures and the machine.
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import { reverseD100 } from '../src/dice/d100.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { makePool, runJob } from '../src/sim/parallel.js';
import { loadFile, ROOT } from '../test/helpers.js';

const FILE = join(ROOT, 'data', 'wfrp1e', 'examples', 'reference-duel.yaml');
const duel = loadFile(FILE);
const rng = Rng.seeded(1);
const dice = new SeededDice(rng);

/** Mail shirt: 1 AP on the body (reversed location 56-80). */
const BODY = (loc: number) => loc >= 56 && loc <= 80;
/** WFRP 1e's Sudden Death: a critical kills on D100 ≥ 51, 41, 31, 21, 10, 1 for +1..+6. */
const SUDDEN = [51, 41, 31, 21, 10, 1];

/**
 * The reference duel by hand, no engine: I order with the winner's +10, to-hit with +10 for
 * winning, the reversed location, the mail shirt, D6 + S − T with additional damage (6, then a
 * WS test, then D6s while they show 6), and a critical when W would go below 0. It reads a
 * critical as Sudden Death and leaves out fumbles and parries (the warrior's tactics parry only a
 * blow that could drop him, which the engine also weighs): the floor the engine is measured
 * against, not a second engine.
 */
export function handDuel(r: Rng): number {
  const WS = [41, 33];
  const S = [3, 3];
  const T = [3, 4];
  const I = [40, 20];
  const W = [7, 7];
  const won = [false, false];
  for (let round = 1; round <= 100; round++) {
    const dealt = [0, 0];
    const order = I[0]! + (won[0] ? 10 : 0) >= I[1]! + (won[1] ? 10 : 0) ? [0, 1] : [1, 0];
    for (const a of order) {
      const d = 1 - a;
      const ws = WS[a]! + (won[a] ? 10 : 0);
      const roll = r.die(100);
      if (roll > ws) continue;
      const loc = reverseD100(roll);
      let die = r.die(6);
      let total = die;
      if (die === 6 && r.die(100) <= WS[a]!) {
        do {
          die = r.die(6);
          total += die;
        } while (die === 6);
      }
      const wounds = Math.max(0, total + S[a]! - T[d]! - (d === 0 && BODY(loc) ? 1 : 0));
      dealt[a]! += wounds;
      const crit = wounds - W[d]!;
      W[d] = Math.max(0, W[d]! - wounds);
      if (crit > 0 && r.die(100) >= SUDDEN[Math.min(crit, 6) - 1]!) return a;
    }
    won[0] = dealt[0]! > dealt[1]!;
    won[1] = dealt[1]! > dealt[0]!;
  }
  return -1;
}

describe('one reference duel', () => {
  bench('hand-written loop of its rules', () => {
    handDuel(rng);
  });
  bench('engine, simulation mode (no explanations)', () => {
    runFight(duel.ruleset, duel.setup, { driver: new AutoDriver(dice) });
  });
});

const variant = { file: FILE, options: {}, tables: {}, edits: [] };

// Threads start once (as in a long simulation): what is timed is the steady rate.
const pools = new Map([[2, makePool(2)]]);
describe('fray sim, reference duel, 50,000 fights', () => {
  for (const workers of [1, 2]) {
    bench(
      `${workers} worker${workers === 1 ? ' (this thread)' : 's'}`,
      async () => {
        await runJob({
          variants: [variant],
          seed: 1,
          from: 0,
          to: 50_000,
          workers,
          pool: pools.get(workers),
        });
      },
      { iterations: 3, warmupIterations: 1, time: 0 },
    );
  }
});

/** Peak resident memory (the whole process, workers included) while a simulation runs. */
async function peakRss(runs: number): Promise<number> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    await runJob({ variants: [variant], seed: 2, from: 0, to: runs, workers: 2 });
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().rss);
}

// 1e7 fights take minutes on two cores: FRAY_BENCH_FULL=1 adds them.
const sizes = process.env.FRAY_BENCH_FULL ? [1e5, 1e6, 1e7] : [1e5, 1e6];
describe('peak memory as the runs grow (2 workers)', () => {
  for (const runs of sizes) {
    bench(
      `${runs.toExponential(0)} fights`,
      async () => {
        const mb = (await peakRss(runs)) / 2 ** 20;
        console.log(`peak RSS at ${runs.toExponential(0)} fights: ${mb.toFixed(0)} MiB`);
      },
      { iterations: 1, warmupIterations: 0, time: 0 },
    );
  }
});
