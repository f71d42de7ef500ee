// WFRP 1e's scene of battle as the encounter builder edits it: each model's place in yards (`at:
// [x, y]`, x east and y north) and facing (degrees clockwise from north), on bases as big as the
// fight makes them, so that a place the fight would refuse (bases overlapping) is refused here
// with the same reason. A model with no place is put in its side's line by the fight itself; a
// group (`count: 3`) placed model by model becomes an entry per model, named as the fight names
// them. No DOM here.
import { modelNamer } from '../../../src/core/names.js';
import { overlapping, type Point } from '../../../src/space/plane.js';
import { baseRadius } from '../../../src/rulesets/wfrp1e/data/scene.js';
import { entriesOf, sidesOf } from './grid.js';

type Json = Record<string, unknown>;

export interface SceneModel {
  readonly side: number;
  readonly entry: number;
  readonly k: number;
  readonly name: string;
  /** Its base's radius in yards. */
  readonly radius: number;
  /** Where its base's centre stands; null: the fight puts it in its side's line. */
  readonly at: Point | null;
  /** Degrees clockwise from north; null: it faces the nearest enemy when the fight begins. */
  readonly facing: number | null;
}

/** The compass points a GM turns a model to, in the schema's degrees. */
export const BEARINGS: readonly { readonly deg: number; readonly name: string }[] = [
  { deg: 0, name: 'north' },
  { deg: 45, name: 'north-east' },
  { deg: 90, name: 'east' },
  { deg: 135, name: 'south-east' },
  { deg: 180, name: 'south' },
  { deg: 225, name: 'south-west' },
  { deg: 270, name: 'west' },
  { deg: 315, name: 'north-west' },
];
export const bearingName = (deg: number | null): string => {
  if (deg === null) return 'the nearest enemy';
  const b = BEARINGS.find((x) => x.deg === deg);
  return b ? `${b.name} (${deg}°)` : `${deg}°`;
};

/** A base's radius for an entry: its height's, as the fight sizes bases (man-sized without one). */
export function radiusOf(heightOf: (c: Json) => number | null): (c: Json) => number {
  return (c) => baseRadius(heightOf(c) ?? 6);
}

function pointOf(v: unknown): Point | null {
  if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number') return { x: v[0], y: v[1] };
  if (v !== null && typeof v === 'object') {
    const o = v as { x?: unknown; y?: unknown };
    if (typeof o.x === 'number' && typeof o.y === 'number') return { x: o.x, y: o.y };
  }
  return null;
}

/** Every model of the encounter's entries, where it stands on the scene (if it has a place). */
export function readSceneModels(
  data: Json,
  nameOf: (c: Json) => string,
  radius: (c: Json) => number,
): SceneModel[] {
  const namer = modelNamer();
  const out: SceneModel[] = [];
  sidesOf(data).forEach((side, s) =>
    entriesOf(side).forEach((c, e) => {
      const n = typeof c.count === 'number' && c.count > 0 ? c.count : 1;
      const names = namer(nameOf(c), n);
      const at = pointOf(c.at);
      const facing = typeof c.facing === 'number' ? c.facing : null;
      for (let k = 0; k < n; k++)
        out.push({ side: s, entry: e, k, name: names[k] ?? '?', radius: radius(c), at, facing });
    }),
  );
  return out;
}

const yards = (v: number) => String(Math.round(v * 10) / 10);
export const pointText = (p: Point) => `(${yards(p.x)}, ${yards(p.y)})`;

/** The model whose base covers a point, if any. */
export function baseAt(models: readonly SceneModel[], p: Point): SceneModel | undefined {
  return models.find((m) => m.at && Math.hypot(m.at.x - p.x, m.at.y - p.y) <= m.radius);
}

/** Why the model's base cannot stand at `at` (another base there, as the fight refuses it), or null. */
export function whyNotThere(models: readonly SceneModel[], who: SceneModel, at: Point): string | null {
  if (Math.abs(at.x) > 100_000 || Math.abs(at.y) > 100_000) return 'a place within 100,000 yards';
  for (const m of models) {
    if (m === who || !m.at) continue;
    if (overlapping({ at, radius: who.radius }, { at: m.at, radius: m.radius }))
      return `${m.name} stands at ${pointText(m.at)}: bases may not overlap (${yards(2 * who.radius)} and ${yards(2 * m.radius)} yards across)`;
  }
  return null;
}

export function placedAt(models: readonly SceneModel[], who: SceneModel, at: Point | null): SceneModel[] {
  return models.map((m) => (m === who ? { ...m, at } : m));
}
export function facedTo(models: readonly SceneModel[], who: SceneModel, facing: number | null): SceneModel[] {
  return models.map((m) => (m === who ? { ...m, facing } : m));
}

/**
 * Every model given a place: each side in a line, bases a yard apart, the players' side facing
 * north and the next twelve yards north of it facing south, further sides further on.
 */
export function linedUp(models: readonly SceneModel[]): SceneModel[] {
  const sides = [...new Set(models.map((m) => m.side))].sort((a, b) => a - b);
  const out = new Map<SceneModel, SceneModel>();
  sides.forEach((s, i) => {
    const line = models.filter((m) => m.side === s);
    // Whole yards: a base's width and a yard between, so that the keyboard's cursor lands on centres.
    const widths = line.map((m) => Math.ceil(2 * m.radius) + 1);
    let along = -Math.floor(widths.reduce((a, b) => a + b, 0) / 2);
    line.forEach((m, j) => {
      const w = widths[j] as number;
      out.set(m, { ...m, at: { x: along + Math.floor(w / 2), y: 12 * i }, facing: i === 0 ? 0 : 180 });
      along += w;
    });
  });
  return models.map((m) => out.get(m) ?? m);
}

/**
 * The encounter with the models' places and facings written back. An entry of one model takes
 * `at: [x, y]` and `facing`; a group whose models all stand nowhere yet stays one entry with its
 * count; a group with any model placed is written an entry per model, each named as the fight
 * would name it ("Orc 2"), since one entry has one place. `start: engaged` goes once a model has a
 * place: the fight refuses the two together.
 */
export function writeScene(data: Json, models: readonly SceneModel[]): Json {
  const next = structuredClone(data);
  sidesOf(next).forEach((side, s) => {
    const written: Json[] = [];
    entriesOf(side).forEach((c, e) => {
      const mine = models.filter((m) => m.side === s && m.entry === e);
      const put = (entry: Json, m: SceneModel) => {
        if (m.at) entry.at = [m.at.x, m.at.y];
        else delete entry.at;
        if (m.facing === null) delete entry.facing;
        else entry.facing = m.facing;
        return entry;
      };
      if (mine.length <= 1) return written.push(mine[0] ? put(c, mine[0]) : c);
      if (mine.every((m) => m.at === null && m.facing === mine[0]?.facing))
        return written.push(put(c, mine[0] as SceneModel));
      for (const m of mine) {
        const { count: _count, name: _name, ...rest } = c;
        written.push(put({ name: m.name, ...rest }, m));
      }
    });
    side.combatants = written;
  });
  if (next.start === 'engaged' && models.some((m) => m.at)) delete next.start;
  return next;
}
