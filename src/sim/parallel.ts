// Simulations on every core: blocks of runs dealt to worker threads, their totals added up in
// block order, so that any number of workers gives the same numbers as one.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Piscina } from 'piscina';
import { Streams } from '../dice/index.js';
import { packageRoot } from '../node/root.js';
import { ValidationError } from '../core/document.js';
import { progressCell, underWay } from './progress.js';
import {
  BLOCK,
  blocksOf,
  narrowEnough,
  replayCommand,
  rosterOf,
  runVariantsBlock,
  SimFailure,
  type Playable,
  type Roster,
} from './run.js';
import { PairTotals, Totals, type PairData, type TotalsData } from './totals.js';
import { loadVariant, replayOf, type Variant } from './variant.js';
import type { Loaded } from '../core/encounter.js';
import type { BlockResult, BlockTask } from './worker.js';

export interface Job {
  /** One variant, or two run on the same dice (a comparison). */
  readonly variants: readonly Variant[];
  /** The variants as the caller loaded them already (to say what they warn of): not loaded again here. */
  readonly loaded?: readonly Loaded[];
  readonly seed: number;
  /** Runs from ≤ i < to (a shard is a slice of a whole run). */
  readonly from: number;
  readonly to: number;
  readonly maxRounds?: number;
  /** Stop at the first block where every win rate (of every variant) is known to ± this. */
  readonly untilCi?: number;
  /**
   * Stop at the first block after which this says the figures are enough (`fray danger`: its band
   * is sure), the blocks added up in order, so that the stop is the same on any number of threads.
   */
  readonly enough?: (totals: readonly Totals[]) => boolean;
  /** 1 runs in this thread, unless a `pool` is given: a job given threads runs on them. */
  readonly workers: number;
  /** Told the runs added up (the figures' own, and a stop's), after each block. */
  readonly progress?: (done: number) => void;
  /**
   * On worker threads, told every `playedMs` the runs played so far, rising: those added up and,
   * in the blocks not yet added, each one its worker has finished. A block of long fights takes
   * seconds, and this moves meanwhile; it is counted, never added: the figures are the blocks'.
   */
  readonly played?: (runs: number) => void;
  /** How often the runs played are counted for `played` (ms); PLAYED_MS unless told. */
  readonly playedMs?: number;
  /** A pool to run on (a sweep shares one between its points); else one is made and closed. */
  readonly pool?: Pool;
  /** Seconds a worker may spend on one fight before the run is stopped (0: never); else watchdogSeconds(). */
  readonly stallSeconds?: number;
  /**
   * Stops the run when aborted (a person's Stop): no block is dealt out after it, the blocks in
   * flight are abandoned (their threads ended), and what was added up so far, in block order, is
   * the result, marked `stopped`.
   */
  readonly signal?: AbortSignal;
  /**
   * What runs before `from` added up already (a study gone on after a restart): merged first, so
   * the stopping rule and the result are those of one run from the start.
   */
  readonly prior?: Checkpoint;
  /** Told what is added up after each block, in block order: runs 0 (or the prior's start) to `done`. */
  readonly checkpoint?: (c: Checkpoint) => void;
}

/** Totals of the runs from the first to `done`, as JSON: a run can go on from there. */
export interface Checkpoint {
  readonly done: number;
  readonly totals: readonly TotalsData[];
  readonly pairs: PairData | null;
}

export type Pool = Piscina<BlockTask, BlockResult>;

/** The worker pool's package, loaded with the first pool: a run in this thread needs none. */
async function piscina(): Promise<typeof Piscina> {
  return (await import('piscina')).Piscina;
}

/**
 * A pool of simulation workers, to share between jobs. `warm` starts every thread at once and
 * keeps it while the pool lives (piscina's minThreads). A pool that may be stopped part way is
 * better cold: piscina replaces a thread ended by an abort to keep its minimum, and when the ended
 * thread's exit comes after destroy() has returned, the replacement is started then, in a pool
 * nobody will destroy again, and lives on.
 */
export async function makePool(workers: number, warm = true): Promise<Pool> {
  const Piscina = await piscina();
  return new Piscina<BlockTask, BlockResult>({
    filename: workerFile(),
    minThreads: warm ? workers : 0,
    maxThreads: workers,
    idleTimeout: 1000,
  });
}

/**
 * Runs one task of the worker file's named export (`check`, `odds`) on a thread of its own, so
 * that the calling thread (a server's) goes on answering meanwhile; `signal` abandons it.
 */
export async function inWorker<T, R>(
  name: 'check' | 'odds' | 'exact',
  task: T,
  signal?: AbortSignal,
): Promise<R> {
  const Piscina = await piscina();
  const pool = new Piscina<T, R>({ filename: workerFile(), name, minThreads: 1, maxThreads: 1 });
  try {
    return await pool.run(task, signal ? { signal } : {});
  } finally {
    await pool.destroy();
  }
}

export interface JobResult {
  readonly totals: Totals[];
  readonly pairs: PairTotals | null;
  /** Who fights in the first variant (for labels). */
  readonly roster: Roster;
  /** Whether `untilCi` or `enough` was reached (false without them). */
  readonly reached: boolean;
  /** Whether `signal` stopped it before the end: the totals are of the first blocks only. */
  readonly stopped: boolean;
}

/**
 * The workers a run gets unless told: one a core; but a run of `runs` fights that is one block is
 * played in this thread, as `--workers 1` plays it, since a worker would only add its start (a
 * thread, the bundle and the encounter loaded again) to work that one thread does alone.
 */
export function defaultWorkers(runs = Infinity): number {
  return runs <= BLOCK ? 1 : Math.max(1, availableParallelism());
}

/**
 * The workers run the built code: `npm run build` (npm start and npm test do it) puts it in
 * dist/. Piscina is given the CommonJS door to it that the build writes beside it
 * (scripts/bundle.mjs says why).
 */
function workerFile(): string {
  return join(packageRoot(), 'dist', 'sim', 'worker.cjs');
}

/** How long a worker may take over one fight, by default, before the watchdog stops the run. */
export const WATCHDOG_SECONDS = 60;

/** How often, by default, the runs the workers have finished are counted for a job's `played` (ms). */
export const PLAYED_MS = 250;

/**
 * The watchdog's wait in seconds: FRAY_WATCHDOG_SECONDS (0 turns it off), else WATCHDOG_SECONDS.
 * Read before any work starts, so that a bad value is refused with nothing run.
 */
export function watchdogSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.FRAY_WATCHDOG_SECONDS;
  if (v === undefined || v.trim() === '') return WATCHDOG_SECONDS;
  const n = Number(v);
  if (!/^\d*\.?\d+$/.test(v.trim()) || !Number.isFinite(n))
    throw new ValidationError([
      {
        file: 'environment',
        path: 'FRAY_WATCHDOG_SECONDS',
        message: `expected the seconds a worker may spend on one fight (0 for no watchdog), got '${v}'`,
      },
    ]);
  return n;
}

/**
 * A block given to a worker: its runs, and the cell where the worker marks the fight under way.
 * It is watched from its first fight: loading the encounter, done in this thread before any
 * worker starts, is not a worker's to hang on.
 */
interface Flight {
  readonly from: number;
  readonly to: number;
  readonly cell: Int32Array;
  /** The cell as last seen, and since when (ms). */
  seen: number;
  since: number;
}

/** The first block whose worker has been on the same fight for `limitMs` or more; updates what was seen. */
export function stalledFlight<F extends Flight>(
  flights: Iterable<F>,
  now: number,
  limitMs: number,
): F | null {
  let found: F | null = null;
  for (const f of flights) {
    const v = Atomics.load(f.cell, 0);
    if (v !== f.seen) {
      f.seen = v;
      f.since = now;
    } else if (v !== 0 && now - f.since >= limitMs && found === null) found = f;
  }
  return found;
}

/**
 * Watches the blocks in flight a few times within each wait, and calls `stalled` once, with the
 * first block stuck on one fight for `limitMs`; returns what stops the watching. 0 watches nothing.
 */
function watchFlights(
  flights: ReadonlyMap<number, Flight>,
  limitMs: number,
  stalled: (f: Flight) => void,
): () => void {
  if (limitMs <= 0) return () => undefined;
  const timer = setInterval(
    () => {
      const f = stalledFlight(flights.values(), Date.now(), limitMs);
      if (!f) return;
      clearInterval(timer);
      stalled(f);
    },
    Math.min(1000, limitMs / 4),
  );
  return () => clearInterval(timer);
}

/** What a failed simulation says: what went wrong on which run, the blocks in flight, and the replay. */
function failureOf(
  what: string,
  failed: Flight,
  others: readonly Flight[],
  playable: readonly Playable[],
  seed: number,
  note?: string,
): SimFailure {
  const n = playable.length;
  const at = underWay(failed.cell, failed.from, n) ?? { run: failed.from, variant: 0 };
  const which = n > 1 ? ` (variant ${String.fromCharCode(65 + at.variant)})` : '';
  const inFlight = [failed, ...others.filter((f) => f !== failed)].map((f) => {
    const u = underWay(f.cell, f.from, n);
    return `${f.from}..${f.to - 1}${u ? ` (on run ${u.run})` : ' (not started)'}`;
  });
  const replay = (playable[at.variant] as Playable).replay ?? 'fray fight FILE';
  return new SimFailure(
    [
      `${what} on run ${at.run} of seed ${seed}${which}: the simulation is stopped, nothing written`,
      `  runs in flight: ${inFlight.join(', ')}`,
      `  play run ${at.run} again with: ${replayCommand(replay, seed, at.run)}`,
      ...(note ? [`  ${note}`] : []),
    ].join('\n'),
  );
}

/** A worker's error: a fight's own (already naming its run) as it is, anything else as a dead worker on the run it held. */
function blockFailure(e: unknown, failed: Flight, playable: readonly Playable[], seed: number): SimFailure {
  const message = e instanceof Error ? e.message : String(e);
  if (/^run \d+ of seed \d+/.test(message)) return new SimFailure(message);
  return failureOf(`a worker thread died (${message})`, failed, [], playable, seed);
}

export async function runJob(job: Job): Promise<JobResult> {
  const stallSeconds = job.stallSeconds ?? watchdogSeconds();
  // Loaded here first, so that a bad file or edit is reported before any worker starts.
  const playable: Playable[] = job.variants.map((v, k) => ({
    ...((job.loaded?.[k] ?? loadVariant(v)) as unknown as Playable),
    replay: replayOf(v, job.maxRounds),
  }));
  const first = playable[0] as Playable;
  const roster = rosterOf(first.ruleset, first.setup);
  const sides = roster.sides.length;
  const totals = job.variants.map(() => new Totals(sides));
  const pairs = job.variants.length === 2 ? new PairTotals(sides) : null;
  const blocks = blocksOf(job.from, job.to);
  if (job.prior) {
    job.prior.totals.forEach((t, k) => totals[k]?.merge(t));
    if (pairs && job.prior.pairs) pairs.merge(job.prior.pairs);
  }
  let reached = false;
  const stopped = () => job.signal?.aborted === true;
  /** Adds the next block's result; true when the stopping rule is met. */
  const take = (r: BlockResult, to: number): boolean => {
    r.totals.forEach((t, k) => (totals[k] as Totals).merge(t));
    if (pairs && r.pairs) pairs.merge(r.pairs);
    job.progress?.((totals[0] as Totals).runs);
    job.checkpoint?.({ done: to, totals: totals.map((t) => t.toJSON()), pairs: pairs?.toJSON() ?? null });
    return (
      (job.untilCi !== undefined && totals.every((t) => narrowEnough(t, job.untilCi))) ||
      job.enough?.(totals) === true
    );
  };
  if (job.workers <= 1 && !job.pool) {
    // In this thread there is no one to watch: the round caps are what end every fight.
    const streams = new Streams(job.seed);
    let ran = 0;
    for (const [a, b] of blocks) {
      if (stopped()) break;
      const r = runVariantsBlock(playable, sides, a, b, streams, job.maxRounds);
      ran++;
      if (take({ totals: r.totals.map((t) => t.toJSON()), pairs: r.pairs?.toJSON() ?? null }, b)) {
        reached = true;
        break;
      }
    }
    return { totals, pairs, roster, reached, stopped: ran < blocks.length && !reached };
  }
  // No more threads than blocks: a thread started for no block is only its start. Cold: a stop or
  // the watchdog ends threads, and a warm pool would start others in their place (makePool).
  const pool = job.pool ?? (await makePool(Math.max(1, Math.min(job.workers, blocks.length)), false));
  // Aborting a task that is running terminates its thread: the way to stop a worker that spins.
  const abort = new AbortController();
  const flights = new Map<number, Flight>();
  let stalled: SimFailure | null = null;
  let wake: () => void = () => undefined;
  const stall = new Promise<void>((res) => (wake = res));
  // A person's stop wakes the loop below as a stalled worker does, without failing the run.
  const onStop = () => wake();
  job.signal?.addEventListener('abort', onStop);
  const unwatch = watchFlights(flights, stallSeconds * 1000, (f) => {
    stalled = failureOf(
      `a worker made no progress for ${stallSeconds} s`,
      f,
      [...flights.values()],
      playable,
      job.seed,
      `(a fight that does not end? FRAY_WATCHDOG_SECONDS sets the wait, now ${stallSeconds} s; 0 turns the watchdog off)`,
    );
    abort.abort();
    wake();
  });
  try {
    // Results and failures by block: both are taken in block order, so a run that fails past
    // the stopping point does not stop a run that one thread would have finished.
    const done = new Map<number, { ok: BlockResult } | { failed: SimFailure }>();
    let next = 0;
    let merged = 0;
    const inFlight = new Set<Promise<void>>();
    // The runs played so far: those added up, the blocks back and not yet added, and in each
    // block under way the runs before the one its worker marked. Told only as it rises.
    let told = (totals[0] as Totals).runs;
    const countPlayed = () => {
      let n = (totals[0] as Totals).runs;
      for (const [k, r] of done) if ('ok' in r) n += sizeOf(k);
      for (const [k, f] of flights) {
        if (done.has(k)) continue;
        const at = underWay(f.cell, f.from, job.variants.length);
        if (at) n += at.run - f.from;
      }
      if (n > told) job.played?.((told = n));
    };
    const sizeOf = (k: number) => {
      const [from, to] = blocks[k] as [number, number];
      return to - from;
    };
    const counting = job.played ? setInterval(countPlayed, job.playedMs ?? PLAYED_MS) : null;
    const dispatch = (k: number) => {
      const [from, to] = blocks[k] as [number, number];
      const flight: Flight = { from, to, cell: progressCell(), seen: 0, since: Date.now() };
      flights.set(k, flight);
      const p = pool
        .run(
          {
            variants: job.variants,
            seed: job.seed,
            maxRounds: job.maxRounds,
            from,
            to,
            progress: flight.cell,
          },
          { signal: abort.signal },
        )
        .then((d) => {
          done.set(k, { ok: d });
        })
        .catch((e: unknown) => {
          done.set(k, { failed: blockFailure(e, flight, playable, job.seed) });
        })
        .finally(() => {
          flights.delete(k);
          inFlight.delete(p);
        });
      inFlight.add(p);
    };
    try {
      while (merged < blocks.length && !reached && !stopped()) {
        while (next < blocks.length && inFlight.size < job.workers * 2) dispatch(next++);
        await Promise.race([...inFlight, stall]);
        if (stalled) throw stalled;
        if (stopped()) break;
        // Totals grow only by the next block in order: the stopping rule sees what one thread would.
        for (let r = done.get(merged); r !== undefined && !reached; r = done.get(merged)) {
          if ('failed' in r) throw r.failed;
          reached = take(r.ok, (blocks[merged] as [number, number])[1]);
          done.delete(merged);
          merged++;
        }
      }
    } finally {
      if (counting) clearInterval(counting);
      // Whatever is still running is not wanted: a stopped run's other blocks, or ones past the stop.
      abort.abort();
      await Promise.allSettled(inFlight);
    }
    return { totals, pairs, roster, reached, stopped: merged < blocks.length && !reached };
  } finally {
    job.signal?.removeEventListener('abort', onStop);
    unwatch();
    if (!job.pool) await pool.destroy();
  }
}
