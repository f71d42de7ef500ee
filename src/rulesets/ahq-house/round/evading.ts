// EVADING A COMBAT: the evader turns away, and death zones return.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { FACING_WORD, sideOf } from '../../../space/grid.js';
import type { Point } from '../../../space/plane.js';
import { text } from '../cite.js';
import type { AhqFighter, AhqState } from '../state.js';
import { turnedAway } from '../zones.js';
import { OPP, settle, toward } from './facing.js';
import { enemiesOf } from './models.js';

/**
 * EVADING A COMBAT: "the very moment A faces away from B they both start having a death zone
 * again". The evader turns toward what it means to do (away from the one it faced, if that is the
 * same way); each partner counts it as entering its death zone anew, so a partner with another
 * enemy at its side or rear turns to that one; the evader is not turned back until its action is done.
 */
export function leaveCombat(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  partners: readonly AhqFighter[],
  goal: Point | null,
  faceTo: AhqFighter | null = null,
): void {
  // To face another enemy (situation 2): toward it. Otherwise not toward any enemy beside it (that
  // would be a new combat), toward the goal if it can.
  const sides = new Set(
    enemiesOf(st, f)
      .map((o) => sideOf(f, o))
      .filter((x) => x !== null),
  );
  let facing = goal ? toward(f, goal) : OPP[f.facing];
  if (sides.has(facing)) facing = (['N', 'E', 'S', 'W'] as const).find((d) => !sides.has(d)) ?? facing;
  const side = faceTo ? sideOf(f, faceTo) : null;
  if (side) facing = side;
  f.facing = facing;
  for (const p of partners) turnedAway(p, f);
  st.evading.set(f.id, new Set([...(st.evading.get(f.id) ?? []), ...partners.map((p) => p.id)]));
  say(
    st,
    ctx,
    'facing',
    `${f.name} turns ${FACING_WORD[facing]}, away from ${partners.map((p) => p.name).join(' and ')}: death zones return.`,
    text('EVADING A COMBAT'),
    [f],
  );
  settle(st, ctx);
}
