// Where a worker is in its block, in memory shared with the main thread, which watches it: a
// worker that stops moving (a fight that never ends) or dies is named by the fight it was on.

/** A block's progress cell: 0 before the block starts, then 1 + the index of the fight under way. */
export function progressCell(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

/** Marks run `run` of variant `variant` as under way in a block that starts at `from`. */
export function markStarting(
  cell: Int32Array,
  from: number,
  variants: number,
  run: number,
  variant: number,
): void {
  Atomics.store(cell, 0, 1 + (run - from) * variants + variant);
}

/** The fight under way in a block, or null before it starts. */
export function underWay(
  cell: Int32Array,
  from: number,
  variants: number,
): { readonly run: number; readonly variant: number } | null {
  const v = Atomics.load(cell, 0);
  if (v === 0) return null;
  return { run: from + Math.floor((v - 1) / variants), variant: (v - 1) % variants };
}
