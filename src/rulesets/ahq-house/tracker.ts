// The house rules' tracker: the turn sequence (the players' side first, then each side as listed),
// W, each model's square and facing, whom it is engaged with (facing each other, adjacent), and the
// board with every model's facing drawn on its square and every death zone marked, doorways too.
import { inOrder, type Condition, type Tracker } from '../../core/tracker.js';
import { FACING_WORD } from '../../space/grid.js';
import { boardLines } from './round/board.js';
import type { AhqFighter, AhqState } from './state.js';
import { engagedWith, hasDeathZone, inDeathZone, isEnemy } from './zones.js';

function conditionsOf(st: AhqState, f: AhqFighter): Condition[] {
  if (f.out) return [];
  const out: Condition[] = [];
  if (f.ward) out.push({ name: `warded: DS +${f.ward} until its next turn` });
  const threats = st.combatants.filter(
    (o) => isEnemy(f, o) && hasDeathZone(o, st.combatants) && inDeathZone(o, f),
  );
  if (threats.length) out.push({ name: `in the death zone of ${threats.map((o) => o.name).join(', ')}` });
  return out;
}

export function ahqTracker(st: AhqState): Tracker {
  const sideOrder = st.sides
    .map((s, i) => ({ s, i }))
    .sort((a, b) => Number(b.s.players) - Number(a.s.players) || a.i - b.i)
    .map((x) => x.i);
  const listed = [...st.combatants].sort((a, b) => sideOrder.indexOf(a.side) - sideOrder.indexOf(b.side));
  const rows = listed.map((f) => ({
    id: f.id,
    name: f.name,
    side: st.sides[f.side]?.name ?? '',
    order: null,
    gauges: [{ label: 'W', value: f.W, max: f.spec.profile.W }],
    out: f.out,
    conditions: conditionsOf(st, f),
    standing: null,
    engaged: f.out ? [] : engagedWith(f, st.combatants).map((o) => o.name),
    place: f.out
      ? `fell at (${f.at.x}, ${f.at.y})`
      : `(${f.at.x}, ${f.at.y}) facing ${FACING_WORD[f.facing]}`,
    gear: f.spec.weapons.map((w) => w.name.toLowerCase()),
  }));
  return {
    round: st.round,
    orderBy: "the players' side first, then each side as listed",
    rows: inOrder(rows),
    ...(st.setup.board.width > 0 ? { board: boardLines(st, true) } : {}),
  };
}
