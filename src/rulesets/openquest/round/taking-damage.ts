// Taking Damage, Minor Wounds and Mortal Wounds: the damage dice less armour, and a mortal wound taken.
import type { FightContext } from '../../../core/context.js';
import { roll, say } from '../../../core/say.js';
import { ours, text } from '../cite.js';
import type { Weapon } from '../data.js';
import {
  armourPoints,
  damageModifierWith,
  type Dice,
  FIST,
  formatDice,
  maximumModifier,
  mostOf,
  weaponDice,
} from '../rules.js';
import type { OqFighter, OqState } from '../state.js';

/** `then`: dice rolled with these at the table (the damage modifier with the weapon's damage). */
function rollDice(ctx: FightContext, f: OqFighter, d: Dice, why: string, then?: Dice): number {
  const next = then && {
    count: then.count,
    sides: then.sides,
    label: `damage modifier (${formatDice(then)})`,
  };
  return d.count === 0 ? 0 : d.sign * roll(ctx, d.sides, f, why, d.count, next) + d.plus;
}

/** Taking Damage: the weapon's dice and the damage modifier (not for a mechanism), less AP; maximum: both at their most, armour ignored. */
export function damage(
  st: OqState,
  ctx: FightContext,
  a: OqFighter,
  d: OqFighter,
  w: Weapon | null,
  maximum: boolean,
  armour: boolean,
  parriedWith: Weapon | null,
): void {
  const wd: Dice = w ? w.damage : FIST;
  const dm = damageModifierWith(w, a.spec.dm);
  const weaponRoll = maximum
    ? mostOf(wd)
    : rollDice(ctx, a, wd, `damage (${weaponDice(wd)})`, dm.count ? dm : undefined);
  const dmRoll = maximum
    ? maximumModifier(dm, st.setup.opt.fullPenalty)
    : rollDice(ctx, a, dm, `damage modifier (${formatDice(dm)})`);
  const ap = armour ? armourPoints(d.spec.armour) : 0;
  // Ours (option parrySize): a parry with a smaller weapon stops only as much as the parrying weapon's most.
  const stopped = parriedWith ? mostOf(parriedWith.damage) : 0;
  const dealt = Math.max(0, weaponRoll + dmRoll - stopped - ap);
  const before = d.hp;
  d.hp -= dealt;
  a.stats.woundsDealt += dealt;
  d.stats.woundsTaken += dealt;
  if (ctx.explain) {
    const parts = [`${maximum ? 'maximum ' : ''}${weaponDice(wd)} ${weaponRoll}`];
    if (dm.count) parts.push(`${dmRoll < 0 ? '−' : '+'} ${Math.abs(dmRoll)} damage modifier`);
    else if (w?.mechanism) parts.push('(a mechanism: no damage modifier)');
    if (stopped) parts.push(`− ${stopped} parried by the ${parriedWith?.name.toLowerCase()}`);
    if (ap) parts.push(`− ${ap} AP`);
    else if (!armour && armourPoints(d.spec.armour) > 0) parts.push('(armour ignored)');
    const result =
      dealt === 0
        ? 'no damage gets through'
        : `${dealt} damage: HP ${before} → ${d.hp}${d.hp > 0 ? ' (a minor wound)' : ''}`;
    say(
      st,
      ctx,
      'damage',
      `${d.name}: ${parts.join(' ')} = ${result}.`,
      stopped ? ours('Parrying with a smaller weapon') : text('Taking Damage'),
      [a, d],
      { dealt, hp: d.hp },
    );
  }
  if (d.hp <= 0 && before > 0) mortalWound(st, ctx, d);
}

/** Mortal Wounds: hit points at zero or below: out of the fight, to be helped within this round or the next. */
function mortalWound(st: OqState, ctx: FightContext, f: OqFighter): void {
  f.out = 'dying';
  f.mortalSince = st.round;
  f.stabilised = false;
  say(
    st,
    ctx,
    'mortal',
    `${f.name} is mortally wounded: unconscious, and dies unless stabilised or healed by the end of round ${st.round + 1}.`,
    text('Mortal Wounds'),
    [f],
  );
}
