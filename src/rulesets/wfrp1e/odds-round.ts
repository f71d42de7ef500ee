// One round of the WFRP 1e exact duel from a state between rounds, as the engine plays it: the
// tests a critical left for the round, its blows and flights in the timeline's order (those who may
// not strike letting theirs go), whoever is down out of the fight at each moment's end, then the
// bleeding; the states it leads to and the chance the fight ends in it, and how (its row).
import type { ChainBudget } from '../../core/odds.js';
import type { LastingEffects } from './odds-effects.js';
import type { Lasting } from './odds-lasting.js';
import type { BlowOutcomes } from './odds-outcomes.js';
import { sideView, SIDE_IDS, StateMap, type Side, type Sides } from './odds-sides.js';
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
  readonly ids: Int32Array;
  readonly ps: Float64Array;
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

  /** The number of the state (each fighter's lasting state by id, the blows each owes, who won, whether first). */
  numberOf(l0: number, l1: number, owed0: number, owed1: number, win: number, first: boolean): number {
    const k = l0 * 2 ** 24 + l1;
    let inner = this.numbers.get(k);
    if (!inner) this.numbers.set(k, (inner = new Map()));
    const k2 = ((owed0 * 256 + owed1) * 3 + win) * 2 + (first ? 1 : 0);
    let n = inner.get(k2);
    if (n === undefined) {
      inner.set(k2, (n = this.list.length));
      this.list.push({ L: [l0, l1], owed: [owed0, owed1], win, first });
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
  /** Maps of states emptied, to be used again (as many as a round holds at once, made before any is needed). */
  private readonly spare = [new StateMap(), new StateMap(), new StateMap(), new StateMap()];

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

  /** An empty map of states. */
  private take(): StateMap {
    return this.spare.pop() ?? new StateMap();
  }

  /** `m` emptied, for the next `take`. */
  private give(m: StateMap): void {
    m.clear();
    this.spare.push(m);
  }

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
   * Fighter i's flight at its turn, from the n-th state of `cur` (round/fleeing.ts, resolveFlight):
   * one out or struck down at this moment goes nowhere; one down, dazed or held stays (and may be
   * struck); one running is gone, out of the fight. The foe's free blow at its back is not played:
   * whatever it does, the fleer is out (dead or fled) and the foe stands, so who wins is the same.
   */
  private fleeAt(cur: StateMap, n: number, i: 0 | 1, last: boolean, out: StateMap): void {
    const sides = this.sides;
    const f = [sides.list[cur.xs[n] as number], sides.list[cur.ys[n] as number]] as [Side, Side];
    const diff = cur.ds[n] as number;
    const me = f[i];
    if (me.out === 0 && this.runs(i, me)) f[i] = sides.of(me.l, me.pending, me.parries, me.owed, 2);
    out.add(f[0].id, f[1].id, last ? Math.sign(diff) : diff, cur.ps[n] as number);
  }

  /** Fighter i's blow due at `tick`, from the n-th state of `cur`: every outcome into `out`. */
  private blowAt(
    cur: StateMap,
    n: number,
    i: 0 | 1,
    tick: number,
    won: boolean,
    last: boolean,
    out: StateMap,
  ): void {
    const sides = this.sides;
    const x = cur.xs[n] as number;
    const y = cur.ys[n] as number;
    const diff = cur.ds[n] as number;
    const p0 = cur.ps[n] as number;
    const me = sides.list[i === 0 ? x : y] as Side;
    const at = me.pending.indexOf(tick);
    // Out before the moment came, or the blow lost to a parry: nothing happens.
    if (me.out === 2 || at < 0) return out.add(x, y, diff, p0);
    const mine = sides.struck(me, at).id;
    const foe = sides.list[i === 0 ? y : x] as Side;
    // Nobody left within reach, or the foe running from the fight (withinReach passes over a
    // runner, § Fleeing): the blow is not struck.
    if (foe.out !== 0 || this.runs((1 - i) as 0 | 1, foe))
      return i === 0 ? out.add(mine, foe.id, diff, p0) : out.add(foe.id, mine, diff, p0);
    const list = this.outcomes.of(i, won, me.l, foe, tick);
    this.steps += list.size;
    // After the round's last blow only who dealt more counts (§ Winning and Losing): fewer states.
    const { ids, ws, ps } = list;
    for (let k = 0; k < list.size; k++) {
      const d = i === 0 ? diff + (ws[k] as number) : diff - (ws[k] as number);
      const p = p0 * (ps[k] as number);
      if (i === 0) out.add(mine, ids[k] as number, last ? Math.sign(d) : d, p);
      else out.add(ids[k] as number, mine, last ? Math.sign(d) : d, p);
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

  /** The states of `cur` with the blows at this moment of those who may not strike taken out (`cur` itself if nobody is kept from it). */
  private unable(cur: StateMap, g: Group): StateMap {
    const sides = this.sides;
    // A flight is no blow: canAttack does not stop it (resolveFlight asks its own questions).
    const striking = g.who.filter((_, k) => !g.flee[k]);
    if (striking.length === 0) return cur;
    const sidesAt = (n: number) =>
      [sides.list[cur.xs[n] as number], sides.list[cur.ys[n] as number]] as [Side, Side];
    let all = true;
    for (let n = 0; n < cur.size; n++) {
      const f = sidesAt(n);
      if (!striking.every((i) => f[i].out !== 0 || this.able(i, f[i]))) all = false;
    }
    if (all) return cur;
    const out = this.take();
    for (let n = 0; n < cur.size; n++) {
      const f = sidesAt(n);
      for (const i of striking) {
        const at = f[i].pending.indexOf(g.tick);
        if (f[i].out === 0 && at >= 0 && !this.able(i, f[i])) f[i] = sides.struck(f[i], at);
      }
      out.add(f[0].id, f[1].id, cur.ds[n] as number, cur.ps[n] as number);
    }
    this.give(cur);
    return out;
  }

  /** The round from state `o` between rounds (null: it passed the budget; `stoppedIn` says with how many states). */
  rowOf(o: Outer): Row | null {
    const { effects } = this;
    const row: Making = { aWins: 0, bWins: 0, bothDead: 0, to: new Map() };
    // The round begins with each one's tests a critical left (the engine's eachRoundTests): a fall
    // for this round, or out before any blow.
    const codec = effects.codec;
    for (const [L0, p0] of effects.begun(0, codec.list[o.L[0]] as Lasting))
      for (const [L1, p1] of effects.begun(1, codec.list[o.L[1]] as Lasting)) {
        const q = p0 * p1;
        if (L0.out !== null && L1.out !== null) row.bothDead += q;
        else if (L1.out !== null) this.settle(row, 0, L0, q);
        else if (L0.out !== null) this.settle(row, 1, L1, q);
        else if (!this.playRound(row, o, [L0, L1], q)) return null;
      }
    return {
      ids: Int32Array.from(row.to.keys()),
      ps: Float64Array.from(row.to.values()),
      aWins: row.aWins,
      bWins: row.bWins,
      bothDead: row.bothDead,
    };
  }

  /**
   * Fighter i alone stands, in lasting state `stood`, with chance p: the rest of the round passes
   * with nobody to strike at, and the fight is decided after the round's end (decideOutcome),
   * where i still bleeds and may fall too (both out: a draw).
   */
  private settle(row: Making, i: 0 | 1, stood: Lasting, p: number): void {
    const bled = this.effects.bled(i, stood);
    for (let k = 0; k < bled.length; k++) {
      const e = bled[k] as [Lasting, number];
      const q = e[1];
      if (e[0].out !== null) row.bothDead += p * q;
      else if (i === 0) row.aWins += p * q;
      else row.bWins += p * q;
    }
  }

  /** The round's blows and its end from lasting states L, with chance `pL` (false: over the budget). */
  private playRound(row: Making, o: Outer, L: readonly [Lasting, Lasting], pL: number): boolean {
    const { sides, budget } = this;
    for (const { tl, p: pEdge } of this.timelines.plans(o.win, o.owed, o.first, L)) {
      let cur = this.take();
      const x0 = sides.of(L[0], tl.pending[0], 0, tl.owedLeft[0], 0);
      const y0 = sides.of(L[1], tl.pending[1], 0, tl.owedLeft[1], 0);
      cur.add(x0.id, y0.id, 0, pEdge * pL);
      for (const [gi, g] of tl.groups.entries()) {
        // Whoever may not strike when the moment comes (parry only, no attacks, no action…: the
        // engine's canAttack, as runTimeline asks it) lets its blow here go.
        cur = this.unable(cur, g);
        for (const [k, i] of g.who.entries()) {
          const last = gi === tl.groups.length - 1 && k === g.who.length - 1;
          const then = this.take();
          if (g.flee[k]) for (let n = 0; n < cur.size; n++) this.fleeAt(cur, n, i, last, then);
          else
            for (let n = 0; n < cur.size; n++) this.blowAt(cur, n, i, g.tick, tl.win === i + 1, last, then);
          this.give(cur);
          cur = then;
        }
        cur = this.momentOver(row, cur);
        if (!budget.spend(this.steps) || sides.size >= SIDE_IDS) {
          this.stoppedIn = cur.size;
          return false;
        }
        this.steps = 0;
      }
      this.roundOver(row, cur);
    }
    return true;
  }

  /** The moment over: whoever is down is out of the fight. The states of `cur` where both still fight. */
  private momentOver(row: Making, cur: StateMap): StateMap {
    const sides = this.sides;
    const going = this.take();
    for (let n = 0; n < cur.size; n++) {
      const x = sides.list[cur.xs[n] as number] as Side;
      const y = sides.list[cur.ys[n] as number] as Side;
      const p = cur.ps[n] as number;
      if (x.out === 0 && y.out === 0) {
        going.add(x.id, y.id, cur.ds[n] as number, p);
        continue;
      }
      if (x.out && y.out) {
        row.bothDead += p;
        continue;
      }
      if (y.out) this.settle(row, 0, x.l, p);
      else this.settle(row, 1, y.l, p);
    }
    this.give(cur);
    return going;
  }

  /** The end of the round (endRound) from the states of `cur`: the bleeding, then the states of the next round. */
  private roundOver(row: Making, cur: StateMap): void {
    const { sides, effects, outers } = this;
    // Only each one's lasting state, its blows owed and who won read on, so the states alike in
    // these are summed before the bleeding multiplies them: by both lasting states, then the blows
    // owed and who won; each with the sides of the first state that reached it.
    const ends = this.take();
    const first: Side[] = [];
    for (let n = 0; n < cur.size; n++) {
      const x = sides.list[cur.xs[n] as number] as Side;
      const y = sides.list[cur.ys[n] as number] as Side;
      const diff = cur.ds[n] as number;
      const win = diff > 0 ? 1 : diff < 0 ? 2 : 0;
      const e = ends.entry(x.l.id, y.l.id, (x.owed * 256 + y.owed) * 3 + win);
      if (2 * e === first.length) first.push(x, y);
      ends.ps[e] = (ends.ps[e] as number) + (cur.ps[n] as number);
    }
    this.give(cur);
    for (let e = 0; e < ends.size; e++) {
      const x = first[2 * e] as Side;
      const y = first[2 * e + 1] as Side;
      const p = ends.ps[e] as number;
      const win = (ends.ds[e] as number) % 3;
      // Each bleeds (the engine's bleed), which may take it out.
      const bx = effects.bled(0, x.l);
      const by = effects.bled(1, y.l);
      for (let a = 0; a < bx.length; a++)
        for (let b = 0; b < by.length; b++) {
          const x1 = bx[a] as [Lasting, number];
          const y1 = by[b] as [Lasting, number];
          const lx = x1[0];
          const ly = y1[0];
          const q = p * x1[1] * y1[1];
          if (lx.out !== null || ly.out !== null) {
            if (lx.out !== null && ly.out !== null) row.bothDead += q;
            else if (ly.out !== null) row.aWins += q;
            else row.bWins += q;
            continue;
          }
          const l0 = effects.nextRound(0, lx).id;
          const n = outers.numberOf(l0, effects.nextRound(1, ly).id, x.owed, y.owed, win, false);
          row.to.set(n, (row.to.get(n) ?? 0) + q);
        }
    }
    this.give(ends);
  }
}

/** A row being made: how the fight ends in the round, and the states it leads to by number, with their chances. */
interface Making {
  aWins: number;
  bWins: number;
  bothDead: number;
  readonly to: Map<number, number>;
}
