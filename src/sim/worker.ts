// A simulation worker (piscina): loads the variants once, then runs the blocks it is given.
import { Streams } from '../dice/index.js';
import { rosterOf, runVariantsBlock, type Playable } from './run.js';
import type { PairData, TotalsData } from './totals.js';
import { loadVariant, replayOf, type Variant } from './variant.js';

export interface BlockTask {
  readonly variants: readonly Variant[];
  readonly seed: number;
  readonly maxRounds?: number;
  readonly from: number;
  readonly to: number;
}

export interface BlockResult {
  readonly totals: TotalsData[];
  readonly pairs: PairData | null;
}

const jobs = new Map<string, (from: number, to: number) => BlockResult>();

/** Runs fights from ≤ i < to of each variant and returns their totals. */
export default function runTask(t: BlockTask): BlockResult {
  const key = JSON.stringify([t.variants, t.seed, t.maxRounds]);
  let job = jobs.get(key);
  if (!job) {
    const playable: Playable[] = t.variants.map((v) => ({
      ...(loadVariant(v) as unknown as Playable),
      replay: replayOf(v, t.maxRounds),
    }));
    const sides = rosterOf((playable[0] as Playable).ruleset, (playable[0] as Playable).setup).sides.length;
    // One cursor per worker: its blocks come in rising order, so finding stream i costs little.
    const streams = new Streams(t.seed);
    job = (from, to) => {
      const r = runVariantsBlock(playable, sides, from, to, streams, t.maxRounds);
      return { totals: r.totals.map((x) => x.toJSON()), pairs: r.pairs?.toJSON() ?? null };
    };
    // A sweep gives a worker point after point: keep a few, not all of them.
    if (jobs.size >= 4) jobs.delete(jobs.keys().next().value as string);
    jobs.set(key, job);
  }
  return job(t.from, t.to);
}
