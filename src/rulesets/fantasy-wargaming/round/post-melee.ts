// Combat round sequence 3, the post-melee phase: morale if required and berserk, then back to the melee
// phase.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { text } from '../cite.js';
import { mustCheckBerserk } from '../rules.js';
import type { FwState } from '../state.js';
import { berserkProfile, berserkStep } from './berserk.js';
import { updateLeaders } from './effects.js';
import { moraleStep } from './morale.js';
import { oneSideLeft, type Phase, standing } from './phase.js';

export function postMelee(st: FwState, ctx: FightContext, phase: Phase): void {
  // A morale result binds the one melee phase after it.
  for (const f of st.combatants) f.bound = null;
  if (oneSideLeft(st)) return;
  say(st, ctx, 'phase', 'Post-melee phase.', text('Combat round sequence'));
  const lost = new Map<number, number>();
  for (const f of st.combatants)
    if (f.out !== null && !phase.outBefore.has(f)) lost.set(f.side, (lost.get(f.side) ?? 0) + 1);
  const newlyFleeing = new Set(
    st.combatants.filter((f) => f.fleeing && !phase.fleeingBefore.has(f)).map((f) => f.side),
  );
  // 3.1 Morale if required (ours: damaged this phase, a party member lost or fleeing, or fleeing oneself).
  if (st.setup.opt.morale) {
    const required = standing(st).filter(
      (f) => f.hurt === phase.n || (lost.get(f.side) ?? 0) > 0 || newlyFleeing.has(f.side) || f.fleeing,
    );
    moraleStep(st, ctx, phase, required, 'post-melee');
  } else {
    for (const f of standing(st).filter((x) => x.fleeing)) f.out = 'fled';
  }
  // Ours: a berserk candidate checks again when party members died, fled or surrendered this phase.
  const lostNow = new Map<number, number>();
  for (const f of st.combatants)
    if (f.out !== null && !f.withdrew && !phase.outBefore.has(f))
      lostNow.set(f.side, (lostNow.get(f.side) ?? 0) + 1);
  berserkStep(
    st,
    ctx,
    standing(st).filter(
      (f) => (lostNow.get(f.side) ?? 0) > 0 && !f.berserk && mustCheckBerserk(berserkProfile(st, f)),
    ),
    lostNow,
  );
  updateLeaders(st, ctx);
}
