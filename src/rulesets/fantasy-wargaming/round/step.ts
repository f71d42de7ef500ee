// One step of the sequence, all at once ("All sides act simultaneously in each step"): every blow aimed
// on the state as the step began, the effects applied at its end.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { text } from '../cite.js';
import type { FwFighter, FwState } from '../state.js';
import { blow } from './attacking.js';
import { pickTarget } from './declarations.js';
import { applyEffects } from './effects.js';
import { type Blow, type Effect, enemiesOf, type Phase } from './phase.js';

/** Turns a melee blow on another foe, keeping the count of who is attacked by how many (outnumbered). */
export function aim(phase: Phase, b: Blow, t: FwFighter): void {
  if (b.target === t) return;
  if (!b.missile && !b.magic) {
    phase.at.set(b.target, Math.max(0, (phase.at.get(b.target) ?? 0) - 1));
    phase.at.set(t, (phase.at.get(t) ?? 0) + 1);
  }
  b.target = t;
}

/** A blow at a foe who fell earlier in the phase goes to another (the tactic's pick), or is lost. */
export function retarget(st: FwState, phase: Phase, f: FwFighter, t: FwFighter): FwFighter | null {
  if (t.out === null) return t;
  const others = enemiesOf(st, f);
  return others.length ? pickTarget(st, phase, f, others) : null;
}

// ------------------------------------------------------------------ one step, all at once

export function step(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  label: string,
  blows: readonly Blow[],
): void {
  // Who acts in this step, and at whom, is fixed from the state as the step begins.
  const acting: Blow[] = [];
  for (const b of [...blows].sort((x, y) => (x.attacker.id < y.attacker.id ? -1 : 1))) {
    if (b.attacker.out !== null) continue;
    const t =
      b.missile || b.magic
        ? b.target.out === null
          ? b.target
          : null
        : retarget(st, phase, b.attacker, b.target);
    if (!t) continue;
    aim(phase, b, t);
    // A blow is struck with what is in hand as the step begins (a weapon dropped to a first strike is gone).
    if (!b.missile && !b.magic) b.weapon = b.attacker.wielded;
    acting.push(b);
  }
  if (!acting.length) return;
  say(st, ctx, 'step', `${label}:`, text('Combat round sequence'), [], { step: label });
  const effects: Effect[] = [];
  for (const b of acting) effects.push(blow(st, ctx, phase, b, label));
  applyEffects(st, ctx, phase, effects, label);
}
