// § Missile Weapon Chart and § Damage: a band's effective strength, the damage at range, and an
// automatic hit at an ES.
import type { FightContext } from '../../../core/context.js';
import { armourPoints, wornOn } from '../rules.js';
import type { Band, Missile, Weapon } from '../catalogue.js';
import { CITES } from '../cite.js';
import { RANGE_DAMAGE } from '../data/missile-tables.js';
import type { Part } from '../data/locations.js';
import { deal, shieldFor } from '../blow.js';
import { hitLocation } from '../locate.js';
import { d100, roll, say } from '../say.js';
import { current, type Fighter, type W1State } from '../state.js';

/** § Missile Weapon Chart: a band's ES; C is the thrower's S; fire (F) and the lasso do no blow damage. */
export function effectiveStrength(st: W1State, f: Fighter, band: Band): number {
  return band.es === 'C' ? current(f, 'S', st.round) : typeof band.es === 'number' ? band.es : 0;
}

/** § Damage (missiles): a hit at long range does one less, at extreme two less; firearms' ES per band already says so. */
export function rangeDamage(m: Missile, band: Band): number {
  return m.kind === 'firearm' ? 0 : RANGE_DAMAGE[band.band];
}

/** The ES of the weapon's nearest band: a bomb's blast, a gun going off in someone's face or in the hand. */
export function pointBlankES(st: W1State, f: Fighter, w: Weapon): number {
  return effectiveStrength(st, f, (w.missile as Missile).bands[0] as Band);
}

/**
 * An automatic hit at an effective strength (an exploding weapon, a bomb, a hung gun going off in
 * someone's face): D6 + ES − T − armour on `part`, or where a D100 says; a missile hit's criticals.
 */
export function automaticHit(
  st: W1State,
  ctx: FightContext,
  by: Fighter,
  victim: Fighter,
  es: number,
  what: string,
  part: Part | null,
): void {
  const where =
    part ??
    hitLocation(ctx, victim, victim, d100(ctx, victim, `where ${what} strikes (D100 location)`), false).part;
  const d6 = roll(ctx, 6, victim, `damage from ${what} (D6)`);
  const T = current(victim, 'T', st.round);
  const afterT = d6 + es - T;
  const ap = armourPoints(wornOn(victim.armour, where.zone), shieldFor(victim, false), afterT, false);
  const wounds = Math.max(0, afterT - ap);
  say(
    st,
    ctx,
    'damage',
    `${what[0]?.toUpperCase()}${what.slice(1)} hits ${victim.name}'s ${where.name}: D6 ${d6} + ES ${es} − T ${T} − ${ap} armour = ${wounds} W.`,
    CITES.misfires,
    [victim],
  );
  deal(st, ctx, by, victim, where, wounds, true);
}
