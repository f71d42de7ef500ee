// FIGHT! Drop into Combat Rounds (openquest-combat.txt): each round's procedure in order (statement of
// intent, skills and order, the actions, the end of the round). Each step is a file of this folder,
// named as the text names it.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { text } from '../cite.js';
import type { OqFighter, OqState } from '../state.js';
import { act } from './actions.js';
import { endRound } from './end-of-round.js';
import { type Intent, intentOf } from './intent.js';
import { byOrder, orderSkill } from './order.js';

export function playOqRound(st: OqState, ctx: FightContext): void {
  st.round++;
  if (ctx.explain) say(st, ctx, 'round', `Round ${st.round}.`, text('FIGHT! Drop into Combat Rounds'));
  for (const f of st.combatants) f.reactionsUsed = 0;
  // 1. Statement of intent (the players' view shows the Referee's as the GM says: core/veil.ts).
  const intents = new Map<OqFighter, Intent>();
  for (const f of st.combatants) {
    if (f.out !== null) continue;
    const i = intentOf(st, ctx, f);
    intents.set(f, i);
    f.willAct = i.kind !== 'defend';
  }
  // 2-3. Skills and modifiers; the order counts down from 100% by modified skill (ties: higher DEX, then as listed: ours).
  const order = [...intents.entries()]
    .filter(([, i]) => i.kind !== 'defend')
    .map(([f, i]) => ({ f, i, skill: orderSkill(f, i) }));
  order.sort(byOrder);
  for (const f of st.combatants) f.orderSkill = null;
  for (const o of order) o.f.orderSkill = o.skill;
  if (ctx.explain && order.length > 0)
    say(
      st,
      ctx,
      'order',
      `Order: ${order.map((o) => `${o.f.name} ${o.skill}%`).join(', ')}.`,
      text('FIGHT! Drop into Combat Rounds'),
    );
  for (const [f, i] of intents)
    if (i.kind === 'defend' && f.out === null && ctx.explain)
      say(
        st,
        ctx,
        'intent',
        `${f.name} ${i.why}.`,
        i.why.includes('surprised')
          ? text('Surprise Attack Procedure')
          : text('FIGHT! Drop into Combat Rounds'),
        [f],
      );
  // 4. Take action.
  for (const { f, i } of order) {
    if (f.out !== null) continue;
    act(st, ctx, f, i);
  }
  // 5. End of the round.
  endRound(st, ctx);
}
