// A square grid: the dungeon board of Advanced HeroQuest and its house rules. Squares are points
// with whole coordinates: x to the east (the text map's columns), y to the south (its rows), so a
// map reads as it is drawn. Models stand on one square (size 1) or a block of size × size squares
// anchored at their north-west square, and face one of the four cardinal directions.
import type { Point } from './plane.js';

export type Facing = 'N' | 'E' | 'S' | 'W';
export const FACINGS: readonly Facing[] = ['N', 'E', 'S', 'W'];
export const STEP: Readonly<Record<Facing, Point>> = {
  N: { x: 0, y: -1 },
  E: { x: 1, y: 0 },
  S: { x: 0, y: 1 },
  W: { x: -1, y: 0 },
};
export const OPPOSITE: Readonly<Record<Facing, Facing>> = { N: 'S', S: 'N', E: 'W', W: 'E' };
export const FACING_WORD: Readonly<Record<Facing, string>> = { N: 'north', E: 'east', S: 'south', W: 'west' };

export type Cell = 'wall' | 'floor' | 'door' | 'open-door';

export interface Board {
  readonly width: number;
  readonly height: number;
  /** Row by row. */
  readonly cells: readonly Cell[];
}

/** Where a model stands and which way it looks. */
export interface Placed {
  readonly at: Point;
  readonly size: number;
  readonly facing: Facing;
}

const GLYPH: Readonly<Record<string, Cell>> = { '#': 'wall', '.': 'floor', '+': 'door', '/': 'open-door' };

export class MapError extends Error {
  constructor(
    message: string,
    /** Row and column of the map text (0-based), when the error is at one place. */
    readonly row: number | null = null,
    readonly col: number | null = null,
  ) {
    super(message);
  }
}

/**
 * A map drawn as text: `#` wall, `.` floor, `+` closed door, `/` open door, and letters marking
 * squares that models name (`at: A`); a letter is floor. Rows may be ragged: the short ones are
 * walled up to the longest.
 */
export function parseBoard(text: string): { board: Board; marks: ReadonlyMap<string, Point> } {
  const rows = text
    .replace(/\s+$/, '')
    .split('\n')
    .map((r) => r.replace(/\s+$/, ''));
  while (rows.length && rows[0]?.trim() === '') rows.shift();
  if (!rows.length) throw new MapError('the map is empty');
  const width = Math.max(...rows.map((r) => r.length));
  const cells: Cell[] = [];
  const marks = new Map<string, Point>();
  rows.forEach((r, y) => {
    for (let x = 0; x < width; x++) {
      const ch = r[x] ?? '#';
      const c = GLYPH[ch === ' ' ? '#' : ch];
      if (c) cells.push(c);
      else if (/[A-Za-z]/.test(ch)) {
        if (marks.has(ch)) throw new MapError(`the mark '${ch}' is used twice`, y, x);
        marks.set(ch, { x, y });
        cells.push('floor');
      } else
        throw new MapError(
          `'${ch}' is not a map square: expected # (wall), . (floor), + (door), / (open door) or a letter`,
          y,
          x,
        );
    }
  });
  return { board: { width, height: rows.length, cells }, marks };
}

export function cellAt(b: Board, p: Point): Cell {
  if (p.x < 0 || p.y < 0 || p.x >= b.width || p.y >= b.height) return 'wall';
  return b.cells[p.y * b.width + p.x] as Cell;
}

/** Squares a model may stand on and move through (ours: a closed door blocks until opened). */
export function passable(b: Board, p: Point): boolean {
  const c = cellAt(b, p);
  return c === 'floor' || c === 'open-door';
}

export const add = (p: Point, d: Point): Point => ({ x: p.x + d.x, y: p.y + d.y });
export const same = (a: Point, b: Point) => a.x === b.x && a.y === b.y;
export const squareKey = (p: Point) => `${p.x},${p.y}`;

/** The squares a model covers. */
export function footprint(at: Point, size: number): Point[] {
  const out: Point[] = [];
  for (let dy = 0; dy < size; dy++)
    for (let dx = 0; dx < size; dx++) out.push({ x: at.x + dx, y: at.y + dy });
  return out;
}

/** The squares orthogonally next to a model's footprint (for one square: its four neighbours). */
export function orthogonalRing(at: Point, size: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < size; i++) {
    out.push(
      { x: at.x + i, y: at.y - 1 },
      { x: at.x + size, y: at.y + i },
      { x: at.x + i, y: at.y + size },
      { x: at.x - 1, y: at.y + i },
    );
  }
  return out;
}

/** The four corner squares diagonally next to a model's footprint. */
export function diagonalRing(at: Point, size: number): Point[] {
  return [
    { x: at.x - 1, y: at.y - 1 },
    { x: at.x + size, y: at.y - 1 },
    { x: at.x + size, y: at.y + size },
    { x: at.x - 1, y: at.y + size },
  ];
}

/** The squares next to the side a model faces ("in front"), and those next to its back. */
export function frontSquares(m: Placed): Point[] {
  return sideSquares(m, m.facing);
}
export function rearSquares(m: Placed): Point[] {
  return sideSquares(m, OPPOSITE[m.facing]);
}
export function sideSquares(m: Placed, side: Facing): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < m.size; i++) {
    if (side === 'N') out.push({ x: m.at.x + i, y: m.at.y - 1 });
    else if (side === 'S') out.push({ x: m.at.x + i, y: m.at.y + m.size });
    else if (side === 'E') out.push({ x: m.at.x + m.size, y: m.at.y + i });
    else out.push({ x: m.at.x - 1, y: m.at.y + i });
  }
  return out;
}

const covers = (m: { at: Point; size: number }, p: Point) =>
  p.x >= m.at.x && p.y >= m.at.y && p.x < m.at.x + m.size && p.y < m.at.y + m.size;
export function occupies(m: { at: Point; size: number }, p: Point): boolean {
  return covers(m, p);
}

/** The side of `a` on which `b` stands orthogonally next to it, or null (diagonal, apart, or overlapping). */
export function sideOf(a: { at: Point; size: number }, b: { at: Point; size: number }): Facing | null {
  // By arithmetic rather than listing squares: this is the busiest question of a fight on the board.
  const overlapX = b.at.x <= a.at.x + a.size - 1 && b.at.x + b.size - 1 >= a.at.x;
  const overlapY = b.at.y <= a.at.y + a.size - 1 && b.at.y + b.size - 1 >= a.at.y;
  if (overlapX && b.at.y + b.size === a.at.y) return 'N';
  if (overlapY && b.at.x === a.at.x + a.size) return 'E';
  if (overlapX && b.at.y === a.at.y + a.size) return 'S';
  if (overlapY && b.at.x + b.size === a.at.x) return 'W';
  return null;
}

/** `a` stands diagonally next to `b` (corner to corner), not orthogonally. */
export function diagonallyAdjacent(a: { at: Point; size: number }, b: { at: Point; size: number }): boolean {
  return sideOf(a, b) === null && diagonalRing(a.at, a.size).some((p) => covers(b, p));
}

/** `a` looks at `b`: `b` is next to the side `a` faces. */
export function facesToward(a: Placed, b: { at: Point; size: number }): boolean {
  return sideOf(a, b) === a.facing;
}

/** Squares between two models, counted as a king moves (the larger of the two gaps), footprint to footprint. */
export function squaresApart(a: { at: Point; size: number }, b: { at: Point; size: number }): number {
  const gap = (lo1: number, n1: number, lo2: number, n2: number) =>
    Math.max(0, lo2 - (lo1 + n1 - 1), lo1 - (lo2 + n2 - 1));
  return Math.max(gap(a.at.x, a.size, b.at.x, b.size), gap(a.at.y, a.size, b.at.y, b.size));
}

/** Whether a line from centre to centre crosses no wall or closed door (ours: models do not block). */
export function lineOfSight(
  b: Board,
  from: { at: Point; size: number },
  to: { at: Point; size: number },
): boolean {
  const cx = (m: { at: Point; size: number }) => ({ x: m.at.x + m.size / 2, y: m.at.y + m.size / 2 });
  const a = cx(from);
  const z = cx(to);
  const steps = Math.max(1, Math.ceil(Math.hypot(z.x - a.x, z.y - a.y) * 4));
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    const p = { x: Math.floor(a.x + (z.x - a.x) * t), y: Math.floor(a.y + (z.y - a.y) * t) };
    if (covers(from, p) || covers(to, p)) continue;
    const c = cellAt(b, p);
    if (c === 'wall' || c === 'door') return false;
  }
  return true;
}

/** Eight directions a model may step (ours: diagonal steps may not cut a wall's corner). */
const STEPS8: readonly Point[] = [
  { x: 0, y: -1 },
  { x: 1, y: 0 },
  { x: 0, y: 1 },
  { x: -1, y: 0 },
  { x: 1, y: -1 },
  { x: 1, y: 1 },
  { x: -1, y: 1 },
  { x: -1, y: -1 },
];

/** The squares one step from `p` a model may step to: eight ways, no diagonal cutting a wall's corner. */
export function steps(p: Point, free: (q: Point) => boolean): Point[] {
  const out: Point[] = [];
  for (const s of STEPS8) {
    const q = add(p, s);
    if (!free(q)) continue;
    if (s.x !== 0 && s.y !== 0 && !(free({ x: p.x + s.x, y: p.y }) && free({ x: p.x, y: p.y + s.y })))
      continue;
    out.push(q);
  }
  return out;
}

export interface PathRules {
  /** The model may stand on this footprint (walls, other models). */
  readonly free: (at: Point) => boolean;
  /** Entering this footprint ends the move (an enemy's death zone). */
  readonly stops: (at: Point) => boolean;
  readonly board: Board;
  readonly size: number;
}

/**
 * The shortest walk (in steps, at most `max`) from `from` to a footprint where `goal` holds; the
 * squares stepped on, `from` excluded. Ties go to the first direction in N, E, S, W, then the
 * diagonals, so paths do not depend on anything but the board. Null if no goal is reachable.
 */
export function findPath(
  rules: PathRules,
  from: Point,
  goal: (at: Point) => boolean,
  max: number,
): Point[] | null {
  if (goal(from)) return [];
  // Squares by number (y × width + x): a walk only visits free squares, which are on the board.
  const num = (p: Point) => p.y * rules.board.width + p.x;
  const prev = new Map<number, Point | null>([[num(from), null]]);
  let frontier: Point[] = [from];
  for (let d = 1; d <= max && frontier.length; d++) {
    const next: Point[] = [];
    for (const p of frontier) {
      if (p !== from && rules.stops(p)) continue;
      for (const q of steps(p, rules.free)) {
        const k = num(q);
        if (prev.has(k)) continue;
        prev.set(k, p);
        if (goal(q)) {
          const path: Point[] = [q];
          let at = p;
          while (!same(at, from)) {
            path.unshift(at);
            at = prev.get(num(at)) as Point;
          }
          return path;
        }
        next.push(q);
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * Every footprint a model can walk to in at most `max` steps, with the shortest walk there (the
 * squares stepped on, `from` excluded), by the rules and tie order of findPath; keyed by squareKey.
 */
export function walks(rules: PathRules, from: Point, max: number): Map<string, Point[]> {
  const prev = new Map<string, Point | null>([[squareKey(from), null]]);
  const out = new Map<string, Point[]>();
  let frontier: Point[] = [from];
  for (let d = 1; d <= max && frontier.length; d++) {
    const next: Point[] = [];
    for (const p of frontier) {
      if (p !== from && rules.stops(p)) continue;
      for (const q of steps(p, rules.free)) {
        const k = squareKey(q);
        if (prev.has(k)) continue;
        prev.set(k, p);
        out.set(k, [...(p === from ? [] : (out.get(squareKey(p)) as Point[])), q]);
        next.push(q);
      }
    }
    frontier = next;
  }
  return out;
}

/** The straight line of squares from `from` to `to` (orthogonal or diagonal), or null if they are not in line. */
export function straightLine(from: Point, to: Point): Point[] | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  if (n === 0 || (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy))) return null;
  const s = { x: Math.sign(dx), y: Math.sign(dy) };
  return Array.from({ length: n }, (_, i) => ({ x: from.x + s.x * (i + 1), y: from.y + s.y * (i + 1) }));
}

/** A straight path: every step in the same direction (a charge's first condition). */
export function isStraight(from: Point, path: readonly Point[]): boolean {
  if (path.length === 0) return false;
  const d = { x: (path[0] as Point).x - from.x, y: (path[0] as Point).y - from.y };
  let at = from;
  for (const p of path) {
    if (p.x - at.x !== d.x || p.y - at.y !== d.y) return false;
    at = p;
  }
  return true;
}

const ARROW: Readonly<Record<Facing, string>> = { N: '^', E: '>', S: 'v', W: '<' };
const WIDE: Readonly<Record<Cell, string>> = { wall: '##', floor: '. ', door: '+ ', 'open-door': '/ ' };

/**
 * The board as text, two characters a square so that a model's facing is drawn where it stands:
 * its glyph, then an arrow (^ > v <) on every square it fills. A marked square (a death zone)
 * shows its mark beside what is there, so a mark on a doorway reads `+*`, not a bare door.
 */
export function drawFacingBoard(
  b: Board,
  models: readonly (Placed & { readonly glyph: string })[],
  marked: ReadonlySet<string> = new Set(),
  markGlyph = '*',
): string {
  const rows: string[][] = [];
  for (let y = 0; y < b.height; y++) {
    const row: string[] = [];
    for (let x = 0; x < b.width; x++) {
      const c = cellAt(b, { x, y });
      const mark = c !== 'wall' && marked.has(`${x},${y}`);
      row.push(mark ? (c === 'floor' ? `${markGlyph} ` : `${WIDE[c][0]}${markGlyph}`) : WIDE[c]);
    }
    rows.push(row);
  }
  for (const m of models)
    for (const p of footprint(m.at, m.size))
      if (rows[p.y] && p.x < b.width) (rows[p.y] as string[])[p.x] = `${m.glyph}${ARROW[m.facing]}`;
  return rows.map((r) => r.join('').trimEnd()).join('\n');
}
