// Positions on a plane, in yards: where models stand, how far apart they are, where they can move.
// WFRP measures in yards (1 inch on the table = 2 yards); fliers add an altitude. A square grid
// (the house rules' board) is a plane whose points are square centres: see grid helpers below.

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Distance on the ground. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** A bearing in degrees clockwise from north (+y): 0 north, 90 east. */
export function bearing(from: Point, to: Point): number {
  const deg = (Math.atan2(to.x - from.x, to.y - from.y) * 180) / Math.PI;
  return (deg + 360) % 360;
}

/** The smallest angle between two bearings, 0..180. */
export function angleBetween(a: number, b: number): number {
  const d = Math.abs(((a - b) % 360) + 360) % 360;
  return d > 180 ? 360 - d : d;
}

/** The point `d` yards from `p` on `bearingDeg`. */
export function offset(p: Point, bearingDeg: number, d: number): Point {
  const r = (bearingDeg * Math.PI) / 180;
  return round2({ x: p.x + d * Math.sin(r), y: p.y + d * Math.cos(r) });
}

/** Positions kept to hundredths of a yard: replays and logs print the same numbers everywhere. */
export function round2(p: Point): Point {
  return { x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 };
}

/** Moves from `from` toward `to` by at most `max` yards, stopping `stopShort` yards before it. */
export function moveToward(from: Point, to: Point, max: number, stopShort = 0): Point {
  const d = distance(from, to);
  const go = Math.max(0, Math.min(max, d - stopShort));
  if (d === 0 || go === 0) return from;
  return offset(from, bearing(from, to), go);
}

/** Moves straight away from `from`, by `d` yards. */
export function moveAway(p: Point, from: Point, d: number): Point {
  const b = distance(p, from) === 0 ? 180 : bearing(from, p);
  return offset(p, b, d);
}

/** How near a straight way from `a` to `b` comes to `p`: a base closer than its radius plus the mover's is in the way. */
export function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return distance(p, { x: a.x + t * dx, y: a.y + t * dy });
}

/** How far `p` lies from the line through `a` and `b`, carried on both ways. */
export function lineDistance(p: Point, a: Point, b: Point): number {
  const len = distance(a, b);
  if (len === 0) return distance(p, a);
  return Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / len;
}

/** A clock face: hour 12 is north (the party's front), 3 east, 6 behind. */
export function clockBearing(hour: number): number {
  return (hour % 12) * 30;
}

/** A circle on the plane: a model's base. */
export interface Disc {
  readonly at: Point;
  readonly radius: number;
}

/** Bases touch (within a small tolerance) or overlap. */
export function touching(a: Disc, b: Disc, tolerance = 0.05): boolean {
  return distance(a.at, b.at) <= a.radius + b.radius + tolerance;
}

/** Bases overlap: two models in one place. */
export function overlapping(a: Disc, b: Disc): boolean {
  return distance(a.at, b.at) < a.radius + b.radius - 0.01;
}

/**
 * Where a model of `radius` can stand touching `target`, as near as possible to `from`: the
 * point on the target's rim facing `from`, or the nearest free one around it. Null if the target
 * is surrounded.
 */
export function contactPoint(
  target: Disc,
  radius: number,
  from: Point,
  others: readonly Disc[],
): Point | null {
  const ring = target.radius + radius;
  const base = distance(from, target.at) === 0 ? 0 : bearing(target.at, from);
  // Only bases that reach the ring can be in the way: the same answer, without trying each point
  // against everyone in a crowd.
  const near = new DiscIndex(within(others, target.at, ring + radius));
  for (let step = 0; step <= 36; step++) {
    for (const sign of step === 0 ? [1] : [1, -1]) {
      const p = offset(target.at, base + sign * step * 10, ring);
      if (!near.overlapsAny(p, radius)) return p;
    }
  }
  return null;
}

/**
 * Bases filed by where they stand, so that "does a model here overlap anyone?" looks only at the
 * bases around it: a crowd of hundreds is then as quick to move through as a handful.
 */
export class DiscIndex {
  private readonly cells = new Map<number, Disc[]>();
  private readonly maxRadius: number;

  constructor(
    discs: readonly Disc[],
    private readonly cell = 2,
  ) {
    let r = 0;
    for (const d of discs) {
      const k = this.key(Math.floor(d.at.x / cell), Math.floor(d.at.y / cell));
      const list = this.cells.get(k);
      if (list) list.push(d);
      else this.cells.set(k, [d]);
      r = Math.max(r, d.radius);
    }
    this.maxRadius = r;
  }

  private key(cx: number, cy: number): number {
    return (cx + 1_000_000) * 2_000_003 + (cy + 1_000_000);
  }

  /** Whether a base of `radius` at `p` would overlap one of them. */
  overlapsAny(p: Point, radius: number): boolean {
    const reach = radius + this.maxRadius;
    const x0 = Math.floor((p.x - reach) / this.cell);
    const x1 = Math.floor((p.x + reach) / this.cell);
    const y0 = Math.floor((p.y - reach) / this.cell);
    const y1 = Math.floor((p.y + reach) / this.cell);
    const me: Disc = { at: p, radius };
    for (let cx = x0; cx <= x1; cx++)
      for (let cy = y0; cy <= y1; cy++) {
        const list = this.cells.get(this.key(cx, cy));
        if (list) for (const o of list) if (overlapping(me, o)) return true;
      }
    return false;
  }
}

/** The bases that come within `reach` of a point (their own radius added): those a model there could touch. */
export function within(others: readonly Disc[], at: Point, reach: number): Disc[] {
  return others.filter((o) => distance(o.at, at) < reach + o.radius);
}

/** The free point nearest to `want` for a model of `radius`, searching outward; `want` itself if free. */
export function freePointNear(want: Point, radius: number, others: readonly Disc[]): Point {
  const index = new DiscIndex(others);
  const free = (p: Point) => !index.overlapsAny(p, radius);
  if (free(want)) return round2(want);
  for (let ring = 1; ring <= 40; ring++) {
    for (let k = 0; k < 12; k++) {
      const p = offset(want, k * 30, ring * radius);
      if (free(p)) return p;
    }
  }
  return round2(want);
}

export function formatPoint(p: Point): string {
  const n = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
  return `(${n(p.x)}, ${n(p.y)})`;
}

/** "12.5 yards", "3 yards" */
export function formatYards(d: number): string {
  const r = Math.round(d * 10) / 10;
  return `${Number.isInteger(r) ? r : r.toFixed(1)} yard${r === 1 ? '' : 's'}`;
}

/** Compass words for a bearing, for the log: "north", "south-east". */
export function compass(b: number): string {
  const names = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
  return names[Math.round((((b % 360) + 360) % 360) / 45) % 8] as string;
}
