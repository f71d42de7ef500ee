import type { CombatantCore, FightState, SideCore } from '../../core/state.js';
import type { ArmourPiece, Catalogue, Char, Profile, Weapon } from './catalogue.js';
import type { Part, BodyPlan } from './data/locations.js';
import type { MountSize } from './data/tables.js';
import type { FighterSpec, SideSpec, Tactics, W1Setup } from './encounter.js';
import type { W1Options } from './options.js';

/** A timed condition. It holds from round `from` to round `until` inclusive (Infinity: the rest of the fight). */
export interface Cond {
  readonly kind:
    | 'noAction'
    | 'parryOnly'
    | 'noAttacks'
    | 'prone'
    | 'shieldParryOnly'
    | 'handUseless'
    | 'toHit'
    | 'eachRound'
    | 'trapped';
  readonly from: number;
  readonly until: number;
  readonly hand?: 'right' | 'left';
  readonly value?: number;
  readonly test?: { readonly char: 'I' | 'T' | 'S'; readonly fail: 'down' | 'unconscious' | 'stay' };
  /** What caused it, for the explanation. */
  readonly why: string;
}

/** A change to characteristics for a while: deltas, then halving. */
export interface CharMod {
  readonly from: number;
  readonly until: number;
  readonly delta?: { readonly [K in Char]?: number };
  readonly halve?: readonly Char[];
  readonly why: string;
}

export interface Bleeding {
  readonly amount: 1 | 'D4' | 'D6';
  readonly part: Part;
  readonly suddenDeath: boolean;
}

/** What a combatant declared for the round (§ Actions). */
export type Action =
  | { readonly kind: 'fight' }
  | { readonly kind: 'flee' }
  | { readonly kind: 'draw'; readonly weapon: Weapon; readonly from: 'carried' | 'ground' }
  | { readonly kind: 'pack'; readonly item: string }
  | { readonly kind: 'tend'; readonly ally: Fighter }
  | { readonly kind: 'wait' }
  | { readonly kind: 'none' };

export interface Fighter extends CombatantCore {
  readonly spec: FighterSpec;
  readonly idx: number;
  readonly profile: Profile;
  readonly maxW: number;
  W: number;
  readonly skills: ReadonlySet<string>;
  readonly tactics: Tactics;
  readonly body: BodyPlan;
  readonly height: number;
  readonly flying: boolean;
  readonly mountSize: MountSize | null;
  readonly armour: readonly ArmourPiece[];
  readonly natural: readonly Weapon[];

  right: Weapon | null;
  left: Weapon | null;
  carried: Weapon[];
  /** Items on the ground at hand (dropped or flown off): recovered with a take-up. */
  ground: Weapon[];
  pack: { enc: number; items: string[] } | null;
  mount: Fighter | null;
  rider: Fighter | null;
  /** Whom this combatant fights; the engaged relation is symmetric (see engaged()). */
  target: Fighter | null;
  /** Yards from the enemy when not engaged (null: in the melee, or unknown). */
  gap: number | null;
  conds: Cond[];
  charMods: CharMod[];
  /** § Sudden Death: later criticals on this victim use Sudden Death. */
  suddenDeath: boolean;
  headsLost: number;
  hold: { other: Fighter; holder: boolean; since: number } | null;
  bleeding: Bleeding[];
  /** Dies at the end of this round without medical attention. */
  diesAt: number | null;
  /** Fleeing: declared this round, or forced by a critical (flees at its next turn). */
  flee: 'declared' | 'forced' | null;
  asleep: boolean;
  /** Busy with a take-up until the end of this round. */
  busyUntil: number;
  /** What a round-long take-up puts in hand at its end: a weapon drawn or picked up, or an item from the pack. */
  readying: Weapon | null;
  searching: string | null;
  /** EI lost this round to drawing a weapon (§ Take-Up Actions). */
  takeUpLoss: number;
  /** Airborne (a flier between dives): only other fliers can reach it. */
  airborne: boolean;

  // The round in hand.
  action: Action;
  /** Blow ticks still to come this round. */
  pending: number[];
  /** Attacks lost to parries or fumbles with no blow left this round: taken from the next round. */
  owedAttacks: number;
  parries: number;
  charging: boolean;
  chargeBlowDone: boolean;
  acted: boolean;
  offGuard: boolean;
  /** An opponent fled this round: stay put, but fight those already engaged (§ Fleeing). */
  heldInPlace: boolean;
  /** Chargers this combatant could not turn to face this round: no parry against them (§ Initiating). */
  unfaced: Set<Fighter>;
  /** Whom this combatant struck at this round: a different target costs a blow (§ Multiple Opponents). */
  roundTarget: Fighter | null;
  dealt: number;
  taken: number;
  fought: Set<Fighter>;
  /** Rounds this combatant has spent in hand-to-hand (spears and halberds favour the first). */
  roundsFought: number;
  /** From the last round: § Winning and Losing. */
  winning: boolean;
  wonAgainst: Set<Fighter>;
  losing: boolean;

  readonly stats: FighterStats;
}

export interface FighterStats {
  blows: number;
  hits: number;
  woundsDealt: number;
  woundsTaken: number;
  criticalsDealt: number;
  criticalsTaken: number;
  fumbles: number;
  parries: number;
}

export interface W1Side extends SideCore {
  readonly surprised: boolean;
  readonly ambush: boolean;
}

export interface FirePool {
  readonly by: Fighter;
  readonly feet: number;
  roundsLeft: number;
}

export interface W1State extends FightState {
  readonly setup: W1Setup;
  readonly opt: W1Options;
  readonly cat: Catalogue;
  readonly sides: readonly W1Side[];
  readonly combatants: readonly Fighter[];
  round: number;
  /** The side(s) with this round's Effective Initiative edge, and the D10 it adds. */
  edge: { readonly players: boolean; readonly bonus: number } | null;
  pools: FirePool[];
  /** The tick being resolved: blows at it act together, so what happens in it spares them (Infinity between rounds). */
  moment: number;
}

export function newState(setup: W1Setup): W1State {
  const fighters = setup.fighters.map((s, idx) => newFighter(s, idx));
  const byId = new Map(fighters.map((f) => [f.id, f]));
  for (const f of fighters) {
    if (f.spec.mountId) f.mount = byId.get(f.spec.mountId) ?? null;
    if (f.spec.riderId) f.rider = byId.get(f.spec.riderId) ?? null;
  }
  return {
    setup,
    opt: setup.options,
    cat: setup.catalogue,
    sides: setup.sides.map((s: SideSpec) => ({ ...s })),
    combatants: fighters,
    round: 0,
    edge: null,
    pools: [],
    moment: Infinity,
  };
}

function newFighter(s: FighterSpec, idx: number): Fighter {
  return {
    id: s.id,
    name: s.name,
    side: s.side,
    out: null,
    spec: s,
    idx,
    profile: s.profile,
    maxW: s.profile.W as number,
    W: s.W,
    skills: new Set(s.skills),
    tactics: s.tactics,
    body: s.body,
    height: s.height,
    flying: s.flying,
    mountSize: s.mountSize,
    armour: s.armour,
    natural: s.natural,
    right: s.right,
    left: s.left,
    carried: [...s.carried],
    ground: [],
    pack: s.pack ? { enc: s.pack.enc, items: [...s.pack.items] } : null,
    mount: null,
    rider: null,
    target: null,
    gap: null,
    conds: [],
    charMods: [],
    suddenDeath: false,
    headsLost: 0,
    hold: null,
    bleeding: [],
    diesAt: null,
    flee: null,
    asleep: s.asleep,
    busyUntil: 0,
    readying: null,
    searching: null,
    takeUpLoss: 0,
    airborne: false,
    action: { kind: 'none' },
    pending: [],
    owedAttacks: 0,
    parries: 0,
    charging: false,
    chargeBlowDone: false,
    acted: false,
    offGuard: false,
    heldInPlace: false,
    unfaced: new Set(),
    roundTarget: null,
    dealt: 0,
    taken: 0,
    fought: new Set(),
    roundsFought: 0,
    winning: false,
    wonAgainst: new Set(),
    losing: false,
    stats: { blows: 0, hits: 0, woundsDealt: 0, woundsTaken: 0, criticalsDealt: 0, criticalsTaken: 0, fumbles: 0, parries: 0 },
  };
}

// --- Queries the rules ask of a combatant. ---

export function hasCond(f: Fighter, kind: Cond['kind'], round: number): boolean {
  for (const c of f.conds) if (c.kind === kind && c.from <= round && round <= c.until) return true;
  return false;
}

export function condsOf(f: Fighter, kind: Cond['kind'], round: number): Cond[] {
  return f.conds.filter((c) => c.kind === kind && c.from <= round && round <= c.until);
}

const PERCENT: ReadonlySet<Char> = new Set(['WS', 'BS', 'I', 'Dex', 'Ld', 'Int', 'Cl', 'WP', 'Fel']);

export function isPercent(ch: Char): boolean {
  return PERCENT.has(ch);
}

/** A characteristic as it stands this round: the profile, changed by wounds and fumbles (never below 0). */
export function current(f: Fighter, ch: Char, round: number): number {
  const base = f.profile[ch];
  if (base === null) return 0;
  let v = base;
  let halve = false;
  for (const m of f.charMods) {
    if (m.from > round || round > m.until) continue;
    v += m.delta?.[ch] ?? 0;
    if (m.halve?.includes(ch)) halve = true;
  }
  if (halve) v = Math.floor(v / 2);
  // Ours: wounds never take the last Attack (body 7's "all characteristics −1" would leave A 0).
  if (ch === 'A' && base >= 1) return Math.max(1, v);
  return Math.max(0, v);
}

/** Running: fleeing and able to move. A fleer who is down, dazed or held can still be struck normally. */
export function running(f: Fighter, round: number): boolean {
  return (
    f.flee !== null &&
    f.hold === null &&
    !hasCond(f, 'prone', round) &&
    !hasCond(f, 'trapped', round) &&
    !hasCond(f, 'noAction', round)
  );
}

export function hasSkill(f: Fighter, skill: string): boolean {
  return f.skills.has(skill);
}

/** Both hands' items, without duplicates (a two-handed weapon fills both). */
export function heldItems(f: Fighter): Weapon[] {
  const out: Weapon[] = [];
  if (f.right) out.push(f.right);
  if (f.left && f.left !== f.right) out.push(f.left);
  return out;
}

export function handUsable(f: Fighter, hand: 'right' | 'left', round: number): boolean {
  return !f.conds.some((c) => c.kind === 'handUseless' && c.hand === hand && c.from <= round && round <= c.until);
}

export function strongHand(f: Fighter): 'right' | 'left' {
  return f.spec.leftHanded ? 'left' : 'right';
}

export function sideOf(st: W1State, f: Fighter): W1Side {
  return st.sides[f.side] as W1Side;
}

/** Engaged: one fights the other; both are still in the fight. */
export function engaged(a: Fighter, b: Fighter): boolean {
  return a.out === null && b.out === null && a.side !== b.side && (a.target === b || b.target === a);
}

/** Everyone fighting this combatant (or fought by it), a mount and its rider counting as one. */
export function opponents(st: W1State, f: Fighter): Fighter[] {
  return st.combatants.filter((o) => engaged(f, o));
}

export function isEngaged(st: W1State, f: Fighter): boolean {
  return st.combatants.some((o) => engaged(f, o));
}
