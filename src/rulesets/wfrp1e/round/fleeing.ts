// § Fleeing: the opponents' free blows at a fleer's back, and the victors held in place that round.
import type { FightContext } from '../../../core/context.js';
import { canAttack, strike } from '../blow.js';
import { CITES } from '../cite.js';
import { takeOut } from '../effects.js';
import { namesOf, say } from '../say.js';
import { moveAwayFrom } from '../scene.js';
import { engaged, type Fighter, running, type W1State } from '../state.js';
import { plainBlow } from './hand-to-hand.js';

/** § Fleeing: "During the round in which an opponent flees, the victor must remain stationary". */
export function holdOpponents(st: W1State, f: Fighter): void {
  for (const o of st.combatants) if (engaged(f, o)) o.heldInPlace = true;
}

/** § Fleeing: each opponent strikes one free blow at the back (+10, no parry, no shield), then the fleer is gone. */
export function resolveFlight(st: W1State, ctx: FightContext, f: Fighter): void {
  if (f.out !== null) return;
  // Down, dazed or held, it does not run this round (the exact duel asks `running` alike).
  if (!running(f, st.round)) {
    say(st, ctx, 'flee', `${f.name} cannot flee while down, dazed or held.`, CITES.fleeing, [f]);
    return;
  }
  const opp = st.combatants.filter(
    (o) => o.side !== f.side && o.out === null && (o.target === f || f.target === o),
  );
  if (f.flying) {
    say(st, ctx, 'flee', `${f.name} flies off: fliers leave a combat without free blows.`, CITES.flying, [f]);
  } else {
    say(
      st,
      ctx,
      'flee',
      `${f.name} turns and flees${opp.length ? `: ${namesOf(opp)} ${opp.length === 1 ? 'gets a free blow' : 'each get a free blow'}` : ''}.`,
      CITES.fleeing,
      [f, ...opp],
    );
    for (const o of opp) {
      o.heldInPlace = true;
      if (f.out !== null || !canAttack(st, o)) continue;
      strike(st, ctx, plainBlow(st, o, f, true));
    }
  }
  if (f.out === null && st.spatial) moveAwayFrom(st, ctx, f, opp, 'running');
  if (f.out === null) takeOut(st, ctx, f, 'fled', f.flee === 'forced' ? 'forced to flee' : 'fled the combat');
}
