// What a point on the map is: the model under it, the engine's verdict on going there, and the
// answer it makes when clicked (as the destination would be typed).
import type { FightMap, MapModel, MapPoint, MapTargets } from '../../../src/core/map.js';

/** The model under a point (its base or footprint), the topmost standing one first. */
export function modelAt(map: FightMap, shown: readonly MapModel[], p: MapPoint): MapModel | undefined {
  const hit = (m: MapModel) =>
    map.kind === 'plane'
      ? Math.hypot(p.x - m.at.x, p.y - m.at.y) <= (m.radius ?? 0.5)
      : p.x >= m.at.x && p.y >= m.at.y && p.x < m.at.x + (m.size ?? 1) && p.y < m.at.y + (m.size ?? 1);
  return shown.find((m) => m.out === null && hit(m)) ?? shown.find(hit);
}

export interface Verdict {
  readonly legal: boolean;
  readonly why: string | null;
  readonly at: MapPoint;
}

/** The engine's verdict nearest a point: the square itself on the grid, the nearest judged point on the plane. */
export function verdictAt(map: FightMap, targets: MapTargets | null, p: MapPoint): Verdict | null {
  if (!targets) return null;
  let best: (typeof targets.points)[number] | null = null;
  let bestD = Infinity;
  for (const t of targets.points) {
    const d =
      map.kind === 'grid'
        ? Math.floor(p.x) === t[0] && Math.floor(p.y) === t[1]
          ? 0
          : Infinity
        : Math.hypot(p.x - t[0], p.y - t[1]);
    if (d < bestD) {
      best = t;
      bestD = d;
    }
  }
  if (!best || bestD > targets.step * 0.75) return null;
  return {
    legal: best[2] < 0,
    why: best[2] < 0 ? null : (targets.reasons[best[2]] ?? null),
    at: { x: best[0], y: best[1] },
  };
}

/** A point as the engine takes a destination typed, with the end facing chosen (if the ruleset has one). */
export function answerFor(map: FightMap, facing: string, p: MapPoint): string {
  const a = map.answer;
  // On the plane a click is as good as a tenth of a yard; the grid takes the square.
  const d = map.kind === 'grid' ? 0 : Math.min(1, a.decimals);
  const n = (x: number) => {
    const s = (map.kind === 'grid' ? Math.floor(x) : x).toFixed(d);
    return /^-0(\.0+)?$/.test(s) ? '0' : s.replace(/\.0+$/, '');
  };
  const base = a.template.replace('{x}', n(p.x)).replace('{y}', n(p.y));
  return facing && a.facings?.includes(facing) ? `${base} ${facing}` : base;
}

/** The same square of the grid, or within a yard and a half on the plane. */
export function sameSpot(map: FightMap, a: MapPoint, p: MapPoint): boolean {
  return map.kind === 'grid'
    ? Math.floor(a.x) === Math.floor(p.x) && Math.floor(a.y) === Math.floor(p.y)
    : Math.hypot(a.x - p.x, a.y - p.y) < 1.5;
}
