// FIGHT! 4, the defender's reaction (Parry or Dodge): who may react, the choice, a smaller parry,
// fumbles (ours).
import type { FightContext } from '../../../core/context.js';
import { decide, say } from '../../../core/say.js';
import type { Choice } from '../../../core/request.js';
import { ours } from '../cite.js';
import type { Weapon } from '../data.js';
import { type Dice, type Level, mostOf, type Skill } from '../rules.js';
import type { OqFighter, OqState } from '../state.js';
import { parryWeapon, suggestedReaction } from '../tactics.js';

/** Ours (option parrySize): a successful parry of a successful attack with a weapon whose most is below the attacking weapon's lets the rest through. */
export function smallerParryLets(
  parrySize: boolean,
  attack: Level,
  defence: Level | 'none',
  parry: Weapon | null,
  attackDice: Dice,
): boolean {
  return (
    parrySize &&
    parry !== null &&
    defence === 'success' &&
    attack === 'success' &&
    mostOf(parry.damage) < mostOf(attackDice)
  );
}

export function noReaction(st: OqState, d: OqFighter): string {
  if (d.surprised === 'helpless') return 'cannot defend (surprised)';
  if (st.setup.opt.oneReaction && d.reactionsUsed >= 1) return 'has no reaction left this round';
  return 'does not react';
}

/** Whether the defender may react at all: standing, not caught helpless, a reaction left this round. */
export function mayReact(st: OqState, d: OqFighter): boolean {
  return !(
    d.out !== null ||
    d.surprised === 'helpless' ||
    (st.setup.opt.oneReaction && d.reactionsUsed >= 1)
  );
}

export function react(
  st: OqState,
  ctx: FightContext,
  d: OqFighter,
  a: OqFighter,
  missile: boolean,
  attack: string,
): { skill: Skill; weapon: Weapon | null } | null {
  const pw = parryWeapon(d.spec.weapons, missile);
  const choices: Choice[] = [];
  if (pw)
    choices.push({ key: 'parry', label: `parry with ${pw.name.toLowerCase()} (${d.spec.skills.close}%)` });
  choices.push(
    { key: 'dodge', label: `dodge (${d.spec.skills.dodge}%)` },
    { key: 'none', label: 'no reaction' },
  );
  const suggested = suggestedReaction(d.spec, pw);
  const pick = decide(
    ctx,
    d,
    'reaction',
    `${d.name}: react to ${a.name}'s ${missile ? 'shot' : 'attack'} (D100 ${attack})?`,
    choices,
    suggested,
    undefined,
    // Parry or dodge by the better skill, as the tactics do: routine unless the table asks for it.
    d.spec.tactics.reaction === 'auto',
  );
  if (pick === 'none') return null;
  d.reactionsUsed++;
  if (pick === 'parry') d.stats.parries++;
  return pick === 'parry' ? { skill: 'close', weapon: pw } : { skill: 'dodge', weapon: null };
}

/** Ours (the text gives no fumble table): the fumbler loses its next action. */
export function fumbled(st: OqState, ctx: FightContext, f: OqFighter): void {
  f.stats.fumbles++;
  if (!st.setup.opt.fumbleLosesAction) return;
  // An action still to come this round is the one lost; else next round's.
  f.loseActionIn = f.willAct ? st.round : st.round + 1;
  say(
    st,
    ctx,
    'fumble',
    `${f.name} fumbles and loses ${f.loseActionIn === st.round ? "this round's" : "next round's"} action.`,
    ours('Fumbles'),
    [f],
  );
}
