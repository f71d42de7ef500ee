// The grid board as the encounter builder edits it: the text map's squares (read by the engine's
// own parser, so the editor knows no grammar the fight does not), the models standing on it as an
// encounter places them (`at:` a letter of the map or [x, y], one square per model of a group,
// `facing:` one or one per model), and the changes a GM makes, each refused with its reason where
// the fight would refuse the file. Every change comes back as the encounter's data, map and
// entries rewritten together: the board and the YAML are one thing seen twice. No DOM here.
import { modelNamer } from '../../../src/core/names.js';
import { FACINGS, footprint, MapError, parseBoard, type Cell, type Facing } from '../../../src/space/grid.js';

type Json = Record<string, unknown>;

/** A square's ground as the text map writes it. */
export type Ground = '#' | '.' | '+' | '/';

/** The grounds a GM paints with, in the map's own characters. */
export const GROUNDS: readonly { readonly ground: Ground; readonly name: string }[] = [
  { ground: '#', name: 'wall' },
  { ground: '.', name: 'floor' },
  { ground: '+', name: 'closed door' },
  { ground: '/', name: 'open door' },
];
export const groundName = (g: Ground) => GROUNDS.find((x) => x.ground === g)?.name ?? g;

const OF_CELL: Readonly<Record<Cell, Ground>> = { wall: '#', floor: '.', door: '+', 'open-door': '/' };

export interface Square {
  readonly x: number;
  readonly y: number;
}

export interface Board {
  readonly width: number;
  readonly height: number;
  /** Row by row; a letter's square is floor. */
  readonly cells: readonly Ground[];
  /** The letters marked on the map, and where. */
  readonly marks: ReadonlyMap<string, Square>;
}

export const groundAt = (b: Board, q: Square): Ground | null =>
  q.x < 0 || q.y < 0 || q.x >= b.width || q.y >= b.height ? null : (b.cells[q.y * b.width + q.x] ?? null);

/** The map's text read as the fight reads it, or what is wrong with it, where. */
export function readBoard(text: string): Board | { readonly error: string } {
  try {
    const { board, marks } = parseBoard(text);
    return { width: board.width, height: board.height, cells: board.cells.map((c) => OF_CELL[c]), marks };
  } catch (e) {
    if (!(e instanceof MapError)) throw e;
    return {
      error: `${e.row !== null ? `row ${e.row + 1}, column ${(e.col ?? 0) + 1}: ` : ''}${e.message}`,
    };
  }
}

/** The map as text, each letter written on its square. */
export function boardText(b: Board, letters: ReadonlyMap<string, Square>): string {
  const at = new Map([...letters].map(([l, q]) => [q.y * b.width + q.x, l]));
  const rows: string[] = [];
  for (let y = 0; y < b.height; y++) {
    let row = '';
    for (let x = 0; x < b.width; x++) row += at.get(y * b.width + x) ?? b.cells[y * b.width + x] ?? '#';
    rows.push(row);
  }
  return `${rows.join('\n')}\n`;
}

/** A room: walls round a floor. */
export function emptyRoom(width: number, height: number): Board {
  const cells: Ground[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      cells.push(x === 0 || y === 0 || x === width - 1 || y === height - 1 ? '#' : '.');
  return { width, height, cells, marks: new Map() };
}

/** One model of an entry: `{ use: orc, at: [c, d, e] }` is three. */
export interface GridModel {
  /** Its entry: the side, and the entry's place among the side's combatants. */
  readonly side: number;
  readonly entry: number;
  /** Its place among its entry's models. */
  readonly k: number;
  readonly name: string;
  /** Squares a side (2: a 2 × 2 block whose north-west square is `at`). */
  readonly size: number;
  /** Its north-west square; null while it has none. */
  readonly at: Square | null;
  readonly facing: Facing;
  /** The letter it stands on, if it was placed by one. */
  readonly glyph: string | null;
  /** Placed by `[x, y]` as written: it keeps being written so where it moves. */
  readonly pair: boolean;
  /** Of the bestiary (`use:`), so that a group of it may grow; a character is one of a kind. */
  readonly creature: boolean;
  /** Its place as written when the board cannot show it (a letter not on the map), kept as written. */
  readonly written: unknown;
}

const isPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number';

/** The places an entry writes, one per model: `at: c`, `at: [3, 4]` and `at: [c, [3, 4]]` alike. */
function placesOf(at: unknown): unknown[] {
  if (at === undefined || at === null) return [];
  if (typeof at === 'string' || isPair(at)) return [at];
  return Array.isArray(at) ? at : [at];
}

export const sidesOf = (data: Json): Json[] =>
  Array.isArray(data.sides) ? (data.sides as unknown[]).filter((s): s is Json => isObject(s)) : [];
export const entriesOf = (side: Json): Json[] =>
  Array.isArray(side.combatants) ? (side.combatants as unknown[]).filter((c): c is Json => isObject(c)) : [];
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The default facing the fight gives a model written without one: the players' side east, the others west. */
const defaultFacing = (side: number): Facing => (side === 0 ? 'E' : 'W');
const asFacing = (v: unknown, side: number): Facing =>
  typeof v === 'string' && (FACINGS as readonly string[]).includes(v) ? (v as Facing) : defaultFacing(side);

/** Every model the encounter's entries make, in order, where they stand on `board` (if any yet). */
export function readGridModels(
  data: Json,
  board: Board | null,
  nameOf: (c: Json) => string,
  sizeOf: (c: Json) => number,
): GridModel[] {
  const namer = modelNamer();
  const out: GridModel[] = [];
  sidesOf(data).forEach((side, s) =>
    entriesOf(side).forEach((c, e) => {
      const places = placesOf(c.at);
      const count = typeof c.count === 'number' && c.count > 0 ? c.count : 1;
      const n = Math.max(places.length, count);
      const names = namer(nameOf(c), n);
      const size = Math.max(1, Math.min(3, sizeOf(c)));
      for (let k = 0; k < n; k++) {
        const p = places[k];
        let at: Square | null = null;
        let glyph: string | null = null;
        if (typeof p === 'string') {
          at = board?.marks.get(p) ?? null;
          glyph = at ? p : null;
        } else if (isPair(p)) at = { x: p[0], y: p[1] };
        out.push({
          side: s,
          entry: e,
          k,
          name: names[k] ?? '?',
          size,
          at,
          facing: asFacing(Array.isArray(c.facing) ? c.facing[k] : c.facing, s),
          glyph,
          pair: at !== null && glyph === null,
          creature: typeof c.use === 'string',
          written: at ? undefined : p,
        });
      }
    }),
  );
  return out;
}

/** The models that stand on a square. */
export function standingOn(models: readonly GridModel[], q: Square): GridModel | undefined {
  return models.find(
    (m) => m.at && q.x >= m.at.x && q.x < m.at.x + m.size && q.y >= m.at.y && q.y < m.at.y + m.size,
  );
}

const where = (q: Square) => `(${q.x}, ${q.y})`;

/**
 * Why the model cannot stand with its north-west square on `at`, in the words a GM reads, or null
 * when it can: every square it would fill on the board, on floor or an open door (a closed door
 * and a wall are no place to stand, as the fight's loader says), and no other model's.
 */
export function whyNotHere(
  board: Board,
  models: readonly GridModel[],
  who: GridModel,
  at: Square,
): string | null {
  for (const q of footprint(at, who.size)) {
    const g = groundAt(board, q);
    if (g === null)
      return `${where(q)} is off the board${who.size > 1 ? ` (${who.name} fills ${who.size} × ${who.size} squares)` : ''}`;
    if (g === '#') return `${where(q)} is a wall`;
    if (g === '+') return `${where(q)} is a closed door: open it (/) to stand in the doorway`;
    const other = standingOn(
      models.filter((m) => m !== who),
      q,
    );
    if (other) return `${where(q)} is taken by ${other.name}`;
  }
  return null;
}

/** The models with one of them moved (and turned, if `facing`). */
export function moved(
  models: readonly GridModel[],
  who: GridModel,
  at: Square,
  facing = who.facing,
): GridModel[] {
  return models.map((m) => (m === who ? { ...m, at, facing, written: undefined } : m));
}

/** The models with one of them turned. */
export function turned(models: readonly GridModel[], who: GridModel, facing: Facing): GridModel[] {
  return models.map((m) => (m === who ? { ...m, facing } : m));
}

/** The board with one square painted, or why not: a model standing there keeps its square walkable. */
export function painted(
  board: Board,
  models: readonly GridModel[],
  q: Square,
  ground: Ground,
): Board | string {
  const had = groundAt(board, q);
  if (had === null) return `${where(q)} is off the board`;
  if (had === ground) return board;
  const on = standingOn(models, q);
  if (on && (ground === '#' || ground === '+'))
    return `${on.name} stands on ${where(q)}: move it before putting a ${groundName(ground)} there`;
  const cells = [...board.cells];
  cells[q.y * board.width + q.x] = ground;
  return { ...board, cells };
}

/** The board made `width` × `height`, what it had kept at the top left and new squares walled, or why not. */
export function resized(
  board: Board,
  models: readonly GridModel[],
  width: number,
  height: number,
): Board | string {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    return 'a board needs at least one column and one row';
  if (width > 200 || height > 200) return 'a board of at most 200 × 200 squares';
  const off = models.find((m) => m.at && (m.at.x + m.size > width || m.at.y + m.size > height));
  if (off?.at)
    return `${off.name} stands at ${where(off.at)}, off a board of ${width} × ${height}: move it first`;
  const cells: Ground[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) cells.push(groundAt(board, { x, y }) ?? '#');
  const marks = new Map([...board.marks].filter(([, q]) => q.x < width && q.y < height));
  return { width, height, cells, marks };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The encounter with the board and its models written back: the map with a letter on each model's
 * square (its own letter if it had one, else its initial if free, the players' side in capitals as
 * the examples write them), and each entry's `at` and `facing`, one per model where a group has
 * several. A model written `[x, y]` stays so; one on an open door, or with no letter left, is
 * written so too. Letters marked on
 * the map that no model uses stay where the floor is still bare.
 */
export function writeGrid(data: Json, board: Board, models: readonly GridModel[]): Json {
  const placed = models.filter((m) => m.at);
  const bare = (m: GridModel) => m.at !== null && !m.pair && groundAt(board, m.at) === '.';
  // A letter some model still names (one the map has lost) is given to no other.
  const claimed = new Set<string>(models.flatMap((m) => (typeof m.written === 'string' ? [m.written] : [])));
  const glyphOf = new Map<GridModel, string>();
  for (const m of placed)
    if (m.glyph && bare(m) && !claimed.has(m.glyph)) {
      claimed.add(m.glyph);
      glyphOf.set(m, m.glyph);
    }
  for (const m of placed) {
    if (glyphOf.has(m) || !bare(m)) continue;
    // From its initial on through the alphabet: a group of orcs is o, p, q.
    const initial = (/[A-Za-z]/.exec(m.name)?.[0] ?? 'a').toLowerCase();
    const from = LETTERS.indexOf(initial);
    const round = LETTERS.slice(from) + LETTERS.slice(0, from);
    const pool = m.side === 0 ? [...round.toUpperCase(), ...round] : [...round, ...round.toUpperCase()];
    // A letter the map marks for nothing yet is left to it, while others are free.
    const free =
      pool.find((l) => !claimed.has(l) && !board.marks.has(l)) ?? pool.find((l) => !claimed.has(l));
    if (!free) continue;
    claimed.add(free);
    glyphOf.set(m, free);
  }
  const letters = new Map<string, Square>();
  for (const [m, g] of glyphOf) if (m.at) letters.set(g, m.at);
  // Marks no model names, where nothing has covered them.
  const named = new Set(models.flatMap((m) => [m.glyph, typeof m.written === 'string' ? m.written : null]));
  for (const [l, q] of board.marks)
    if (!named.has(l) && !claimed.has(l) && groundAt(board, q) === '.' && !standingOn(placed, q))
      letters.set(l, q);

  const next = structuredClone(data);
  const withMap: Json = {};
  // The map goes before the sides, as the examples write it.
  for (const [k, v] of Object.entries(next)) {
    if (k === 'sides' && !('map' in next)) withMap.map = boardText(board, letters);
    withMap[k] = k === 'map' ? boardText(board, letters) : v;
  }
  if (!('map' in withMap)) withMap.map = boardText(board, letters);
  sidesOf(withMap).forEach((side, s) =>
    entriesOf(side).forEach((c, e) => {
      const mine = models.filter((m) => m.side === s && m.entry === e);
      if (mine.length === 0) return;
      const places = mine.flatMap((m) => {
        if (m.at) return [glyphOf.get(m) ?? [m.at.x, m.at.y]];
        return m.written === undefined ? [] : [m.written];
      });
      if (places.length === 0) delete c.at;
      else c.at = places.length === 1 && mine.length === 1 ? places[0] : places;
      // A count no longer says anything once every model has its square (and the rules refuse it).
      if (places.length === mine.length) delete c.count;
      else c.count = mine.length;
      const facings = mine.map((m) => m.facing);
      c.facing = facings.every((f) => f === facings[0]) ? facings[0] : facings;
    }),
  );
  return withMap;
}

/** The models given the squares of `places`, in order. */
export function placeOnGrid(models: readonly GridModel[], places: readonly (Square | null)[]): GridModel[] {
  return models.map((m, i) => ({ ...m, at: places[i] ?? m.at, written: undefined }));
}

/**
 * A first room for the builder's draft: each side in a block of its own, the players' side in the
 * west facing east and the others east of it, three squares of floor between them, walls round it
 * all. A side's block fills columns of the room's height from the side nearest the other.
 */
export function firstRoom(models: readonly GridModel[]): { board: Board; places: Square[] } {
  const sides = [...new Set(models.map((m) => m.side))].sort((a, b) => a - b);
  const area = models.reduce((n, m) => n + m.size * m.size, 0);
  const biggest = Math.max(1, ...models.map((m) => m.size));
  const rows = Math.max(3, biggest, Math.min(10, Math.ceil(Math.sqrt(area * 1.5))));
  const GAP = 3;
  const places = new Map<GridModel, Square>();
  let x0 = 1;
  sides.forEach((s, i) => {
    const mine = models.filter((m) => m.side === s);
    const taken = new Set<string>();
    const inBlock = new Map<GridModel, Square>();
    let width = 0;
    for (const m of mine) {
      for (let x = 0; !inBlock.has(m); x++)
        for (let y = 0; y + m.size <= rows && !inBlock.has(m); y++) {
          const squares = footprint({ x, y }, m.size);
          if (squares.some((q) => taken.has(`${q.x},${q.y}`))) continue;
          for (const q of squares) taken.add(`${q.x},${q.y}`);
          inBlock.set(m, { x, y });
          width = Math.max(width, x + m.size);
        }
    }
    // The players' side fills from its east edge, nearest the others; the others from their west.
    for (const [m, q] of inBlock)
      places.set(m, { x: x0 + (i === 0 && sides.length > 1 ? width - q.x - m.size : q.x), y: 1 + q.y });
    x0 += width + (i < sides.length - 1 ? GAP : 0);
  });
  const board = emptyRoom(Math.max(x0 + 1, 3), rows + 2);
  return { board, places: models.map((m) => places.get(m) ?? { x: 1, y: 1 }) };
}

/**
 * The first square a model may stand on, from its side's end of the board: the players' side from
 * the west, the others from the east, where the builder's room puts them. Null on a full board.
 */
export function freeSquare(board: Board, models: readonly GridModel[], who: GridModel): Square | null {
  const xs = Array.from({ length: board.width }, (_, i) => (who.side === 0 ? i : board.width - 1 - i));
  for (const x of xs)
    for (let y = 0; y < board.height; y++) if (!whyNotHere(board, models, who, { x, y })) return { x, y };
  return null;
}
