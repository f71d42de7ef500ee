// Fantasy Wargaming's combat round sequence (fantasy-wargaming-combat.txt, Combat round sequence):
// pre-melee (morale, berserk control, declarations, missiles, magic), the melee phase (first
// strikes, counter-attacks, lunges, flurries and defences) and post-melee (morale), then back to
// the melee phase. Every step resolves all its participants on the state as the step began, and
// applies the effects together at its end ("All sides act simultaneously in each step. Effects are
// applied immediately."). Fighters act in the order of their ids, so the file's order changes nothing.
// Each part of the sequence is a file of this folder, named as the text names it.
import type { FightContext } from '../../../core/context.js';
import type { FwState } from '../state.js';
import { declareAll } from './declarations.js';
import { melee } from './melee.js';
import { oneSideLeft, type Phase } from './phase.js';
import { postMelee } from './post-melee.js';
import { preMelee, volley } from './pre-melee.js';

export function playFwRound(st: FwState, ctx: FightContext): void {
  st.round++;
  const phase: Phase = {
    n: st.round,
    actions: new Map(),
    defences: new Map(),
    at: new Map(),
    outBefore: new Set(st.combatants.filter((f) => f.out !== null)),
    fleeingBefore: new Set(st.combatants.filter((f) => f.fleeing)),
    melee: false,
    damagedBefore: new Set(st.combatants.filter((f) => f.damaged === st.round - 1)),
    stunnedBefore: new Set(st.combatants.filter((f) => f.stunned === st.round - 1)),
    broken: new Set(),
  };
  if (st.round <= st.setup.volleys) {
    volley(st, ctx, phase);
    return;
  }
  if (st.round === st.setup.volleys + 1) {
    preMelee(st, ctx, phase);
    if (oneSideLeft(st)) return;
  } else declareAll(st, ctx, phase, false);
  melee(st, ctx, phase);
  postMelee(st, ctx, phase);
}
