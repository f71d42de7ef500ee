// A blow within a round of the WFRP 1e exact duel: every way it ends for the one struck, as the
// engine plays it (to hit, where it lands, the defender's parry as its tactics decide it and what it
// costs, the damage through armour, the critical), each with the wounds it deals and its chance.
import { parryChance, PARRY_KEYS, parryHands, payForParry, type Blow } from './blow.js';
import type { Weapon } from './catalogue.js';
import { blowModel, woundsThrough, type BlowModel, type PartModel } from './odds-blow.js';
import { Uncarried } from './odds-carried.js';
import type { LastingEffects } from './odds-effects.js';
import type { CriticalOutcome, Lasting } from './odds-lasting.js';
import { sideView, SIDE_IDS, type Side, type Sides } from './odds-sides.js';
import { applyWounds } from './rules.js';
import type { Fighter, W1State } from './state.js';
import { suggestParry } from './tactics.js';

/** A blow's outcomes, a miss included: the side of the one struck after it (by id), the wounds dealt, and the chance. */
export interface Outcomes {
  readonly size: number;
  readonly ids: Int32Array;
  readonly ws: Int32Array;
  readonly ps: Float64Array;
}

/** What a successful parry may stop: D6. */
const STOPPED = [1, 2, 3, 4, 5, 6] as const;

/** The blows of one duel's two fighters, each at the other, by striker (0 or 1). */
export class BlowOutcomes {
  // By attacker, whether it won the last round (+10 to hit), and both fighters' lasting states.
  // Models alike (the striker's W, say, changes nothing in them) are one, with one number: the
  // outcomes of a blow are cached by it.
  private readonly modelCache = new Map<number, { m: BlowModel; id: number }>();
  private readonly modelIds = new Map<string, { m: BlowModel; id: number }>();
  /** Each fighter's blow as parry() sees it, for the hands that may parry it. */
  private readonly blows: readonly [Blow, Blow];
  // By (the blow's model, foe, tick, i) as one number: ticks are ranks within the round, below
  // 256; sides below 2¹⁶; models below 2²⁰ (a model holds whether the striker won).
  private readonly outcomeCache = new Map<number, Outcomes>();
  private readonly damages = new Map<PartModel, { dmg: Int32Array; pd: Float64Array }>();

  constructor(
    private readonly st: W1State,
    private readonly fs: readonly [Fighter, Fighter],
    private readonly effects: LastingEffects,
    private readonly sides: Sides,
  ) {
    const blowBy = (i: 0 | 1): Blow => ({
      attacker: fs[i],
      target: fs[1 - i] as Fighter,
      weapon: null,
      hand: null,
      kind: 'strike',
      aim: null,
      charging: false,
      free: false,
      fromRear: false,
    });
    this.blows = [blowBy(0), blowBy(1)];
  }

  /** Fighter i's blow at j, fighters in lasting states `mine` and `theirs`: its model, with the number of models alike. */
  private modelOf(i: 0 | 1, won: boolean, mine: Lasting, theirs: Lasting): { m: BlowModel; id: number } {
    // No piece of the model reads W (blowModel: skill, to-hit terms, prone, S, T, where it lands):
    // by both states' butW (each below 2²⁴, as a lasting id is), whether i won, and i.
    const k = ((mine.butW * 2 ** 24 + theirs.butW) * 2 + (won ? 1 : 0)) * 2 + i;
    return this.modelCache.get(k) ?? this.modelMade(k, i, won, mine, theirs);
  }

  private modelMade(
    k: number,
    i: 0 | 1,
    won: boolean,
    mine: Lasting,
    theirs: Lasting,
  ): { m: BlowModel; id: number } {
    const { st, fs } = this;
    const codec = this.effects.codec;
    const j = (1 - i) as 0 | 1;
    const m = blowModel(st, codec.view(fs[i], mine, st.round), codec.view(fs[j], theirs, st.round), won);
    const sig = JSON.stringify([
      i,
      m.times,
      m.need,
      m.pHit,
      m.byPart.map((e) => [e.part.id, e.p, [...e.afterT], e.expected]),
    ]);
    let x = this.modelIds.get(sig);
    if (!x) this.modelIds.set(sig, (x = { m, id: this.modelIds.size }));
    this.modelCache.set(k, x);
    return x;
  }

  /** The parry fighter j makes against a hit on `part` at `tick` (null: none): its chance, and j after paying for it. */
  private parryOf(j: 0 | 1, x: Side, e: PartModel, tick: number): { ok: number; after: Side } | null {
    const st = this.st;
    const v = sideView(this.effects.codec, this.fs[j], x, st.round);
    // The hands that may parry, and the tactic's pick among them, as parry() asks them.
    const keys = PARRY_KEYS[parryHands(st, v, this.blows[(1 - j) as 0 | 1])] as readonly string[];
    const hand = suggestParry(st, v, keys, e.expected);
    if (hand !== 'right' && hand !== 'left') return null;
    const item = v[hand] as Weapon;
    v.parries++;
    // The cost falls on the blows due after this moment (§ Parrying).
    const was = st.moment;
    st.moment = tick;
    payForParry(st, v, item);
    st.moment = was;
    return {
      ok: parryChance(st, v, item),
      after: this.sides.of(x.l, v.pending, v.parries, v.owedAttacks, x.out),
    };
  }

  /**
   * Fighter i's blow at `tick` on the defender j: [the defender after it, wounds dealt, p], a miss
   * included, the same outcomes merged; a kill leaves the defender out.
   */
  of(i: 0 | 1, won: boolean, mine: Lasting, foe: Side, tick: number): Outcomes {
    const model = this.modelOf(i, won, mine, foe.l);
    const key = tick < 256 && model.id < 2 ** 20 ? ((model.id * SIDE_IDS + foe.id) * 256 + tick) * 2 + i : -1;
    const had = key < 0 ? undefined : this.outcomeCache.get(key);
    if (had) return had;
    const res = this.worked(i, model.m, foe, tick);
    if (key >= 0) this.outcomeCache.set(key, res);
    return res;
  }

  /** What `of` answers, worked out (kept apart so that the compiler, which runs `of` often, leaves this rare work out of it). */
  private worked(i: 0 | 1, m: BlowModel, foe: Side, tick: number): Outcomes {
    const j = (1 - i) as 0 | 1;
    const merged: Merged = new Map();
    merge(merged, foe, 0, 1 - m.pHit);
    for (const e of m.byPart) {
      const parry = this.parryOf(j, foe, e, tick);
      if (!parry) {
        this.landed(j, e, m.times, 0, 1, foe, merged);
        continue;
      }
      this.landed(j, e, m.times, 0, 1 - parry.ok, parry.after, merged);
      for (const stopped of STOPPED) this.landed(j, e, m.times, stopped, parry.ok / 6, parry.after, merged);
    }
    return {
      size: merged.size,
      ids: Int32Array.from(merged.values(), (e) => e[0].id),
      ws: Int32Array.from(merged.values(), (e) => e[1]),
      ps: Float64Array.from(merged.values(), (e) => e[2]),
    };
  }

  /**
   * The blows that land on part `e` of fighter j, in side `before`, with chance `ps` (those a
   * parry stopped `stopped` of, or not parried): every damage roll through armour, its wounds
   * (doubled on a prone target, `times`), and the critical as the engine plays it.
   */
  private landed(
    j: 0 | 1,
    e: PartModel,
    times: number,
    stopped: number,
    ps: number,
    before: Side,
    merged: Merged,
  ): void {
    if (ps === 0) return;
    const { sides, effects } = this;
    const { dmg, pd } = this.damage(e);
    for (let k = 0; k < dmg.length; k++) {
      const w = woundsThrough(e, (dmg[k] as number) - stopped) * times;
      const r = applyWounds(before.l.W, w);
      const p = ps * (pd[k] as number);
      const hurt = effects.withW(j, before.l, r.W);
      if (r.critical <= 0) {
        merge(merged, sides.relit(before, hurt, before.out), w, p);
        continue;
      }
      const crits = effects.critical(j, hurt, e.part, r.critical);
      for (let c = 0; c < crits.length; c++) {
        const o = crits[c] as CriticalOutcome;
        const why =
          effects.uncarried(j, o.after) ??
          (o.pending.length > 0 || o.owed > 0 ? 'a critical that changes the blows due' : null);
        if (why) throw new Uncarried(why);
        merge(merged, sides.relit(before, o.after, o.after.out !== null ? 1 : before.out), w, p * o.p);
      }
    }
  }

  /** Part e's damage after T (afterT) as two lists in its order: each damage (a whole number) and its chance. */
  private damage(e: PartModel): { dmg: Int32Array; pd: Float64Array } {
    let x = this.damages.get(e);
    if (!x)
      this.damages.set(
        e,
        (x = { dmg: Int32Array.from(e.afterT.keys()), pd: Float64Array.from(e.afterT.values()) }),
      );
    return x;
  }
}

/** A blow's outcomes being gathered: by the side after it and the wounds dealt, as one number (no blow deals 2²⁰ wounds). */
type Merged = Map<number, [Side, number, number]>;

/** Adds chance p to the outcome (the side after, w wounds dealt); none is kept of chance 0. */
function merge(merged: Merged, after: Side, w: number, p: number): void {
  if (p === 0) return;
  const k = after.id * 2 ** 20 + w;
  const e = merged.get(k);
  if (e) e[2] += p;
  else merged.set(k, [after, w, p]);
}
