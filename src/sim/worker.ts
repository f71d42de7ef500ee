// A simulation worker (piscina): loads the variants once, then runs the blocks it is given. Three
// more tasks run here so that the calling thread (a server) is not held up by them: checking the
// variants of a large sweep, exact odds, and a sweep's points solved exactly.
import { ValidationError, type Issue } from '../core/document.js';
import { Streams } from '../dice/index.js';
import { FileError } from '../files/disk.js';
// Fray's shipped data as parsed at build time (src/node/parsed.ts): each worker starts without parsing it.
import '../node/parsed.js';
import { oddsReport, type OddsReport } from './odds.js';
import { exactAll, type ExactAll } from './exact.js';
import { markStarting } from './progress.js';
import { rosterOf, runVariantsBlock, type Playable } from './run.js';
import type { PairData, TotalsData } from './totals.js';
import { loadVariant, loadVariantRulesets, replayOf, type Variant } from './variant.js';

export interface BlockTask {
  readonly variants: readonly Variant[];
  readonly seed: number;
  readonly maxRounds?: number;
  readonly from: number;
  readonly to: number;
  /** A cell of shared memory (see progress.ts) where the worker marks each fight it starts. */
  readonly progress: Int32Array;
}

export interface BlockResult {
  readonly totals: TotalsData[];
  readonly pairs: PairData | null;
}

type Job = (from: number, to: number, starting: (run: number, variant: number) => void) => BlockResult;

const jobs = new Map<string, Job>();

/** Runs fights from ≤ i < to of each variant and returns their totals. */
export default async function runTask(t: BlockTask): Promise<BlockResult> {
  const key = JSON.stringify([t.variants, t.seed, t.maxRounds]);
  let job = jobs.get(key);
  if (!job) {
    // A worker loads the variants' rulesets only, each once (src/rulesets/registry.ts).
    await loadVariantRulesets(t.variants);
    const playable: Playable[] = t.variants.map((v) => ({
      ...(loadVariant(v) as unknown as Playable),
      replay: replayOf(v, t.maxRounds),
    }));
    const sides = rosterOf((playable[0] as Playable).ruleset, (playable[0] as Playable).setup).sides.length;
    // One cursor per worker: its blocks come in rising order, so finding stream i costs little.
    const streams = new Streams(t.seed);
    job = (from, to, starting) => {
      const r = runVariantsBlock(playable, sides, from, to, streams, t.maxRounds, starting);
      return { totals: r.totals.map((x) => x.toJSON()), pairs: r.pairs?.toJSON() ?? null };
    };
    // A sweep gives a worker point after point: keep a few, not all of them.
    if (jobs.size >= 4) jobs.delete(jobs.keys().next().value as string);
    jobs.set(key, job);
  }
  const fault = testFault();
  const n = t.variants.length;
  return job(t.from, t.to, (run, variant) => {
    markStarting(t.progress, t.from, n, run, variant);
    if (fault && run === fault.run && variant === 0) fault.act();
  });
}

export interface CheckTask {
  readonly variants: readonly Variant[];
}

/**
 * Loads every variant, as `fray sweep` does before it runs any: the problems of the first that
 * does not load (a ValidationError's issues, or a file's refusal, cross threads as plain data).
 */
export async function check(t: CheckTask): Promise<{ readonly issues: readonly Issue[] }> {
  await loadVariantRulesets(t.variants);
  for (const v of t.variants) {
    try {
      loadVariant(v);
    } catch (e) {
      if (e instanceof ValidationError) return { issues: e.issues };
      if (e instanceof FileError) return { issues: [{ file: v.file, path: '', message: e.message }] };
      throw e;
    }
  }
  return { issues: [] };
}

export interface OddsTask {
  readonly variant: Variant;
  readonly maxRounds?: number;
}

/** Exact odds of the variant (null where its ruleset has none). */
export async function odds(t: OddsTask): Promise<OddsReport | null> {
  await loadVariantRulesets([t.variant]);
  return oddsReport(loadVariant(t.variant), t.maxRounds);
}

export interface ExactTask {
  readonly variants: readonly Variant[];
  readonly maxRounds?: number;
}

/** Every variant's duel solved exactly, or the first that cannot be (a sweep's `auto` and `exact`). */
export async function exact(t: ExactTask): Promise<ExactAll> {
  await loadVariantRulesets(t.variants);
  return exactAll(t.variants, t.maxRounds);
}

/**
 * A test hook, read here and nowhere else: FRAY_TEST_WORKER_FAULT=loop:run=5 makes the worker
 * that starts run 5 spin for ever (the watchdog's case), exit:run=5 makes its thread exit (a
 * worker that dies). Set only by the tests (test/sim.test.ts); documented in docs/simulation.md.
 */
function testFault(): { run: number; act: () => void } | null {
  const spec = process.env.FRAY_TEST_WORKER_FAULT;
  if (!spec) return null;
  const m = /^(loop|exit):run=(\d+)$/.exec(spec);
  if (!m) throw new Error(`FRAY_TEST_WORKER_FAULT: expected loop:run=N or exit:run=N, got '${spec}'`);
  const act =
    m[1] === 'exit'
      ? () => process.exit(3)
      : () => {
          for (;;) {
            // A fight that never ends: only terminating the thread stops it.
          }
        };
  return { run: Number(m[2]), act };
}
