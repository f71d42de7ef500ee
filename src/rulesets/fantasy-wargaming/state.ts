// A Fantasy Wargaming fight's state: fighters with their endurance, kit, morale and berserk state,
// and what each did in the last melee phase (several modifiers read it).
import type { SetupCore } from '../../core/ruleset.js';
import {
  newCombatStats,
  type CombatantCore,
  type CombatStats,
  type FightState,
  type SideCore,
} from '../../core/state.js';
import type { Dice } from '../../dice/notation.js';
import type { Charts } from './charts.js';
import type { Armour, Weapon } from './data.js';
import type { FwOptions } from './options.js';
import type { Area, Band, Characteristics, MoraleResult, TargetSize, TargetSpeed } from './rules.js';
import type { Tactics } from './tactics.js';

export interface Magic {
  readonly name: string;
  readonly level: number;
  /** The column factor the spell strikes with (ours: the spell's own, as WF is a weapon's). */
  readonly factor: number;
  readonly damage: Dice;
  readonly damageText: string;
}

export interface FwFighterSpec {
  readonly id: string;
  readonly name: string;
  readonly side: number;
  readonly ch: Characteristics;
  readonly combatLevel: number;
  readonly viking: boolean;
  readonly role: 'warrior' | 'mage' | 'cleric';
  readonly leader: boolean;
  /** Weapons carried (shields apart), the first melee one wielded. */
  readonly weapons: readonly Weapon[];
  readonly shield: Weapon | null;
  readonly armour: Armour | null;
  /** Favoured weapon ids; null: every weapon is favoured. */
  readonly favoured: readonly string[] | null;
  readonly endurance: number;
  readonly maxEndurance: number;
  readonly victories: number;
  readonly defeats: number;
  readonly astrology: number;
  readonly berserkRecently: boolean;
  readonly secure: boolean;
  readonly cornered: boolean;
  readonly desire: boolean;
  readonly size: TargetSize;
  readonly speed: TargetSpeed;
  /** Opponents see it fire (−1 to its missiles). */
  readonly seen: boolean;
  readonly magic: Magic | null;
  readonly tactics: Tactics;
}

export interface FwSetup extends SetupCore {
  readonly sides: readonly SideCore[];
  readonly fighters: readonly FwFighterSpec[];
  readonly opt: FwOptions;
  readonly charts: Charts;
  readonly area: Area;
  readonly areaFeet: number;
  /** Yards between the sides when missiles fly in the pre-melee phase. */
  readonly distance: number;
  /** Moves of ranged-only exchange before the sides meet in melee. */
  readonly volleys: number;
}

export interface FwFighter extends CombatantCore {
  readonly spec: FwFighterSpec;
  endurance: number;
  /** Weapons still carried; `wielded` is one of them, or the fist. */
  carried: Weapon[];
  wielded: Weapon;
  shield: Weapon | null;
  berserk: boolean;
  /** The last morale check's result (null: none yet). */
  morale: MoraleResult | null;
  /** The result that binds the next melee phase. */
  bound: MoraleResult | null;
  fleeing: boolean;
  /** Phase numbers (a round holds one melee phase): when it charged or lunged, was damaged, stunned, knocked down. */
  chargedOrLunged: number;
  damaged: number;
  /** The round it last lost endurance, from anything (morale asks). */
  hurt: number;
  stunned: number;
  knockedDown: number;
  /** The band of its last flurry and that flurry's phase. */
  lastFlurry: { band: Band; phase: number } | null;
  /** The last melee action chosen (its key) and the last lunge-or-flurry (choice keys): the same again is routine at the table. */
  lastChoice: string | null;
  lastLunge: string | null;
  lastAction: { kind: string; target: string | null } | null;
  /** Melee phases fought to the end (attacking or defending). */
  phasesFought: number;
  /** Left the melee by a totally successful disengage: out, but not a deserter nor a loss. */
  withdrew: boolean;
  underFire: number;
  magicUsed: boolean;
  /** `criticals` are total successes: the Striking Table's best band (the simulation's criticals columns). */
  readonly stats: CombatStats & { defences: number; berserk: number };
}

export interface FwState extends FightState {
  readonly setup: FwSetup;
  /** Sorted by id, so the file's order changes nothing. */
  readonly combatants: FwFighter[];
  readonly sides: readonly SideCore[];
  /** Each side's leader now (an id), recalculated when the leader falls. */
  readonly leaders: (string | null)[];
}

/** The combatants as a reader lists them: side by side, in the file's order (the engine's own order is by id). */
export function asListed(st: FwState): FwFighter[] {
  const at = (f: FwFighter) => st.setup.fighters.indexOf(f.spec);
  return [...st.combatants].sort((a, b) => a.side - b.side || at(a) - at(b));
}

export function newFwState(setup: FwSetup): FwState {
  const combatants: FwFighter[] = [...setup.fighters]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((spec) => ({ id: spec.id, name: spec.name, side: spec.side, ...fwStart(spec) }));
  return { round: 0, setup, sides: setup.sides, combatants, leaders: leadersOf(setup, combatants) };
}

/** Each side's leader as the fight starts (a side may have none). */
function leadersOf(setup: FwSetup, combatants: readonly FwFighter[]): (string | null)[] {
  return setup.sides.map((_, i) => combatants.find((f) => f.side === i && f.spec.leader)?.id ?? null);
}

/** newFwState's state again, in place: a simulation's runs share one state. */
export function renewFwState(st: FwState): void {
  st.round = 0;
  for (const f of st.combatants) Object.assign(f, fwStart(f.spec));
  leadersOf(st.setup, st.combatants).forEach((id, i) => (st.leaders[i] = id));
}

/** What a fighter is as the fight starts: everything but who it is. */
function fwStart(spec: FwFighterSpec): Omit<FwFighter, 'id' | 'name' | 'side'> {
  return {
    out: spec.endurance <= 0 ? 'unconscious' : null,
    spec,
    endurance: spec.endurance,
    carried: [...spec.weapons],
    wielded: wieldedOf(spec.weapons),
    shield: spec.shield,
    berserk: false,
    morale: null,
    bound: null,
    fleeing: false,
    chargedOrLunged: -9,
    damaged: -9,
    hurt: -9,
    stunned: -9,
    knockedDown: -9,
    lastFlurry: null,
    lastChoice: null,
    lastLunge: null,
    lastAction: null,
    phasesFought: 0,
    withdrew: false,
    underFire: -9,
    magicUsed: false,
    stats: { ...newCombatStats(), defences: 0, berserk: 0 },
  };
}

/** The weapon it fights the melee with: its first melee weapon, else a natural one, else the fist. */
export function wieldedOf(weapons: readonly Weapon[]): Weapon {
  return weapons.find((w) => w.kind === 'melee') ?? weapons.find((w) => w.kind === 'natural') ?? FIST;
}

/** Defense: a parry is made with the shield, else with the melee weapon wielded. */
export function parryItemOf(shield: Weapon | null, wielded: Weapon): Weapon | null {
  return shield ?? (wielded.kind === 'melee' ? wielded : null);
}

/** The bare hand, when a fighter holds no weapon (ours: the weapons file's `fist` if it has one). */
export const FIST: Weapon = {
  id: 'fist',
  name: 'fist',
  kind: 'natural',
  hands: 1,
  length: 0,
  damage: { count: 1, sides: 3, plus: 0 },
  damageText: '1D3',
  encumbrance: 0,
  strength: 0,
  agility: 0,
  range: null,
  defence: null,
  source: 'ours',
};
