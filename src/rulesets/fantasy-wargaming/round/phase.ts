// What every step of the Combat round sequence reads: a melee phase's record, a blow, its effects, and
// the fighters' state (WF, leader, exhaustion).
import type { Term } from '../../../core/arith.js';
import type { FollowingDice } from '../../../core/request.js';
import type { DefenceEffect, SpecialEffect } from '../charts.js';
import type { Weapon } from '../data.js';
import { type WeaponFactor, weaponFactor } from '../fighter.js';
import { type Band, type DefenceKind, isExhausted } from '../rules.js';
import type { FwFighter, FwState } from '../state.js';

export type Action =
  | { readonly kind: 'attack' | 'charge'; readonly target: FwFighter }
  | { readonly kind: DefenceKind }
  | { readonly kind: 'into-melee'; readonly magic: boolean }
  | { readonly kind: 'none'; readonly why: string };

/** One blow about to be resolved in a step. */
export interface Blow {
  readonly attacker: FwFighter;
  target: FwFighter;
  weapon: Weapon | null;
  readonly magic: boolean;
  readonly missile: boolean;
  readonly charge: boolean;
  lunge: boolean;
  readonly firstStrike: 'reach' | 'agility' | null;
  readonly extra: readonly Term[];
}

/** What a step does, applied only once every participant of the step has acted. */
export interface Effect {
  readonly target: FwFighter;
  readonly harm: number;
  readonly effects: readonly SpecialEffect[];
  readonly broken: Weapon | null;
  readonly leaves: boolean;
}

export interface Defence {
  readonly kind: DefenceKind;
  readonly band: Band;
  readonly effect: DefenceEffect | null;
  item: Weapon | null;
}

/** What a melee phase knows while it runs. */
export interface Phase {
  readonly n: number;
  readonly actions: Map<FwFighter, Action>;
  readonly defences: Map<FwFighter, Defence>;
  /** Enemies declaring a melee attack at each fighter this phase. */
  readonly at: Map<FwFighter, number>;
  /** Who was out, and who was fleeing, as the phase began. */
  readonly outBefore: Set<FwFighter>;
  readonly fleeingBefore: Set<FwFighter>;
  /** Set once the melee phase begins: damage before it (missiles, magic, a ranged exchange) is not "damaged in the last melee phase". */
  melee: boolean;
  /** Damaged, and stunned, in the last melee phase: read from here all phase long, as this phase's own blows change the fighters. */
  readonly damagedBefore: ReadonlySet<FwFighter>;
  readonly stunnedBefore: ReadonlySet<FwFighter>;
  /** Parrying items broken in this phase's steps so far (gone from the step after). */
  readonly broken: Set<Weapon>;
}

export const standing = (st: FwState) => st.combatants.filter((f) => f.out === null);

export const enemiesOf = (st: FwState, f: FwFighter) =>
  st.combatants.filter((o) => o.side !== f.side && o.out === null);

export const alliesOf = (st: FwState, f: FwFighter) =>
  st.combatants.filter((o) => o.side === f.side && o !== f && o.out === null);

export const isLeader = (st: FwState, f: FwFighter) => st.leaders[f.side] === f.id;

export const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);

export const spaced = (n: number) => `${n < 0 ? '−' : '+'} ${Math.abs(n)}`;

export function holder(f: FwFighter) {
  return { ch: f.spec.ch, combatLevel: f.spec.combatLevel, favoured: f.spec.favoured };
}

export function kit(f: FwFighter) {
  return { carried: f.carried, shield: f.shield, armour: f.spec.armour, wielded: f.wielded };
}

/** Weapons and armor: the WF of a weapon as the fighter is equipped now. */
export function wfOf(st: FwState, f: FwFighter, w: Weapon): WeaponFactor {
  return weaponFactor(holder(f), kit(f), w, st.setup.charts.damageStep);
}

export const missileWeapon = (f: FwFighter) => f.carried.find((w) => w.kind === 'missile') ?? null;

/** Ours: exhausted once it has fought as many melee phases as its endurance. */
export const exhausted = (st: FwState, f: FwFighter) =>
  isExhausted(st.setup.opt.exhaustion, f.phasesFought, f.spec.maxEndurance);

export const damagedLast = (f: FwFighter, phase: Phase) => phase.damagedBefore.has(f);

/** Ours: a fighter too stunned, frozen in panic or running cannot defend, and its foes take a free hack. */
export const defenceless = (f: FwFighter, phase: Phase) =>
  f.fleeing || phase.stunnedBefore.has(f) || f.bound === 'panic';

export function leaderLevel(st: FwState, f: FwFighter): number | null {
  const id = st.leaders[f.side];
  const l = id ? st.combatants.find((x) => x.id === id) : undefined;
  return l ? l.spec.combatLevel : null;
}

export const oneSideLeft = (st: FwState) => new Set(standing(st).map((f) => f.side)).size <= 1;

/** The table's die for a luck die's `then`: both are rolled together at the table. */
export function chartDie(sides: number, table = 'Striking Table'): FollowingDice {
  return { count: 1, sides, label: table };
}
