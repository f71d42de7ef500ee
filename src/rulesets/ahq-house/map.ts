// The board as a map (src/core/map.ts): walls and doors (opened ones open), every model on its
// squares with its facing and this round's walk, the death zones in force (DEATH ZONES: engaged
// models have none), and the reaches the rules give each model: its move (Sp), its missile
// weapon's range bands with the D12 each needs (Ranged Attacks), its spells' range.
import type { FightMap, MapRange, MapZone } from '../../core/map.js';
import { cellAt, type Facing } from '../../space/grid.js';
import { boardWithDoors } from './round/board.js';
import { RANGE_BANDS, rangedNeed } from './rules.js';
import { missileWeapon, withArmour, type AhqFighter, type AhqState } from './state.js';
import { deathZoneSquares, hasDeathZone } from './zones.js';

const BEARING: Readonly<Record<Facing, number>> = { N: 0, E: 90, S: 180, W: 270 };
const CELL = { wall: '#', floor: '.', door: '+', 'open-door': '/' } as const;

/** The far edge of each range band, in squares ('25+' has none: the weapon's range ends it). */
const BAND_EDGES: readonly number[] = RANGE_BANDS.map((b) => Number(b.split('-')[1] ?? Infinity));

/**
 * A model's reaches: a turn's move (Sp, armour counted; the engine judges what is left of it at
 * a movement question), each range band of its missile weapon up to the weapon's range where the
 * table gives a need, and each spell not yet cast (within its range and in sight).
 */
export function rangesOf(f: AhqFighter): MapRange[] {
  if (f.out !== null) return [];
  const Sp = withArmour(f.spec, 'Sp');
  const out: MapRange[] = [{ kind: 'move', label: `move: Sp ${Sp} squares a turn`, reach: Sp }];
  const m = missileWeapon(f.spec);
  if (m?.range) {
    const BS = withArmour(f.spec, 'BS');
    let from = 1;
    for (const edge of BAND_EDGES) {
      const to = Math.min(edge, m.range);
      const need = rangedNeed(BS, to).need;
      if (need !== null)
        out.push({
          kind: 'missile',
          label: `${m.name.toLowerCase()}: ${from}-${to} squares, D12 ${need} or more`,
          reach: to,
        });
      if (to >= m.range) break;
      from = to + 1;
    }
  }
  for (const s of f.spec.spells)
    if (s.kind !== 'ward' && !f.spellsCast.has(s.id))
      out.push({
        kind: 'spell',
        label: `${s.name}: within ${Math.max(1, s.range)} squares, in sight`,
        reach: Math.max(1, s.range),
      });
  return out;
}

export function ahqMap(st: AhqState): FightMap | null {
  const board = boardWithDoors(st);
  if (board.width === 0) return null;
  const terrain: string[] = [];
  for (let y = 0; y < board.height; y++) {
    let row = '';
    for (let x = 0; x < board.width; x++) row += CELL[cellAt(board, { x, y })];
    terrain.push(row);
  }
  const zones: MapZone[] = st.combatants
    .filter((f) => hasDeathZone(f, st.combatants))
    .map((f) => ({
      of: f.id,
      side: f.side,
      // A zone is only where a model could stand: not inside a wall.
      squares: deathZoneSquares(f).filter((p) => cellAt(board, p) !== 'wall'),
    }));
  return {
    kind: 'grid',
    unit: 'square',
    bounds: { minX: 0, minY: 0, maxX: board.width, maxY: board.height },
    sides: st.sides.map((s) => s.name),
    models: st.combatants.map((f) => ({
      id: f.id,
      name: f.name,
      side: f.side,
      at: { x: f.at.x, y: f.at.y },
      size: f.size,
      facing: BEARING[f.facing],
      out: f.out,
      glyph: f.spec.glyph,
      ranges: rangesOf(f),
      path: f.path.map((p) => ({ x: p.x, y: p.y })),
      lastPath: f.lastPath.map((p) => ({ x: p.x, y: p.y })),
    })),
    terrain,
    zones,
    areas: [],
    // Moving to a square (docs/rulesets/ahq-house.md): column and row, and a facing if wanted.
    answer: { template: 'to:{x},{y}', decimals: 0, facings: ['N', 'E', 'S', 'W'] },
  };
}
