// npm run bench: the reference duel (data/wfrp1e/examples/reference-duel.yaml), side by side in
// one process: a hand-written loop of its rules, the engine, fray sim on 1 and 2 workers, and
// peak memory as the runs grow. docs/performance.md records the figures and the machine.
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import type { FightState } from '../src/core/state.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { makePool, runJob } from '../src/sim/parallel.js';
import { loadFile, ROOT } from '../test/helpers.js';
import { handDuel } from './hand-duel.js';

const FILE = join(ROOT, 'data', 'wfrp1e', 'examples', 'reference-duel.yaml');
const SUDDEN = join(ROOT, 'data', 'wfrp1e', 'examples', 'reference-duel-sudden-death.yaml');
const duel = loadFile(FILE);
const sudden = loadFile(SUDDEN);
const rng = Rng.seeded(1);
const dice = new SeededDice(rng);
const words = Int32Array.from(Rng.seeded(1).words());

// The hand-written loop plays the Sudden Death duel's rules with the engine's dice (bench/hand-duel.ts,
// checked against the engine by test/hand-duel.test.ts): the floor for the engine on that duel.
describe('one reference duel', () => {
  bench('hand-written loop of the Sudden Death duel (the floor)', () => {
    handDuel(words);
  });
  // As fray sim plays: each run starts over on the last one's state.
  let suddenState: FightState | undefined;
  let duelState: FightState | undefined;
  bench('engine, the Sudden Death duel (simulation mode)', () => {
    suddenState = runFight(sudden.ruleset, sudden.setup, {
      driver: new AutoDriver(dice),
      words: false,
      reuse: suddenState,
    }).state;
  });
  bench('engine, the reference duel (detailed criticals, fumbles, parries)', () => {
    duelState = runFight(duel.ruleset, duel.setup, {
      driver: new AutoDriver(dice),
      words: false,
      reuse: duelState,
    }).state;
  });
});

const variant = { file: FILE, options: {}, tables: {}, edits: [] };

// Threads start once (as in a long simulation): what is timed is the steady rate.
const pools = new Map([[2, await makePool(2)]]);
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
