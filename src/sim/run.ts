import { AutoDriver } from '../core/context.js';
import { runFight } from '../core/fight.js';
import type { Ruleset, SetupCore } from '../core/ruleset.js';
import type { FightState } from '../core/state.js';
import { Rng, SeededDice, Streams } from '../dice/index.js';
import { wilson } from './stats.js';
import { meanOf, PairTotals, Totals, type RunRecord } from './totals.js';

/** Runs are dealt out, to workers and to the stopping rule, in blocks of this many. */
export const BLOCK = 1000;

/** A proportion of the fights with its 95% interval (Wilson's). */
export interface Rate {
  /** The proportion, 0 to 1. */
  readonly rate: number;
  /** Its 95% interval, low and high, each 0 to 1. */
  readonly ci95: [number, number];
}

/** One side's wins over a simulation's fights. Its keys, exactly these and in this order, are part of `fray-sim/2`. */
export interface SimSide {
  /** The side's name, as the encounter gives it. */
  readonly name: string;
  /** Fights it won. */
  readonly wins: number;
  /** Its share of the fights, 0 to 1: `wins / runs`. */
  readonly winRate: number;
  /** The win rate's 95% interval (Wilson's), low and high, each 0 to 1. */
  readonly ci95: [number, number];
}

/** A mean with its 95% interval. */
export interface SimMean {
  /** The mean per fight. */
  readonly mean: number;
  /** Its 95% interval (the normal approximation), low and high, in the mean's units. */
  readonly ci95: [number, number];
}

/** A ruleset's tally over the runs: its mean with a 95% interval. */
export interface SimTally extends SimMean {
  /** What is counted, in the ruleset's words ("wounds dealt per fight", …). */
  readonly label: string;
}

/** One combatant's figures over a simulation's fights. */
export interface SimCombatant {
  /** Its name in the fight (a count of one creature is numbered: "Goblin 2"). */
  readonly name: string;
  /** The name of its side. */
  readonly side: string;
  /** Still standing at the end. */
  readonly survived: Rate;
  /** Fled the fight. */
  readonly fled: Rate;
  /** The ruleset's per-fighter counts (blows, hits, wounds dealt and taken, criticals, fumbles…): means per fight. */
  readonly stats: Readonly<Record<string, SimMean>>;
}

/**
 * `fray sim --json` (docs/simulation.md). The first six keys, in order, are the core issue's
 * contract; the rest come after them. `schema` names this shape and changes when a field's
 * meaning does.
 */
export interface SimSummary {
  /** Fights played (fewer than asked when `untilCi` stopped them). */
  readonly runs: number;
  /** The seed: fight i was played on substream i of it, as `fray fight --seed S --run I` plays it again. */
  readonly seed: number;
  /** Each side's wins, in the encounter's order. */
  readonly sides: SimSide[];
  /** Fights that ended with no side standing, or at the round cap. */
  readonly draws: number;
  /** The mean length of a fight, in rounds. */
  readonly meanRounds: number;
  /** What the ruleset counts over the whole fight, as means per fight. */
  readonly tallies: SimTally[];
  /** The name of this shape, which changes when a field's meaning does. */
  readonly schema: 'fray-sim/2';
  /** The draws as a share of the fights, with its interval. */
  readonly drawRate: Rate;
  /** A fight's length in rounds: the mean with its interval, and how many fights lasted each length. */
  readonly rounds: SimMean & {
    /** Each length that occurred, shortest first. */
    readonly distribution: {
      /** A length in rounds. */
      readonly rounds: number;
      /** Fights that lasted it. */
      readonly fights: number;
    }[];
  };
  /** Each combatant's figures, in the encounter's order. */
  readonly combatants: SimCombatant[];
  /** Set when `--until-ci` stopped the runs early (or not): the target half-width, and whether it was reached. */
  readonly untilCi: {
    /** The widest a win rate's 95% interval might be either side, 0 to 1. */
    readonly target: number;
    /** Whether every win rate got that narrow within the runs. */
    readonly reached: boolean;
  } | null;
}

export interface SimOptions {
  readonly runs: number;
  readonly seed: number;
  readonly maxRounds?: number;
  /** Stop, at a block's end, once every win rate's 95% interval is at most this wide either side. */
  readonly untilCi?: number;
  /** Called every so often with the runs done. */
  readonly progress?: (done: number) => void;
}

/** Who fights, for labelling the per-combatant figures: the setup started and not played. */
export interface Roster {
  readonly sides: readonly string[];
  readonly combatants: readonly { readonly name: string; readonly side: number }[];
}

export function rosterOf<S extends SetupCore, T extends FightState>(
  ruleset: Ruleset<S, T>,
  setup: S,
): Roster {
  const r = runFight(ruleset, setup, { driver: new AutoDriver(new SeededDice(Rng.seeded(0))), maxRounds: 0 });
  const st = r.state;
  if (!st) throw new Error('the encounter could not be started');
  return {
    sides: st.sides.map((s) => s.name),
    combatants: st.combatants.map((c) => ({ name: c.name, side: c.side })),
  };
}

/** What a finished fight leaves for the statistics. */
export function recordOf<S extends SetupCore, T extends FightState>(
  ruleset: Ruleset<S, T>,
  st: T,
  winner: number | null,
  rounds: number,
): RunRecord {
  return {
    winner,
    rounds,
    combatants: st.combatants.map((c) => ({ out: c.out, side: c.side, stats: numbersOf(c.stats) })),
    tallies: ruleset.tallies ? ruleset.tallies(st).map((t) => t.value) : [],
  };
}

function numbersOf(o: object | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (!o) return out;
  const counts = o as Record<string, unknown>;
  for (const k in counts) {
    const v = counts[k];
    if (typeof v === 'number') out[k] = v;
  }
  return out;
}

/**
 * Runs fights `from` ≤ i < `to`, fight i on substream i of the seed. The same runs give the same
 * totals wherever they are run. `streams` may be kept between calls with rising `from` (a worker's).
 */
export function runBlock<S extends SetupCore, T extends FightState>(
  ruleset: Ruleset<S, T>,
  setup: S,
  sides: number,
  from: number,
  to: number,
  streams: Streams,
  maxRounds?: number,
): Totals {
  return runVariantsBlock([{ ruleset, setup } as unknown as Playable], sides, from, to, streams, maxRounds)
    .totals[0] as Totals;
}

/** What one variant needs to play: its ruleset and setup. */
export interface Playable<S extends SetupCore = SetupCore, T extends FightState = FightState> {
  readonly ruleset: Ruleset<S, T>;
  readonly setup: S;
  /** The command that plays one of its runs again (see replayOf). */
  readonly replay?: string;
}

/**
 * Runs fights `from` ≤ i < `to` of each variant, run i of every variant on substream i, and
 * adds up each variant's totals and (for two) what differs between them run by run.
 * `starting` hears of each fight before it is played (a worker's progress, for the watchdog).
 */
export function runVariantsBlock(
  variants: readonly Playable[],
  sides: number,
  from: number,
  to: number,
  streams: Streams,
  maxRounds?: number,
  starting?: (run: number, variant: number) => void,
): { totals: Totals[]; pairs: PairTotals | null } {
  const totals = variants.map(() => new Totals(sides));
  const pairs = variants.length === 2 ? new PairTotals(sides) : null;
  const labels: string[][] = variants.map(() => []);
  // Each variant's runs start over on one state: its record is taken before the next run.
  const states: (FightState | undefined)[] = variants.map(() => undefined);
  for (let i = from; i < to; i++) {
    const recs = variants.map((v, k) => {
      starting?.(i, k);
      let result;
      try {
        result = runFight(v.ruleset, v.setup, {
          driver: new AutoDriver(new SeededDice(streams.stream(i))),
          words: false,
          maxRounds,
          reuse: states[k],
        });
        states[k] = result.state;
      } catch (e) {
        throw new RunError(streams.seed, i, e, v.replay, variants.length > 1 ? k : null);
      }
      const o = result.outcome;
      if (!o || !result.state)
        throw new RunError(
          streams.seed,
          i,
          new Error('the fight ended without an outcome'),
          v.replay,
          variants.length > 1 ? k : null,
        );
      const lk = labels[k] as string[];
      if (lk.length === 0 && v.ruleset.tallies)
        lk.push(...v.ruleset.tallies(result.state).map((t) => t.label));
      const rec = recordOf(v.ruleset, result.state, o.winner, o.rounds);
      (totals[k] as Totals).add(rec, lk);
      return rec;
    });
    if (pairs) pairs.add(recs[0] as RunRecord, recs[1] as RunRecord);
  }
  return { totals, pairs };
}

/**
 * A simulation that could not finish: a fight that failed, a worker that died or stopped moving.
 * Its message says which run and how to play it again; the CLI prints it plainly, with exit code 1.
 */
export class SimFailure extends Error {}

/** The command that plays run `run` of the seed again, explained. */
export function replayCommand(replay: string, seed: number, run: number): string {
  return `${replay} --seed ${seed} --run ${run}`;
}

/** A fight that failed in a simulation: the seed and run index reproduce it (`fray fight FILE --seed S --run I`). */
export class RunError extends SimFailure {
  constructor(
    readonly seed: number,
    readonly run: number,
    override readonly cause: unknown,
    replay = 'fray fight FILE',
    /** Which variant failed, in a comparison or sweep. */
    readonly variant: number | null = null,
  ) {
    const which = variant === null ? '' : ` (variant ${String.fromCharCode(65 + variant)})`;
    super(
      `run ${run} of seed ${seed}${which} failed: ${cause instanceof Error ? cause.message : String(cause)} (reproduce it with ${replayCommand(replay, seed, run)})`,
    );
  }
}

/** The blocks a run count is dealt out in: [from, to) pairs of at most BLOCK runs. */
export function blocksOf(from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  for (let a = from; a < to; a += BLOCK) out.push([a, Math.min(to, a + BLOCK)]);
  return out;
}

/** Whether the totals so far meet `--until-ci`: at least one block, every win rate that narrow. */
export function narrowEnough(t: Totals, target: number | undefined): boolean {
  return target !== undefined && t.runs >= BLOCK && t.widestHalfWidth() <= target;
}

/**
 * Runs `runs` fights in this thread, fight i on substream i of the seed, block by block, and
 * streams the totals: memory does not grow with the number of runs.
 */
export function simulate<S extends SetupCore, T extends FightState>(
  ruleset: Ruleset<S, T>,
  setup: S,
  opts: SimOptions,
): SimSummary {
  const roster = rosterOf(ruleset, setup);
  const streams = new Streams(opts.seed);
  const totals = new Totals(roster.sides.length);
  let reached = false;
  for (const [a, b] of blocksOf(0, opts.runs)) {
    totals.merge(runBlock(ruleset, setup, roster.sides.length, a, b, streams, opts.maxRounds).toJSON());
    opts.progress?.(b);
    if (narrowEnough(totals, opts.untilCi)) {
      reached = true;
      break;
    }
  }
  return summarize(
    totals,
    roster,
    opts.seed,
    opts.untilCi === undefined ? null : { target: opts.untilCi, reached },
  );
}

/** The figures a designer reads, from the totals. */
export function summarize(
  t: Totals,
  roster: Roster,
  seed: number,
  untilCi: SimSummary['untilCi'],
): SimSummary {
  const n = t.runs;
  const rate = (k: number): Rate => ({ rate: n === 0 ? 0 : k / n, ci95: wilson(k, n) });
  const roundsSum = { sum: 0, squares: 0 };
  const distribution: { rounds: number; fights: number }[] = [];
  t.rounds.forEach((fights, rounds) => {
    if (!fights) return;
    roundsSum.sum += rounds * fights;
    roundsSum.squares += rounds * rounds * fights;
    distribution.push({ rounds, fights });
  });
  const rounds = meanOf(roundsSum, n);
  return {
    runs: n,
    seed,
    sides: roster.sides.map((name, s) => {
      const k = t.wins[s] ?? 0;
      const r = rate(k);
      return { name, wins: k, winRate: r.rate, ci95: r.ci95 };
    }),
    draws: t.draws,
    meanRounds: rounds.mean,
    tallies: t.tallyLabels.map((label, i) => ({ label, ...meanOf(t.tallies[i], n) })),
    schema: 'fray-sim/2',
    drawRate: rate(t.draws),
    rounds: { ...rounds, distribution },
    combatants: roster.combatants.map((c, i) => {
      const ct = t.combatants[i];
      const stats: Record<string, SimMean> = {};
      for (const [k, m] of Object.entries(ct?.stats ?? {})) stats[k] = meanOf(m, n);
      return {
        name: c.name,
        side: roster.sides[c.side] ?? String(c.side),
        survived: rate(ct?.survived ?? 0),
        fled: rate(ct?.fled ?? 0),
        stats,
      };
    }),
    untilCi,
  };
}
