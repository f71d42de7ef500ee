// Death zones and facing (warhammer-quest-house-combat.txt, Moving in Combat and Placement of
// miniatures): a model's death zone is the squares orthogonally next to it; a model must turn at
// once to face the first enemy that enters its death zone; two adjacent enemies facing each other
// are engaged and have no death zone; turning away gives both their death zones back.
import type { Point } from '../../space/plane.js';
import {
  footprint,
  orthogonalRing,
  sideOf,
  facesToward,
  squareKey,
  type Facing,
  type Placed,
} from '../../space/grid.js';

export interface ZoneModel {
  readonly id: string;
  readonly side: number;
  at: Point;
  readonly size: number;
  facing: Facing;
  /** Why it is out of the fight, or null while it stands (the fallen neither engage nor have a death zone). */
  readonly out: string | null;
  /** Enemies in its death zone, in the order they entered it (the first is the one it must face). */
  readonly entered: string[];
}

/** DEATH ZONES: the four orthogonal neighbours, and for large creatures the squares along each side. */
export function deathZoneSquares(m: Placed): Point[] {
  return orthogonalRing(m.at, m.size);
}

export function isEnemy(a: ZoneModel, b: ZoneModel): boolean {
  return a.side !== b.side && a.out === null && b.out === null && a !== b;
}

/** FACING: two adjacent models of opposite factions facing each other are engaged. */
export function engaged(a: ZoneModel, b: ZoneModel): boolean {
  return isEnemy(a, b) && facesToward(a, b) && facesToward(b, a);
}

export function engagedWith<M extends ZoneModel>(m: ZoneModel, all: readonly M[]): M[] {
  return all.filter((o) => engaged(m, o));
}

/** Engaged models do not have a death zone. */
export function hasDeathZone(m: ZoneModel, all: readonly ZoneModel[]): boolean {
  return m.out === null && engagedWith(m, all).length === 0;
}

/** `o` stands in `m`'s death zone (orthogonally next to it). */
export function inDeathZone(m: ZoneModel, o: ZoneModel): boolean {
  return sideOf(m, o) !== null;
}

/** The squares where a moving enemy of `mover` must stop: every death zone an enemy exerts. */
export function stoppingSquares(mover: ZoneModel, all: readonly ZoneModel[]): Set<string> {
  const out = new Set<string>();
  for (const o of all)
    if (isEnemy(mover, o) && hasDeathZone(o, all)) for (const p of deathZoneSquares(o)) out.add(squareKey(p));
  return out;
}

/** Brings each model's list of enemies in its death zone up to date: gone ones leave, new ones join at the end, in the order given. */
export function noteEntries(all: readonly ZoneModel[], movers: readonly ZoneModel[] = all): void {
  for (const m of all) {
    const present = all.filter((o) => isEnemy(m, o) && inDeathZone(m, o));
    for (let i = m.entered.length - 1; i >= 0; i--)
      if (!present.some((o) => o.id === m.entered[i])) m.entered.splice(i, 1);
    for (const o of [...present].sort((x, y) => movers.indexOf(x) - movers.indexOf(y)))
      if (!m.entered.includes(o.id)) m.entered.push(o.id);
  }
}

/** One turned away from `from`: it counts as entering `from`'s death zone anew (so `from` faces any other enemy already there first). */
export function turnedAway(from: ZoneModel, who: ZoneModel): void {
  const i = from.entered.indexOf(who.id);
  if (i >= 0) {
    from.entered.splice(i, 1);
    from.entered.push(who.id);
  }
}

/** A model that chose to face `enemy` (a free turn) counts it first among the enemies in its death zone. */
export function preferFirst(m: ZoneModel, enemy: ZoneModel): void {
  const i = m.entered.indexOf(enemy.id);
  if (i > 0) {
    m.entered.splice(i, 1);
    m.entered.unshift(enemy.id);
  } else if (i < 0) m.entered.unshift(enemy.id);
}

export interface Turn<M extends ZoneModel = ZoneModel> {
  readonly model: M;
  readonly from: Facing;
  readonly to: Facing;
  readonly toward: M;
}

/**
 * FACING: every model with a death zone turns at once to face the first enemy in it, until nobody
 * must turn; each turn may end an engagement or start one, so the chain goes on (the text's
 * diagrams). Models are settled in the order given. A model evading a combat is not turned back
 * toward the enemies it evades (`evading`: its id → theirs) until its action is done.
 */
export function settleFacing<M extends ZoneModel>(
  all: readonly M[],
  evading: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): Turn<M>[] {
  const turns: Turn<M>[] = [];
  noteEntries(all);
  for (let guard = 0; guard < all.length * 4 + 4; guard++) {
    let turned = false;
    for (const m of all) {
      if (!hasDeathZone(m, all)) continue;
      const first = m.entered
        .map((id) => all.find((o) => o.id === id))
        .find((o): o is M => !!o && isEnemy(m, o) && inDeathZone(m, o) && !evading.get(m.id)?.has(o.id));
      if (!first) continue;
      const side = sideOf(m, first) as Facing;
      if (side === m.facing) continue;
      // Turning away from an enemy it was engaged with is not a forced turn: engaged models have no death zone.
      turns.push({ model: m, from: m.facing, to: side, toward: first });
      m.facing = side;
      turned = true;
      noteEntries(all);
    }
    if (!turned) return turns;
  }
  return turns;
}

export function squaresOf(m: ZoneModel): Point[] {
  return footprint(m.at, m.size);
}
