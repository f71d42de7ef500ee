// Simulations on every core: blocks of runs dealt to worker threads, their totals added up in
// block order, so that any number of workers gives the same numbers as one.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { Streams } from '../dice/index.js';
import { packageRoot } from '../node/files.js';
import { blocksOf, narrowEnough, rosterOf, runVariantsBlock, type Playable, type Roster } from './run.js';
import { PairTotals, Totals } from './totals.js';
import { loadVariant, replayOf, type Variant } from './variant.js';
import type { BlockResult, BlockTask } from './worker.js';

export interface Job {
  /** One variant, or two run on the same dice (a comparison). */
  readonly variants: readonly Variant[];
  readonly seed: number;
  /** Runs from ≤ i < to (a shard is a slice of a whole run). */
  readonly from: number;
  readonly to: number;
  readonly maxRounds?: number;
  /** Stop at the first block where every win rate (of every variant) is known to ± this. */
  readonly untilCi?: number;
  /** 1 runs in this thread. */
  readonly workers: number;
  readonly progress?: (done: number) => void;
  /** A pool to run on (a sweep shares one between its points); else one is made and closed. */
  readonly pool?: Pool;
}

export type Pool = Piscina<BlockTask, BlockResult>;

/** A pool of simulation workers, to share between jobs. */
export function makePool(workers: number): Pool {
  return new Piscina<BlockTask, BlockResult>({
    filename: workerFile(),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 1000,
  });
}

export interface JobResult {
  readonly totals: Totals[];
  readonly pairs: PairTotals | null;
  /** Who fights in the first variant (for labels). */
  readonly roster: Roster;
  /** Whether `untilCi` was reached (false without it). */
  readonly reached: boolean;
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** The workers run the built code: `npm run build` (npm ci does it) puts it in dist/. */
function workerFile(): string {
  return join(packageRoot(), 'dist', 'sim', 'worker.js');
}

/** A block that failed: the run's own error names its seed and index; a worker that died gets the block's range. */
function blockFailure(e: unknown, seed: number, [from, to]: [number, number]): Error {
  const message = e instanceof Error ? e.message : String(e);
  if (/^run \d+ of seed \d+ failed/.test(message)) return e instanceof Error ? e : new Error(message);
  return new Error(
    `a worker failed on runs ${from}..${to - 1} of seed ${seed}: ${message} (run them with --workers 1, or play one with fray fight FILE --seed ${seed} --run ${from})`,
  );
}

export async function runJob(job: Job): Promise<JobResult> {
  // Loaded here first, so that a bad file or edit is reported before any worker starts.
  const playable: Playable[] = job.variants.map((v) => ({
    ...(loadVariant(v) as unknown as Playable),
    replay: replayOf(v, job.maxRounds),
  }));
  const first = playable[0] as Playable;
  const roster = rosterOf(first.ruleset, first.setup);
  const sides = roster.sides.length;
  const totals = job.variants.map(() => new Totals(sides));
  const pairs = job.variants.length === 2 ? new PairTotals(sides) : null;
  const blocks = blocksOf(job.from, job.to);
  let reached = false;
  /** Adds the next block's result; true when the stopping rule is met. */
  const take = (r: BlockResult): boolean => {
    r.totals.forEach((t, k) => (totals[k] as Totals).merge(t));
    if (pairs && r.pairs) pairs.merge(r.pairs);
    job.progress?.((totals[0] as Totals).runs);
    return job.untilCi !== undefined && totals.every((t) => narrowEnough(t, job.untilCi));
  };
  if (job.workers <= 1) {
    const streams = new Streams(job.seed);
    for (const [a, b] of blocks) {
      const r = runVariantsBlock(playable, sides, a, b, streams, job.maxRounds);
      if (take({ totals: r.totals.map((t) => t.toJSON()), pairs: r.pairs?.toJSON() ?? null })) {
        reached = true;
        break;
      }
    }
    return { totals, pairs, roster, reached };
  }
  const pool = job.pool ?? makePool(job.workers);
  try {
    // Results and failures by block: both are taken in block order, so a run that fails past
    // the stopping point does not stop a run that one thread would have finished.
    const done = new Map<number, { ok: BlockResult } | { failed: unknown }>();
    let next = 0;
    let merged = 0;
    const inFlight = new Set<Promise<void>>();
    const dispatch = (k: number) => {
      const [from, to] = blocks[k] as [number, number];
      const p = pool
        .run({ variants: job.variants, seed: job.seed, maxRounds: job.maxRounds, from, to })
        .then((d) => {
          done.set(k, { ok: d });
        })
        .catch((e: unknown) => {
          done.set(k, { failed: e });
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    };
    try {
      while (merged < blocks.length && !reached) {
        while (next < blocks.length && inFlight.size < job.workers * 2) dispatch(next++);
        await Promise.race(inFlight);
        // Totals grow only by the next block in order: the stopping rule sees what one thread would.
        for (let r = done.get(merged); r !== undefined && !reached; r = done.get(merged)) {
          if ('failed' in r) throw blockFailure(r.failed, job.seed, blocks[merged] as [number, number]);
          reached = take(r.ok);
          done.delete(merged);
          merged++;
        }
      }
    } finally {
      await Promise.allSettled(inFlight);
    }
    return { totals, pairs, roster, reached };
  } finally {
    if (!job.pool) await pool.destroy();
  }
}
