// One round of the WFRP 1e exact duel from a state between rounds, as the engine plays it: the
// tests a critical left for the round, its blows and flights in the timeline's order (those who may
// not strike letting theirs go), whoever is down out of the fight at each moment's end, then the
// bleeding; the states it leads to and the chance the fight ends in it, and how (its row).
import type { ChainBudget } from '../../core/odds.js';
import type { LastingEffects } from './odds-effects.js';
import type { Lasting } from './odds-lasting.js';
import type { BlowOutcomes } from './odds-outcomes.js';
import { diffOf, firstOf, put, secondOf, sideView, SIDE_IDS, type Side, type Sides } from './odds-sides.js';
import type { Group, Timelines } from './odds-timeline.js';
import { canAttack } from './blow.js';
import { running, type Fighter, type W1State } from './state.js';

// Between rounds: W and blows owed of each, who won the last round (0 nobody, 1 a, 2 b), and
// whether no round has been fought yet (the weapon modifiers' I counts it; without them, never).
export interface Outer {
  /** Each fighter's lasting state (its id), as of the round to come. */
  readonly L: readonly [number, number];
  readonly owed: readonly [number, number];
  readonly win: number;
  readonly first: boolean;
}

/** One round from a state between rounds: where it leads, and the chance the fight ends in it and how. */
export interface Row {
  /** The states it leads to, by their number (`ids`), with their chances (`ps`). */
  readonly ids: readonly number[];
  readonly ps: readonly number[];
  readonly aWins: number;
  readonly bWins: number;
  readonly bothDead: number;
}

/** The states between rounds met so far, each with its number. */
export class Outers {
  // By both lasting ids (below 2²⁴ each), then by the blows owed, who won and the first round.
  private readonly numbers = new Map<number, Map<number, number>>();
  /** Each state by its number. */
  readonly list: Outer[] = [];

  numberOf(o: Outer): number {
    const k = o.L[0] * 2 ** 24 + o.L[1];
    let inner = this.numbers.get(k);
    if (!inner) this.numbers.set(k, (inner = new Map()));
    const k2 = ((o.owed[0] * 256 + o.owed[1]) * 3 + o.win) * 2 + (o.first ? 1 : 0);
    let n = inner.get(k2);
    if (n === undefined) {
      inner.set(k2, (n = this.list.length));
      this.list.push(o);
    }
    return n;
  }
}

/** The rounds of one duel, each from a state between rounds. */
export class Rounds {
  private steps = 0;
  /** The states held when a round passed the budget. */
  stoppedIn = 0;
  private readonly runsCache = new Map<number, boolean>();
  private readonly ableCache = new Map<number, boolean>();

  constructor(
    private readonly st: W1State,
    private readonly fs: readonly [Fighter, Fighter],
    private readonly budget: ChainBudget,
    private readonly sides: Sides,
    private readonly effects: LastingEffects,
    private readonly outcomes: BlowOutcomes,
    private readonly timelines: Timelines,
    private readonly outers: Outers,
  ) {}

  /** Fighter i in side `x` runs from the fight: forced to flee, and neither down, dazed nor held (the engine's `running`). */
  private runs(i: 0 | 1, x: Side): boolean {
    if (x.l.flee === null) return false;
    let r = this.runsCache.get(x.l.id * 2 + i);
    if (r === undefined)
      this.runsCache.set(
        x.l.id * 2 + i,
        (r = running(sideView(this.effects.codec, this.fs[i], x, this.st.round), this.st.round)),
      );
    return r;
  }

  /**
   * Fighter i's flight at its turn, from state `k` (round/fleeing.ts, resolveFlight): one out or
   * struck down at this moment goes nowhere; one down, dazed or held stays (and may be struck);
   * one running is gone, out of the fight. The foe's free blow at its back is not played: whatever
   * it does, the fleer is out (dead or fled) and the foe stands, so who wins is the same.
   */
  private fleeAt(k: number, i: 0 | 1, last: boolean, p0: number, out: Map<number, number>): void {
    const sides = this.sides;
    const f = [sides.list[firstOf(k)], sides.list[secondOf(k)]] as [Side, Side];
    const diff = last ? Math.sign(diffOf(k)) : diffOf(k);
    const me = f[i];
    if (me.out === 0 && this.runs(i, me)) f[i] = sides.of(me.l, me.pending, me.parries, me.owed, 2);
    put(out, f[0], f[1], diff, p0);
  }

  /** Fighter i's blow due at `tick`, from state `k`: every outcome into `out`. */
  private blowAt(
    k: number,
    i: 0 | 1,
    tick: number,
    won: boolean,
    last: boolean,
    p0: number,
    out: Map<number, number>,
  ): void {
    const sides = this.sides;
    const f = [sides.list[firstOf(k)], sides.list[secondOf(k)]] as [Side, Side];
    const diff = diffOf(k);
    const me = f[i];
    const at = me.pending.indexOf(tick);
    // Out before the moment came, or the blow lost to a parry: nothing happens.
    if (me.out === 2 || at < 0) return void out.set(k, (out.get(k) ?? 0) + p0);
    const mine = sides.struck(me, at);
    const foe = f[1 - i] as Side;
    // Nobody left within reach, or the foe running from the fight (withinReach passes over a
    // runner, § Fleeing): the blow is not struck.
    if (foe.out !== 0 || this.runs((1 - i) as 0 | 1, foe))
      return i === 0 ? put(out, mine, foe, diff, p0) : put(out, foe, mine, diff, p0);
    const list = this.outcomes.of(i, won, me.l, foe, tick);
    this.steps += list.length;
    // After the round's last blow only who dealt more counts (§ Winning and Losing): fewer states.
    for (const [after, w, p] of list) {
      const d = i === 0 ? diff + w : diff - w;
      if (i === 0) put(out, mine, after, last ? Math.sign(d) : d, p0 * p);
      else put(out, after, mine, last ? Math.sign(d) : d, p0 * p);
    }
  }

  /** Fighter i in side `x` may strike now (canAttack, as runTimeline asks it when a moment comes). */
  private able(i: 0 | 1, x: Side): boolean {
    let ok = this.ableCache.get(x.l.id * 2 + i);
    if (ok === undefined) {
      ok = canAttack(this.st, sideView(this.effects.codec, this.fs[i], x, this.st.round));
      this.ableCache.set(x.l.id * 2 + i, ok);
    }
    return ok;
  }

  /** The states of `cur` with the blows at this moment of those who may not strike taken out. */
  private unable(cur: Map<number, number>, g: Group): Map<number, number> {
    const sides = this.sides;
    // A flight is no blow: canAttack does not stop it (resolveFlight asks its own questions).
    const striking = g.who.filter((_, k) => !g.flee[k]);
    if (striking.length === 0) return cur;
    let all = true;
    for (const [s] of cur) {
      const f = [sides.list[firstOf(s)], sides.list[secondOf(s)]] as [Side, Side];
      if (!striking.every((i) => f[i].out !== 0 || this.able(i, f[i]))) all = false;
    }
    if (all) return cur;
    const out = new Map<number, number>();
    for (const [s, p] of cur) {
      const f = [sides.list[firstOf(s)], sides.list[secondOf(s)]] as [Side, Side];
      for (const i of striking) {
        const at = f[i].pending.indexOf(g.tick);
        if (f[i].out === 0 && at >= 0 && !this.able(i, f[i])) f[i] = sides.struck(f[i], at);
      }
      put(out, f[0], f[1], diffOf(s), p);
    }
    return out;
  }

  /** The round from state `o` between rounds (null: it passed the budget; `stoppedIn` says with how many states). */
  rowOf(o: Outer): Row | null {
    const { sides, effects, timelines, outers, budget } = this;
    let aW = 0;
    let bW = 0;
    let both = 0;
    const to = new Map<number, number>();
    /**
     * Fighter i alone stands, in lasting state `stood`, with chance p: the rest of the round passes
     * with nobody to strike at, and the fight is decided after the round's end (decideOutcome),
     * where i still bleeds and may fall too (both out: a draw).
     */
    const settle = (i: 0 | 1, stood: Lasting, p: number) => {
      for (const [l, q] of effects.bled(i, stood)) {
        if (l.out !== null) both += p * q;
        else if (i === 0) aW += p * q;
        else bW += p * q;
      }
    };
    /** The round's blows and its end from lasting states L, with chance `pL` (false: over the budget). */
    const playRound = (o: Outer, L: readonly [Lasting, Lasting], pL: number): boolean => {
      for (const { tl, p: pEdge } of timelines.plans(o.win, o.owed, o.first, L)) {
        let cur = new Map<number, number>();
        const x0 = sides.of(L[0], tl.pending[0], 0, tl.owedLeft[0], 0);
        const y0 = sides.of(L[1], tl.pending[1], 0, tl.owedLeft[1], 0);
        put(cur, x0, y0, 0, pEdge * pL);
        for (const [gi, g] of tl.groups.entries()) {
          // Whoever may not strike when the moment comes (parry only, no attacks, no action…: the
          // engine's canAttack, as runTimeline asks it) lets its blow here go.
          cur = this.unable(cur, g);
          for (const [k, i] of g.who.entries()) {
            const last = gi === tl.groups.length - 1 && k === g.who.length - 1;
            const then = new Map<number, number>();
            if (g.flee[k]) for (const [s, q] of cur) this.fleeAt(s, i, last, q, then);
            else for (const [s, q] of cur) this.blowAt(s, i, g.tick, tl.win === i + 1, last, q, then);
            cur = then;
          }
          // The moment over: whoever is down is out of the fight.
          const going = new Map<number, number>();
          for (const [s, p] of cur) {
            const x = sides.list[firstOf(s)] as Side;
            const y = sides.list[secondOf(s)] as Side;
            if (x.out === 0 && y.out === 0) {
              going.set(s, p);
              continue;
            }
            if (x.out && y.out) {
              both += p;
              continue;
            }
            if (y.out) settle(0, x.l, p);
            else settle(1, y.l, p);
          }
          cur = going;
          if (!budget.spend(this.steps) || sides.size >= SIDE_IDS) {
            this.stoppedIn = cur.size;
            return false;
          }
          this.steps = 0;
        }
        // The end of the round (endRound): only each one's lasting state, its blows owed and who won
        // read on, so the states alike in these are summed before the bleeding multiplies them.
        const ends = new Map<string, { x: Side; y: Side; win: number; p: number }>();
        for (const [s, p] of cur) {
          const x = sides.list[firstOf(s)] as Side;
          const y = sides.list[secondOf(s)] as Side;
          const diff = diffOf(s);
          const win = diff > 0 ? 1 : diff < 0 ? 2 : 0;
          const k = `${x.l.id},${x.owed},${y.l.id},${y.owed},${win}`;
          const e = ends.get(k);
          if (e) e.p += p;
          else ends.set(k, { x, y, win, p });
        }
        for (const { x, y, win, p } of ends.values()) {
          // Each bleeds (the engine's bleed), which may take it out.
          for (const [lx, px] of effects.bled(0, x.l))
            for (const [ly, py] of effects.bled(1, y.l)) {
              const q = p * px * py;
              if (lx.out !== null || ly.out !== null) {
                if (lx.out !== null && ly.out !== null) both += q;
                else if (ly.out !== null) aW += q;
                else bW += q;
                continue;
              }
              const n = outers.numberOf({
                L: [effects.nextRound(0, lx).id, effects.nextRound(1, ly).id],
                owed: [x.owed, y.owed],
                win,
                first: false,
              });
              to.set(n, (to.get(n) ?? 0) + q);
            }
        }
      }
      return true;
    };
    // The round begins with each one's tests a critical left (the engine's eachRoundTests): a fall
    // for this round, or out before any blow.
    const codec = effects.codec;
    for (const [L0, p0] of effects.begun(0, codec.list[o.L[0]] as Lasting))
      for (const [L1, p1] of effects.begun(1, codec.list[o.L[1]] as Lasting)) {
        const q = p0 * p1;
        if (L0.out !== null && L1.out !== null) both += q;
        else if (L1.out !== null) settle(0, L0, q);
        else if (L0.out !== null) settle(1, L1, q);
        else if (!playRound(o, [L0, L1], q)) return null;
      }
    return { ids: [...to.keys()], ps: [...to.values()], aWins: aW, bWins: bW, bothDead: both };
  }
}
