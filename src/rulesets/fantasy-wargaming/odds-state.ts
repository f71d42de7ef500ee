// The state of the Fantasy Wargaming exact duel: a fighter's part of it as a melee phase begins (Me,
// one number: packed) and within the phase (Now, what its foe's blows have done so far), what stays
// the same for a fighter all duel long (Who), and the two duellists' kits as the chain reads them:
// the weapon in hand and its WF, exhaustion, what parries.
import type { Weapon } from './data.js';
import { armOf, kitOf, type Arm, type Hit } from './odds-blow.js';
import { isExhausted, type MoraleResult } from './rules.js';
import { parryItemOf, type FwFighterSpec, type FwSetup } from './state.js';

/** The morale results that bind a fighter for a phase, what it did last phase, and what it declares: a state holds each by its index. */
export const BOUND: readonly (MoraleResult | null)[] = [null, 'dither', 'selfish', 'panic'];
export const LAST = ['none', 'attack', 'parry', 'dodge', 'disengage'] as const;
export const ACTS = ['none', 'attack', 'charge', 'parry', 'dodge', 'disengage'] as const;
export type Act = (typeof ACTS)[number];

/** A fighter's part of the chain's state, as the melee phase begins (the "last phase" fields are of the phase before). */
export interface Me {
  readonly en: number;
  /** Melee weapons gone (dropped or broken): the next in the list is in hand, then a natural weapon or the fist. */
  readonly dropped: number;
  readonly shield: boolean;
  readonly damaged: boolean;
  readonly stunned: boolean;
  readonly knocked: boolean;
  readonly charged: boolean;
  /** Its last flurry's band, where it counts for a defence: 0 none, 1 partial, 2 substantial. */
  readonly flurry: number;
  /** What it did last phase: an index of LAST. */
  readonly last: number;
  /** Melee phases fought, up to its endurance (where exhaustion stops counting). */
  readonly fought: number;
  /** The morale result binding this phase: an index of BOUND. */
  readonly bound: number;
  readonly demoralized: boolean;
  readonly fleeing: boolean;
  readonly berserk: boolean;
  /** What it declares for this phase (an index of ACTS), once the state is kept after a phase. */
  readonly act: number;
}

/** A fighter's state as one number (under 2^43). */
export function packed(m: Me): number {
  const bits =
    +m.shield +
    2 * +m.damaged +
    4 * +m.stunned +
    8 * +m.knocked +
    16 * +m.charged +
    32 * +m.demoralized +
    64 * +m.fleeing +
    128 * +m.berserk;
  return (
    (((((m.en * 256 + m.fought) * 256 + bits) * 4 + m.flurry) * 8 + m.last) * 4 + m.bound) * 64 +
    m.act * 8 +
    m.dropped
  );
}

/** What stays the same for a fighter all duel long. */
export interface Who {
  readonly f: FwFighterSpec;
  readonly foe: FwFighterSpec;
  readonly meleeCount: number;
  /** Whether it may ever defend (its tactics, or a morale result): else its flurry's band counts for nothing. */
  readonly mayDefend: boolean;
}

/** The two duellists (WA strikes first in every key), and what the chain reads of their kits, each worked out once. */
export class Duelists {
  readonly WA: Who;
  readonly WB: Who;
  private readonly arms = new Map<number, Arm>();

  constructor(readonly setup: FwSetup) {
    const opt = setup.opt;
    const [A, B] = setup.fighters as [FwFighterSpec, FwFighterSpec];
    const whoOf = (f: FwFighterSpec, foe: FwFighterSpec): Who => ({
      f,
      foe,
      meleeCount: f.weapons.filter((w) => w.kind === 'melee').length,
      mayDefend:
        opt.morale ||
        f.tactics.defence === 'parry' ||
        f.tactics.defence === 'dodge' ||
        f.tactics.defence === 'disengage',
    });
    this.WA = whoOf(A, B);
    this.WB = whoOf(B, A);
  }

  /** The weapon in hand of `w` with `dropped` melee weapons gone, and its WF on that kit. */
  arm(w: Who, dropped: number, shield: boolean): Arm {
    const k = (w === this.WA ? 0 : 1) * 64 + dropped * 2 + +shield;
    let x = this.arms.get(k);
    if (!x) this.arms.set(k, (x = armOf(this.setup, w.f, dropped, shield)));
    return x;
  }

  exhausted(w: Who, m: Me): boolean {
    return isExhausted(this.setup.opt.exhaustion, m.fought, w.f.maxEndurance);
  }

  parryItem(w: Who, dropped: number, shield: boolean): Weapon | null {
    return parryItemOf(shield ? w.f.shield : null, kitOf(w.f, dropped, shield).wielded);
  }
}

/** Ours: too stunned, frozen in panic or running, it cannot defend, and its foe takes a free hack. */
export const defenceless = (m: Me) => m.fleeing || m.stunned || BOUND[m.bound] === 'panic';

/** A fighter within a melee phase: what its foe's blows have done so far. */
export interface Now {
  readonly en: number;
  readonly dropped: number;
  readonly shield: boolean;
  readonly harmed: boolean;
  readonly stunned: boolean;
  readonly knocked: boolean;
  readonly out: boolean;
  /** Its own blow's band this phase (0: none that counts), and whether it lunged. */
  readonly band: number;
  readonly lunged: boolean;
}

/**
 * Each fighter's states are numbered below this, so that a pair of them is one small integer
 * (x × ID + y below 2^30), the kind of key a Map hashes fastest.
 */
export const ID = 2 ** 15;

/** Thrown when one fighter's states pass ID (no duel has come near it within its budget). */
export class TooManyStates extends Error {}

/** A blow's outcomes as the states they leave the one struck in (with the striker's band), the same once with their chances added. */
export function settle(
  hits: readonly Hit[],
  after: (h: Hit) => Now,
  band: (h: Hit) => number,
): { now: Now; band: number; p: number }[] {
  const by = new Map<number, { now: Now; band: number; p: number }>();
  for (const h of hits) {
    const now = after(h);
    const b = band(h);
    const k =
      (((now.en + 1024) * 8 + now.dropped) * 64 +
        (+now.shield +
          2 * +now.harmed +
          4 * +now.stunned +
          8 * +now.knocked +
          16 * +now.out +
          32 * +now.lunged)) *
        9 +
      now.band * 3 +
      b;
    const e = by.get(k);
    if (e) e.p += h.p;
    else by.set(k, { now, band: b, p: h.p });
  }
  return [...by.values()];
}
