// A declared shot, load or aim at the combatant's turn (§ Missile Fire, § Firing At Extreme Range,
// § Sharpshooting); a declared move is handed to movement.ts.
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey } from '../../../core/request.js';
import { canAttack, canParry } from '../blow.js';
import { CITES } from '../cite.js';
import { partsOf } from '../data/locations.js';
import { shoot } from '../missile/fire.js';
import { canShoot, loadRound } from '../missile/loading.js';
import { heldMissile, missileRange, missileTargets } from '../missile/range.js';
import { shotChoices } from '../missile/targets.js';
import { targetedPenalty } from '../rules.js';
import { decide, say } from '../say.js';
import { type Fighter, isEngaged, type W1State } from '../state.js';
import { moveTurn } from './movement.js';

/** A declared shot, load, aim or move, at the combatant's turn. */
export function turn(st: W1State, ctx: FightContext, f: Fighter): void {
  if (f.out !== null || !canParry(st, f)) return;
  f.acted = true;
  switch (f.action.kind) {
    case 'shoot': {
      if (!canAttack(st, f) || !canShoot(st, f)) {
        const why = !canAttack(st, f)
          ? 'it may not attack'
          : isEngaged(st, f)
            ? 'engaged, and a missile weapon cannot be reloaded in hand-to-hand'
            : 'the weapon is not ready';
        say(
          st,
          ctx,
          'idle',
          `${f.name} cannot shoot now: ${why}.`,
          isEngaged(st, f) ? CITES.missilesInMelee : CITES.missileProcedure,
          [f],
        );
        return;
      }
      const { choices, plans, suggested, refused } = shotChoices(st, f);
      if (choices.length <= 1) {
        say(
          st,
          ctx,
          'idle',
          `${f.name} has nothing to shoot at: no enemy seen and in range${heldMissile(st, f) ? ' (extreme range needs a round of aiming first)' : ''}.`,
          CITES.missileProcedure,
          [f],
        );
        return;
      }
      // Loosing at the one it aimed at last round is routine at the table.
      const aimed = f.aim !== null && suggested === combatantKey(f.aim.target);
      const pick = decide(ctx, f, 'shoot', `${f.name}: shoot at?`, choices, suggested, refused, aimed);
      const plan = plans.get(pick);
      if (plan) shoot(st, ctx, f, plan);
      return;
    }
    case 'load':
      loadRound(st, ctx, f);
      return;
    case 'aim':
      aimTurn(st, ctx, f);
      return;
    case 'move':
      moveTurn(st, ctx, f);
      return;
    default:
      return;
  }
}

/** § Firing At Extreme Range and § Sharpshooting: a round spent aiming. */
function aimTurn(st: W1State, ctx: FightContext, f: Fighter): void {
  const w = heldMissile(st, f);
  if (!w) return;
  const targets = missileTargets(st, f).sort(
    (a, b) => missileRange(f, a, w).yards - missileRange(f, b, w).yards,
  );
  const choices: Choice[] = [];
  let suggested = 'none';
  for (const t of targets) {
    const band = missileRange(f, t, w).band;
    choices.push({ key: combatantKey(t), label: `aim at ${t.name} (${band?.band} range)` });
    if (suggested === 'none' && band?.band === 'extreme') suggested = combatantKey(t);
    if (band?.band === 'short' || band?.band === 'point-blank') {
      for (const p of partsOf(t.body)) {
        choices.push({
          key: `${combatantKey(t)}:${p.id}`,
          label: `sharpshoot at ${t.name}'s ${p.name} (−${-targetedPenalty(p)})`,
        });
      }
    }
  }
  if (suggested === 'none' && choices.length > 0) suggested = (choices[0] as Choice).key;
  choices.push({ key: 'none', label: 'stop aiming' });
  const pick = decide(ctx, f, 'aim', `${f.name}: aim at?`, choices, suggested);
  const [key, partId] = pick.split(':') as [string, string | undefined];
  const t = targets.find((x) => combatantKey(x) === key);
  if (!t) return;
  const part = partId ? (partsOf(t.body).find((p) => p.id === partId) ?? null) : null;
  f.aim = { target: t, since: st.round, part };
  say(
    st,
    ctx,
    'aim',
    `${f.name} aims at ${t.name}${part ? `'s ${part.name}` : ''}: the shot comes next round.`,
    part ? CITES.sharpshooting : CITES.extremeRange,
    [f, t],
  );
}
