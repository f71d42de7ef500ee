// `fray sim` on every core: blocks of runs dealt to worker threads, their totals added up in
// block order, so that any number of workers gives the same numbers as one.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import type { Loaded } from '../core/encounter.js';
import { Streams } from '../dice/index.js';
import { packageRoot } from '../node/files.js';
import { blocksOf, narrowEnough, rosterOf, runBlock, type Roster } from './run.js';
import { Totals, type TotalsData } from './totals.js';
import type { BlockTask } from './worker.js';

export interface FileJob {
  /** The encounter, loaded here first so that its errors come before any worker starts. */
  readonly loaded: Loaded;
  readonly file: string;
  readonly options: Readonly<Record<string, string>>;
  readonly tables: Readonly<Record<string, string>>;
  readonly seed: number;
  /** Runs from ≤ i < to (a shard is a slice of a whole run). */
  readonly from: number;
  readonly to: number;
  readonly maxRounds?: number;
  readonly untilCi?: number;
  /** 1 runs in this thread. */
  readonly workers: number;
  readonly progress?: (done: number) => void;
}

export interface FileResult {
  readonly totals: Totals;
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

export async function simulateFile(job: FileJob): Promise<FileResult> {
  const { ruleset, setup } = job.loaded;
  const roster = rosterOf(ruleset, setup);
  const blocks = blocksOf(job.from, job.to);
  const totals = new Totals(roster.sides.length);
  let reached = false;
  if (job.workers <= 1) {
    const streams = new Streams(job.seed);
    for (const [a, b] of blocks) {
      totals.merge(runBlock(ruleset, setup, roster.sides.length, a, b, streams, job.maxRounds).toJSON());
      job.progress?.(totals.runs);
      if (narrowEnough(totals, job.untilCi)) {
        reached = true;
        break;
      }
    }
    return { totals, roster, reached };
  }
  const pool = new Piscina<BlockTask, TotalsData>({ filename: workerFile(), minThreads: job.workers, maxThreads: job.workers, idleTimeout: 1000 });
  try {
    const done = new Map<number, TotalsData>();
    let next = 0;
    let merged = 0;
    let failure: unknown = null;
    const inFlight = new Set<Promise<void>>();
    const dispatch = (k: number) => {
      const [from, to] = blocks[k] as [number, number];
      const p = pool
        .run({ file: job.file, options: job.options, tables: job.tables, seed: job.seed, maxRounds: job.maxRounds, from, to })
        .then((d) => {
          done.set(k, d);
        })
        .catch((e: unknown) => {
          failure ??= e;
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    };
    while (merged < blocks.length && !reached && failure === null) {
      while (next < blocks.length && inFlight.size < job.workers * 2) dispatch(next++);
      await Promise.race(inFlight);
      // Totals grow only by the next block in order: the stopping rule sees what one thread would.
      while (done.has(merged)) {
        totals.merge(done.get(merged) as TotalsData);
        done.delete(merged);
        merged++;
        job.progress?.(totals.runs);
        if (narrowEnough(totals, job.untilCi)) {
          reached = true;
          break;
        }
      }
    }
    await Promise.allSettled(inFlight);
    if (failure !== null) throw failure;
    return { totals, roster, reached };
  } finally {
    await pool.destroy();
  }
}
