// Damage: the damage dice against Toughness (and a helmet), wounds, and a critical hit counted.
import type { FightContext } from '../../../core/context.js';
import type { FollowingDice } from '../../../core/request.js';
import { roll, say } from '../../../core/say.js';
import { facts } from '../cite.js';
import { MOST_DAMAGE_DICE, rollsAgain, woundsOf } from '../rules.js';
import type { AhqFighter, AhqState } from '../state.js';
import { settle } from './facing.js';
import { toughness } from './models.js';

/** The figures count a critical as a to-hit roll of 12, dealt by the attacker and taken by its target. */
export function countCritical(f: AhqFighter, t: AhqFighter): void {
  f.stats.criticalsDealt++;
  t.stats.criticalsTaken++;
}

/** The damage dice as they go with a to-hit roll at the table: each D12 on its own (the label the damage rolls carry). */
export function damageDice(dd: number): FollowingDice | undefined {
  return dd > 0 ? { count: dd, sides: 12, label: 'damage die', each: true } : undefined;
}

/** Facts, damage: each D12 at or above Toughness (armour in) is a wound; a 12 is a critical wound (ours: one more die). */
export function damage(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  t: AhqFighter,
  dd: number,
  helmet: boolean,
  magic: boolean,
): void {
  const { T, helmet: h } = toughness(t, helmet);
  const Tm = magic ? t.spec.profile.T : T;
  const dice: number[] = [];
  let left = dd;
  while (left > 0 && dice.length < MOST_DAMAGE_DICE) {
    // The dice are rolled together at the table: the first carries the rest (each counts on its own).
    const rest = dice.length === 0 && left > 1 ? damageDice(left - 1) : undefined;
    // Numbered: three questions alike read as the same one asked again. A 12 that rolls one more
    // die adds to the count ("4 of 4").
    const d = roll(
      ctx,
      12,
      f,
      `damage die ${dice.length + 1} of ${dice.length + left} against T ${Tm}`,
      1,
      rest,
    );
    dice.push(d);
    left--;
    if (rollsAgain(d, st.setup.opt.criticalExtraDie)) left++;
  }
  const { wounds, criticals: crits } = woundsOf(dice, Tm);
  const before = t.W;
  t.W = Math.max(0, t.W - wounds);
  f.stats.woundsDealt += before - t.W;
  t.stats.woundsTaken += before - t.W;
  if (t.W === 0) t.out = 'dead';
  say(
    st,
    ctx,
    'damage',
    `${dice.length} damage dice ${dice.join(', ')} against T ${Tm}${h && helmet && !magic ? ` (with the helmet's ${h}: the roll was exactly the number needed)` : magic ? ' (no armour against magic)' : ''}: ${wounds} wound${wounds === 1 ? '' : 's'}${crits ? `, ${crits} critical` : ''}; ${t.name} W ${before} → ${t.W}${t.out ? ': slain' : ''}.`,
    facts('Damage'),
    [f, t],
  );
  if (t.out) settle(st, ctx);
}
