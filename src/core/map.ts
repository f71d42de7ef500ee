// The map: where the models stand, as data every ruleset with positions gives in one shape (the
// web page draws it as SVG, the table display and the players' pages reuse it). It is a picture
// of the state, read with the rules' own functions by the ruleset; nothing here decides a rule.
// The targets of a movement question are judged by the question's own `free.check`, point by
// point, so a page shades exactly what the engine would accept and says why elsewhere.
import type { ChoiceRequest } from './request.js';
import type { OutReason } from './state.js';

/** A point on the map, in its unit (FightMap.unit). */
export interface MapPoint {
  /** East. */
  readonly x: number;
  /** North on the plane, south on the grid (as a text map reads). */
  readonly y: number;
}

/** The box worth drawing, in the map's unit: everything on it with a margin. */
export interface MapBounds {
  /** The west edge. */
  readonly minX: number;
  /** The lowest y. */
  readonly minY: number;
  /** The east edge. */
  readonly maxX: number;
  /** The highest y. */
  readonly maxY: number;
}

/**
 * A reach worth drawing around a model on hover. On the plane, yards from the model's centre (a
 * ring); on the grid, squares from its footprint counted as a king moves (a square ring).
 */
export interface MapRange {
  /** move: where its centre (or square) may go this round; charge: how far its base reaches to charge; missile, spell: a shot's reach. */
  readonly kind: 'move' | 'charge' | 'missile' | 'spell';
  /** What to call it beside the ring ("move 4", "short bow, long range"). */
  readonly label: string;
  /** How far: yards on the plane, squares on the grid. */
  readonly reach: number;
}

/** A model on the map: a combatant (or a mount) with its place, base, facing and moves. */
export interface MapModel {
  /** The combatant's id in the fight. */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** Index into FightMap.sides. */
  readonly side: number;
  /** Plane: the base's centre, yards east (x) and north (y). Grid: the north-west square it fills (x east, y south). */
  readonly at: MapPoint;
  /** Plane: the base's radius in yards (a rider's is its mount's). */
  readonly radius?: number;
  /** Grid: squares a side of its footprint (2: a 2 × 2 block). */
  readonly size?: number;
  /** The way it faces, in degrees clockwise from north (on the grid N 0, E 90, S 180, W 270). */
  readonly facing: number;
  /** Why it is out of the fight (drawn greyed where it fell), or null; "down" on the players' devices where the GM keeps its health. */
  readonly out: OutReason | 'down' | null;
  /** The map letter it is drawn with on a text board (grid). */
  readonly glyph?: string;
  /** The id of the mount it rides: it shares that model's base and moves with it. */
  readonly rides?: string;
  /** Yards above the ground (fliers, and riders of fliers). */
  readonly alt?: number;
  /** Reaches worth drawing on hover; empty for those out of the fight. */
  readonly ranges: readonly MapRange[];
  /**
   * Where it went this round, in order, starting where it stood before its first move (a point or
   * a square as `at`); empty when it has not moved this round. The rulesets' readings of "its last
   * move" are in their docs (docs/rulesets/wfrp1e.md, ahq-house.md, The map).
   */
  readonly path: readonly MapPoint[];
  /** The path of the round before (drawn faded): a model that has not moved yet this round shows where it went last. */
  readonly lastPath: readonly MapPoint[];
}

/** Ground that matters on the plane: burning oil, a sputtering bomb's blast. */
export interface MapArea {
  /** Burning ground, or a bomb about to burst. */
  readonly kind: 'fire' | 'bomb';
  /** What to call it ("burning oil, 2 rounds left"). */
  readonly label: string;
  /** Its centre, in yards. */
  readonly at: MapPoint;
  /** Its radius, in yards. */
  readonly radius: number;
}

/** A model's death zone (grid): the squares where an enemy that enters must stop, and the model turns to it. */
export interface MapZone {
  /** Whose zone it is (a model id), and its side. */
  readonly of: string;
  /** The model's side, by index. */
  readonly side: number;
  /** The squares of the zone. */
  readonly squares: readonly MapPoint[];
}

/** How a ruleset writes a destination as a free answer, so a click becomes the answer typed. */
export interface MapAnswer {
  /** With `{x}` and `{y}` for the point's coordinates: "to:{x},{y}". */
  readonly template: string;
  /** Decimals a coordinate may carry (0 on the grid). */
  readonly decimals: number;
  /** Facings the answer may end with, after a space ("to:3,4 N"); absent when it takes none. */
  readonly facings?: readonly string[];
}

/** Where the models of a fight stand, the same shape for every ruleset with positions (Ruleset.map). */
export interface FightMap {
  /** plane: positions in yards, y to the north; grid: squares, y to the south (as a text map reads). */
  readonly kind: 'plane' | 'grid';
  /** What a coordinate counts: yards on the plane, squares on the grid. */
  readonly unit: 'yard' | 'square';
  /** The box worth drawing. */
  readonly bounds: MapBounds;
  /** The sides' names, by index. */
  readonly sides: readonly string[];
  /** Every model with a place: those out of the fight too (greyed), riders with `rides`. */
  readonly models: readonly MapModel[];
  /** Grid: the board row by row, one character a square: `#` wall, `.` floor, `+` closed door, `/` open door. */
  readonly terrain?: readonly string[];
  /** Grid: the death zones in force now (engaged models have none). */
  readonly zones: readonly MapZone[];
  /** Plane: areas of the ground the state keeps. */
  readonly areas: readonly MapArea[];
  /** How a destination on it is written as an answer to a movement question. */
  readonly answer: MapAnswer;
}

/**
 * The destinations of a movement question (a choice with a free answer, on a map), each judged by
 * the question's `free.check`: legal, or refused with the engine's reason.
 */
export interface MapTargets {
  /** Whose move it is (a model of the map). */
  readonly mover: string;
  /** The spacing of the judged points: 1 on the grid (every square), a sample on the plane. */
  readonly step: number;
  /** Each judged point: [x, y, verdict], verdict −1 for legal, else an index into `reasons`. */
  readonly points: readonly (readonly [number, number, number])[];
  readonly reasons: readonly string[];
  /**
   * Plane: for each model within reach, a point touching its base that the engine accepts (`answer`),
   * so a click on the model closes with it; or null and why the nearest such point is refused.
   */
  readonly contacts: readonly {
    readonly model: string;
    readonly at: MapPoint;
    readonly answer: string | null;
    readonly why: string | null;
  }[];
}

/** A point as the map's answer writes it: "to:3.5,-2". */
export function answerAt(answer: MapAnswer, p: MapPoint): string {
  const n = (v: number) => {
    const s = v.toFixed(answer.decimals).replace(/\.?0+$/, (m) => (m.startsWith('.') ? '' : m));
    return s === '-0' ? '0' : s;
  };
  return answer.template.replace('{x}', n(p.x)).replace('{y}', n(p.y));
}

/** At most this many points are judged on the plane (each a call of the engine's check). */
const MAX_SAMPLES = 2500;
/** Sample spacings on the plane, finest first (yards). */
const STEPS = [0.5, 1, 2, 2.5, 5, 10, 20, 50];

/**
 * The targets of a pending choice with a free answer on this map, or null when it is not a
 * movement question of a model on it. Grid: every square of the board. Plane: points within the
 * mover's longest move this round plus a margin (inside the map's bounds), on a lattice fine enough
 * to show the legal area, and a touching point for each model within reach.
 */
export function mapTargets(map: FightMap, req: ChoiceRequest): MapTargets | null {
  const free = req.free;
  const mover = map.models.find((m) => m.id === req.actor);
  if (!free || !mover || mover.out !== null) return null;
  const reasons: string[] = [];
  const reasonIndex = new Map<string, number>();
  const judge = (p: MapPoint): { answer: string; why: string | null } => {
    const answer = answerAt(map.answer, p);
    return { answer, why: free.check(answer) };
  };
  const verdict = (why: string | null): number => {
    if (why === null) return -1;
    let i = reasonIndex.get(why);
    if (i === undefined) {
      i = reasons.length;
      reasons.push(why);
      reasonIndex.set(why, i);
    }
    return i;
  };
  const points: [number, number, number][] = [];
  if (map.kind === 'grid') {
    const { minX, minY, maxX, maxY } = map.bounds;
    for (let y = Math.ceil(minY); y < maxY; y++)
      for (let x = Math.ceil(minX); x < maxX; x++) points.push([x, y, verdict(judge({ x, y }).why)]);
    return { mover: mover.id, step: 1, points, reasons, contacts: [] };
  }
  const reach = Math.max(0, ...mover.ranges.filter((r) => r.kind === 'move').map((r) => r.reach));
  // Beyond the reach a little, so the page can say why the ground just past it is refused.
  const around = reach + Math.max(2, reach * 0.1);
  const b = map.bounds;
  const box = {
    minX: Math.max(b.minX, mover.at.x - around),
    maxX: Math.min(b.maxX, mover.at.x + around),
    minY: Math.max(b.minY, mover.at.y - around),
    maxY: Math.min(b.maxY, mover.at.y + around),
  };
  const area = Math.max(0, box.maxX - box.minX) * Math.max(0, box.maxY - box.minY);
  const step = STEPS.find((s) => area / (s * s) <= MAX_SAMPLES) ?? (STEPS[STEPS.length - 1] as number);
  for (let y = Math.ceil(box.minY / step) * step; y <= box.maxY; y += step)
    for (let x = Math.ceil(box.minX / step) * step; x <= box.maxX; x += step) {
      const p = { x: round(x), y: round(y) };
      if (Math.hypot(p.x - mover.at.x, p.y - mover.at.y) > around) continue;
      points.push([p.x, p.y, verdict(judge(p).why)]);
    }
  return { mover: mover.id, step, points, reasons, contacts: contactsOf(map, mover, reach, judge) };
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/**
 * For each other model whose base comes within the mover's reach, the first point touching it
 * that the engine accepts, trying from the side facing the mover outward (10° at a time, up to a
 * right angle each way: beyond that the way would cross the model's own base).
 */
function contactsOf(
  map: FightMap,
  mover: MapModel,
  reach: number,
  judge: (p: MapPoint) => { answer: string; why: string | null },
): MapTargets['contacts'] {
  const out: MapTargets['contacts'][number][] = [];
  const r0 = mover.radius ?? 0;
  for (const m of map.models) {
    if (m === mover || m.out !== null || m.rides !== undefined || mover.rides === m.id) continue;
    const ring = (m.radius ?? 0) + r0;
    const d = Math.hypot(mover.at.x - m.at.x, mover.at.y - m.at.y);
    if (d - ring > reach + 0.01 || d === 0) continue;
    const toward = Math.atan2(mover.at.x - m.at.x, mover.at.y - m.at.y);
    let first: { at: MapPoint; why: string | null } | null = null;
    let found: { at: MapPoint; answer: string } | null = null;
    for (let k = 0; k <= 9 && !found; k++)
      for (const sign of k === 0 ? [1] : [1, -1]) {
        const a = toward + (sign * k * 10 * Math.PI) / 180;
        const at = { x: round(m.at.x + ring * Math.sin(a)), y: round(m.at.y + ring * Math.cos(a)) };
        const j = judge(at);
        first ??= { at, why: j.why };
        if (j.why === null) {
          found = { at, answer: j.answer };
          break;
        }
      }
    if (found) out.push({ model: m.id, at: found.at, answer: found.answer, why: null });
    else if (first) out.push({ model: m.id, at: first.at, answer: null, why: first.why });
  }
  return out;
}
