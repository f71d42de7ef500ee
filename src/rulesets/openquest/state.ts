// An OpenQuest fight's state: the fighters with their hit points and this round's doings.
import type { SourcedRow } from '../../core/loader.js';
import type { SetupCore } from '../../core/ruleset.js';
import {
  newCombatStats,
  type CombatantCore,
  type CombatStats,
  type FightState,
  type SideCore,
} from '../../core/state.js';
import type { Armour, Weapon } from './data.js';
import type { OqOptions } from './options.js';
import type { Characteristics, Dice, Skill } from './rules.js';
import type { Tactics } from './tactics.js';

export interface OqFighterSpec {
  readonly id: string;
  readonly name: string;
  readonly side: number;
  readonly characteristics: Characteristics;
  readonly skills: Readonly<Record<Skill, number>>;
  readonly weapons: readonly Weapon[];
  readonly armour: readonly Armour[];
  readonly hp: number;
  readonly maxHp: number;
  readonly dm: Dice;
  readonly tactics: Tactics;
  /** Stays out of the fight (the text's first step: characters who are not involved). */
  readonly standsAside: boolean;
  /** Can cast healing magic strong enough for a mortal wound (Healing Wounds). */
  readonly healingMagic: boolean;
  /** The bestiary's creature it was made from, if any. */
  readonly creature: string | null;
  /** That creature's row, named with its source, for the sheet. */
  readonly fromBestiary: SourcedRow | null;
  /** Situational and magic modifiers to its combat tests (%). */
  readonly modifier: number;
}

export interface OqSetup extends SetupCore {
  readonly sides: readonly SideCore[];
  readonly fighters: readonly OqFighterSpec[];
  readonly opt: OqOptions;
  readonly distance: 'close' | 'ranged';
  /** A surprise attack by this side (the other side unaware). */
  readonly surprise: {
    readonly side: number;
    readonly kind: 'ambush' | 'sneak' | 'rush';
    readonly by: 'deception' | 'athletics' | 'ride' | 'drive';
  } | null;
  /** Scouting Ahead: the scouts' ids and the opponents' cover. */
  readonly scouting: {
    readonly scouts: readonly string[];
    readonly cover: 'clear' | 'some' | 'hidden' | 'good';
  } | null;
  /** Avoiding a Fight, by this side. */
  readonly avoid: {
    readonly side: number;
    readonly by: 'run' | 'intimidate' | 'fast-talk';
    readonly chase: boolean;
    readonly faster: boolean;
  } | null;
}

export interface OqFighter extends CombatantCore {
  /** Its place among the combatants: pairs of fighters are kept by these (`pairKey`). */
  readonly n: number;
  readonly spec: OqFighterSpec;
  hp: number;
  /** Surprised until the end of this round: may only parry or dodge; `helpless`: not even that. */
  surprised: 'defend-only' | 'helpless' | null;
  /** The round a fumble's lost action falls in. */
  loseActionIn: number;
  reactionsUsed: number;
  /** Caught in a chase: +20% on the next action. */
  bonus: number;
  /** A mortal wound: the round it was taken (to be helped by the end of the next), or null. */
  mortalSince: number | null;
  stabilised: boolean;
  /** An action is still to come this round (stated, not yet taken). */
  willAct: boolean;
  /** Last round's intent (its choice key): the same again is routine at the table. */
  intended: string | null;
  /** This round's place in the order: its modified skill, or null when it only defends (for the tracker). */
  orderSkill: number | null;
  readonly stats: CombatStats & { fumbles: number; parries: number };
}

export interface OqState extends FightState {
  readonly setup: OqSetup;
  /** Pairs of enemies within close distance (2 m), by `pairKey`; the others are at ranged distance. */
  readonly near: Set<number>;
  readonly combatants: OqFighter[];
  readonly sides: readonly SideCore[];
}

export function newOqState(setup: OqSetup): OqState {
  const combatants: OqFighter[] = setup.fighters
    .filter((f) => !f.standsAside)
    .map((spec, n) => ({ id: spec.id, name: spec.name, side: spec.side, n, ...oqStart(spec) }));
  const st: OqState = { round: 0, setup, sides: setup.sides, combatants, near: new Set() };
  setDistance(st, combatants, setup.distance);
  return st;
}

/** newOqState's state again, in place: a simulation's runs share one state. */
export function renewOqState(st: OqState): void {
  st.round = 0;
  for (const f of st.combatants) Object.assign(f, oqStart(f.spec));
  st.near.clear();
  setDistance(st, st.combatants, st.setup.distance);
}

/** What a combatant is as the fight starts: everything but who it is. */
function oqStart(spec: OqFighterSpec): Omit<OqFighter, 'id' | 'name' | 'side' | 'n'> {
  return {
    out: spec.hp <= 0 ? 'dying' : null,
    spec,
    hp: spec.hp,
    surprised: null,
    loseActionIn: 0,
    reactionsUsed: 0,
    bonus: 0,
    // Mortally wounded before the fight: the clock runs from now (round 0).
    mortalSince: spec.hp <= 0 ? 0 : null,
    stabilised: false,
    willAct: false,
    intended: null,
    orderSkill: null,
    stats: { ...newCombatStats(), fumbles: 0, parries: 0 },
  };
}

/** One number for a pair of fighters, the same either way round. */
export function pairKey(a: OqFighter, b: OqFighter): number {
  return a.n < b.n ? a.n * PAIR_BASE + b.n : b.n * PAIR_BASE + a.n;
}

/** More fighters than an encounter can hold (pairKey stays exact below it). */
const PAIR_BASE = 1 << 16;

/** Encounter Distance: close (2 m or less) or ranged, between two enemies. */
export function distanceOf(st: OqState, a: OqFighter, b: OqFighter): 'close' | 'ranged' {
  return st.near.has(pairKey(a, b)) ? 'close' : 'ranged';
}

/** Puts each of `who` at this distance from every enemy. */
export function setDistance(st: OqState, who: readonly OqFighter[], d: 'close' | 'ranged'): void {
  for (const f of who) {
    for (const o of st.combatants) {
      if (o.side === f.side) continue;
      if (d === 'close') st.near.add(pairKey(f, o));
      else st.near.delete(pairKey(f, o));
    }
  }
}
