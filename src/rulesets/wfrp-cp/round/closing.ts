// Closing with the enemy in the scene of battle: the charge (+10 CP and +10 priority, Combat Example #1)
// and the run at the fighter's own turn.
import type { FightContext } from '../../../core/context.js';
import { distance } from '../../../space/plane.js';
import { say } from '../../wfrp1e/say.js';
import { gap, moveTo, yardsAt } from '../../wfrp1e/scene.js';
import type { Fighter } from '../../wfrp1e/state.js';
import { section } from '../cite.js';
import { actionCap, enemies, foes, mayAttack } from '../fighter.js';
import type { CpFighter, CpState } from '../state.js';
import { heldMelee } from './drawing.js';
import { capText } from './opening.js';

/** Combat Example #1: a charge with a hand weapon gives +10 CP (within the cap) and +10 priority for its round. */
export function charge(st: CpState, ctx: FightContext, f: CpFighter, at: CpFighter | null): void {
  if (!st.cpo.chargeBonus || !heldMelee(st, f) || !mayAttack(st, f)) return;
  f.bonusCP = 10;
  f.bonusEI = 10;
  say(
    st,
    ctx,
    'charge',
    `${f.name} charges${at ? ` ${at.name}` : ''}: +10 CP (${capText(actionCap(st, f))} a blow) and +10 priority this round.`,
    section('Combat Example #1'),
    at ? [f, at] : [f],
  );
}

/**
 * With positions: fighters with no foe at hand will close on the nearest enemy, moving at their
 * turn so that a quicker archer shoots first (ours); one that can reach it this round charges:
 * +10 CP and +10 priority (Combat Example #1).
 */
export function approach(st: CpState, ctx: FightContext): void {
  for (const f of st.combatants) {
    f.closing = null;
    if (
      f.out !== null ||
      f.asleep ||
      f.rider !== null ||
      foes(st, f).length > 0 ||
      f.tactics.melee === 'hold' ||
      !mayAttack(st, f)
    )
      continue;
    if (f.right?.missile || f.left?.missile) continue;
    const near = enemies(st, f)
      .filter((o) => o.pos)
      .sort((x, y) => dist(f, x) - dist(f, y))[0];
    if (!near || !f.pos) continue;
    f.closing = near;
    if (gap(f, near) <= yardsAt(st, f, 'running')) charge(st, ctx, f, near);
  }
}

/** At its turn a closing fighter runs at its enemy; short of it, the run is its round. */
export function close(st: CpState, ctx: FightContext, f: CpFighter): boolean {
  const t = f.closing;
  f.closing = null;
  if (!t || t.out !== null || f.flee !== null || foes(st, f).length > 0 || !mayAttack(st, f)) return true;
  const reached = moveTo(st, ctx, f, t, Infinity, 'charge', 'advances on');
  if (!reached) {
    // Short of the enemy: no charge after all; the run was the round.
    f.bonusCP = 0;
    f.done = true;
  }
  return reached;
}

function dist(a: Fighter, b: Fighter): number {
  return a.pos && b.pos ? distance(a.pos, b.pos) : Infinity;
}
