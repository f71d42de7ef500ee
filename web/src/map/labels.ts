// Where the models' names go, so that no name covers another or a base.
import type { FightMap, MapModel } from '../../../src/core/map.js';
import { centreOf, fmt, svgOf } from './geometry.js';

export interface Label {
  readonly m: MapModel;
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly half: number;
}

export interface LabelsOf {
  readonly map: FightMap;
  /** The models drawn, the fallen first. */
  readonly drawn: readonly MapModel[];
  /** Whether a model's name is written at all (a crowded grid's letter says who stands there). */
  readonly labelled: (m: MapModel) => boolean;
  readonly labelOf: (m: MapModel) => string;
  readonly current: string | null;
  readonly focus: MapModel | undefined;
  /** The names' size in map units. */
  readonly font: number;
  /** Map units for a size in pixels. */
  readonly u: (px: number) => number;
}

/**
 * Each name below its base and facing notch, unless it would write over a name already placed:
 * whose turn it is first, then the one pointed at, those standing, the fallen last. A name left
 * out shows in the status line when its model is pointed at.
 */
export function placeLabels({ map, drawn, labelled, labelOf, current, focus, font, u }: LabelsOf): Label[] {
  const order = drawn
    .filter(labelled)
    .map((m) => ({ m, rank: m.id === current ? 0 : m === focus ? 1 : m.out === null ? 2 : 3 }))
    .sort((a, b) => a.rank - b.rank);
  const placed: Label[] = [];
  const reach = (m: MapModel) => (map.kind === 'plane' ? (m.radius ?? 0.5) * 1.3 : (m.size ?? 1) / 2);
  // Every base standing on the map: a name is not written over one (another's, or its own).
  const bases = drawn.map((m) => {
    const [cx, cy] = svgOf(map, centreOf(map, m));
    return { m, cx, cy, r: reach(m) };
  });
  for (const { m } of order) {
    const [cx, cy] = svgOf(map, centreOf(map, m));
    const r = reach(m);
    const text = `${labelOf(m)}${m.alt ? ` ↑${fmt(m.alt)}` : ''}`;
    // A rough width: the page's sans-serif averages a little over half the size a letter.
    const half = (text.length * font * 0.58) / 2;
    // Below the base, else above it; where both would cover a name or a base, it is left out.
    const free = (y: number) =>
      !placed.some((p) => Math.abs(p.x - cx) < p.half + half && Math.abs(p.y - y) < font * 1.1) &&
      !bases.some(
        (b) => b.m.id !== m.id && Math.abs(b.cx - cx) < b.r + half && y < b.cy + b.r && y + font > b.cy - b.r,
      );
    const y = [cy + r + u(1), cy - r - u(1) - font].find(free);
    if (y === undefined) continue;
    placed.push({ m, x: cx, y, text, half });
  }
  return placed;
}
