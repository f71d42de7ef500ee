// Sweeps: one or more parameters of an encounter varied over a grid, each point simulated on the
// same dice, and the plot of it. `fray sweep` and the designer's page both run it through here.
import type { OddsDuel } from '../core/ruleset.js';
import { EXACT_NOTE, whyNotExact, type MethodUsed } from './method.js';
import { makePool, runJob, type Pool } from './parallel.js';
import { heatMap, rateCurve } from './plot.js';
import { summarize, type SimSummary } from './run.js';
import type { Totals } from './totals.js';
import { EditError, parseEditPath, parseEditValue, type Variant } from './variant.js';

/** A sweep point's figures from its exact duel: the interval of a probability known exactly is the point. */
export function exactPoint(values: readonly unknown[], d: OddsDuel): SweepPoint {
  return {
    values,
    sides: d.sides.map((x) => ({ name: x.name, winRate: x.win, ci95: [x.win, x.win] as [number, number] })),
    drawRate: d.draw,
    meanRounds: d.meanRounds,
  };
}

export interface Axis {
  readonly path: string;
  readonly values: readonly unknown[];
}

/** The most points a sweep will run: beyond it the grid is surely a typo. */
export const MAX_POINTS = 10_000;

/**
 * `path=LO..HI:STEP` (numbers from LO to HI, STEP apart; STEP 1 if left out) or
 * `path=a,b,c` (these values, each read as YAML).
 */
export function parseAxis(spec: string): Axis {
  const eq = spec.indexOf('=');
  if (eq <= 0)
    throw new EditError(
      spec,
      "expected path=LO..HI:STEP or path=a,b,c, such as 'sides[0].combatants[0].profile.WS=25..65:5'",
    );
  const path = spec.slice(0, eq).trim();
  parseEditPath(path);
  const rhs = spec.slice(eq + 1).trim();
  const range = /^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?$/.exec(rhs);
  if (range) {
    const lo = Number(range[1]);
    const hi = Number(range[2]);
    const step = range[3] === undefined ? 1 : Number(range[3]);
    if (!(step > 0)) throw new EditError(path, `the step must be above 0, got ${range[3]}`);
    if (hi < lo) throw new EditError(path, `the range runs from ${lo} up, and ${hi} is below it`);
    const n = Math.floor((hi - lo) / step + 1e-9) + 1;
    if (n > MAX_POINTS) throw new EditError(path, `${n} values: at most ${MAX_POINTS}`);
    // Whole steps from LO, rounded to the step's decimals so that 0.1 steps print as 0.3, not 0.30000000000000004.
    const decimals = (range[3]?.split('.')[1]?.length ?? 0) + (range[1]?.split('.')[1]?.length ?? 0);
    return { path, values: Array.from({ length: n }, (_x, i) => Number((lo + i * step).toFixed(decimals))) };
  }
  const values = rhs.split(',').map((x) => x.trim());
  if (values.some((v) => v === '')) throw new EditError(path, `expected LO..HI:STEP or a,b,c, got '${rhs}'`);
  return { path, values: values.map(parseEditValue) };
}

/** Every combination of the axes' values, the last axis varying fastest. */
export function gridOf(axes: readonly Axis[]): unknown[][] {
  const size = axes.reduce((n, a) => n * a.values.length, 1);
  if (size > MAX_POINTS)
    throw new EditError(axes.map((a) => a.path).join(' × '), `${size} points: at most ${MAX_POINTS}`);
  let grid: unknown[][] = [[]];
  for (const a of axes) grid = grid.flatMap((row) => a.values.map((v) => [...row, v]));
  return grid;
}

/** A point's value as shown: text as it is, anything else as JSON. */
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The variant at each point of the grid: the base with the point's values as edits, each blamed on its axis's flag. */
export function sweepVariants(
  base: Variant,
  axes: readonly Axis[],
  grid: readonly (readonly unknown[])[],
  flagOf: (axis: number) => string = () => '--vary',
): Variant[] {
  return grid.map((values) => ({
    ...base,
    edits: [...base.edits, ...axes.map((a, k) => ({ path: a.path, value: values[k], flag: flagOf(k) }))],
  }));
}

export interface SweepRun {
  readonly variants: readonly Variant[];
  readonly seed: number;
  /** Fights at each point. */
  readonly runs: number;
  readonly maxRounds?: number;
  readonly workers: number;
  /** Before each point is run. */
  readonly point?: (k: number) => void;
  /** Fights done over every point so far, and the whole sweep's. */
  readonly progress?: (done: number, total: number) => void;
  /** Fights played over every point so far, those of the point's blocks not yet added up among them. */
  readonly played?: (runs: number, total: number) => void;
  /** Stops the sweep: the point under way is left out, the points finished are kept. */
  readonly signal?: AbortSignal;
}

/** Runs every point on one pool, each on the same seed; the summaries of the points finished. */
export async function runSweep(r: SweepRun): Promise<{ summaries: SimSummary[]; stopped: boolean }> {
  const workers = r.workers;
  const pool: Pool | undefined = workers > 1 ? await makePool(workers) : undefined;
  const total = r.variants.length * r.runs;
  const summaries: SimSummary[] = [];
  try {
    for (const [k, v] of r.variants.entries()) {
      if (r.signal?.aborted) break;
      r.point?.(k);
      // The same seed at every point: neighbouring points differ by the parameter, not the dice.
      const job = await runJob({
        variants: [v],
        seed: r.seed,
        from: 0,
        to: r.runs,
        maxRounds: r.maxRounds,
        workers,
        pool,
        signal: r.signal,
        progress: r.progress ? (done) => r.progress?.(k * r.runs + done, total) : undefined,
        played: r.played ? (runs) => r.played?.(k * r.runs + runs, total) : undefined,
      });
      if (job.stopped) break;
      summaries.push(summarize(job.totals[0] as Totals, job.roster, r.seed, null));
    }
  } finally {
    await pool?.destroy();
  }
  return { summaries, stopped: summaries.length < r.variants.length };
}

/** The sweep's figures (`--json`'s fray-sweep/1): each point finished, with its values. */
export function sweepResult(
  axes: readonly (Axis & { readonly label: string })[],
  grid: readonly (readonly unknown[])[],
  summaries: readonly SimSummary[],
  runs: number,
  seed: number,
  methodNote: string | null = null,
): SweepResult {
  return {
    schema: 'fray-sweep/1',
    method: 'sim',
    methodNote,
    runs,
    seed,
    axes,
    points: summaries.map((s, k) => ({
      values: grid[k] as readonly unknown[],
      sides: s.sides.map((x) => ({ name: x.name, winRate: x.winRate, ci95: x.ci95 })),
      drawRate: s.drawRate.rate,
      meanRounds: s.meanRounds,
    })),
  };
}

export interface SweepPoint {
  readonly values: readonly unknown[];
  readonly sides: readonly {
    readonly name: string;
    readonly winRate: number;
    readonly ci95: [number, number];
  }[];
  readonly drawRate: number;
  readonly meanRounds: number;
}

export interface SweepResult {
  readonly schema: 'fray-sweep/1';
  /** Solved exactly, or simulated. */
  readonly method: MethodUsed;
  /** What the method means here, or why a sweep asked `auto` was simulated. */
  readonly methodNote: string | null;
  /** Fights at each point and their seed: 0 when solved exactly. */
  readonly runs: number;
  readonly seed: number;
  /** Each axis's path, a readable label ("Helmut: WS"), and its values. */
  readonly axes: readonly (Axis & { readonly label: string })[];
  readonly points: readonly SweepPoint[];
}

/** The sweep's figures solved exactly: every point's duel. */
export function exactSweepResult(
  axes: readonly (Axis & { readonly label: string })[],
  grid: readonly (readonly unknown[])[],
  duels: readonly OddsDuel[],
): SweepResult {
  return {
    schema: 'fray-sweep/1',
    method: 'exact',
    methodNote: EXACT_NOTE,
    runs: 0,
    seed: 0,
    axes,
    points: duels.map((d, k) => exactPoint(grid[k] as readonly unknown[], d)),
  };
}

/** Why a sweep asked `auto` was simulated: the first point with no exact solution. */
export function simulatedBecause(
  axes: readonly (Axis & { readonly label: string })[],
  grid: readonly (readonly unknown[])[],
  refused: { readonly variant: number; readonly reason: string },
): string {
  const at = (grid[refused.variant] ?? []).map((v, k) => `${axes[k]?.label ?? '?'} = ${show(v)}`).join(', ');
  return `simulated: no exact solution at ${at} (${whyNotExact(refused.reason)})`;
}

/** `sides[0].combatants[1].profile.WS` → "Helmut: WS", when the combatant has a name. */
export function axisLabel(source: unknown, path: string): string {
  const m = /^sides\[(\d+)\]\.combatants\[(\d+)\]\.(?:profile\.)?(.+)$/.exec(path);
  if (!m) return path;
  const sides = (source as { sides?: { combatants?: { name?: unknown; use?: unknown }[] }[] }).sides;
  const c = sides?.[Number(m[1])]?.combatants?.[Number(m[2])];
  const name = typeof c?.name === 'string' ? c.name : typeof c?.use === 'string' ? c.use : null;
  return name ? `${name}: ${m[3]}` : path;
}

/**
 * One axis: every side's win rate along it; two: the first side's win rate over the grid; more:
 * the first two axes at the other axes' first values. A sweep stopped part way has the points it
 * finished: a curve that ends early, a heat map with the cells not run left blank.
 */
export function svgOf(title: string, r: SweepResult): string {
  const first = r.axes[0] as SweepResult['axes'][number];
  if (r.axes.length === 1) {
    const names = r.points[0]?.sides.map((s) => s.name) ?? [];
    return rateCurve(
      `${title}: win rates`,
      first.label,
      first.values.map(show),
      names.map((name, s) => ({
        name,
        points: r.points.map((p) => ({
          y: p.sides[s]?.winRate ?? 0,
          lo: p.sides[s]?.ci95[0] ?? 0,
          hi: p.sides[s]?.ci95[1] ?? 0,
        })),
      })),
    );
  }
  const second = r.axes[1] as SweepResult['axes'][number];
  // Points per cell: the other axes' combinations (the first values of each are plotted). From the
  // axes, not the points, which a stopped sweep has fewer of.
  const stride = r.axes.slice(2).reduce((n, a) => n * a.values.length, 1);
  const side = r.points[0]?.sides[0]?.name ?? 'side 1';
  // rates[j][i]: the second axis's j-th value up, the first axis's i-th across.
  const rates = second.values.map((_y, j) =>
    first.values.map((_x, i) => r.points[(i * second.values.length + j) * stride]?.sides[0]?.winRate ?? null),
  );
  return heatMap(
    `${title}: ${side} wins`,
    first.label,
    second.label,
    first.values.map(show),
    second.values.map(show),
    rates,
  );
}
