// Sweeps: one or more parameters of an encounter varied over a grid, each point simulated.
import { EditError, parseEditPath, parseEditValue } from './variant.js';

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
