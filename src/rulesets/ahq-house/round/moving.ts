// Moving in Combat and Placement of miniatures, DEATH ZONES and CHARGES: walking square by square,
// closing in, the farthest square.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import {
  cellAt,
  diagonallyAdjacent,
  findPath,
  footprint,
  isStraight,
  occupies,
  passable,
  rearSquares,
  same,
  sideOf,
  squareKey,
  steps,
} from '../../../space/grid.js';
import type { Point } from '../../../space/plane.js';
import { ours, text } from '../cite.js';
import { isCharge } from '../rules.js';
import type { AhqFighter, AhqState } from '../state.js';
import { engagedWith, preferFirst, stoppingSquares } from '../zones.js';
import { face, settle, toward } from './facing.js';
import { canStrike, enemiesOf, longReach, sum } from './models.js';

/** Squares a model may stand on now (floor, open doors, closed doors it will open; no other model). */
export function freeFor(st: AhqState, f: AhqFighter): (p: Point) => boolean {
  const board = st.setup.board;
  const taken = new Set<number>();
  for (const o of st.combatants)
    if (o !== f && o.out === null)
      for (const q of footprint(o.at, o.size)) taken.add(q.y * board.width + q.x);
  const ok = (q: Point) =>
    (passable(board, q) || cellAt(board, q) === 'door') && !taken.has(q.y * board.width + q.x);
  if (f.size === 1) return ok;
  return (p) => footprint(p, f.size).every(ok);
}

/** The death zones an enemy of `f` exerts now (engaged models have none). */
export function zonesAgainst(st: AhqState, f: AhqFighter): (p: Point) => boolean {
  const zones = stoppingSquares(f, st.combatants);
  return (p) => footprint(p, f.size).some((q) => zones.has(squareKey(q)));
}

/** Walks `path`, opening the doors it passes (ours: opening a door costs nothing); the map keeps the way. */
export function walk(st: AhqState, f: AhqFighter, path: readonly Point[]): void {
  for (const p of path)
    for (const q of footprint(p, f.size))
      if (cellAt(st.setup.board, q) === 'door') st.opened.add(squareKey(q));
  f.moved += path.length;
  if (!path.length) return;
  if (f.path.length === 0) f.path.push(f.at);
  f.path.push(...path);
  f.at = path[path.length - 1] as Point;
}

/** Moves toward `t` to an attacking square (behind it where the tactics want and it can), stopping in the first enemy death zone on the way. */
export function closeIn(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  t: AhqFighter,
): { target: AhqFighter; charge: boolean } | null {
  if (canStrike(st, f, t)) {
    if (sideOf(f, t)) face(st, ctx, f, t);
    return { target: t, charge: false };
  }
  const held = engagedWith(f, st.combatants);
  if (held.length) {
    // "It is not possible to simply move away from a model you are engaged in close combat with."
    say(
      st,
      ctx,
      'move',
      `${f.name} is engaged with ${held.map((h) => h.name).join(' and ')} and cannot move off.`,
      text('EVADING A COMBAT'),
      [f],
    );
    return null;
  }
  const Sp = Math.max(0, sum(f, 'Sp') - f.moved);
  const free = freeFor(st, f);
  const stops = zonesAgainst(st, f);
  const at = (p: Point) => ({ at: p, size: f.size });
  const behind = new Set(rearSquares(t).map(squareKey));
  const wantRear = f.spec.tactics.rear && engagedWith(t, st.combatants).length > 0;
  const strikeFrom = (p: Point) =>
    sideOf(at(p), t) !== null ||
    (longReach(f) && diagonallyAdjacent(at(p), t) && engagedWith(t, st.combatants).length > 0);
  const rearGoal = (p: Point) =>
    footprint(p, f.size).some((q) => behind.has(squareKey(q))) && sideOf(at(p), t) !== null;
  const rules = { board: st.setup.board, size: f.size, free, stops };
  // The rear square if the tactics want it and it is within this move; else a striking square;
  // else the way toward one, as far as this move goes.
  const path =
    (wantRear ? findPath(rules, f.at, rearGoal, Sp) : null) ??
    findPath(rules, f.at, strikeFrom, Sp) ??
    findPath(rules, f.at, (p) => strikeFrom(p) || (stops(p) && !same(p, f.at)), 200)?.slice(0, Sp);
  if (!path || !path.length) {
    say(st, ctx, 'move', `${f.name} cannot reach ${t.name} this turn.`, ours('Movement'), [f]);
    return null;
  }
  const firstStop = path.findIndex((p) => stops(p));
  const walked = firstStop >= 0 ? path.slice(0, firstStop + 1) : path;
  const from = f.at;
  const end = walked[walked.length - 1] as Point;
  // CHARGES: a straight orthogonal move of two squares or more, ending with the target straight ahead.
  const dir = toward({ ...f, at: from } as AhqFighter, end);
  const charge =
    isCharge(isStraight(from, walked) && (end.x === from.x || end.y === from.y), walked.length) &&
    sideOf(at(end), t) === dir;
  walk(st, f, walked);
  for (const o of enemiesOf(st, f)) if (rearSquares(o).some((q) => occupies(f, q))) f.rearOf.add(o.id);
  say(
    st,
    ctx,
    'move',
    `${f.name} moves ${walked.length} square${walked.length === 1 ? '' : 's'} to (${end.x}, ${end.y})${charge ? ', in a straight line: a charge' : ''}${f.rearOf.has(t.id) ? `, behind ${t.name}` : ''}.`,
    text(charge ? 'CHARGES' : 'DEATH ZONES'),
    [f],
  );
  const target = canStrike(st, f, t) ? t : (enemiesOf(st, f).find((o) => sideOf(f, o) !== null) ?? null);
  if (target) {
    const side = sideOf(f, target);
    if (side) f.facing = side;
    else if (longReach(f)) f.facing = toward(f, target.at);
    preferFirst(f, target);
  }
  settle(st, ctx);
  return target ? { target, charge: charge && target === t } : null;
}

/** How many steps to a square beside `o` (0 if beside it already), by a walk through free squares; null beyond `max`. */
export function walkingDistance(st: AhqState, f: AhqFighter, o: AhqFighter, max: number): number | null {
  if (sideOf(f, o) !== null) return 0;
  const path = findPath(
    { board: st.setup.board, size: f.size, free: freeFor(st, f), stops: () => false },
    f.at,
    (p) => sideOf({ at: p, size: f.size }, o) !== null,
    max,
  );
  return path ? path.length : null;
}

/**
 * The walk (steps as any walk, at most `reach`, ending in the first enemy death zone entered) to
 * the square where `score` is highest among those `ok` accepts, if higher than where it stands.
 */
export function farthest(
  st: AhqState,
  f: AhqFighter,
  reach: number,
  score: (p: Point) => number,
  ok: (p: Point) => boolean,
): Point[] {
  const free = freeFor(st, f);
  const stops = zonesAgainst(st, f);
  let best: Point[] = [];
  let bestScore = score(f.at);
  const seen = new Set([squareKey(f.at)]);
  let frontier: Point[][] = [[]];
  for (let d = 0; d < reach && frontier.length; d++) {
    const next: Point[][] = [];
    for (const path of frontier) {
      const at = path.length ? (path[path.length - 1] as Point) : f.at;
      if (path.length && stops(at)) continue;
      for (const q of steps(at, free)) {
        if (seen.has(squareKey(q))) continue;
        seen.add(squareKey(q));
        const p2 = [...path, q];
        next.push(p2);
        if (score(q) > bestScore && ok(q)) {
          best = p2;
          bestScore = score(q);
        }
      }
    }
    frontier = next;
  }
  return best;
}
