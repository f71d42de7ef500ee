import { AutoDriver } from '../core/context.js';
import { runFight } from '../core/fight.js';
import type { Ruleset, SetupCore } from '../core/ruleset.js';
import type { FightState } from '../core/state.js';
import { SeededDice, Streams } from '../dice/index.js';
import { Mean, wilson } from './stats.js';

export interface SimSide {
  readonly name: string;
  readonly wins: number;
  readonly winRate: number;
  readonly ci95: [number, number];
}

/** A ruleset's tally over the runs: its mean with a 95% interval. */
export interface SimTally {
  readonly label: string;
  readonly mean: number;
  readonly ci95: [number, number];
}

export interface SimSummary {
  readonly runs: number;
  readonly seed: number;
  readonly sides: SimSide[];
  readonly draws: number;
  readonly meanRounds: number;
  readonly tallies: SimTally[];
}

export interface SimOptions {
  readonly runs: number;
  readonly seed: number;
  readonly maxRounds?: number;
  /** Called every so often with the runs done. */
  readonly progress?: (done: number) => void;
}

/**
 * Runs `runs` fights, fight i on substream i of the seed, and streams the totals: memory does
 * not grow with the number of runs.
 */
export function simulate<S extends SetupCore, T extends FightState>(
  ruleset: Ruleset<S, T>,
  setup: S,
  sideNames: readonly string[],
  opts: SimOptions,
): SimSummary {
  const streams = new Streams(opts.seed);
  const wins = new Array<number>(sideNames.length).fill(0);
  let draws = 0;
  const rounds = new Mean();
  const tallies = new Map<string, Mean>();
  for (let i = 0; i < opts.runs; i++) {
    const driver = new AutoDriver(new SeededDice(streams.stream(i)));
    const result = runFight(ruleset, setup, { driver, maxRounds: opts.maxRounds });
    const o = result.outcome;
    if (!o) throw new Error(`run ${i} (seed ${opts.seed}) ended without an outcome`);
    if (o.winner === null) draws++;
    else wins[o.winner] = (wins[o.winner] ?? 0) + 1;
    rounds.add(o.rounds);
    if (ruleset.tallies && result.state) {
      for (const t of ruleset.tallies(result.state)) {
        let m = tallies.get(t.label);
        if (!m) tallies.set(t.label, (m = new Mean()));
        m.add(t.value);
      }
    }
    if (opts.progress && (i + 1) % 1000 === 0) opts.progress(i + 1);
  }
  return {
    runs: opts.runs,
    seed: opts.seed,
    sides: sideNames.map((name, s) => {
      const k = wins[s] ?? 0;
      return { name, wins: k, winRate: opts.runs === 0 ? 0 : k / opts.runs, ci95: wilson(k, opts.runs) };
    }),
    draws,
    meanRounds: rounds.value,
    tallies: [...tallies].map(([label, m]) => ({ label, mean: m.value, ci95: m.ci95() })),
  };
}
