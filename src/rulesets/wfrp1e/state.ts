import type { FightContext } from '../../core/context.js';
import {
  emptyList,
  newCombatStats,
  type CombatantCore,
  type CombatStats,
  type FightState,
  type SideCore,
} from '../../core/state.js';
import type { ArmourPiece, Catalogue, Char, Profile, Weapon } from './catalogue.js';
import { touching, type Disc, type Point } from '../../space/plane.js';
import type { Part, BodyPlan } from './data/locations.js';
import { baseRadius, type Rate } from './data/scene.js';
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
    | 'trapped'
    | 'entangled';
  readonly from: number;
  readonly until: number;
  readonly hand?: 'right' | 'left';
  readonly value?: number;
  readonly test?: { readonly char: 'I' | 'T' | 'S'; readonly fail: 'down' | 'unconscious' | 'stay' };
  /** What caused it, for the explanation. */
  readonly why: string;
  /** The Combat Points variant counts durations in actions: in its last round it ends once the bearer has used this many. */
  readonly atAction?: number;
}

/** A change to characteristics for a while: deltas, then halving. */
export interface CharMod {
  readonly from: number;
  readonly until: number;
  readonly delta?: { readonly [K in Char]?: number };
  readonly halve?: readonly Char[];
  readonly why: string;
  /** As Cond.atAction. */
  readonly atAction?: number;
}

export interface Bleeding {
  readonly amount: 1 | 'D4' | 'D6';
  readonly part: Part;
  readonly suddenDeath: boolean;
}

/** The state of one missile weapon a combatant has (§ Missile Fire, § Firearms, § Misfires). */
export interface MissileState {
  /** Shots ready in the weapon: 0 or 1, a barrel count, or the repeating crossbow's magazine. */
  loaded: number;
  /** Rounds spent loading toward the next shot (or refilling a magazine). */
  loading: number;
  /** Ammunition left outside the weapon (arrows, bolts, shot; for thrown weapons, more of the weapon). */
  ammo: number;
  /** burned: a burn-round (50% it explodes if used); destroyed; ramrod: fired with it, unusable. */
  broken: 'burned' | 'destroyed' | 'ramrod' | null;
  /** Flash in the pan: must be reprimed (a round), then the shot is at −10. */
  reprime: boolean;
  reprimed: boolean;
  /** The charge in the weapon is damp: it will not fire until reloaded. */
  damp: boolean;
  /** The next shot misfires, or does no damage, or triples it (§ Firearm Reload Times, under stress). */
  stress: 'misfire' | 'no-powder' | 'no-shot' | 'ramrod' | 'slow' | null;
}

/** What a combatant declared for the round (§ Actions). */
export type Action =
  | { readonly kind: 'fight' }
  | { readonly kind: 'shoot' }
  | { readonly kind: 'load' }
  | { readonly kind: 'aim' }
  | { readonly kind: 'move' }
  | { readonly kind: 'flee' }
  | { readonly kind: 'draw'; readonly weapon: Weapon; readonly from: 'carried' | 'ground' }
  | { readonly kind: 'pack'; readonly item: string }
  | { readonly kind: 'tend'; readonly ally: Fighter }
  | { readonly kind: 'wait' }
  | { readonly kind: 'none' };

/** Both hands, the right first: one list to walk, not one made at every call. */
export const HANDS = ['right', 'left'] as const;

/** Nothing declared yet this round (one object for every combatant: actions are never changed in place). */
export const NO_ACTION: Action = { kind: 'none' };

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
  /** Without positions: yards from the enemy when not engaged (null: in the melee, or unknown). With positions, scene.gap() measures. */
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
  /** Has been in hand-to-hand with an enemy at some time in the fight (a designer's tally). */
  closed: boolean;

  // The scene of battle: set when the encounter places its combatants (null: no positions).
  pos: Point | null;
  /** Height above the ground in yards (fliers). */
  alt: number;
  /** The way it faces, in degrees clockwise from north. */
  facing: number;
  /** Its base's radius in yards (a 1-inch base is 2 yards across). */
  readonly radius: number;
  /**
   * Where it went this round, for the map: the point it stood on before its first move, then each
   * place a move, a step back, a follow, a dive or a fall put it (empty: it has not moved this
   * round). Kept for the table, never read by a rule.
   */
  path: Point[];
  /** Last round's path, for the map to show faded until the round after (empty: it did not move then). */
  lastPath: Point[];
  /** Yards moved by choice this round, and how. */
  moved: number;
  rate: Rate | 'charge' | null;
  /** How it moved last round, for firing at a running or evading target that has not moved yet this round. */
  prevRate: Rate | 'charge' | null;
  /** Missile weapons by id. */
  missiles: Map<string, MissileState>;
  /** Aiming (extreme range, sharpshooting): at whom, since which round, at which part. */
  aim: { target: Fighter; since: number; part: Part | null } | null;
  /** A missile weapon was loaded when the round began (+10 I for missile fire). */
  readyAtStart: boolean;
  /** A hang fire: the weapon goes off at this combatant's turn next round. */
  hangFire: { weapon: Weapon; target: Fighter; round: number } | null;

  // The round in hand.
  action: Action;
  /** Last round's declaration (its choice key): fighting on is routine at the table. */
  declared: string | null;
  /** The foe it last closed with (its key): going on toward it is routine at the table. */
  approached: string | null;
  /** Blow ticks still to come this round. */
  pending: number[];
  /** Attacks lost to parries or fumbles with no blow left this round: taken from the next round. */
  owedAttacks: number;
  parries: number;
  charging: boolean;
  chargeBlowDone: boolean;
  acted: boolean;
  /** A blow held back for a dive this round: the tick it waits at now, and its own (its place in the exchange's I order). */
  waited: { tick: number; readonly from: number } | null;
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

export interface FighterStats extends CombatStats {
  fumbles: number;
  parries: number;
}

export interface W1Side extends SideCore {
  readonly surprised: boolean;
  readonly ambush: boolean;
}

export interface FirePool {
  readonly by: Fighter;
  /** Where it burns (for the map; the GM says who stands in it), or null without positions. */
  readonly at: Point | null;
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
  /** Positions are kept (the encounter gave a distance or positions). */
  readonly spatial: boolean;
  readonly light: 'daylight' | 'dark';
  /** Bombs sputtering on the ground: each round a D6, and on a 6 they go off. */
  bombs: { at: Point; by: Fighter; weapon: Weapon }[];
  /** Sides the GM found surprised when the door burst open (§ Bursting Through Doors). */
  surprisedByDoor: readonly boolean[] | null;
  /** The tick being resolved: blows at it act together, so what happens in it spares them (Infinity between rounds). */
  moment: number;
  /** A variant's own reading of a rider whose mount falls (the Combat Points rules make it a fall); null: § Slain Mounts. */
  readonly dismount: ((st: W1State, ctx: FightContext, rider: Fighter, mount: Fighter) => void) | null;
  /** The round's timeline, in lists the rounds of a fight share. */
  readonly timeline: Timeline;
  /**
   * Some combatant has a missile weapon to hold (in hand, carried or in its pack): without one
   * nobody ever holds one, and the round need not look (set once, from the encounter).
   */
  readonly missiles: boolean;
}

/** One turn in the round: a blow, a flight, a friend tended, a hold kept, a shot, a move. */
export interface Entry {
  f: Fighter;
  tick: number;
  /** 0 for turns in I order; 1 for turns delayed until after everyone at `tick`. */
  phase: number;
  kind: 'blow' | 'flee' | 'tend' | 'hold' | 'turn';
  seq: number;
  /** When its moment came: whether it could act, and whether it was free (set by the timeline). */
  able: boolean;
  free: boolean;
}

/**
 * The round's turns (§ More About Rounds), and the entry objects they are made of: a round's
 * entries come from `pool` and go back to it at the next round, so that a fight makes a few.
 */
export interface Timeline {
  readonly entries: Entry[];
  readonly pool: Entry[];
  /** Entries of the pool in use this round. */
  used: number;
  /** Turns put off to later at the moment being resolved. */
  readonly later: Entry[];
  /** A declaration's choice keys (§ Actions). */
  readonly keys: string[];
  /** Whom the combatant whose blow it is can strike (hand-to-hand). */
  readonly reach: Fighter[];
}

function newTimeline(): Timeline {
  return { entries: [], pool: [], used: 0, later: [], keys: [], reach: [] };
}

export function newState(setup: W1Setup): W1State {
  const fighters = setup.fighters.map((s, idx) => newFighter(s, idx));
  pairFighters(fighters);
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
    spatial: setup.spatial,
    light: setup.light,
    bombs: [],
    surprisedByDoor: null,
    dismount: null,
    timeline: newTimeline(),
    missiles: setup.fighters.some((s) => hasMissile(setup, s)),
  };
}

/** Whether a combatant may ever hold a missile weapon: the only weapons it can take in hand are these. */
function hasMissile(setup: W1Setup, s: FighterSpec): boolean {
  if (s.right?.missile || s.left?.missile || s.carried.some((w) => w.missile)) return true;
  return s.pack?.items.some((item) => setup.catalogue.weapons.get(item)?.missile) ?? false;
}

/** Riders on their mounts, and whom each archer has been aiming at (from the encounter). */
function pairFighters(fighters: readonly Fighter[]): void {
  const byId = (id: string) => fighters.find((f) => f.id === id) ?? null;
  for (const f of fighters) {
    if (f.spec.mountId) f.mount = byId(f.spec.mountId);
    if (f.spec.riderId) f.rider = byId(f.spec.riderId);
    const t = f.spec.aiming ? fighters.find((o) => o.name === f.spec.aiming) : undefined;
    if (t) f.aim = { target: t, since: 0, part: null };
  }
}

/**
 * Puts a state newState made back to the start of the fight, in place: what newState would give,
 * without building it again (a simulation's runs share one state). test/wfrp1e/renew.test.ts
 * checks it against newState after played fights.
 */
export function renewState(st: W1State): void {
  const mutable = st as { -readonly [K in keyof W1State]: W1State[K] };
  mutable.round = 0;
  mutable.edge = null;
  emptyList(mutable.pools);
  mutable.moment = Infinity;
  emptyList(mutable.bombs);
  mutable.surprisedByDoor = null;
  const tl = st.timeline;
  emptyList(tl.entries);
  emptyList(tl.pool);
  tl.used = 0;
  emptyList(tl.later);
  emptyList(tl.keys);
  emptyList(tl.reach);
  for (const f of st.combatants) renewFighter(f);
  pairFighters(st.combatants);
}

/** A fighter as newFighter makes it, in place: every field the fight changes, back to its start. */
function renewFighter(f: Fighter): void {
  const s = f.spec;
  f.out = null;
  f.W = s.W;
  f.right = s.right;
  f.left = s.left;
  emptyList(f.carried);
  for (const w of s.carried) f.carried.push(w);
  emptyList(f.ground);
  f.pack = s.pack ? { enc: s.pack.enc, items: [...s.pack.items] } : null;
  f.mount = null;
  f.rider = null;
  f.target = null;
  f.gap = null;
  if (s.lasting.length > 0) {
    f.conds = lastingConds(s);
    f.charMods = lastingMods(s);
  } else {
    emptyList(f.conds);
    emptyList(f.charMods);
  }
  f.suddenDeath = false;
  f.headsLost = 0;
  f.hold = null;
  emptyList(f.bleeding);
  f.diesAt = null;
  f.flee = null;
  f.asleep = s.asleep;
  f.busyUntil = 0;
  f.readying = null;
  f.searching = null;
  f.takeUpLoss = 0;
  f.airborne = false;
  f.closed = false;
  f.pos = null;
  f.alt = 0;
  f.facing = 0;
  emptyList(f.path);
  emptyList(f.lastPath);
  f.moved = 0;
  f.rate = null;
  f.prevRate = null;
  if (f.missiles.size > 0) f.missiles = newMissileStates(s);
  f.aim = null;
  f.readyAtStart = false;
  f.hangFire = null;
  clearRound(f);
  f.declared = null;
  f.approached = null;
  f.owedAttacks = 0;
  f.roundsFought = 0;
  f.winning = false;
  if (f.wonAgainst.size > 0) f.wonAgainst.clear();
  f.losing = false;
  const stats = f.stats;
  for (const k of STAT_KEYS) stats[k] = 0;
}

/** The round in hand, cleared: what a combatant did this round starts again each round (§ More About Rounds). */
export function clearRound(f: Fighter): void {
  emptyList(f.pending);
  f.parries = 0;
  f.charging = false;
  f.chargeBlowDone = false;
  f.acted = false;
  f.waited = null;
  f.offGuard = false;
  f.heldInPlace = false;
  if (f.unfaced.size > 0) f.unfaced.clear();
  f.roundTarget = null;
  f.dealt = 0;
  f.taken = 0;
  if (f.fought.size > 0) f.fought.clear();
  f.action = NO_ACTION;
}

function newMissileStates(s: FighterSpec): Map<string, MissileState> {
  const out = new Map<string, MissileState>();
  for (const w of [s.right, s.left, ...s.carried]) {
    if (!w?.missile || out.has(w.id)) continue;
    const m = w.missile;
    const total = s.ammo[w.id] ?? 0;
    const inHand = s.right === w || s.left === w;
    // Ammunition counts every shot, the loaded ones too; a thrown weapon in hand is its own shot.
    const loaded =
      m.ammo === null
        ? inHand && total > 0
          ? 1
          : 0
        : s.loaded.includes(w.id) || (m.loadRounds === 0 && m.magazine !== null)
          ? Math.min(total, m.magazine ?? m.barrels)
          : 0;
    out.set(w.id, {
      loaded,
      loading: 0,
      ammo: total - loaded,
      broken: null,
      reprime: false,
      reprimed: false,
      damp: s.damp.includes(w.id),
      stress: null,
    });
  }
  return out;
}

/** The lasting effects of past fights, holding from the first round to the last. */
function lastingConds(s: FighterSpec): Cond[] {
  return s.lasting.flatMap((l): Cond[] => [
    ...(l.hand ? [{ kind: 'handUseless' as const, hand: l.hand, from: 0, until: Infinity, why: l.why }] : []),
    ...(l.toHit !== undefined
      ? [{ kind: 'toHit' as const, value: l.toHit, from: 0, until: Infinity, why: l.why }]
      : []),
  ]);
}

function lastingMods(s: FighterSpec): CharMod[] {
  return s.lasting.flatMap((l): CharMod[] =>
    l.change || l.halve?.length
      ? [
          {
            from: 0,
            until: Infinity,
            ...(l.change ? { delta: l.change } : {}),
            ...(l.halve?.length ? { halve: l.halve } : {}),
            why: l.why,
          },
        ]
      : [],
  );
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
    conds: lastingConds(s),
    charMods: lastingMods(s),
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
    closed: false,
    pos: null,
    alt: 0,
    facing: 0,
    radius: baseRadius(s.height),
    path: [],
    lastPath: [],
    moved: 0,
    rate: null,
    prevRate: null,
    missiles: newMissileStates(s),
    aim: null,
    readyAtStart: false,
    hangFire: null,
    action: NO_ACTION,
    declared: null,
    approached: null,
    pending: [],
    owedAttacks: 0,
    parries: 0,
    charging: false,
    chargeBlowDone: false,
    acted: false,
    waited: null,
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
    stats: newFighterStats(),
  };
}

const STAT_KEYS = Object.keys(newFighterStats()) as (keyof FighterStats)[];

function newFighterStats(): FighterStats {
  return { ...newCombatStats(), fumbles: 0, parries: 0 };
}

// --- Queries the rules ask of a combatant. ---

export function hasCond(f: Fighter, kind: Cond['kind'], round: number): boolean {
  return activeCond(f, kind, round) !== null;
}

/** Whether a condition of any of these kinds holds this round (one pass over the conditions). */
export function anyCondOf(f: Fighter, kinds: ReadonlySet<Cond['kind']>, round: number): boolean {
  for (const c of f.conds) if (c.from <= round && round <= c.until && kinds.has(c.kind)) return true;
  return false;
}

/** The first condition of this kind holding this round. */
export function activeCond(f: Fighter, kind: Cond['kind'], round: number): Cond | null {
  for (const c of f.conds) if (c.kind === kind && c.from <= round && round <= c.until) return c;
  return null;
}

/** A condition of this kind, at any time. */
export function everCond(f: Fighter, kind: Cond['kind']): boolean {
  for (const c of f.conds) if (c.kind === kind) return true;
  return false;
}

export function condsOf(f: Fighter, kind: Cond['kind'], round: number): Cond[] {
  return f.conds.filter((c) => c.kind === kind && c.from <= round && round <= c.until);
}

const PERCENT: ReadonlySet<Char> = new Set(['WS', 'BS', 'I', 'Dex', 'Ld', 'Int', 'Cl', 'WP', 'Fel']);

/** The characteristics given as percentages ("−1 / −10": these lose 10). */
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

/**
 * Running: fleeing and able to move. A fleer who is down, dazed or held can still be struck
 * normally, and does not get away at its turn (round/fleeing.ts; the exact duel asks it alike).
 */
// WFRP 1e, Combat § Fleeing
export function running(f: Fighter, round: number): boolean {
  return f.flee !== null && f.hold === null && !anyCondOf(f, HELD_DOWN, round);
}

/** Conditions that keep a fleer from running: prone, trapped, no action. */
const HELD_DOWN: ReadonlySet<Cond['kind']> = new Set(['prone', 'trapped', 'noAction']);

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
  for (const c of f.conds)
    if (c.kind === 'handUseless' && c.hand === hand && c.from <= round && round <= c.until) return false;
  return true;
}

export function strongHand(f: Fighter): 'right' | 'left' {
  return f.spec.leftHanded ? 'left' : 'right';
}

export function sideOf(st: W1State, f: Fighter): W1Side {
  return st.sides[f.side] as W1Side;
}

/** Engaged: one fights the other; both are still in the fight. */
/** A mount with its rider still in the fight: attacks and shots go at the rider (§ Mounted Combat). */
export function isRidden(f: Fighter): boolean {
  return f.rider !== null && f.rider.out === null;
}

/** The model that moves and fights for a combatant: a rider is on its mount while the mount stands. */
export function carrier(f: Fighter): Fighter {
  return f.mount && f.mount.out === null ? f.mount : f;
}

/** A combatant's base on the plane (a rider's is its mount's). */
export function disc(f: Fighter): Disc {
  return { at: f.pos as Point, radius: carrier(f).radius };
}

/**
 * Engaged: enemies both in the fight and, with positions, bases in contact (at one height); without
 * positions, one fights the other.
 */
export function engaged(a: Fighter, b: Fighter): boolean {
  if (a.out !== null || b.out !== null || a.side === b.side) return false;
  if (a.pos && b.pos) return inContact(a, b);
  return a.target === b || b.target === a;
}

/** Bases in contact, at one height (within 2 yards). */
export function inContact(a: Fighter, b: Fighter): boolean {
  return a.pos !== null && b.pos !== null && Math.abs(a.alt - b.alt) < 2 && touching(disc(a), disc(b));
}

/** Everyone fighting this combatant (or fought by it), a mount and its rider counting as one. */
export function opponents(st: W1State, f: Fighter): Fighter[] {
  const out: Fighter[] = [];
  for (const o of st.combatants) if (engaged(f, o)) out.push(o);
  return out;
}

/** Notes that these two have met in hand-to-hand (riders and mounts with them). */
export function meetInMelee(a: Fighter, b: Fighter): void {
  closeIn(a);
  closeIn(b);
}

function closeIn(f: Fighter): void {
  f.closed = true;
  if (f.rider) f.rider.closed = true;
  if (f.mount) f.mount.closed = true;
}

export function isEngaged(st: W1State, f: Fighter): boolean {
  for (const o of st.combatants) if (engaged(f, o)) return true;
  return false;
}
