// FACING and DEATH ZONES, settled after every move and turn: forced turns and engagement, and a model
// turned to face another.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { type Facing, FACING_WORD, sideOf } from '../../../space/grid.js';
import type { Point } from '../../../space/plane.js';
import { text } from '../cite.js';
import type { AhqFighter, AhqState } from '../state.js';
import { engagedWith, preferFirst, settleFacing, type Turn, turnedAway } from '../zones.js';

function logTurns(st: AhqState, ctx: FightContext, turns: readonly Turn<AhqFighter>[]): void {
  for (const t of turns)
    say(
      st,
      ctx,
      'facing',
      `${t.model.name} turns ${FACING_WORD[t.to]} to face ${t.toward.name}, the first enemy in its death zone.`,
      text('FACING'),
      [t.model, t.toward],
    );
}

/** Settles everyone's facing (the evading model excepted toward the enemies it evades) and logs the forced turns. */
export function settle(st: AhqState, ctx: FightContext): void {
  logTurns(st, ctx, settleFacing(st.combatants, st.evading));
}

/** The cardinal way from `a` toward a point: the larger of the two gaps (east-west first on a tie). */
export function toward(a: AhqFighter, p: Point): Facing {
  const dx = p.x - a.at.x;
  const dy = p.y - a.at.y;
  if (Math.abs(dx) >= Math.abs(dy) && dx !== 0) return dx > 0 ? 'E' : 'W';
  return dy > 0 ? 'S' : 'N';
}

export const OPP: Readonly<Record<Facing, Facing>> = { N: 'S', S: 'N', E: 'W', W: 'E' };

/** Turns to face `t` (free of cost); it is then the first enemy it minds. */
export function face(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter): void {
  const side = sideOf(f, t);
  if (side && side !== f.facing) {
    for (const p of engagedWith(f, st.combatants)) if (p !== t) turnedAway(p, f);
    f.facing = side;
    say(st, ctx, 'facing', `${f.name} turns ${FACING_WORD[side]} to face ${t.name}.`, text('FACING'), [f, t]);
  }
  preferFirst(f, t);
  settle(st, ctx);
}
