// What a critical or a fumble leaves on a fighter, as a state of the exact duel's chain (issue 32,
// part 2): its conditions and characteristic changes with their rounds counted from the current
// one, its bleeding, the Sudden Death mark, what its hands hold and what lies on the ground, a
// forced flight, being out and when a dying fighter dies. Interned: one object, one id. The chain
// never applies an effect itself: it rebuilds the fighter as the engine keeps it (`view`), calls
// the engine's own function on it with dice that list every outcome (src/core/enumerate.ts), and
// reads back what that left (`of`).
import type { FightContext } from '../../core/context.js';
import { enumerateDice } from '../../core/enumerate.js';
import type { OutReason } from '../../core/state.js';
import type { Weapon } from './catalogue.js';
import { PARTS, type Part } from './data/locations.js';
import { chartCell, chartCritical, suddenDeathCritical, type CriticalHow } from './effects.js';
import { criticalColumn, suddenDeathKills } from './rules.js';
import type { Bleeding, CharMod, Cond, Fighter, W1State } from './state.js';

/** A condition with its rounds counted from the current round (its cause left out: no rule reads it). */
interface RelCond {
  readonly kind: Cond['kind'];
  readonly from: number;
  readonly until: number;
  readonly hand?: 'right' | 'left';
  readonly value?: number;
  readonly test?: Cond['test'];
}

interface RelMod {
  readonly from: number;
  readonly until: number;
  readonly delta?: CharMod['delta'];
  readonly halve?: CharMod['halve'];
}

/** One fighter's lasting state, relative to the round it was read in. */
export interface Lasting {
  readonly id: number;
  readonly key: string;
  /**
   * One number for every state alike but for W: what a blow's model reads of the fighters (their
   * characteristics, conditions, hands) is the same for them all.
   */
  readonly butW: number;
  readonly W: number;
  readonly conds: readonly RelCond[];
  readonly mods: readonly RelMod[];
  /**
   * Bleeding wounds: the part by its index in the codec's parts. Their Sudden Death flag is left
   * out (no rule reads it: the fighter's own mark is what counts), and so is the part of a fighter
   * marked for Sudden Death (every critical is then Sudden Death, which kills whatever the part,
   * heads apart, and the chain refuses several heads): states alike but for these are one.
   */
  readonly bleeding: readonly {
    readonly amount: Bleeding['amount'];
    readonly part: number;
  }[];
  readonly suddenDeath: boolean;
  /** Items by their index in the codec's weapons (-1: empty hand). */
  readonly right: number;
  readonly left: number;
  readonly ground: readonly number[];
  readonly flee: Fighter['flee'];
  readonly out: OutReason | null;
  /** Rounds from the current one to the end of the round it dies in (null: not dying). */
  readonly diesIn: number | null;
}

/**
 * Conditions whose only reading is whether one of the kind (and hand) holds in a round (hasCond,
 * anyCondOf, handUsable): two that overlap or touch are one. The rest (a to-hit penalty adds up,
 * a test each round is made once for each) keep their number.
 */
const ONE_OR_NONE: ReadonlySet<Cond['kind']> = new Set([
  'noAction',
  'parryOnly',
  'noAttacks',
  'prone',
  'shieldParryOnly',
  'handUseless',
]);

/** Spans of one kind that overlap or touch (`l` not empty), joined: the first of each keeps its fields. */
function joined(l: RelCond[]): RelCond[] {
  const out: RelCond[] = [];
  l.sort((x, y) => x.from - y.from);
  let cur = l[0] as RelCond;
  for (const c of l.slice(1)) {
    if (c.from <= cur.until + 1) {
      if (c.until > cur.until) cur = { ...cur, until: c.until };
    } else {
      out.push(cur);
      cur = c;
    }
  }
  out.push(cur);
  return out;
}

/**
 * Merges in place the conditions that hold alike (ONE_OR_NONE), and the to-hit penalties over the
 * same rounds into one of their sum (toHitModifiers adds them up), so that states alike are one.
 */
function canonical(conds: RelCond[]): void {
  const kept: RelCond[] = [];
  const spans = new Map<string, RelCond[]>();
  const toHit = new Map<string, RelCond>();
  for (const c of conds) {
    if (c.kind === 'toHit' && !c.hand && !c.test) {
      const k = `${c.from},${c.until}`;
      const had = toHit.get(k);
      toHit.set(k, had ? { ...had, value: (had.value ?? 0) + (c.value ?? 0) } : c);
      continue;
    }
    if (!ONE_OR_NONE.has(c.kind)) {
      kept.push(c);
      continue;
    }
    const k = `${c.kind},${c.hand ?? ''}`;
    let l = spans.get(k);
    if (!l) spans.set(k, (l = []));
    l.push(c);
  }
  for (const l of spans.values()) kept.push(...joined(l));
  conds.length = 0;
  conds.push(...kept, ...toHit.values());
}

/**
 * Merges characteristic changes over the same rounds into one: their changes add up and what they
 * halve is one set, which is all `current` reads of them (the cause is left out already). A
 * characteristic halved is halved once however many say so: the spans halving one set of
 * characteristics that overlap or touch are first made one, as canonical does for conditions.
 */
function mergedMods(mods: readonly RelMod[]): RelMod[] {
  const halves = new Map<string, RelCond[]>();
  const rest: RelMod[] = [];
  for (const m of mods) {
    if (m.halve && m.halve.length > 0) {
      const k = [...m.halve].sort().join(',');
      let l = halves.get(k);
      if (!l) halves.set(k, (l = []));
      l.push({ kind: 'prone', from: m.from, until: m.until });
    }
    if (m.delta) rest.push({ from: m.from, until: m.until, delta: m.delta });
  }
  for (const [k, l] of halves)
    for (const span of joined(l))
      rest.push({ from: span.from, until: span.until, halve: k.split(',') as CharMod['halve'] });
  const by = new Map<
    string,
    { from: number; until: number; delta: Record<string, number>; halve: Set<string> }
  >();
  for (const m of rest) {
    const k = `${m.from},${m.until}`;
    let e = by.get(k);
    if (!e) by.set(k, (e = { from: m.from, until: m.until, delta: {}, halve: new Set() }));
    for (const [ch, v] of Object.entries(m.delta ?? {})) e.delta[ch] = (e.delta[ch] ?? 0) + (v ?? 0);
    for (const ch of m.halve ?? []) e.halve.add(ch);
  }
  const out: RelMod[] = [];
  for (const e of by.values()) {
    const delta = Object.fromEntries(
      Object.entries(e.delta)
        .filter(([, v]) => v !== 0)
        .sort(([x], [y]) => (x < y ? -1 : 1)),
    ) as CharMod['delta'];
    const halve = [...e.halve].sort() as CharMod['halve'];
    const changes = delta !== undefined && Object.keys(delta).length > 0;
    const halves = halve !== undefined && halve.length > 0;
    // Changes that cancel out change nothing: left out.
    if (changes || halves)
      out.push({ from: e.from, until: e.until, ...(changes ? { delta } : {}), ...(halves ? { halve } : {}) });
  }
  return out;
}

/** Every fighter's lasting states met so far, and the weapons and parts they name. */
export class LastingCodec {
  readonly list: Lasting[] = [];
  private readonly byKey = new Map<string, Lasting>();
  private readonly butW = new Map<string, number>();
  private readonly weapons: Weapon[] = [];
  private readonly parts: Part[] = [];

  private weaponIndex(w: Weapon | null): number {
    if (!w) return -1;
    let i = this.weapons.indexOf(w);
    if (i < 0) i = this.weapons.push(w) - 1;
    return i;
  }

  private partIndex(p: Part): number {
    let i = this.parts.indexOf(p);
    if (i < 0) i = this.parts.push(p) - 1;
    return i;
  }

  /**
   * `f`'s lasting state as of round `r`: what has ended before `r` is dropped, the rest counted
   * from `r` (read it at the next round's number to carry it over the round's end).
   */
  of(f: Fighter, r: number): Lasting {
    const conds: RelCond[] = [];
    for (const c of f.conds) {
      if (c.until < r) continue;
      conds.push({
        kind: c.kind,
        from: Math.max(c.from, r) - r,
        until: c.until - r,
        ...(c.hand ? { hand: c.hand } : {}),
        ...(c.value !== undefined ? { value: c.value } : {}),
        ...(c.test ? { test: c.test } : {}),
      });
    }
    // A useless hand that holds nothing is read only when something is taken in hand (fits,
    // takeInHand): with nothing on the ground, and the weapon hand's weapon still in it (else the
    // chain refuses the state, a dropped weapon), nothing will be. States alike but for it are one.
    if (f.ground.length === 0)
      for (let k = conds.length - 1; k >= 0; k--) {
        const c = conds[k] as RelCond;
        if (c.kind === 'handUseless' && c.hand && f[c.hand] === null) conds.splice(k, 1);
      }
    canonical(conds);
    // In one order for every state alike (no rule's reading depends on it: the tests each round
    // give the same chance of a fall and of passing out in any order), so that the n-th test
    // due is the same condition in them all (odds-effects.ts, begun).
    conds.sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));
    const rel: RelMod[] = [];
    for (const m of f.charMods) {
      if (m.until < r) continue;
      rel.push({
        from: Math.max(m.from, r) - r,
        until: m.until - r,
        ...(m.delta ? { delta: m.delta } : {}),
        ...(m.halve ? { halve: m.halve } : {}),
      });
    }
    const mods = mergedMods(rel);
    // One out of the fight bleeds no more in the chain (the fight is decided at the round's end).
    const bleeding =
      f.out !== null
        ? []
        : f.bleeding.map((b) => ({
            amount: b.amount,
            part: this.partIndex(f.suddenDeath ? PARTS.body : b.part),
          }));
    const right = this.weaponIndex(f.right);
    const left = this.weaponIndex(f.left);
    const ground = f.ground.map((w) => this.weaponIndex(w)).sort((x, y) => x - y);
    const diesIn = f.diesAt === null ? null : f.diesAt - r;
    // The lists as multisets: their order is no rule's business.
    const sorted = <T>(xs: T[]) => xs.map((x) => JSON.stringify(x)).sort();
    // Everything but W, then W: states alike but for W share `butW`.
    const rest = JSON.stringify([
      sorted(conds),
      sorted(mods),
      // Bleeding in its order: the engine bleeds the wounds in turn.
      bleeding,
      f.suddenDeath,
      right,
      left,
      ground,
      f.flee,
      f.out,
      diesIn,
    ]);
    const key = `${f.W}|${rest}`;
    let x = this.byKey.get(key);
    if (!x) {
      let butW = this.butW.get(rest);
      if (butW === undefined) this.butW.set(rest, (butW = this.butW.size));
      x = {
        id: this.list.length,
        butW,
        key,
        W: f.W,
        conds,
        mods,
        bleeding,
        suddenDeath: f.suddenDeath,
        right,
        left,
        ground,
        flee: f.flee,
        out: f.out as OutReason | null,
        diesIn,
      };
      this.byKey.set(key, x);
      this.list.push(x);
    }
    return x;
  }

  /**
   * A copy of `base` as the engine would hold it in round `r` with lasting state `l` (and W `W`, the
   * state's own unless said): its own lists, so that the engine may change them; the blows due and
   * owed are the caller's to set.
   */
  view(base: Fighter, l: Lasting, r: number, W = l.W): Fighter {
    const at = (n: number) => (n === Infinity ? Infinity : n + r);
    return Object.assign(Object.create(base) as Fighter, {
      W,
      conds: l.conds.map((c): Cond => ({ ...c, from: c.from + r, until: at(c.until), why: '' })),
      charMods: l.mods.map((m): CharMod => ({ ...m, from: m.from + r, until: at(m.until), why: '' })),
      bleeding: l.bleeding.map((b): Bleeding => ({
        amount: b.amount,
        part: this.parts[b.part] as Part,
        suddenDeath: false,
      })),
      suddenDeath: l.suddenDeath,
      right: l.right < 0 ? null : (this.weapons[l.right] as Weapon),
      left: l.left < 0 ? null : (this.weapons[l.left] as Weapon),
      ground: l.ground.map((i) => this.weapons[i] as Weapon),
      flee: l.flee,
      out: l.out,
      diesAt: l.diesIn === null ? null : l.diesIn + r,
      pending: [],
      owedAttacks: 0,
      hold: null,
      stats: { ...base.stats },
    });
  }
}

/** The chart as printed (the chain refuses the variants that read it otherwise). */
const PLAIN: CriticalHow = {};

/** What a critical left: the victim's lasting state, its blows still due and owed, and the chance. */
export interface CriticalOutcome {
  readonly after: Lasting;
  readonly pending: readonly number[];
  readonly owed: number;
  readonly p: number;
}

/**
 * Every outcome of a critical of `value` on `part` of a victim in lasting state `l` (blows `pending`
 * still due, `owed` owed), at moment `st.moment` of round `st.round`: the engine's `critical` run
 * on a copy with dice that list every outcome, the outcomes alike merged. Cached by the chart's
 * column, the only thing of the value the chart reads (`criticalColumn`).
 */
export function criticalOutcomes(
  st: W1State,
  codec: LastingCodec,
  base: Fighter,
  l: Lasting,
  pending: readonly number[],
  owed: number,
  part: Part,
  value: number,
  cache?: Map<string, CriticalOutcome[]>,
): CriticalOutcome[] {
  const col = criticalColumn(value);
  const ck = cache ? `${l.id}|${pending.join('.')}|${owed}|${part.id}|${col}|${st.moment}` : '';
  const had = cache?.get(ck);
  if (had) return had;
  const merged = new Map<string, { after: Lasting; pending: number[]; owed: number; p: number }>();
  const add = (v: Fighter, p: number) => {
    const after = codec.of(v, st.round);
    const k = `${after.id}|${v.pending.join('.')}|${v.owedAttacks}`;
    const e = merged.get(k);
    if (e) e.p += p;
    else merged.set(k, { after, pending: v.pending, owed: v.owedAttacks, p });
  };
  const fresh = () => {
    const f = codec.view(base, l, st.round);
    f.pending = [...pending];
    f.owedAttacks = owed;
    return f;
  };
  if (l.out === 'dead') {
    // The engine's critical does nothing to the dead.
    add(fresh(), 1);
  } else if (st.opt.criticals === 'sudden-death' || l.suddenDeath) {
    // Sudden Death: the D100s that kill play alike, and so do those that do not, so the engine's
    // suddenDeathCritical is run once for each, weighed by their count.
    const kills = new Map<boolean, { rolled: number; n: number }>();
    for (let rolled = 1; rolled <= 100; rolled++) {
      const k = suddenDeathKills(col, rolled);
      const had = kills.get(k);
      if (had) had.n++;
      else kills.set(k, { rolled, n: 1 });
    }
    for (const { rolled, n } of kills.values())
      for (const { value: v, p } of enumerateDice((ctx: FightContext) => {
        const f = fresh();
        suddenDeathCritical(st, ctx, f, part, col, rolled);
        return f;
      }))
        add(v, (p * n) / 100);
  } else {
    // The chart: the D100s that read one cell play alike, so each cell's effect (the engine's
    // chartCritical) is enumerated once, at the first D100 that reads it, weighed by their count.
    const cells = new Map<string, { rolled: number; n: number }>();
    for (let rolled = 1; rolled <= 100; rolled++) {
      const c = chartCell(col, rolled, PLAIN);
      const k = `${c.applied},${c.flee ? 1 : 0}`;
      const had = cells.get(k);
      if (had) had.n++;
      else cells.set(k, { rolled, n: 1 });
    }
    for (const { rolled, n } of cells.values())
      for (const { value: v, p } of enumerateDice((ctx: FightContext) => {
        const f = fresh();
        chartCritical(st, ctx, f, part, col, rolled);
        return f;
      }))
        add(v, (p * n) / 100);
  }
  const res = [...merged.values()];
  cache?.set(ck, res);
  return res;
}
