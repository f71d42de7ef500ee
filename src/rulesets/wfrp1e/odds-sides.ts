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

/**
 * A state within the round is a number: the ids of both sides and the wounds dealt by the first
 * less those by the second (§ Winning and Losing), with room for 65,536 sides and ±2²⁰ wounds.
 */
export const SIDE_IDS = 2 ** 16;
const DIFF_ROOM = 2 ** 21;
const HALF = DIFF_ROOM / 2;
export const stateOf = (x: Side, y: Side, diff: number): number =>
  (x.id * SIDE_IDS + y.id) * DIFF_ROOM + diff + HALF;
export const diffOf = (k: number): number => (k % DIFF_ROOM) - HALF;
export const firstOf = (k: number): number => Math.floor(k / DIFF_ROOM / SIDE_IDS);
export const secondOf = (k: number): number => Math.floor(k / DIFF_ROOM) % SIDE_IDS;

/** Adds probability to the state (x, y, diff) of a map. */
export function put(m: Map<number, number>, x: Side, y: Side, diff: number, p: number): void {
  const k = stateOf(x, y, diff);
  m.set(k, (m.get(k) ?? 0) + p);
}

/** Fighter `base` as the engine's own functions see it in side `x` of round `round`: W, blows due, parries made, owed. */
export function sideView(codec: LastingCodec, base: Fighter, x: Side, round: number): Fighter {
  return Object.assign(codec.view(base, x.l, round), {
    pending: [...x.pending],
    parries: x.parries,
    owedAttacks: x.owed,
  });
}
