// A comparison: two variants of an encounter on the same dice (common random numbers), and what
// changes between them run by run, with its interval. `fray compare` and the designer's page
// both run it through here.
import { basename, resolve } from 'node:path';
import { ValidationError } from '../core/document.js';
import { byName } from '../core/names.js';
import type { Loaded } from '../core/encounter.js';
import type { OddsDuel } from '../core/ruleset.js';
import { EXACT_NOTE, whyNotExact, type MethodUsed } from './method.js';
import { runJob, type Checkpoint } from './parallel.js';
import { rosterOf, summarize, type Rate, type Roster, type SimSummary } from './run.js';
import { meanOf, pairedDifference, type PairTotals, type Totals } from './totals.js';
import { EditError, loadVariant, parseEdit, type Edit, type Variant } from './variant.js';

/**
 * One side of a comparison as written: `criticals=sudden-death`, `sides[0].combatants[0].profile.WS=45`,
 * `file=other.yaml`, comma-separated or repeated. `flag` names where it was written (`--b`), for
 * the refusals; `files` is false where no file may be named (an encounter of the campaign).
 */
export function parseVariantSpec(
  base: Variant,
  specs: readonly string[],
  flag: string,
  files = true,
): Variant {
  let file = base.file;
  const options = Object.assign(byName<string>(), base.options);
  const edits: Edit[] = [...base.edits];
  for (const spec of specs) {
    for (const item of spec
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '')) {
      const eq = item.indexOf('=');
      if (eq <= 0) throw new EditError(flag, `expected name=value, path=value or file=FILE, got '${item}'`);
      const key = item.slice(0, eq).trim();
      const value = item.slice(eq + 1).trim();
      if (key === 'file') {
        if (!files) throw new EditError(flag, `'${item}': a study of the campaign's encounter names no file`);
        file = resolve(value);
      } else if (/[.[]/.test(key)) edits.push(parseEdit(item, flag));
      else options[key] = value;
    }
  }
  // A second file is read from disk; the base's text goes with the base's file only.
  const text = file === base.file ? base.text : undefined;
  return {
    file,
    ...(text !== undefined ? { text } : {}),
    options,
    tables: base.tables,
    edits,
    allow: base.allow,
  };
}

/** How a side of the comparison is shown: what was written for it, or the encounter as it stands. */
export function variantLabel(base: Variant, specs: readonly string[]): string {
  return specs.length > 0 ? specs.join(', ') : `${basename(base.file)} as it stands`;
}

/** B − A: each side's wins, the draws and the mean rounds, with 95% intervals (the point when exact). */
export interface Difference {
  readonly sides: { readonly name: string; readonly diff: number; readonly ci95: [number, number] }[];
  readonly draws: { readonly diff: number; readonly ci95: [number, number] };
  readonly meanRounds: { readonly diff: number; readonly ci95: [number, number] };
}

/** Two variants simulated on the same dice. */
export interface SimComparison {
  readonly schema: 'fray-compare/1';
  readonly method: 'sim';
  /** Why a comparison asked `auto` was simulated; null otherwise. */
  readonly methodNote: string | null;
  readonly runs: number;
  readonly seed: number;
  readonly a: { readonly label: string; readonly summary: SimSummary };
  readonly b: { readonly label: string; readonly summary: SimSummary };
  /** B − A, paired run by run. */
  readonly difference: Difference;
}

/** What an exact comparison shows of a variant: its duel's figures, as a summary's fields name them. */
export interface ExactSummary {
  readonly sides: { readonly name: string; readonly winRate: number; readonly ci95: [number, number] }[];
  readonly drawRate: Rate;
  readonly meanRounds: number;
}

/** Two duels solved exactly: no dice, and a difference with no sampling error. */
export interface ExactComparison {
  readonly schema: 'fray-compare/1';
  readonly method: Extract<MethodUsed, 'exact'>;
  readonly methodNote: string;
  readonly runs: 0;
  readonly seed: 0;
  readonly a: { readonly label: string; readonly summary: ExactSummary };
  readonly b: { readonly label: string; readonly summary: ExactSummary };
  readonly difference: Difference;
}

export type Comparison = SimComparison | ExactComparison;

const exactly = (x: number): [number, number] => [x, x];

function exactSummary(d: OddsDuel): ExactSummary {
  return {
    sides: d.sides.map((x) => ({ name: x.name, winRate: x.win, ci95: exactly(x.win) })),
    drawRate: { rate: d.draw, ci95: exactly(d.draw) },
    meanRounds: d.meanRounds,
  };
}

/** Why A and B cannot both be solved exactly: "no exact solution for B (not one against one (1 against 2))". */
export function notExactFor(refused: { readonly variant: number; readonly reason: string }): string {
  return `no exact solution for ${refused.variant === 0 ? 'A' : 'B'} (${whyNotExact(refused.reason)})`;
}

/** A and B solved exactly (their duels, in the order of the sides), and B − A. */
export function exactComparison(
  labels: readonly [string, string],
  [a, b]: readonly [OddsDuel, OddsDuel],
): ExactComparison {
  const diff = (x: number) => ({ diff: x, ci95: exactly(x) });
  return {
    schema: 'fray-compare/1',
    method: 'exact',
    methodNote: EXACT_NOTE,
    runs: 0,
    seed: 0,
    a: { label: labels[0], summary: exactSummary(a) },
    b: { label: labels[1], summary: exactSummary(b) },
    difference: {
      sides: a.sides.map((x, s) => ({ name: x.name, ...diff((b.sides[s]?.win ?? 0) - x.win) })),
      draws: diff(b.draw - a.draw),
      meanRounds: diff(b.meanRounds - a.meanRounds),
    },
  };
}

/** Both variants loaded and checked to pair up: the same number of sides, paired in order. */
export function loadPair(a: Variant, b: Variant, flag = '--b'): [Loaded, Loaded] {
  const la = loadVariant(a);
  const lb = loadVariant(b);
  const na = rosterOf(la.ruleset, la.setup).sides.length;
  const nb = rosterOf(lb.ruleset, lb.setup).sides.length;
  if (na !== nb)
    throw new ValidationError([
      {
        file: 'command line',
        path: flag,
        message: `B has ${nb} sides and A ${na}: a comparison pairs the sides in order`,
      },
    ]);
  return [la, lb];
}

export interface CompareRun {
  readonly a: Variant;
  readonly b: Variant;
  /** The two as loadPair loaded them (for their rosters, and played as they are). */
  readonly loaded: readonly [Loaded, Loaded];
  readonly labels: readonly [string, string];
  readonly seed: number;
  readonly runs: number;
  readonly maxRounds?: number;
  readonly untilCi?: number;
  readonly workers: number;
  readonly progress?: (done: number) => void;
  /** The pairs played so far, those of blocks not yet added up among them (runJob's `played`). */
  readonly played?: (runs: number) => void;
  readonly signal?: AbortSignal;
  /** Going on from a checkpoint (runJob's `prior`), and told of each (runJob's `checkpoint`). */
  readonly prior?: Checkpoint;
  readonly checkpoint?: (c: Checkpoint) => void;
  /** Why a comparison asked `auto` is simulated. */
  readonly methodNote?: string | null;
}

/** Runs the paired fights and sets out A, B and B − A; `stopped` when the signal cut it short. */
export async function runComparison(c: CompareRun): Promise<{ comparison: SimComparison; stopped: boolean }> {
  const r = await runJob({
    variants: [c.a, c.b],
    loaded: c.loaded,
    seed: c.seed,
    from: c.prior?.done ?? 0,
    to: c.runs,
    maxRounds: c.maxRounds,
    untilCi: c.untilCi,
    workers: c.workers,
    progress: c.progress,
    played: c.played,
    signal: c.signal,
    prior: c.prior,
    checkpoint: c.checkpoint,
  });
  const [ra, rb] = c.loaded.map((l) => rosterOf(l.ruleset, l.setup)) as [Roster, Roster];
  const until = c.untilCi === undefined ? null : { target: c.untilCi, reached: r.reached };
  const p = r.pairs as PairTotals;
  const comparison: SimComparison = {
    schema: 'fray-compare/1',
    method: 'sim',
    methodNote: c.methodNote ?? null,
    runs: p.runs,
    seed: c.seed,
    a: { label: c.labels[0], summary: summarize(r.totals[0] as Totals, ra, c.seed, until) },
    b: { label: c.labels[1], summary: summarize(r.totals[1] as Totals, rb, c.seed, until) },
    difference: {
      sides: ra.sides.map((name, s) => ({
        name,
        ...pairedDifference(p.aOnly[s] ?? 0, p.bOnly[s] ?? 0, p.runs),
      })),
      draws: pairedDifference(p.drawsAOnly, p.drawsBOnly, p.runs),
      meanRounds: (({ mean, ci95 }) => ({ diff: mean, ci95 }))(meanOf(p.rounds, p.runs)),
    },
  };
  return { comparison, stopped: r.stopped };
}
