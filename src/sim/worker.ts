// A simulation worker (piscina): loads the encounter once, then runs the blocks it is given.
import { loadFightFile } from '../cli/load.js';
import { Streams } from '../dice/index.js';
import { rosterOf, runBlock } from './run.js';
import type { TotalsData } from './totals.js';

export interface BlockTask {
  readonly file: string;
  readonly options: Readonly<Record<string, string>>;
  readonly tables: Readonly<Record<string, string>>;
  readonly seed: number;
  readonly maxRounds?: number;
  readonly from: number;
  readonly to: number;
}

const loaded = new Map<string, { run: (from: number, to: number) => TotalsData }>();

/** Runs fights from ≤ i < to of the encounter and returns their totals. */
export default function runTask(t: BlockTask): TotalsData {
  const key = JSON.stringify([t.file, t.options, t.tables, t.seed, t.maxRounds]);
  let job = loaded.get(key);
  if (!job) {
    const { ruleset, setup } = loadFightFile(t.file, { ...t.options }, { ...t.tables }, 'encounter').loaded;
    const sides = rosterOf(ruleset, setup).sides.length;
    // One cursor per worker: its blocks come in rising order, so finding stream i costs little.
    const streams = new Streams(t.seed);
    job = { run: (from, to) => runBlock(ruleset, setup, sides, from, to, streams, t.maxRounds).toJSON() };
    loaded.set(key, job);
  }
  return job.run(t.from, t.to);
}
