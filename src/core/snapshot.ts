// A copy of a fight's state to play on from while the original stays as it was: the checkpoints a
// server keeps of each open fight (issue 46), so that an answer replays one round, not the fight.
// A state is a graph (combatants point at their targets, at whom they fought, at the encounter's
// data); the copy keeps its shape, each object copied once, and shares what the setup holds: the
// setup is never changed by a fight (a simulation plays all its runs on one, docs/architecture.md).

/** The objects a setup reaches: shared by every copy of a state made from it, never copied. */
export function reachable(root: unknown): WeakSet<object> {
  const seen = new WeakSet<object>();
  const todo: unknown[] = [root];
  while (todo.length > 0) {
    const v = todo.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (v instanceof Map) for (const [k, x] of v) todo.push(k, x);
    else if (v instanceof Set) for (const x of v) todo.push(x);
    else for (const k of Object.keys(v)) todo.push((v as Record<string, unknown>)[k]);
  }
  return seen;
}

/**
 * A copy of `state`: plain objects (with their prototype), arrays, Maps and Sets copied, each once
 * however often it is pointed at; what `shared` holds, functions and primitives kept as they are.
 */
export function copyState<T>(state: T, shared: WeakSet<object>): T {
  const copies = new Map<object, unknown>();
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object' || shared.has(v)) return v;
    const had = copies.get(v);
    if (had !== undefined) return had;
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      copies.set(v, out);
      for (let i = 0; i < v.length; i++) out[i] = copy(v[i]);
      return out;
    }
    if (v instanceof Map) {
      const out = new Map();
      copies.set(v, out);
      for (const [k, x] of v) out.set(copy(k), copy(x));
      return out;
    }
    if (v instanceof Set) {
      const out = new Set();
      copies.set(v, out);
      for (const x of v) out.add(copy(x));
      return out;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    // A state holds data, not instances with hidden fields: one would not be copied right.
    if (proto !== Object.prototype && proto !== null)
      throw new TypeError(
        `a fight's state holds a ${(proto as { constructor?: { name?: string } }).constructor?.name ?? 'class'} instance, which cannot be copied`,
      );
    const out: Record<string, unknown> = Object.create(proto as object | null) as Record<string, unknown>;
    copies.set(v, out);
    for (const k of Object.keys(v)) out[k] = copy((v as Record<string, unknown>)[k]);
    return out;
  };
  return copy(state) as T;
}
