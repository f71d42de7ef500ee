// The board as the log and the tracker show it (ours, Seeing the board): squares, models, facing, doors.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { drawFacingBoard, type Facing, squareKey } from '../../../space/grid.js';
import { ours } from '../cite.js';
import type { AhqState } from '../state.js';
import { deathZoneSquares, hasDeathZone } from '../zones.js';
import { standing } from './models.js';

/**
 * The board with each model's glyph and facing on its squares, death zones marked where the
 * option (or the tracker) asks, and a legend of glyphs, names and W.
 */
export function boardLines(st: AhqState, zonesShown = st.setup.opt.board === 'zones'): string[] {
  const zones = new Set<string>();
  if (zonesShown)
    for (const f of standing(st))
      if (hasDeathZone(f, st.combatants)) for (const p of deathZoneSquares(f)) zones.add(squareKey(p));
  const drawn = drawFacingBoard(
    boardWithDoors(st),
    standing(st).map((f) => ({ at: f.at, size: f.size, facing: f.facing, glyph: f.spec.glyph })),
    zones,
  );
  const legend = standing(st)
    .map((f) => `${f.spec.glyph}${ARROWS[f.facing]} ${f.name} W ${f.W}`)
    .join(', ');
  const key = `# wall, + door, / open door${zonesShown ? ', * death zone (+* on a doorway)' : ''}; ^ > v < facing`;
  // Columns and rows numbered as moves are typed (to:x,y), the tens of a column left to the reader.
  const { width } = st.setup.board;
  const columns =
    `   ${Array.from({ length: width }, (_, x) => String(x % 10).padEnd(2)).join('')}`.trimEnd();
  const rows = drawn.split('\n').map((l, y) => `${String(y).padStart(2)} ${l}`);
  return [columns, ...rows, legend, key];
}

const ARROWS: Readonly<Record<Facing, string>> = { N: '^', E: '>', S: 'v', W: '<' };

function boardText(st: AhqState): string {
  return boardLines(st)
    .map((l) => `    ${l}`)
    .join('\n');
}

export function boardWithDoors(st: AhqState) {
  if (!st.opened.size) return st.setup.board;
  const b = st.setup.board;
  return {
    ...b,
    cells: b.cells.map((c, i) =>
      c === 'door' && st.opened.has(`${i % b.width},${Math.floor(i / b.width)}`) ? ('open-door' as const) : c,
    ),
  };
}

export function showBoard(st: AhqState, ctx: FightContext, when: string): void {
  if (st.setup.opt.board === 'off' || !ctx.explain) return;
  say(st, ctx, 'board', `${when}:\n${boardText(st)}`, ours('Seeing the board'));
}
