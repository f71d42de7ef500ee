// A fighter within a round of the WFRP 1e exact duel, and a state of the round as one number: each
// fighter's side (its lasting state, the blows it still has due, the parries it made, the blows it
// owes, whether it is out), interned so that each has an id, and the wounds dealt between them so
// far (§ Winning and Losing).
import type { Fighter } from './state.js';
import type { Lasting, LastingCodec } from './odds-lasting.js';

/**
 * A fighter between rounds and within one: W, the blows still due this round (their EI ticks),
 * the parries made, the blows owed to a parry, out of the fight. Interned: one object, one id.
 */
export interface Side {
  readonly id: number;
  /** W and what criticals left (odds-lasting.ts), relative to the round. */
  readonly l: Lasting;
  readonly pending: readonly number[];
  readonly parries: number;
  readonly owed: number;
  /** 0 in the fight; 1 struck down at this moment (it still strikes, § More About Rounds); 2 out. */
  readonly out: 0 | 1 | 2;
}

/** The sides met so far, each once, so that a state's key is a number. */
export class Sides {
  private readonly byKey = new Map<string, Side>();
  /** Each side by its id. */
  readonly list: Side[] = [];
  get size(): number {
    return this.list.length;
  }
  of(l: Lasting, pending: readonly number[], parries: number, owed: number, out: Side['out']): Side {
    const k = `${l.id},${pending.join('.')},${parries},${owed},${out}`;
    let x = this.byKey.get(k);
    if (!x) {
      x = { id: this.list.length, l, pending, parries, owed, out };
      this.byKey.set(k, x);
      this.list.push(x);
    }
    return x;
  }
  /** By side, then (lasting state, out) as one number. */
  private readonly relitCache = new Map<number, Map<number, Side>>();
  /** `x` in lasting state `l`, out as `out` says: its blows due, parries and blows owed as they were. */
  relit(x: Side, l: Lasting, out: Side['out']): Side {
    let byL = this.relitCache.get(x.id);
    if (!byL) this.relitCache.set(x.id, (byL = new Map()));
    let y = byL.get(l.id * 4 + out);
    if (!y) byL.set(l.id * 4 + out, (y = this.of(l, x.pending, x.parries, x.owed, out)));
    return y;
  }
  private readonly afterBlow = new Map<number, Side>();
  /** `x` once its blow due at `pending[at]` is struck: the same side without that blow. */
  struck(x: Side, at: number): Side {
    // Blows due are a few (A): the key holds up to 64 of them, more go uncached.
    const k = at < 64 ? x.id * 64 + at : -1;
    let y = k < 0 ? undefined : this.afterBlow.get(k);
    if (!y) {
      const pending = x.pending.filter((_, i) => i !== at);
      this.afterBlow.set(k, (y = this.of(x.l, pending, x.parries, x.owed, x.out)));
    }
    return y;
  }
}

/** Sides are numbered below this (the chain refuses more), so that a blow's outcomes are cached by one number. */
export const SIDE_IDS = 2 ** 16;

/** The slot where state (x, y, diff) is looked for first, in a table of `mask + 1` slots. */
function home(x: number, y: number, diff: number, mask: number): number {
  const h = (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(diff, 0xc2b2ae3d)) >>> 0;
  return (h ^ (h >>> 15)) & mask;
}

/**
 * The states within a round with their chances: a state is both sides by their ids and the wounds
 * dealt by the first less those by the second (§ Winning and Losing). Kept in the order each state
 * was first given a chance, as a Map keeps its keys, so that the chances are added up in the same
 * order whatever holds them; in typed arrays, found by an open-addressing table, so that adding to
 * a state allocates nothing. Emptied in place (`clear`) to be used again.
 */
export class StateMap {
  /** The states' entries, 0 to size − 1: the first side's id, the second's, the difference of wounds, the chance. */
  xs = new Int32Array(16);
  ys = new Int32Array(16);
  ds = new Int32Array(16);
  ps = new Float64Array(16);
  size = 0;
  /** Each slot of the table: an entry's index, valid where its stamp is the table's current one. */
  private slot = new Int32Array(32);
  private stamp = new Int32Array(32);
  private now = 1;

  /** Adds `p` to the chance of state (x, y, diff), as `m.set(k, (m.get(k) ?? 0) + p)` would. */
  add(x: number, y: number, diff: number, p: number): void {
    const i = this.entry(x, y, diff);
    this.ps[i] = (this.ps[i] as number) + p;
  }

  /** The index of state (x, y, diff)'s entry, made with chance 0 if it has none yet. */
  entry(x: number, y: number, diff: number): number {
    const { slot, stamp, now, xs, ys, ds } = this;
    const mask = slot.length - 1;
    let h = home(x, y, diff, mask);
    while (stamp[h] === now) {
      const i = slot[h] as number;
      if (xs[i] === x && ys[i] === y && ds[i] === diff) return i;
      h = (h + 1) & mask;
    }
    const i = this.size++;
    if (i === this.xs.length) this.grow();
    this.xs[i] = x;
    this.ys[i] = y;
    this.ds[i] = diff;
    this.ps[i] = 0;
    this.stamp[h] = this.now;
    this.slot[h] = i;
    if (2 * this.size > this.slot.length) this.rehash();
    return i;
  }

  /** Empty, keeping its room. */
  clear(): void {
    this.size = 0;
    this.now++;
  }

  private grow(): void {
    const n = 2 * this.xs.length;
    const more = <T extends Int32Array | Float64Array>(a: T, b: T): T => (b.set(a), b);
    this.xs = more(this.xs, new Int32Array(n));
    this.ys = more(this.ys, new Int32Array(n));
    this.ds = more(this.ds, new Int32Array(n));
    this.ps = more(this.ps, new Float64Array(n));
  }

  /** A table twice as large, the entries placed again in their order. */
  private rehash(): void {
    const n = 2 * this.slot.length;
    this.slot = new Int32Array(n);
    this.stamp = new Int32Array(n);
    this.now = 1;
    const mask = n - 1;
    for (let i = 0; i < this.size; i++) {
      const x = this.xs[i] as number;
      const y = this.ys[i] as number;
      let h = home(x, y, this.ds[i] as number, mask);
      while (this.stamp[h] === 1) h = (h + 1) & mask;
      this.stamp[h] = 1;
      this.slot[h] = i;
    }
  }
}

/** Fighter `base` as the engine's own functions see it in side `x` of round `round`: W, blows due, parries made, owed. */
export function sideView(codec: LastingCodec, base: Fighter, x: Side, round: number): Fighter {
  return Object.assign(codec.view(base, x.l, round), {
    pending: [...x.pending],
    parries: x.parries,
    owedAttacks: x.owed,
  });
}
