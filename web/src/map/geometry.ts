// Where things are drawn on the map's SVG, and distances as the map measures them.
import type { FightMap, MapModel, MapPoint } from '../../../src/core/map.js';

const SIDE_COLOURS = ['#2f5f8a', '#8a2c1d', '#3f7d3a', '#7a4f9a', '#b07a1c', '#2a7a78'];
export const sideColour = (side: number) => SIDE_COLOURS[side % SIDE_COLOURS.length] as string;
export const RANGE_COLOURS = {
  move: '#3f7d3a',
  charge: '#8a2c1d',
  missile: '#2f5f8a',
  spell: '#7a4f9a',
} as const;

export type Pt = readonly [number, number];

/** Where a map point is drawn: north up on both (the plane's y grows north, the grid's south). */
export function svgOf(map: FightMap, p: MapPoint): Pt {
  return map.kind === 'plane' ? [p.x, -p.y] : [p.x, p.y];
}
export function fromSvg(map: FightMap, x: number, y: number): MapPoint {
  return map.kind === 'plane' ? { x, y: -y } : { x, y };
}
/** A model's centre in map units (on the grid the middle of its footprint). */
export function centreOf(map: FightMap, m: MapModel, at: MapPoint = m.at): MapPoint {
  if (map.kind === 'plane') return at;
  const s = m.size ?? 1;
  return { x: at.x + s / 2, y: at.y + s / 2 };
}
/** The facing as a unit vector on the SVG (bearing clockwise from north, north up). */
export function facingVector(bearing: number): Pt {
  const r = (bearing * Math.PI) / 180;
  return [Math.sin(r), -Math.cos(r)];
}
export const fmt = (v: number) => {
  const r = Math.round(v * 10) / 10;
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
};

/** Distances between two models as the map measures them: centre to centre and base to base on the plane, king's moves between footprints on the grid. */
export function apart(map: FightMap, a: MapModel, b: MapModel): { value: number; text: string } {
  if (map.kind === 'plane') {
    const d = Math.hypot(a.at.x - b.at.x, a.at.y - b.at.y);
    const gap = Math.max(0, d - (a.radius ?? 0) - (b.radius ?? 0));
    return {
      value: d,
      text: `${fmt(d)} yards${gap < d ? ` (${gap < 0.05 ? 'bases touching' : `${fmt(gap)} between bases`})` : ''}`,
    };
  }
  const sa = a.size ?? 1;
  const sb = b.size ?? 1;
  const gap = (lo1: number, n1: number, lo2: number, n2: number) =>
    Math.max(0, lo2 - (lo1 + n1 - 1), lo1 - (lo2 + n2 - 1));
  const n = Math.max(gap(a.at.x, sa, b.at.x, sb), gap(a.at.y, sa, b.at.y, sb));
  return { value: n, text: n <= 1 ? 'next to it' : `${n} squares` };
}

/** A short label where the map is crowded: "Gob 12" for "Goblin 12", the first word otherwise. */
export function shortName(name: string): string {
  const m = /^(\S+).*?(\d+)$/.exec(name);
  if (m) return `${(m[1] as string).slice(0, 3)} ${m[2]}`;
  return (name.split(' ')[0] ?? name).slice(0, 8);
}
