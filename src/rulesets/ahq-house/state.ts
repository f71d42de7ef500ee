// A house-rules fight's state: the board, each model's square, facing, wounds, and what it did.
import type { SourcedRow } from '../../core/loader.js';
import type { SetupCore } from '../../core/ruleset.js';
import {
  newCombatStats,
  type CombatantCore,
  type CombatStats,
  type FightState,
  type SideCore,
} from '../../core/state.js';
import type { Board, Facing } from '../../space/grid.js';
import type { Point } from '../../space/plane.js';
import type { Armour, MonsterRule, Profile, Spell, Weapon } from './data.js';
import type { AhqOptions } from './options.js';
import type { Tactics } from './tactics.js';
import type { ZoneModel } from './zones.js';

export interface AhqSpec {
  readonly id: string;
  readonly name: string;
  readonly side: number;
  readonly glyph: string;
  readonly size: number;
  readonly profile: Profile;
  /** Carried: the first hand weapon is used in close combat, the first missile weapon to shoot. */
  readonly weapons: readonly Weapon[];
  readonly armour: readonly Armour[];
  /** Damage dice unarmed (Unarmed Combat: the fist row for heroes, the bestiary for monsters). */
  readonly unarmedDd: number;
  /** Its card's row of needs in close combat (against a defender's skill 1 to 12), where printed. */
  readonly cardHits: readonly number[] | null;
  readonly rules: readonly MonsterRule[];
  readonly beastmaster: number | null;
  readonly slavemaster: number | null;
  readonly spells: readonly Spell[];
  readonly college: string | null;
  readonly at: Point;
  readonly facing: Facing;
  readonly wounds: number;
  readonly tactics: Tactics;
  /** The bestiary's creature it was made from, named with its source, for the sheet. */
  readonly fromBestiary: SourcedRow | null;
}

/** Facts, house armour: a profile value with every piece's modifier added. */
export function withArmour(spec: AhqSpec, k: 'DS' | 'BS' | 'Sp' | 'St'): number {
  return spec.armour.reduce((n, a) => n + a[k], spec.profile[k]);
}

/** Facts, house armour: Toughness with armour, a helmet's part apart (it counts only on an exact to-hit roll). */
export function toughnessOf(spec: AhqSpec): { T: number; helmet: number } {
  let T = spec.profile.T;
  let helmet = 0;
  for (const a of spec.armour) {
    if (a.helmet) helmet += a.T;
    else T += a.T;
  }
  return { T, helmet };
}

/** The first hand weapon is used in close combat (null: unarmed), the first missile weapon to shoot. */
export const handWeapon = (spec: AhqSpec): Weapon | null =>
  spec.weapons.find((w) => w.range === null) ?? null;
export const missileWeapon = (spec: AhqSpec): Weapon | null =>
  spec.weapons.find((w) => w.range !== null) ?? null;

export interface AhqSetup extends SetupCore {
  readonly sides: readonly SideCore[];
  readonly fighters: readonly AhqSpec[];
  readonly board: Board;
  readonly opt: AhqOptions;
}

export interface AhqFighter extends CombatantCore, ZoneModel {
  readonly spec: AhqSpec;
  readonly id: string;
  readonly side: number;
  readonly size: number;
  at: Point;
  facing: Facing;
  out: CombatantCore['out'];
  readonly entered: string[];
  W: number;
  /** Enemies whose rear square it ended its move on this turn: the rear-attack bonus holds this turn. */
  readonly rearOf: Set<string>;
  /** Last turn's plan (its choice key): the same again is routine at the table. */
  lastPlan: string | null;
  /** Squares moved this turn. */
  moved: number;
  /**
   * The squares it walked this round, for the map: where it stood before its first walk, then each
   * square stepped on (empty: it has not moved this round). Never read by a rule.
   */
  path: Point[];
  /** Last round's walk, for the map to show faded until the round after (empty: it did not walk then). */
  lastPath: Point[];
  /** DS added by a ward spell until its next turn. */
  ward: number;
  spellsCast: Set<string>;
  readonly stats: CombatStats & { fumbles: number; evades: number };
}

export interface AhqState extends FightState {
  readonly setup: AhqSetup;
  readonly combatants: AhqFighter[];
  readonly sides: readonly SideCore[];
  /** Doors opened in the fight (by a model walking through). */
  readonly opened: Set<string>;
  /** During a model's turn: it and the enemies it is evading (not turned back to them until its action is done). */
  readonly evading: Map<string, ReadonlySet<string>>;
}

export function newAhqState(setup: AhqSetup): AhqState {
  const combatants: AhqFighter[] = setup.fighters.map((spec) => ({
    id: spec.id,
    name: spec.name,
    side: spec.side,
    ...ahqStart(spec),
  }));
  return { round: 0, setup, sides: setup.sides, combatants, opened: new Set(), evading: new Map() };
}

/** newAhqState's state again, in place: a simulation's runs share one state. */
export function renewAhqState(st: AhqState): void {
  st.round = 0;
  for (const f of st.combatants) Object.assign(f, ahqStart(f.spec));
  st.opened.clear();
  st.evading.clear();
}

/** What a model is as the fight starts: everything but who it is. */
function ahqStart(spec: AhqSpec): Omit<AhqFighter, 'id' | 'name' | 'side'> {
  return {
    size: spec.size,
    spec,
    at: spec.at,
    facing: spec.facing,
    out: spec.wounds <= 0 ? 'dead' : null,
    entered: [],
    W: spec.wounds,
    rearOf: new Set(),
    lastPlan: null,
    moved: 0,
    path: [],
    lastPath: [],
    ward: 0,
    spellsCast: new Set(),
    stats: { ...newCombatStats(), fumbles: 0, evades: 0 },
  };
}
