// How deadly an encounter is for the players' side (`fray danger`, issue 48): the encounter played
// by the tactics as `fray sim` plays it, on the same dice, block after block, until the band it
// falls in is sure. The band's limits are ours, and a GM's to set (docs/simulation.md, How deadly
// is it?).
import { AutoDriver } from '../core/context.js';
import type { Loaded } from '../core/encounter.js';
import { runFight } from '../core/fight.js';
import type { FightState } from '../core/state.js';
import { Rng, SeededDice } from '../dice/index.js';
import { BLOCK, type Rate } from './run.js';
import { runJob, type Pool } from './parallel.js';
import { wilson } from './stats.js';
import type { Totals } from './totals.js';
import type { Variant } from './variant.js';

/** The bands, mildest first. */
export const BANDS = ['easy', 'fair', 'hard', 'deadly'] as const;
/** How dangerous an encounter is for the party: easy, fair, hard or deadly. */
export type Band = (typeof BANDS)[number];

/** What an encounter must give the party to be at most so dangerous. */
export interface BandLimit {
  /** The party wins at least this often. */
  readonly win: number;
  /** Someone of the party ends the fight down (or dead) at most this often. */
  readonly someoneDown: number;
  /** Someone of the party ends the fight dead at most this often. */
  readonly someoneDies: number;
}

/** Where easy, fair and hard end; an encounter beyond hard is deadly. */
export type BandLimits = Readonly<Record<Exclude<Band, 'deadly'>, BandLimit>>;

/**
 * Ours, not any text's (docs/simulation.md, How deadly is it?): easy is a fight the party wins
 * almost always and seldom bleeds in; fair one it wins nearly always, someone may go down and
 * death is rare; hard one it usually wins, at a real risk of a death; the rest is deadly.
 */
export const OUR_BAND_LIMITS: BandLimits = {
  easy: { win: 0.95, someoneDown: 0.1, someoneDies: 0.02 },
  fair: { win: 0.85, someoneDown: 0.4, someoneDies: 0.05 },
  hard: { win: 0.6, someoneDown: 1, someoneDies: 0.2 },
};

/** The figures a band is read from: the party's win rate, and how often someone of it ends down, or dead. */
export interface Figures {
  /** The party wins, 0 to 1. */
  readonly win: number;
  /** Someone of the party ends the fight down or dead, 0 to 1. */
  readonly someoneDown: number;
  /** Someone of the party ends the fight dead, 0 to 1. */
  readonly someoneDies: number;
}

/** The mildest band whose limits the figures keep. */
export function bandOf(f: Figures, limits: BandLimits = OUR_BAND_LIMITS): Band {
  for (const band of ['easy', 'fair', 'hard'] as const) {
    const l = limits[band];
    if (f.win >= l.win && f.someoneDown <= l.someoneDown && f.someoneDies <= l.someoneDies) return band;
  }
  return 'deadly';
}

/** A limit of the next milder band that the figures break: why the band is not milder. */
export interface BrokenLimit {
  /** The milder band. */
  readonly band: Band;
  /** The figure that breaks it. */
  readonly figure: keyof BandLimit;
  /** The figure as measured, 0 to 1. */
  readonly value: number;
  /** The band's limit for it, 0 to 1. */
  readonly limit: number;
}

/** The limits of the band milder than `band` that the figures break (none for easy). */
export function brokenLimits(f: Figures, band: Band, limits: BandLimits): BrokenLimit[] {
  const milder = BANDS[BANDS.indexOf(band) - 1];
  if (milder === undefined || milder === 'deadly') return [];
  const l = limits[milder];
  const out: BrokenLimit[] = [];
  if (f.win < l.win) out.push({ band: milder, figure: 'win', value: f.win, limit: l.win });
  for (const figure of ['someoneDown', 'someoneDies'] as const)
    if (f[figure] > l[figure]) out.push({ band: milder, figure, value: f[figure], limit: l[figure] });
  return out;
}

/** One of the party's combatants: how often it ends the fight down, and dead. */
export interface MemberDanger {
  /** The combatant's name, as the fight gives it. */
  readonly name: string;
  /** It ends the fight down or dead. */
  readonly down: Rate;
  /** It ends the fight dead. */
  readonly dies: Rate;
}

/** Why the runs stopped. */
export type DangerStop = 'sure' | 'precise' | 'runs';

/** `fray danger --json` (schema fray-danger/1). */
export interface DangerReport {
  /** This shape's name; it changes when a field's meaning does. */
  readonly schema: 'fray-danger/1';
  /** The encounter's title ('' if it has none). */
  readonly title: string;
  /** The ruleset's id. */
  readonly ruleset: string;
  /** The players' side the figures are of. */
  readonly party: string;
  /** The seed of the fights: fight i is played on substream i, as `fray sim` plays it. */
  readonly seed: number;
  /** The fights played. */
  readonly runs: number;
  /** The band of the figures as they stand. */
  readonly band: Band;
  /** Why it is not the band milder than it: the limits of that band the figures break. */
  readonly beyond: readonly BrokenLimit[];
  /** The bands at either end of the figures' 95% intervals: the same band twice when it is sure. */
  readonly between: readonly [Band, Band];
  /** Whether both ends of the intervals give the same band. */
  readonly sure: boolean;
  /** sure: the band; precise: every figure known to ± the precision, the band on an edge; runs: the most runs played. */
  readonly stopped: DangerStop;
  /** The party wins. */
  readonly win: Rate;
  /** The party is beaten and at least one of it got away. */
  readonly fled: Rate;
  /** Not one of the party stands at the end, and none got away. */
  readonly wiped: Rate;
  /** The round cap ended the fight with the party still standing. */
  readonly undecided: Rate;
  /** Someone of the party ends the fight down or dead. */
  readonly someoneDown: Rate;
  /** Someone of the party ends the fight dead. */
  readonly someoneDies: Rate;
  /** The mean length of the fights, in rounds. */
  readonly meanRounds: number;
  /** Each of the party's combatants. */
  readonly members: readonly MemberDanger[];
  /** The limits the band is read by. */
  readonly limits: BandLimits;
  /** Where the limits come from: `ours`, or the file the GM gave. */
  readonly limitsFrom: string;
}

export interface DangerJob {
  readonly variant: Variant;
  readonly loaded: Loaded;
  readonly seed: number;
  /** Stop here if the band is not sure before. */
  readonly maxRuns: number;
  /** Stop once every figure is known to ± this (a band on an edge stays on it). */
  readonly precision: number;
  /** The players' side, by name or index; else the side marked `players: true`, else the first. */
  readonly party?: string;
  readonly limits?: BandLimits;
  readonly limitsFrom?: string;
  readonly maxRounds?: number;
  readonly workers: number;
  readonly pool?: Pool;
  readonly signal?: AbortSignal;
  readonly progress?: (done: number) => void;
}

/** A side named for the party that the encounter does not have. */
export class PartyError extends Error {}

/** The players' side's index: the one asked for, else the one marked `players: true`, else the first. */
export function partySide(loaded: Loaded, asked?: string): number {
  const r = runFight(loaded.ruleset, loaded.setup, {
    driver: new AutoDriver(new SeededDice(Rng.seeded(0))),
    maxRounds: 0,
  });
  const sides = (r.state as FightState).sides;
  if (asked !== undefined) {
    const byIndex = /^\d+$/.test(asked) ? Number(asked) : -1;
    const i = byIndex >= 0 ? byIndex : sides.findIndex((s) => s.name === asked);
    if (i < 0 || i >= sides.length)
      throw new PartyError(
        `--party: the encounter has no side '${asked}': its sides are ${sides.map((s, k) => `${k} (${s.name})`).join(', ')}`,
      );
    return i;
  }
  const marked = sides.findIndex((s) => s.players);
  return marked >= 0 ? marked : 0;
}

const rate = (k: number, n: number): Rate => ({ rate: n > 0 ? k / n : 0, ci95: wilson(k, n) });

/** The figures of the party `side` from a simulation's totals. */
export function dangerFigures(t: Totals, side: number, names: readonly { name: string; side: number }[]) {
  const n = t.runs;
  const e = t.sides[side] ?? { wiped: 0, fled: 0, someDown: 0, someDead: 0 };
  const wins = t.wins[side] ?? 0;
  let roundSum = 0;
  t.rounds.forEach((count, k) => (roundSum += count * k));
  return {
    win: rate(wins, n),
    fled: rate(e.fled, n),
    wiped: rate(e.wiped, n),
    undecided: rate(n - wins - e.fled - e.wiped, n),
    someoneDown: rate(e.someDown, n),
    someoneDies: rate(e.someDead, n),
    meanRounds: n > 0 ? roundSum / n : 0,
    members: names.flatMap((c, i) => {
      if (c.side !== side) return [];
      const ct = t.combatants[i];
      return [{ name: c.name, down: rate(ct?.down ?? 0, n), dies: rate(ct?.dead ?? 0, n) }];
    }),
  };
}

type Figured = ReturnType<typeof dangerFigures>;

/** The bands at the best and the worst ends of the figures' intervals, mildest first. */
export function bandRange(f: Figured, limits: BandLimits): [Band, Band] {
  const best = bandOf(
    { win: f.win.ci95[1], someoneDown: f.someoneDown.ci95[0], someoneDies: f.someoneDies.ci95[0] },
    limits,
  );
  const worst = bandOf(
    { win: f.win.ci95[0], someoneDown: f.someoneDown.ci95[1], someoneDies: f.someoneDies.ci95[1] },
    limits,
  );
  return [best, worst];
}

/** The widest half-interval of the figures a band is read from. */
function widest(f: Figured): number {
  return Math.max(...[f.win, f.someoneDown, f.someoneDies].map((r) => (r.ci95[1] - r.ci95[0]) / 2));
}

/** Plays the encounter until its band is sure, its figures precise, or `maxRuns` played. */
export async function assessDanger(job: DangerJob): Promise<DangerReport> {
  const side = partySide(job.loaded, job.party);
  const limits = job.limits ?? OUR_BAND_LIMITS;
  let names: readonly { name: string; side: number }[] = [];
  let stopped: DangerStop = 'runs';
  const result = await runJob({
    variants: [job.variant],
    loaded: [job.loaded],
    seed: job.seed,
    from: 0,
    to: job.maxRuns,
    maxRounds: job.maxRounds,
    workers: job.workers,
    ...(job.pool ? { pool: job.pool } : {}),
    ...(job.signal ? { signal: job.signal } : {}),
    progress: job.progress,
    enough: (totals) => {
      const f = dangerFigures(totals[0] as Totals, side, names);
      const [best, worst] = bandRange(f, limits);
      if (best === worst) stopped = 'sure';
      else if (widest(f) <= job.precision) stopped = 'precise';
      else return false;
      return true;
    },
  });
  names = result.roster.combatants;
  const t = result.totals[0] as Totals;
  const f = dangerFigures(t, side, names);
  const between = bandRange(f, limits);
  if (stopped === 'runs' && between[0] === between[1]) stopped = 'sure';
  const point = { win: f.win.rate, someoneDown: f.someoneDown.rate, someoneDies: f.someoneDies.rate };
  const band = bandOf(point, limits);
  return {
    schema: 'fray-danger/1',
    title: job.loaded.setup.title ?? '',
    ruleset: job.loaded.ruleset.id,
    party: result.roster.sides[side] ?? '',
    seed: job.seed,
    runs: t.runs,
    band,
    beyond: brokenLimits(point, band, limits),
    between,
    sure: between[0] === between[1],
    stopped,
    ...f,
    limits,
    limitsFrom: job.limitsFrom ?? 'ours',
  };
}

/** The runs `fray danger` plays at most unless told: enough for every figure to ± 0.5 points. */
export const DANGER_MAX_RUNS = 40 * BLOCK;
/** How precisely a band on an edge is measured before `fray danger` says so and stops. */
export const DANGER_PRECISION = 0.01;
