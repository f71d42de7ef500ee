// The scene of battle as a map (src/core/map.ts): every base on the plane in yards with its facing,
// height and this round's path, the reaches the rules give each model this round (§ Moving rates,
// § Initiating Hand-To-Hand Combat's charge within M, the held missile weapon's bands), burning oil
// and sputtering bombs. Read with the rules' own functions; the Combat Points rules share it.
import type { FightMap, MapArea, MapBounds, MapModel, MapRange } from '../../core/map.js';
import { formatYards, type Point } from '../../space/plane.js';
import { BURST_YARDS } from './missile/bombs.js';
import { heldMissile } from './missile/range.js';
import { budget, yardsAt } from './scene.js';
import { carrier, current, hasCond, isRidden, type Fighter, type W1State } from './state.js';

/** Margin round what the map shows, and the least it shows across (yards; ours, for the picture only). */
const MARGIN = 3;
const LEAST_ACROSS = 20;

/**
 * What a model may still do this round, as reaches from its centre: a standard move and a run (what
 * is left of 16 × M after this round's moves: `budget`), the charge (its base within M of a foe's),
 * and each band of the missile weapon in hand (measured centre to centre, as missileRange does).
 */
export function rangesOf(st: W1State, f: Fighter): MapRange[] {
  if (f.out !== null || !f.pos) return [];
  const out: MapRange[] = [];
  // A ridden mount goes where its rider takes it: the rider's reaches are the pair's.
  if (!isRidden(f) && !hasCond(f, 'entangled', st.round)) {
    const left = budget(st, f, Infinity);
    const standard = Math.min(left, yardsAt(st, f, 'standard'));
    const M = current(carrier(f), 'M', st.round);
    out.push(
      { kind: 'move', label: `standard move: ${formatYards(standard)}`, reach: standard },
      { kind: 'move', label: `run: ${formatYards(left)} left this round (16 × M)`, reach: left },
    );
    if (M > 0 && left > 0)
      out.push({
        kind: 'charge',
        label: `charge: a foe's base within M ${formatYards(Math.min(M, standard))} of its own`,
        reach: Math.min(M, standard) + carrier(f).radius,
      });
  }
  const w = heldMissile(st, f);
  if (w?.missile)
    for (const b of w.missile.bands)
      out.push({
        kind: 'missile',
        label: `${w.name.toLowerCase()}: ${b.band} range, up to ${formatYards(b.upTo)}`,
        reach: b.upTo,
      });
  return out;
}

function modelOf(st: W1State, f: Fighter): MapModel {
  const pos = f.pos as Point;
  const mount = f.mount && f.mount.out === null ? f.mount : null;
  return {
    id: f.id,
    name: f.name,
    side: f.side,
    at: pos,
    radius: carrier(f).radius,
    facing: f.facing,
    out: f.out,
    ...(mount ? { rides: mount.id } : {}),
    ...(f.alt > 0 ? { alt: f.alt } : {}),
    ranges: rangesOf(st, f),
    path: f.path.map((p) => ({ x: p.x, y: p.y })),
    lastPath: f.lastPath.map((p) => ({ x: p.x, y: p.y })),
  };
}

/** Burning oil (its diameter in feet, three to the yard) and sputtering bombs (their burst). */
function areasOf(st: W1State): MapArea[] {
  const out: MapArea[] = [];
  for (const p of st.pools)
    if (p.at)
      out.push({
        kind: 'fire',
        label: `burning oil, ${p.feet} feet across, ${p.roundsLeft} round${p.roundsLeft === 1 ? '' : 's'} left`,
        at: p.at,
        radius: p.feet / 3 / 2,
      });
  for (const b of st.bombs)
    out.push({
      kind: 'bomb',
      label: `a sputtering bomb: a D6 each round, and on a 6 it goes off (${formatYards(BURST_YARDS)} round)`,
      at: b.at,
      radius: BURST_YARDS,
    });
  return out;
}

function boundsOf(models: readonly MapModel[], areas: readonly MapArea[]): MapBounds {
  const xs: number[] = [];
  const ys: number[] = [];
  const add = (p: Point, r: number) => {
    xs.push(p.x - r, p.x + r);
    ys.push(p.y - r, p.y + r);
  };
  for (const m of models) {
    add(m.at, m.radius ?? 0);
    for (const p of [...m.path, ...m.lastPath]) add(p, m.radius ?? 0);
  }
  for (const a of areas) add(a.at, a.radius);
  const grow = (lo: number, hi: number): [number, number] => {
    const mid = (lo + hi) / 2;
    const half = Math.max((hi - lo) / 2 + MARGIN, LEAST_ACROSS / 2);
    return [mid - half, mid + half];
  };
  const [minX, maxX] = grow(Math.min(...xs), Math.max(...xs));
  const [minY, maxY] = grow(Math.min(...ys), Math.max(...ys));
  return { minX, minY, maxX, maxY };
}

/** The scene of battle, or null without positions (a fight in contact from the start, or before placing). */
export function wfrp1eMap(st: W1State): FightMap | null {
  if (!st.spatial) return null;
  const models = st.combatants.filter((f) => f.pos !== null).map((f) => modelOf(st, f));
  if (models.length === 0) return null;
  const areas = areasOf(st);
  return {
    kind: 'plane',
    unit: 'yard',
    bounds: boundsOf(models, areas),
    sides: st.sides.map((s) => s.name),
    models,
    zones: [],
    areas,
    // Moving to a point (docs/rulesets/wfrp1e.md): yards east and north, to hundredths.
    answer: { template: 'to:{x},{y}', decimals: 2 },
  };
}
