// "Effects are applied immediately": harm, special effects, weapons dropped and broken, and a new party
// leader.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { ours, text } from '../cite.js';
import type { Weapon } from '../data.js';
import { FIST, type FwFighter, type FwState } from '../state.js';
import type { Effect, Phase } from './phase.js';

export function applyEffects(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  effects: readonly Effect[],
  label: string,
): void {
  const n = phase.n;
  const hurt = new Map<FwFighter, number>();
  for (const e of effects) {
    if (e.harm > 0) hurt.set(e.target, (hurt.get(e.target) ?? 0) + e.harm);
    if (e.broken && !phase.broken.has(e.broken)) {
      const t = e.target;
      phase.broken.add(e.broken);
      // The parry held for every blow of this step; from the next step it is gone.
      const d = phase.defences.get(t);
      if (d && d.item === e.broken) d.item = null;
      if (t.shield === e.broken) t.shield = null;
      else dropWeapon(t, e.broken);
      say(st, ctx, 'breaks', `${t.name}'s ${e.broken.name} breaks.`, text('Defense'), [t], { step: label });
    }
  }
  for (const [t, harm] of hurt) {
    const before = t.endurance;
    t.endurance -= harm;
    t.hurt = n;
    if (phase.melee) t.damaged = n;
    t.stats.woundsTaken += harm;
    let fate = '';
    if (t.endurance <= 0 && t.out === null) {
      t.out = t.endurance * 2 <= -t.spec.maxEndurance ? 'dead' : 'unconscious';
      fate = t.out === 'dead' ? ': dead' : ': falls, out of the fight';
    }
    say(st, ctx, 'wound', `${t.name}: endurance ${before} → ${t.endurance}${fate}.`, text('Damage'), [t], {
      step: label,
    });
  }
  for (const e of effects) {
    const t = e.target;
    for (const s of e.effects) {
      if (t.out) break;
      if (s === 'stunned') t.stunned = n;
      else if (s === 'knocked-down') t.knockedDown = n;
      else if (s === 'knocked-out') t.out = 'unconscious';
      else if (s === 'drops-shield') t.shield = null;
      else if (s === 'drops-weapon' && t.wielded.kind !== 'natural') dropWeapon(t, t.wielded);
      say(
        st,
        ctx,
        'effect',
        `${t.name}: ${s.replace('-', ' ')}${s === 'stunned' ? ' (no action next melee phase)' : s === 'knocked-down' ? ' (no dodge or disengage next melee phase)' : s === 'drops-weapon' ? `, fights on with the ${t.wielded.name}` : ''}.`,
        ours('Our tables'),
        [t],
        { step: label },
      );
    }
    if (e.leaves && t.out === null) {
      t.out = 'fled';
      t.withdrew = true;
      say(st, ctx, 'disengage', `${t.name} disengages and leaves the melee.`, text('Defense'), [t], {
        step: label,
      });
    }
  }
  updateLeaders(st, ctx);
}

/** Drops a weapon for good; the next carried melee weapon (else the fist) comes to hand, and WF is recalculated. */
function dropWeapon(f: FwFighter, w: Weapon): void {
  f.carried = f.carried.filter((x) => x !== w);
  if (f.wielded === w)
    f.wielded =
      f.carried.find((x) => x.kind === 'melee') ?? f.carried.find((x) => x.kind === 'natural') ?? FIST;
}

/** Morale: the MF is recalculated whenever the party leader changes (ours: the next by combat level, bravery, then name). */
export function updateLeaders(st: FwState, ctx: FightContext): void {
  st.sides.forEach((side, i) => {
    const id = st.leaders[i];
    if (!id) return;
    const l = st.combatants.find((f) => f.id === id);
    if (l && l.out === null) return;
    const next = [...st.combatants.filter((f) => f.side === i && f.out === null)].sort(
      (a, b) =>
        b.spec.combatLevel - a.spec.combatLevel ||
        b.spec.ch.bravery - a.spec.ch.bravery ||
        (a.id < b.id ? -1 : 1),
    )[0];
    st.leaders[i] = next?.id ?? null;
    if (next)
      say(
        st,
        ctx,
        'leader',
        `${next.name} now leads ${side.name}; their Morale Factors are recalculated.`,
        text('Morale'),
        [next],
      );
  });
}
