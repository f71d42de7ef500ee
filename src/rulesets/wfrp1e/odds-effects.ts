// The engine's effects (effects.ts) on a fighter's lasting state in the WFRP 1e exact duel, each
// worked out once for each lasting state it meets: the W a blow leaves, a critical's outcomes, the
// tests due as a round begins, the bleeding at its end, and the state read as of the next round.
// Each runs the engine's own function on the fighter rebuilt from its lasting state, with dice that
// list every outcome, and reads back what it left (odds-lasting.ts).
import { enumerateDice } from '../../core/enumerate.js';
import type { Part } from './data/locations.js';
import { bleedOnce, eachRoundTest } from './effects.js';
import { criticalOutcomes, type CriticalOutcome, type Lasting, type LastingCodec } from './odds-lasting.js';
import { Uncarried, uncarried } from './odds-carried.js';
import { criticalColumn } from './rules.js';
import type { Cond, Fighter, W1State } from './state.js';

/** No blows due: a critical's outcomes are worked out without them. */
const NO_BLOWS: readonly number[] = [];

/** The two fighters' lasting states as the engine's effects move them, by fighter (0 or 1). */
export class LastingEffects {
  private readonly critCache = new Map<string, CriticalOutcome[]>();
  /** critical's answers by part (in `parts`), then by (lasting state, the chart's column, fighter) as one number. */
  private readonly crits: Map<number, CriticalOutcome[]>[] = [];
  private readonly parts: Part[] = [];
  private readonly uncarriedCache = new Map<number, string | null>();
  /** By lasting state, then W. */
  private readonly wCache = new Map<number, Map<number, Lasting>>();
  private readonly bledCache = new Map<number, [Lasting, number][]>();
  private readonly nextCache = new Map<number, Lasting>();
  private readonly begunCache = new Map<number, [Lasting, number][]>();

  constructor(
    private readonly st: W1State,
    private readonly fs: readonly [Fighter, Fighter],
    readonly codec: LastingCodec,
  ) {}

  /** Fighter i's lasting state `l` with W `W` (the wounds of a blow, before its critical). */
  withW(i: 0 | 1, l: Lasting, W: number): Lasting {
    if (W === l.W) return l;
    let byW = this.wCache.get(l.id);
    if (!byW) this.wCache.set(l.id, (byW = new Map()));
    let x = byW.get(W);
    if (!x) byW.set(W, (x = this.codec.of(this.codec.view(this.fs[i], l, this.st.round, W), this.st.round)));
    return x;
  }

  /**
   * A critical of `value` on `part` of fighter i in lasting state `l`, as the engine plays it
   * (effects.ts, critical), every way its dice fall: worked out once for the victim's lasting
   * state, with no blows due (of the effects the chain carries, none touches them; one that does
   * is refused).
   */
  critical(i: 0 | 1, l: Lasting, part: Part, value: number): CriticalOutcome[] {
    let n = this.parts.indexOf(part);
    if (n < 0) {
      n = this.parts.push(part) - 1;
      this.crits.push(new Map());
    }
    const byPart = this.crits[n] as Map<number, CriticalOutcome[]>;
    // criticalOutcomes reads the value only as its column (1 to 6), and the moment, which the chain
    // moves only while a parry is paid for.
    const k = (l.id * 8 + criticalColumn(value)) * 2 + i;
    let x = byPart.get(k);
    if (!x) {
      x = criticalOutcomes(this.st, this.codec, this.fs[i], l, NO_BLOWS, 0, part, value, this.critCache);
      byPart.set(k, x);
    }
    return x;
  }

  /** Why the chain cannot go on from fighter i's lasting state `l` (null: it can). */
  uncarried(i: 0 | 1, l: Lasting): string | null {
    const k = l.id * 2 + i;
    let why = this.uncarriedCache.get(k);
    if (why === undefined)
      this.uncarriedCache.set(
        k,
        (why = uncarried(l, this.fs[i], this.codec.view(this.fs[i], l, this.st.round))),
      );
    return why;
  }

  /**
   * Fighter i's lasting state `l` after the end-of-round bleeding (effects.ts, bleed, with every
   * way its dice fall); the fighters bleed apart.
   */
  bled(i: 0 | 1, l: Lasting): readonly [Lasting, number][] {
    const k = l.id * 2 + i;
    let x = this.bledCache.get(k);
    if (!x && (l.bleeding.length === 0 || l.out !== null)) this.bledCache.set(k, (x = [[l, 1]]));
    if (!x) {
      const { st, codec, fs } = this;
      // One wound at a time (the engine's bleedOnce, as bleed calls it for each wound the round
      // began with), each from every state the wounds before it left. The W lost are enumerated
      // with the critical they leave unplayed, which criticalOutcomes then plays one chart cell at a
      // time: far fewer runs than the chart's D100 with every die below it, for every W lost.
      const f0 = codec.view(fs[i], l, st.round);
      let now = new Map<Lasting, number>([[l, 1]]);
      const into = (m: Map<Lasting, number>, after: Lasting, p: number) =>
        m.set(after, (m.get(after) ?? 0) + p);
      for (const wound of [...f0.bleeding]) {
        const next = new Map<Lasting, number>();
        for (const [from, q] of now) {
          // Once out, the fight is decided at this round's end: the wounds still to bleed change nothing.
          if (from.out !== null) {
            into(next, from, q);
            continue;
          }
          for (const { value, p } of enumerateDice((ctx) => {
            const f = codec.view(fs[i], from, st.round);
            const critical = bleedOnce(st, ctx, f, wound, false);
            return { after: codec.of(f, st.round), critical };
          })) {
            if (value.critical <= 0) {
              into(next, value.after, q * p);
              continue;
            }
            for (const o of this.critical(i, value.after, wound.part, value.critical))
              into(next, o.after, q * p * o.p);
          }
        }
        now = next;
      }
      x = [...now];
      for (const [after] of x) {
        const why = this.uncarried(i, after);
        if (why) throw new Uncarried(why);
      }
      this.bledCache.set(k, x);
    }
    return x;
  }

  /** Fighter i's lasting state `l` read as of the next round: what ends this round is gone. */
  nextRound(i: 0 | 1, l: Lasting): Lasting {
    let x = this.nextCache.get(l.id);
    if (!x)
      this.nextCache.set(
        l.id,
        (x = this.codec.of(this.codec.view(this.fs[i], l, this.st.round), this.st.round + 1)),
      );
    return x;
  }

  /**
   * Fighter i's lasting state `l` once the round has begun: the tests a critical left to be made
   * each round (effects.ts, eachRoundTests), one at a time as the engine makes them (eachRoundTest),
   * each from every state those before it left, every way its dice fall.
   */
  begun(i: 0 | 1, l: Lasting): readonly [Lasting, number][] {
    const due = l.conds.filter((c) => c.kind === 'eachRound' && c.from <= 0).length;
    if (l.out !== null || due === 0) return [[l, 1]];
    const k = l.id * 2 + i;
    let x = this.begunCache.get(k);
    if (!x) {
      const { st, codec, fs } = this;
      let now = new Map<Lasting, number>([[l, 1]]);
      // The n-th test due of the state the round began with (a fall adds no test, so it stays the n-th).
      for (let n = 0; n < due; n++) {
        const next = new Map<Lasting, number>();
        for (const [from, q] of now) {
          if (from.out !== null) {
            next.set(from, (next.get(from) ?? 0) + q);
            continue;
          }
          for (const { value, p } of enumerateDice((ctx) => {
            const f = codec.view(fs[i], from, st.round);
            const c = f.conds.filter((c) => c.kind === 'eachRound' && c.from <= st.round)[n] as Cond;
            eachRoundTest(st, ctx, f, c);
            return codec.of(f, st.round);
          }))
            next.set(value, (next.get(value) ?? 0) + q * p);
        }
        now = next;
      }
      this.begunCache.set(k, (x = [...now]));
    }
    return x;
  }
}
