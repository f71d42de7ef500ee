/** One row of a dice table: a result range (inclusive) and what it gives. */
export interface RangeRow<T> {
  readonly lo: number;
  readonly hi: number;
  readonly value: T;
}

export class TableError extends Error {}

/** The row whose range holds `roll`. Tables are checked when built, so a miss is a bug. */
export function lookup<T>(rows: readonly RangeRow<T>[], roll: number): T {
  for (const r of rows) if (roll >= r.lo && roll <= r.hi) return r.value;
  throw new TableError(`no row for ${roll}`);
}

/** Checks that rows cover lo..hi exactly once, in order. Used on shipped and user tables. */
export function checkCoverage<T>(rows: readonly RangeRow<T>[], lo: number, hi: number, name: string): void {
  let next = lo;
  for (const r of rows) {
    if (r.lo !== next || r.hi < r.lo)
      throw new TableError(`${name}: row ${r.lo}-${r.hi} should start at ${next}`);
    next = r.hi + 1;
  }
  if (next !== hi + 1) throw new TableError(`${name}: rows end at ${next - 1}, expected ${hi}`);
}

/** Builds rows from compact [lo, hi, value] triples and checks their coverage. */
export function rangeTable<T>(
  name: string,
  lo: number,
  hi: number,
  triples: readonly (readonly [number, number, T])[],
): readonly RangeRow<T>[] {
  const rows = triples.map(([l, h, value]) => ({ lo: l, hi: h, value }));
  checkCoverage(rows, lo, hi, name);
  return rows;
}
