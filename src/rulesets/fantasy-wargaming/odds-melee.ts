// The melee phase of the Fantasy Wargaming exact duel from both fighters' declarations, as the
// engine plays it (round/melee.ts): first strikes and counter-attacks, lunges, flurries and
// defences, each blow's outcomes (odds-blow.ts) applied to the one struck as applyEffects does,
// and the phase's end for each (odds-phase.ts); the states it leaves, and who is out, in a sink.
import { sumTerms } from '../../core/arith.js';
import { EFFECT_ORDER, FX, hitsOf, reachOf, wfOn, type Guard, type Hit } from './odds-blow.js';
import type { Phases } from './odds-phase.js';
import {
  ACTS,
  BOUND,
  defenceless,
  ID,
  settle,
  type Act,
  type Duelists,
  type Me,
  type Now,
  type Who,
} from './odds-state.js';
import { defenceTerms, firstStrike, strikeTerms, type DefenceKind } from './rules.js';
import type { FwSetup } from './state.js';
import { lungeWanted } from './tactics.js';

/** Where a melee phase puts what it leaves: the states of the next phase, and who is out, with their chances. */
export interface Sink {
  readonly next: Map<number, number>;
  wA: number;
  wB: number;
  dr: number;
}

/** A fighter as the melee phase begins: nothing done to it yet. */
const nowOf = (m: Me): Now => ({
  en: m.en,
  dropped: m.dropped,
  shield: m.shield,
  harmed: false,
  stunned: false,
  knocked: false,
  out: false,
  band: 0,
  lunged: false,
});

/** The melee phases of one duel. */
export class Melee {
  private readonly opt: FwSetup['opt'];
  private readonly c: FwSetup['charts'];
  private readonly memo = new Map<string, Hit[]>();
  /** Where the phases played since the last `begin` put what they leave. */
  sink: Sink = Melee.empty();
  /** The chain's steps since the budget last counted them (the chain adds its own). */
  steps = 0;

  constructor(
    private readonly d: Duelists,
    private readonly phases: Phases,
  ) {
    this.opt = d.setup.opt;
    this.c = d.setup.charts;
  }

  private static empty(): Sink {
    return { next: new Map(), wA: 0, wB: 0, dr: 0 };
  }

  /** A new sink for the phases to come. */
  begin(): Sink {
    return (this.sink = Melee.empty());
  }

  /** The fight over with chance p: who is out. */
  end(p: number, outA: boolean, outB: boolean): void {
    const sink = this.sink;
    if (outA && outB) sink.dr += p;
    else if (outA) sink.wB += p;
    else sink.wA += p;
  }

  private put(k: number, p: number): void {
    this.sink.next.set(k, (this.sink.next.get(k) ?? 0) + p);
  }

  /** The end of a melee phase: the states it leaves, after the post-melee morale checks of those required. */
  private after(a: Me, actA: Act, na: Now, b: Me, actB: Act, nb: Now, p: number): void {
    if (na.out || nb.out) {
      this.steps++;
      return this.end(p, na.out, nb.out);
    }
    const xs = this.phases.endOf(this.d.WA, a, actA, na);
    const ys = this.phases.endOf(this.d.WB, b, actB, nb);
    this.steps += xs.length * ys.length;
    for (const x of xs)
      for (const y of ys) {
        const q = p * x.p * y.p;
        if (x.out || y.out) this.end(q, x.out, y.out);
        else this.put(x.id * ID + y.id, q);
      }
  }

  /** The outcomes of `w`'s blow at its foe, on the phase-start states `m` and `foe`, with the kits in hand now. */
  private blowOf(
    w: Who,
    m: Me,
    mine: Now,
    v: Who,
    foe: Me,
    theirs: Now,
    how: { first: boolean; charge: boolean; lunge: boolean },
    defence: DefenceKind | null,
  ): Hit[] {
    const mods = sumTerms(
      (how.charge ? this.c.charge : 0) + (how.lunge ? this.c.lunge : 0),
      strikeTerms({
        melee: true,
        carryOver: false,
        berserk: m.berserk,
        outnumberedBy: 0,
        damagedLastPhase: m.damaged,
        exhausted: this.d.exhausted(w, m),
        opponentDamagedLastPhase: foe.damaged,
        opponentExhausted: this.d.exhausted(v, foe),
        opponentOutnumberedBy: 0,
        firstStrike: how.first,
        freeHack: defenceless(foe),
        astrology: w.f.astrology,
      }),
    );
    const a = this.d.arm(w, mine.dropped, mine.shield);
    let guard: Guard | null = null;
    if (defence) {
      const item = defence === 'parry' ? this.d.parryItem(v, theirs.dropped, theirs.shield) : null;
      const x = wfOn(this.d.setup, v.f, theirs.dropped, theirs.shield, item ?? undefined);
      const column = sumTerms(x.value, [
        ...strikeTerms({
          melee: true,
          carryOver: false,
          berserk: false,
          outnumberedBy: 0,
          damagedLastPhase: foe.damaged,
          exhausted: this.d.exhausted(v, foe),
          opponentDamagedLastPhase: m.damaged,
          opponentExhausted: this.d.exhausted(w, m),
          opponentOutnumberedBy: 0,
          firstStrike: false,
          freeHack: false,
          astrology: v.f.astrology,
        }),
        ...defenceTerms(
          this.d.setup.area,
          foe.flurry === 1 ? 'partial' : foe.flurry === 2 ? 'substantial' : null,
        ),
      ]);
      guard = { kind: defence, column, item, itemBonus: item && item.kind !== 'shield' ? x.damageBonus : 0 };
    }
    const k = `${w === this.d.WA ? 0 : 1}|${mine.dropped}|${+mine.shield}|${a.wf + mods}|${theirs.dropped}|${+theirs.shield}|${guard ? `${guard.kind}|${guard.column}` : '-'}`;
    let hs = this.memo.get(k);
    if (!hs)
      this.memo.set(
        k,
        (hs = hitsOf(this.d.setup, a, a.wf + mods, v.f.armour?.protection ?? 0, guard, w.mayDefend)),
      );
    return hs;
  }

  /** The one struck after a blow's outcome (applyEffects in round/effects.ts: breakage, harm, then the special effects). */
  private struck(v: Who, n: Now, h: Hit): Now {
    if (!h.broken && !h.harm && !h.fx && !h.leaves) return n;
    let { en, dropped, shield, harmed, stunned, knocked, out } = n;
    if (h.broken) {
      if (shield) shield = false;
      else dropped = Math.min(v.meleeCount, dropped + 1);
    }
    if (h.harm > 0) {
      en -= h.harm;
      harmed = true;
      if (en <= 0) out = true;
    }
    for (const e of EFFECT_ORDER) {
      if (!(h.fx & FX[e])) continue;
      if (out) break;
      if (e === 'stunned') stunned = true;
      else if (e === 'knocked-down') knocked = true;
      else if (e === 'knocked-out') out = true;
      else if (e === 'drops-shield') shield = false;
      else if (e === 'drops-weapon' && dropped < v.meleeCount) dropped++;
    }
    if (h.leaves) out = true;
    return { ...n, en, dropped, shield, harmed, stunned, knocked, out };
  }

  /** The melee phase from its declarations (melee in round/melee.ts). */
  melee(a: Me, b: Me, p: number, first: boolean): void {
    const { WA, WB } = this.d;
    const opt = this.opt;
    const actA = first ? this.phases.declare(WA, a, true) : (ACTS[a.act] as Act);
    const actB = first ? this.phases.declare(WB, b, true) : (ACTS[b.act] as Act);
    const na0 = nowOf(a);
    const nb0 = nowOf(b);
    const attA = actA === 'attack' || actA === 'charge';
    const attB = actB === 'attack' || actB === 'charge';
    const armA = this.d.arm(WA, a.dropped, a.shield);
    const armB = this.d.arm(WB, b.dropped, b.shield);
    const fsA = attA && firstStrike(reachOf(armA), reachOf(armB), opt.firstStrikeAgility) !== null;
    const fsB = attB && firstStrike(reachOf(armB), reachOf(armA), opt.firstStrikeAgility) !== null;
    const guardOf = (act: Act): DefenceKind | null =>
      act === 'parry' || act === 'dodge' || act === 'disengage' ? act : null;
    // A lunge, in the flurries only, by one not charging and not dithering (2.3).
    const lunges = (w: Who, m: Me, act: Act, foe: Me) =>
      act === 'attack' && BOUND[m.bound] !== 'dither' && lungeWanted(w.f.tactics, foe.en, w.foe.maxEndurance);
    if (!attA && !attB) return this.after(a, actA, na0, b, actB, nb0, p);
    if (attA && attB && fsA === fsB) {
      // One step, both at once: the first strikes, or the flurries.
      const lA = !fsA && lunges(WA, a, actA, b);
      const lB = !fsB && lunges(WB, b, actB, a);
      const hA = this.blowOf(
        WA,
        a,
        na0,
        WB,
        b,
        nb0,
        { first: fsA, charge: actA === 'charge', lunge: lA },
        null,
      );
      const hB = this.blowOf(
        WB,
        b,
        nb0,
        WA,
        a,
        na0,
        { first: fsB, charge: actB === 'charge', lunge: lB },
        null,
      );
      const onB = settle(
        hA,
        (h) => ({ ...this.struck(WB, nb0, h), lunged: lB }),
        (h) => h.band,
      );
      const onA = settle(
        hB,
        (h) => ({ ...this.struck(WA, na0, h), lunged: lA }),
        (h) => h.band,
      );
      // Each fighter's end of phase depends on the blow at it and its own blow's band only, and the
      // two blows are independent: band by band, the phase leaves the product of what each keeps.
      // `on` holds the foe's blow at the fighter (with the foe's band); `own` is its own band.
      const keptBy = (w: Who, m: Me, act: Act, on: typeof onA, own: number, foeBand: number) => {
        let out = 0;
        const kept = new Map<number, number>();
        for (const y of on) {
          if (y.band !== foeBand) continue;
          if (y.now.out) {
            out += y.p;
            continue;
          }
          for (const u of this.phases.endOf(w, m, act, { ...y.now, band: own })) {
            this.steps++;
            kept.set(u.id, (kept.get(u.id) ?? 0) + y.p * u.p);
          }
        }
        return { out, kept };
      };
      const bandsA = new Set(onB.map((x) => x.band));
      const bandsB = new Set(onA.map((y) => y.band));
      for (const bA of bandsA)
        for (const bB of bandsB) {
          const xA = keptBy(WA, a, actA, onA, bA, bB);
          const xB = keptBy(WB, b, actB, onB, bB, bA);
          const standA = [...xA.kept.values()].reduce((t, q) => t + q, 0);
          const standB = [...xB.kept.values()].reduce((t, q) => t + q, 0);
          // Out by the blows: the one still standing wins, whatever its own morale would have said.
          if (xA.out > 0 || xB.out > 0) {
            this.steps++;
            this.end(p * xA.out * xB.out, true, true);
            this.end(p * xA.out * standB, true, false);
            this.end(p * standA * xB.out, false, true);
          }
          for (const [u, pu] of xA.kept)
            for (const [v, pv] of xB.kept) {
              this.steps++;
              const r = p * pu * pv;
              if (u < 0 || v < 0) this.end(r, u < 0, v < 0);
              else this.put(u * ID + v, r);
            }
        }
      return;
    }
    // One strikes first (or alone): W at V.
    const aFirst = attA && (fsA || !attB);
    const [W, m, actW, nw0, V, v, actV, nv0, fsW] = aFirst
      ? ([WA, a, actA, na0, WB, b, actB, nb0, fsA] as const)
      : ([WB, b, actB, nb0, WA, a, actA, na0, fsB] as const);
    const lW = !fsW && lunges(W, m, actW, v);
    const hs = this.blowOf(
      W,
      m,
      nw0,
      V,
      v,
      nv0,
      { first: fsW, charge: actW === 'charge', lunge: lW },
      guardOf(actV),
    );
    const emit = (nw: Now, nv: Now, q: number) =>
      aFirst ? this.after(a, actA, nw, b, actB, nv, q) : this.after(a, actA, nv, b, actB, nw, q);
    for (const x of settle(
      hs,
      (h) => this.struck(V, nv0, h),
      (h) => h.band,
    )) {
      const nw = { ...nw0, band: x.band, lunged: lW };
      const attV = actV === 'attack' || actV === 'charge';
      if (!attV || x.now.out) {
        emit(nw, x.now, p * x.p);
        continue;
      }
      // The counter-attack, with what is left in hand after the first strike (2.2).
      const back = this.blowOf(
        V,
        v,
        x.now,
        W,
        m,
        nw,
        { first: false, charge: actV === 'charge', lunge: false },
        null,
      );
      for (const y of settle(
        back,
        (h) => this.struck(W, nw, h),
        (h) => h.band,
      ))
        emit(y.now, { ...x.now, band: y.band }, p * x.p * y.p);
    }
  }
}
