/**
 * Groups items by a key, highest first; items with equal keys share a group and act at the
 * same time. Within a group the input order is kept, so callers decide tie order.
 */
export function descendingGroups<T>(items: readonly T[], key: (t: T) => number): T[][] {
  const sorted = items
    .map((item, index) => ({ item, index, k: key(item) }))
    .sort((a, b) => b.k - a.k || a.index - b.index);
  const groups: T[][] = [];
  let last = Number.NaN;
  for (const s of sorted) {
    if (groups.length === 0 || s.k !== last) groups.push([]);
    (groups[groups.length - 1] as T[]).push(s.item);
    last = s.k;
  }
  return groups;
}
