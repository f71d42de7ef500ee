// Moving in Combat (ours, Moving to a square): a move to a square the player names, the squares it may
// reach, and why not another.
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey, type FreeAnswer } from '../../../core/request.js';
import { decide, say } from '../../../core/say.js';
import {
  cellAt,
  type Facing,
  FACING_WORD,
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
  straightLine,
  walks,
} from '../../../space/grid.js';
import type { Point } from '../../../space/plane.js';
import { ours } from '../cite.js';
import { isCharge } from '../rules.js';
import type { AhqFighter, AhqState } from '../state.js';
import { engagedWith, preferFirst } from '../zones.js';
import { attack } from './close-combat.js';
import { settle, toward } from './facing.js';
import { canStrike, enemiesOf, longReach, sum } from './models.js';
import { freeFor, walk, zonesAgainst } from './moving.js';

/** A square to move to, as typed: "to:3,4" (column, row: the log's "(3, 4)"), or "to:3,4 N" to end facing north. */
export const MOVE_ANSWER = /^to:(\d{1,4}),(\d{1,4})(?: ([NESWnesw]))?$/;

/** The plan question's free answer: a square within this turn's move (ours: Moving to a square). */
export function squareAnswer(st: AhqState, f: AhqFighter): FreeAnswer {
  let reach: Map<string, Point[]> | null = null;
  const moves = () => (reach ??= freeMoves(st, f));
  return {
    hint: 'a square to move to: to:x,y (column, row as the log prints them), or to:x,y N to end facing north',
    check: (answer) => squareRefusal(st, f, answer, moves()),
    get options() {
      return [...moves().keys()]
        .map((k) => k.split(',').map(Number) as [number, number])
        .sort((p, q) => p[1] - q[1] || p[0] - q[0])
        .map(([x, y]) => `to:${x},${y}`);
    },
  };
}

function moveRules(st: AhqState, f: AhqFighter) {
  return { board: st.setup.board, size: f.size, free: freeFor(st, f), stops: zonesAgainst(st, f) };
}

const moveLeft = (f: AhqFighter) => Math.max(0, sum(f, 'Sp') - f.moved);

/**
 * Movement, DEATH ZONES: every square a model not engaged can walk to this turn, with the walk: the
 * straight line when it is clear (so a straight approach can be a charge), else the shortest walk.
 */
function freeMoves(st: AhqState, f: AhqFighter): Map<string, Point[]> {
  if (engagedWith(f, st.combatants).length) return new Map();
  const rules = moveRules(st, f);
  const out = walks(rules, f.at, moveLeft(f));
  for (const [k, path] of out) {
    const line = straightLine(f.at, path[path.length - 1] as Point);
    if (!line || line.length !== path.length) continue;
    let at = f.at;
    const clear = line.every((p, i) => {
      const ok = steps(at, rules.free).some((q) => same(q, p)) && (i === line.length - 1 || !rules.stops(p));
      at = p;
      return ok;
    });
    if (clear) out.set(k, line);
  }
  return out;
}

/** Why a typed square is refused (null: it is not). */
function squareRefusal(
  st: AhqState,
  f: AhqFighter,
  answer: string,
  moves: ReadonlyMap<string, Point[]>,
): string | null {
  const m = MOVE_ANSWER.exec(answer);
  if (!m) return 'expected a square as to:x,y (column, row as the log prints them, e.g. to:3,4), or to:3,4 N';
  const held = engagedWith(f, st.combatants);
  if (held.length)
    return `${f.name} is engaged with ${held.map((h) => h.name).join(' and ')} and cannot simply move away (EVADING A COMBAT): attack another foe or flee, to evade first`;
  const to = { x: Number(m[1]), y: Number(m[2]) };
  const b = st.setup.board;
  const where = `(${to.x}, ${to.y})`;
  if (same(to, f.at)) return `${f.name} is already at ${where}`;
  for (const q of footprint(to, f.size)) {
    if (q.x >= b.width || q.y >= b.height) return `${where} is off the board`;
    if (!passable(b, q) && cellAt(b, q) !== 'door') return `(${q.x}, ${q.y}) is a wall`;
    const o = st.combatants.find((x) => x !== f && x.out === null && occupies(x, q));
    if (o) return `(${q.x}, ${q.y}) is taken by ${o.name}`;
  }
  if (moves.has(squareKey(to))) return null;
  const Sp = moveLeft(f);
  const rules = moveRules(st, f);
  const far = findPath(rules, f.at, (p) => same(p, to), 200);
  if (far) return `too far: ${far.length} squares by the shortest way, and ${f.name} has ${Sp} left (Sp)`;
  if (findPath({ ...rules, stops: () => false }, f.at, (p) => same(p, to), 200))
    return `every way there crosses an enemy's death zone, and a move ends in the first one it enters (DEATH ZONES)`;
  return `no way to ${where}: walls or models block it`;
}

/** A move to a chosen square: the walk, the facing (as typed, else the way it walked), then an attack from there if the player wants one. */
export function moveFreely(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  to: Point,
  facing: Facing | null,
): void {
  const walked = freeMoves(st, f).get(squareKey(to));
  if (!walked) return; // checked when answered
  const from = f.at;
  const dir = toward({ ...f, at: from } as AhqFighter, to);
  const last = walked.length > 1 ? (walked[walked.length - 2] as Point) : from;
  const straight = isStraight(from, walked) && (to.x === from.x || to.y === from.y);
  walk(st, f, walked);
  f.facing = facing ?? toward({ ...f, at: last } as AhqFighter, to);
  for (const o of enemiesOf(st, f)) if (rearSquares(o).some((q) => occupies(f, q))) f.rearOf.add(o.id);
  const behind = enemiesOf(st, f).filter((o) => f.rearOf.has(o.id));
  say(
    st,
    ctx,
    'move',
    `${f.name} moves ${walked.length} square${walked.length === 1 ? '' : 's'} to (${to.x}, ${to.y}), facing ${FACING_WORD[f.facing]}${behind.length ? `, behind ${behind.map((o) => o.name).join(' and ')}` : ''}.`,
    ours('Moving to a square'),
    [f],
  );
  // CHARGES: a straight orthogonal move of two squares or more, ending with the target straight ahead.
  const charges = (o: AhqFighter) => isCharge(straight, walked.length) && sideOf(f, o) === dir;
  const targets = enemiesOf(st, f).filter((o) => canStrike(st, f, o));
  if (!targets.length) return settle(st, ctx);
  const choices: Choice[] = targets.map((o) => ({
    key: `attack:${combatantKey(o)}`,
    label: `attack ${o.name}${charges(o) ? ' (a charge: +1 to hit)' : ''}${f.rearOf.has(o.id) ? ' (from the rear: +1 DD)' : ''}`,
  }));
  choices.push({ key: 'hold', label: 'hold' });
  const best = targets.find((o) => f.rearOf.has(o.id)) ?? targets.find(charges) ?? (targets[0] as AhqFighter);
  const pick = decide(
    ctx,
    f,
    'after-move',
    `${f.name}: attack from here?`,
    choices,
    `attack:${combatantKey(best)}`,
  );
  const t = targets.find((o) => `attack:${combatantKey(o)}` === pick);
  if (!t) return settle(st, ctx);
  const side = sideOf(f, t);
  if (side) f.facing = side;
  else if (longReach(f)) f.facing = toward(f, t.at);
  preferFirst(f, t);
  settle(st, ctx);
  attack(st, ctx, f, t, { charge: charges(t) });
}
