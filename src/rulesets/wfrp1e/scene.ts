// The scene of battle: where models stand, who sees whom, how they move (§ The Scene Of Battle,
// § Positioning and Detection, § Initiating Hand-To-Hand Combat, § Winning and Losing, § Fleeing).
import { emptyList } from '../../core/state.js';
import type { FightContext } from '../../core/context.js';
import {
  angleBetween,
  bearing,
  clockBearing,
  compass,
  contactPoint,
  distance,
  formatPoint,
  formatYards,
  freePointNear,
  lineDistance,
  moveAway,
  moveToward,
  offset,
  overlapping,
  round2,
  segmentDistance,
  type Disc,
  type Point,
  within,
  DiscIndex,
} from '../../space/plane.js';
import { CITES, cite, ours } from './cite.js';
import { LIGHT_RADIUS, rateYards, type Rate } from './data/scene.js';
import { roll, say } from './say.js';
import {
  carrier,
  current,
  disc,
  heldItems,
  inContact,
  isRidden,
  meetInMelee,
  type Fighter,
  type W1State,
} from './state.js';

/** Fliers between dives keep this height (yards; ours). */
export const FLYING_HEIGHT = 10;
/** A lit light is seen this far in the dark (yards; ours). */
export const LIGHT_SEEN_FROM = 100;

/** The bases of everyone else still on the field (riders share their mount's). */
export function othersThan(st: W1State, f: Fighter): Disc[] {
  const me = carrier(f);
  return st.combatants
    .filter(
      (o) =>
        o.pos &&
        o !== me &&
        o !== f &&
        o.rider !== f &&
        o.mount !== me &&
        // The fallen do not stand in the way: a model steps over them (ours).
        o.out === null &&
        o.rider === null,
    )
    .map(disc);
}

/** Yards between two bases' edges. */
export function gap(a: Fighter, b: Fighter): number {
  if (!a.pos || !b.pos) return Infinity;
  return Math.max(0, distance(a.pos, b.pos) - carrier(a).radius - carrier(b).radius);
}

/** Sets a combatant (and its rider or mount) down at `p`, noting the way it went for the map. */
export function setPos(f: Fighter, p: Point): void {
  for (const x of [f, f.mount, f.rider]) {
    if (!x) continue;
    trace(x, p);
    x.pos = p;
  }
}

/**
 * The map's path of this round's moves (Fighter.path): where it stood, then each place it is set
 * down. Placing a model for the first time is no move; only the table reads the path.
 */
function trace(f: Fighter, to: Point): void {
  const from = f.pos;
  if (!from || (from.x === to.x && from.y === to.y)) return;
  if (f.path.length === 0) f.path.push(from);
  f.path.push(to);
}

/** § Flying Creatures: someone in the air can be reached in hand-to-hand only by a flier (or its rider). */
export function outOfReach(f: Fighter, o: Fighter): boolean {
  return (o.airborne || o.alt > 0) && !carrier(f).flying;
}

/** Height above the ground, which a rider shares with its mount. */
function setAlt(f: Fighter, alt: number): void {
  f.alt = alt;
  if (f.mount) f.mount.alt = alt;
  if (f.rider) f.rider.alt = alt;
}

function face(f: Fighter, to: Point): void {
  if (!f.pos) return;
  const b = bearing(f.pos, to);
  f.facing = b;
  if (f.mount) f.mount.facing = b;
  if (f.rider) f.rider.facing = b;
}

export function faceToward(f: Fighter, t: Fighter): void {
  if (t.pos) face(f, t.pos);
}

/** Within the front half of a model: where it may strike and parry (§ Initiating Hand-To-Hand Combat). */
export function inFront(def: Fighter, att: Fighter): boolean {
  if (!def.pos || !att.pos) return true;
  return angleBetween(def.facing, bearing(def.pos, att.pos)) <= 90;
}

/** Whoever holds a lit light, and how far it shines. */
function lights(st: W1State): { at: Point; radius: number; who: Fighter }[] {
  const out: { at: Point; radius: number; who: Fighter }[] = [];
  for (const f of st.combatants) {
    if (!f.pos || f.out === 'dead' || f.out === 'fled') continue;
    for (const w of heldItems(f)) if (w.light) out.push({ at: f.pos, radius: LIGHT_RADIUS[w.light], who: f });
  }
  return out;
}

/**
 * § Positioning and Detection: by day everyone sees everyone; in the dark a combatant sees as far
 * as its night vision, anyone carrying a light (from afar), and anyone a light shines on.
 */
export function canSee(st: W1State, a: Fighter, b: Fighter): boolean {
  if (!a.pos || !b.pos || st.light === 'daylight') return true;
  const d = distance(a.pos, b.pos);
  if (d <= a.spec.nightVision) return true;
  const ls = lights(st);
  if (ls.some((l) => l.who === b) && d <= LIGHT_SEEN_FROM) return true;
  return ls.some((l) => distance(l.at, b.pos as Point) <= l.radius);
}

/** Everyone less than 4 yards from the target, and from them, and so on: one group (§ Missiles In Melee Combat). */
export function groupAround(st: W1State, t: Fighter, separation: number): Fighter[] {
  const group = [t];
  const inGroup = new Set<Fighter>(group);
  const free = st.combatants.filter((o) => o.out === null && o.pos && !isRidden(o) && o !== t);
  for (let i = 0; i < group.length; i++) {
    const g = group[i] as Fighter;
    for (const o of free) {
      if (inGroup.has(o)) continue;
      // "A separation of 4 yards constitutes another group": closer than that is the same one.
      if (gap(g, o) < separation) {
        group.push(o);
        inGroup.add(o);
      }
    }
  }
  return group;
}

/** The yards a combatant moves at a rate: its mount's M when riding (§ Moving: 2, 4 and 16 × M). */
export function yardsAt(st: W1State, f: Fighter, rate: Rate): number {
  return rateYards(current(carrier(f), 'M', st.round), rate);
}

/**
 * A new round's movement: none yet (the map's path starts again, last round's kept beside it); a
 * target that has not moved is judged by last round's, no further back.
 */
export function startMoves(f: Fighter): void {
  // The two lists trade places (the map copies them, nothing else keeps them).
  const last = f.lastPath;
  f.lastPath = f.path;
  emptyList(last);
  f.path = last;
  f.moved = 0;
  f.prevRate = f.rate;
  f.rate = null;
}

function noteMove(f: Fighter, yards: number, rate: Rate | 'charge'): void {
  for (const x of [f, f.mount, f.rider]) {
    if (!x) continue;
    x.moved += yards;
    x.rate = rate;
  }
}

/**
 * Moves toward `t` by at most `max` yards; stops at its base when it gets there. Returns true when
 * the two are then in contact.
 */
/** What is left of a round's run: nobody moves further in a round than it can run. */
export function budget(st: W1State, f: Fighter, want: number): number {
  return Math.max(0, Math.min(want, yardsAt(st, f, 'running') - carrier(f).moved));
}

export function moveTo(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  t: Fighter,
  want: number,
  rate: Rate | 'charge',
  why: string,
): boolean {
  if (!f.pos || !t.pos) return false;
  const max = budget(st, f, want);
  const from = f.pos;
  const others = othersThan(st, f);
  // Head for a free place at the target's base, going round whoever already stands in the way.
  const goal =
    contactPoint(
      disc(t),
      carrier(f).radius,
      from,
      others.filter((o) => o.at !== t.pos),
    ) ?? t.pos;
  let dest: Point;
  let contact = false;
  if (distance(from, goal) <= max + 0.01 && goal !== t.pos) {
    dest = goal;
    contact = true;
  } else {
    dest = stepToward(
      from,
      goal,
      max,
      carrier(f).radius,
      others,
      goal === t.pos ? carrier(t).radius + carrier(f).radius : 0,
    );
  }
  const moved = distance(from, dest);
  setPos(f, dest);
  // A flier that closes with someone comes to its height to fight (§ Attacks From Flying Creatures).
  if (contact && f.alt !== t.alt && carrier(f).flying) setAlt(f, t.alt);
  if (contact) meetInMelee(f, t);
  face(f, t.pos);
  noteMove(f, moved, rate);
  if (ctx.explain) {
    say(
      st,
      ctx,
      'move',
      `${f.name} ${why} ${t.name}: ${formatYards(moved)} to ${formatPoint(dest)}${contact ? ', in contact' : `, ${formatYards(gap(f, t))} short`}.`,
      cite('Actions'),
      [f, t],
      { yards: Math.round(moved * 10) / 10 },
    );
  }
  return contact;
}

/**
 * The free place at most `max` yards from `from` that comes nearest `goal`: straight there if
 * the way is clear, else swerving up to a right angle, or going less far.
 */
function stepToward(
  from: Point,
  goal: Point,
  max: number,
  radius: number,
  others: readonly Disc[],
  stopShort: number,
): Point {
  const straight = moveToward(from, goal, max, stopShort);
  // Every point tried is within `max` of where it starts: only bases that near can be in the way.
  const near = new DiscIndex(within(others, from, max + radius));
  const free = (p: Point) => !near.overlapsAny(p, radius);
  if (free(straight)) return straight;
  const b = bearing(from, goal);
  let best = from;
  let bestLeft = distance(from, goal);
  for (const frac of [1, 0.75, 0.5, 0.25]) {
    for (let k = 0; k <= 6; k++) {
      for (const sign of k === 0 ? [1] : [1, -1]) {
        const p = offset(from, b + sign * k * 15, max * frac);
        const left = distance(p, goal);
        if (left < bestLeft - 0.01 && free(p)) {
          best = p;
          bestLeft = left;
        }
      }
    }
  }
  return best;
}

// ------------------------------------------------------------------ moving to a chosen point

/** A point typed: "to:12,5" (yards east and north, as the log prints positions) or "go:90,4" (bearing clockwise from north, yards). */
const TO_POINT = /^to:(-?\d{1,4}(?:\.\d{1,2})?),(-?\d{1,4}(?:\.\d{1,2})?)$/;
const GO_BEARING = /^go:(\d{1,3}(?:\.\d{1,2})?),(\d{1,4}(?:\.\d{1,2})?)$/;

/** A chosen move found legal: where to, whom it meets there (if anyone), and at what rate. */
export interface PointMove {
  readonly dest: Point;
  readonly meets: Fighter | null;
  readonly rate: Rate | 'charge';
}

/**
 * § Actions (Move), § Initiating Hand-To-Hand Combat: a straight move to a chosen point, judged.
 * `targets`: the enemies it may close with (null: none, a plain move that must not end in contact).
 * Returns the move, or why it is refused.
 */
export function judgePoint(
  st: W1State,
  f: Fighter,
  answer: string,
  targets: readonly Fighter[] | null,
): PointMove | string {
  const to = TO_POINT.exec(answer);
  const go = GO_BEARING.exec(answer);
  if (!f.pos) return `${f.name} is not on the scene`;
  if (!to && !go)
    return 'expected a point as to:x,y (yards east and north, as the log prints positions, e.g. to:12,5) or a bearing and distance as go:b,d (degrees clockwise from north, yards, e.g. go:90,4)';
  if (go && Number(go[1]) >= 360) return 'a bearing is 0 to 359 degrees clockwise from north';
  const from = f.pos;
  const dest = to
    ? round2({ x: Number(to[1]), y: Number(to[2]) })
    : offset(from, Number(go?.[1]), Number(go?.[2]));
  const where = formatPoint(dest);
  const yards = distance(from, dest);
  if (yards < 0.05) return `${f.name} is already at ${where}`;
  const me = carrier(f);
  const here = { at: dest, radius: me.radius };
  const named = (o: Disc) =>
    st.combatants.find((c) => c.pos === o.at && c.rider === null)?.name ??
    st.combatants.find((c) => c.pos === o.at)?.name ??
    'someone';
  const others = othersThan(st, f);
  const on = others.find((o) => overlapping(here, o));
  if (on) return `${where} is taken: ${named(on)}'s base is there`;
  const across = others.find((o) => segmentDistance(o.at, from, dest) < me.radius + o.radius - 0.01);
  if (across)
    return `the way crosses ${named(across)}'s base (a chosen move goes straight: go round in two moves)`;
  const left = budget(st, f, Infinity);
  const touched = st.combatants.filter(
    (o) => o.side !== f.side && o.out === null && o.pos && !isRidden(o) && touchingAt(here, o),
  );
  if (touched.length && targets === null)
    return `${where} touches ${touched[0]?.name}: a move into contact is a charge or a close, declared as fight (§ Actions)`;
  const meets = touched.find((o) => targets?.includes(o)) ?? null;
  if (touched.length && !meets) return `${where} touches ${touched[0]?.name}, who cannot be closed with now`;
  if (meets) {
    const M = current(me, 'M', st.round);
    const standard = Math.min(left, yardsAt(st, f, 'standard'));
    if (yards > standard + 0.01)
      return `too far to close with ${meets.name}: ${formatYards(yards)}, and a move into combat is at most a standard move, ${formatYards(standard)} (§ Initiating Hand-To-Hand Combat)`;
    // Charging: within M yards, moving straight at the target: the line of the move runs through its base (ours).
    const straight = lineDistanceOk(from, dest, meets);
    return { dest, meets, rate: yards <= M + 0.01 && straight ? 'charge' : 'standard' };
  }
  if (yards > left + 0.01)
    return `too far: ${formatYards(yards)}, and ${f.name} can go ${formatYards(left)} more this round (running, 16 × M)`;
  const rate =
    (['cautious', 'standard'] as const).find((r) => yards <= yardsAt(st, f, r) + 0.01) ?? 'running';
  return { dest, meets: null, rate };
}

function touchingAt(here: Disc, o: Fighter): boolean {
  return distance(here.at, o.pos as Point) <= here.radius + carrier(o).radius + 0.05;
}

/** The move, carried on, runs through the target's base: a straight approach, not one that sidles round it. */
function lineDistanceOk(from: Point, dest: Point, t: Fighter): boolean {
  return lineDistance(t.pos as Point, from, dest) < carrier(t).radius;
}

/** Carries out a chosen move: straight to the point, facing the way it went (or the one it meets). */
export function movePoint(st: W1State, ctx: FightContext, f: Fighter, m: PointMove): void {
  if (!f.pos) return;
  const from = f.pos;
  const moved = distance(from, m.dest);
  setPos(f, m.dest);
  const t = m.meets;
  if (t?.pos) {
    if (f.alt !== t.alt && carrier(f).flying) setAlt(f, t.alt);
    meetInMelee(f, t);
    face(f, t.pos);
  } else face(f, { x: 2 * m.dest.x - from.x, y: 2 * m.dest.y - from.y });
  noteMove(f, moved, m.rate);
  if (ctx.explain)
    say(
      st,
      ctx,
      'move',
      `${f.name} moves ${formatYards(moved)} to ${formatPoint(m.dest)}${t ? `, in contact with ${t.name}` : ''}, facing ${compass(f.facing)}${m.rate === 'charge' ? ': straight at it, within M, a charge' : ''}.`,
      ours('Moving to a point'),
      [f, ...(t ? [t] : [])],
      { yards: Math.round(moved * 10) / 10 },
    );
}

/** Moves straight away from the nearest enemies, at a rate. */
export function moveAwayFrom(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  threats: readonly Fighter[],
  rate: Rate,
): void {
  if (!f.pos) return;
  const yards = budget(st, f, yardsAt(st, f, rate));
  const near = threats.filter((t) => t.pos).sort((a, b) => gap(f, a) - gap(f, b))[0];
  const away = near?.pos ? moveAway(f.pos, near.pos, yards) : offset(f.pos, (f.facing + 180) % 360, yards);
  const dest = freePointNear(away, carrier(f).radius, othersThan(st, f));
  const moved = Math.min(yards, distance(f.pos, dest));
  if (near?.pos) face(f, { x: 2 * f.pos.x - near.pos.x, y: 2 * f.pos.y - near.pos.y });
  setPos(f, dest);
  noteMove(f, moved, rate);
  if (ctx.explain) {
    say(
      st,
      ctx,
      'move',
      `${f.name} ${rate === 'evading' ? 'evades, zig-zagging' : `moves away at ${rate} rate`}: ${formatYards(moved)} to ${formatPoint(dest)}.`,
      rate === 'evading' ? CITES.missileToHit : cite('Actions'),
      [f],
    );
  }
}

/** § Winning and Losing: the loser steps back 2 yards, if there is room. */
export function pushBack(st: W1State, ctx: FightContext, loser: Fighter, winner: Fighter): void {
  if (!loser.pos || !winner.pos) return;
  const want = moveAway(loser.pos, winner.pos, 2);
  const blocked = othersThan(st, loser).some((o) =>
    overlapping({ at: want, radius: carrier(loser).radius }, o),
  );
  if (blocked) {
    say(st, ctx, 'push', `${loser.name} cannot step back: no room behind.`, CITES.winning, [loser]);
    return;
  }
  setPos(loser, want);
  say(st, ctx, 'push', `${loser.name} steps back 2 yards to ${formatPoint(want)}.`, CITES.winning, [
    loser,
    winner,
  ]);
}

/** § Winning and Losing: a winner who presses follows the loser back into contact. */
export function follow(st: W1State, ctx: FightContext, winner: Fighter, loser: Fighter): void {
  if (!winner.pos || !loser.pos || inContact(winner, loser)) return;
  const p = contactPoint(disc(loser), carrier(winner).radius, winner.pos, othersThan(st, winner));
  if (!p) return;
  setPos(winner, p);
  face(winner, loser.pos);
}

/** Where the fight's models start: the encounter's positions, or the sides a distance apart. */
export function placeAll(st: W1State, ctx: FightContext): void {
  const setup = st.setup;
  let d = 0;
  if (setup.distance !== null) {
    if (typeof setup.distance === 'number') d = setup.distance;
    else {
      const dice = setup.distance;
      d =
        roll(
          ctx,
          dice.sides,
          null,
          `starting distance (${dice.count}D${dice.sides}${dice.plus ? `+${dice.plus}` : ''} yards)`,
          dice.count,
        ) + dice.plus;
      say(
        st,
        ctx,
        'distance',
        `The sides start ${formatYards(d)} apart (${dice.count}D${dice.sides}).`,
        cite('Positioning and Detection'),
      );
    }
  }
  const k = st.sides.length;
  const anchors: { at: Point; facing: number }[] = [];
  let wanderBearing: number | null = null;
  if (setup.wandering) {
    const w = setup.wandering;
    if (w.approach === 'corridor') {
      const r = roll(ctx, 6, null, 'where the wanderers come from (D6: 1-3 in front, 4-6 behind)');
      wanderBearing = r <= 3 ? 0 : 180;
      say(
        st,
        ctx,
        'direction',
        `${st.sides[w.side]?.name} come from ${r <= 3 ? 'in front' : 'behind'} (D6 ${r}).`,
        cite('Positioning and Detection'),
      );
    } else {
      const r = roll(ctx, 12, null, "where the wanderers come from (D12, o'clock)");
      wanderBearing = clockBearing(r);
      say(
        st,
        ctx,
        'direction',
        `${st.sides[w.side]?.name} come from ${r} o'clock (${compass(wanderBearing)}).`,
        cite('Positioning and Detection'),
      );
    }
  }
  for (let s = 0; s < k; s++) {
    if (k === 2) {
      if (setup.wandering && wanderBearing !== null) {
        const here = s === setup.wandering.side;
        anchors.push(
          here
            ? { at: offset({ x: 0, y: 0 }, wanderBearing, d), facing: (wanderBearing + 180) % 360 }
            : { at: { x: 0, y: 0 }, facing: wanderBearing },
        );
      } else {
        anchors.push(s === 0 ? { at: { x: 0, y: 0 }, facing: 0 } : { at: { x: 0, y: d }, facing: 180 });
      }
    } else {
      const b = (360 * s) / k;
      anchors.push({ at: offset({ x: 0, y: 0 }, b, d / 2), facing: (b + 180) % 360 });
    }
  }
  const placed: Fighter[] = [];
  for (const f of st.combatants) {
    if (f.rider) continue;
    if (f.spec.at) {
      setPos(f, f.spec.at);
      placed.push(f);
    }
  }
  for (let s = 0; s < k; s++) {
    const anchor = anchors[s] as { at: Point; facing: number };
    const line = st.combatants.filter((f) => f.side === s && !f.rider && !f.spec.at);
    // Side by side across the way the side faces, bases touching, the line centred on the anchor.
    const widths = line.map((f) => 2 * f.radius + 0.5);
    const total = widths.reduce((a, b) => a + b, 0);
    let along = -total / 2;
    line.forEach((f, i) => {
      const w = widths[i] as number;
      // The anchor is the side's front edge: `distance` is the gap between the two sides' bases.
      const spot = offset(
        offset(anchor.at, (anchor.facing + 90) % 360, along + w / 2),
        (anchor.facing + 180) % 360,
        f.radius,
      );
      setPos(f, freePointNear(spot, f.radius, placed.map(disc)));
      placed.push(f);
      along += w;
    });
  }
  for (const f of st.combatants) {
    if (!f.pos) continue;
    const enemies = st.combatants.filter((o) => o.side !== f.side && o.pos);
    const nearest = enemies.sort(
      (a, b) => distance(f.pos as Point, a.pos as Point) - distance(f.pos as Point, b.pos as Point),
    )[0];
    // Those met by wanderers face the way they were going (north), wherever the wanderers come from.
    const goingOn = setup.wandering !== null && f.side !== setup.wandering.side;
    f.facing = f.spec.facing ?? (goingOn ? 0 : nearest?.pos ? bearing(f.pos, nearest.pos) : 0);
    // A rider's altitude is its flying mount's.
    f.alt =
      f.spec.altitude || f.rider?.spec.altitude || f.mount?.spec.altitude || (f.airborne ? FLYING_HEIGHT : 0);
  }
}

/** Where a combatant stands, facing, height, and its nearest enemy: in contact or how far. */
export function placeOf(st: W1State, f: Fighter): string | null {
  if (!f.pos) return null;
  const enemies = st.combatants.filter(
    (o) => o.side !== f.side && o.out === null && o.pos && !(o.mount && o.mount.out === null),
  );
  const near = enemies.sort((a, b) => gap(f, a) - gap(f, b))[0];
  const alt = f.alt > 0 ? `, ${formatYards(f.alt)} up` : '';
  const rel = near?.pos
    ? `; ${inContact(f, near) ? `in contact with ${near.name}` : `${formatYards(distance(f.pos, near.pos))} from ${near.name}`}`
    : '';
  return `${formatPoint(f.pos)} facing ${compass(f.facing)}${alt}${rel}`;
}

/** A line for the log: where everyone stands and how far from the nearest enemy. */
export function describePositions(st: W1State): string {
  const parts: string[] = [];
  for (const f of st.combatants) {
    if (!f.pos || f.out !== null || (f.mount && f.mount.out === null)) continue;
    const riding = f.rider ? `${f.rider.name} on ${f.name}` : f.name;
    parts.push(`${riding} ${placeOf(st, f)}`);
  }
  return `Positions: ${parts.join('; ')}.`;
}
