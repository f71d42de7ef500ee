// § Missile Fire and § Flying Creatures: how far a target is, its range band, the missile weapon in
// hand, who is in range, aiming.
import { distance, formatYards } from '../../../space/plane.js';
import type { Band, Missile, Weapon } from '../catalogue.js';
import { canSee } from '../scene.js';
import { type Fighter, HANDS, handUsable, isRidden, type W1State } from '../state.js';

/** How far apart two combatants are for missile fire, with the flying rules applied. */
export interface Range {
  readonly yards: number;
  /** The band the shot falls in; null: out of range. */
  readonly band: Band | null;
  readonly note: string;
}

/** Yards on the ground between two combatants; without positions, those in contact are 2 yards apart. */
function groundYards(a: Fighter, b: Fighter): number {
  if (a.pos && b.pos) return distance(a.pos, b.pos);
  return a.target === b || b.target === a ? 2 : Infinity;
}

/** The band for `yards`, moved one band further for flying targets; null beyond the last. */
export function bandAt(m: Missile, yards: number, stepOut: boolean, halved: boolean): Band | null {
  const bands = halved
    ? m.bands.map((b) => ({
        ...b,
        upTo: Math.ceil(b.upTo / 2),
        es: typeof b.es === 'number' ? Math.ceil(b.es / 2) : b.es,
      }))
    : m.bands;
  const i = bands.findIndex((b) => yards <= b.upTo);
  if (i < 0) return null;
  const j = stepOut ? i + 1 : i;
  return (bands[j] as Band | undefined) ?? null;
}

/**
 * § Flying Creatures: at a flier, horizontal plus vertical distance and one band further; a flier
 * firing down counts the horizontal only (and misses from above its weapon's reach); air to air,
 * the lower one counts as on the ground.
 */
export function missileRange(firer: Fighter, target: Fighter, w: Weapon, halved = false): Range {
  const m = w.missile as Missile;
  const ground = groundYards(firer, target);
  const max = (m.bands[m.bands.length - 1] as Band).upTo;
  if (target.alt > firer.alt) {
    const yards = ground + (target.alt - firer.alt);
    return {
      yards,
      band: bandAt(m, yards, true, halved),
      note: `${formatYards(ground)} across + ${formatYards(target.alt - firer.alt)} up, one band further at a flier`,
    };
  }
  if (firer.alt > target.alt) {
    const tooHigh = firer.alt - target.alt > max;
    return {
      yards: ground,
      band: tooHigh ? null : bandAt(m, ground, false, halved),
      note: tooHigh
        ? `from ${formatYards(firer.alt)} up, beyond the weapon's reach`
        : `firing down: ${formatYards(ground)} across counts`,
    };
  }
  if (target.alt > 0)
    return {
      yards: ground,
      band: bandAt(m, ground, true, halved),
      note: 'fliers at one height: one band further',
    };
  return { yards: ground, band: bandAt(m, ground, false, halved), note: '' };
}

/** The missile weapon in a usable hand (both hands for a two-handed one). */
export function heldMissile(st: W1State, f: Fighter): Weapon | null {
  if (!st.missiles) return null;
  for (const hand of HANDS) {
    const w = f[hand];
    if (!w?.missile) continue;
    if (!handUsable(f, hand, st.round)) continue;
    if (w.hands === 2 && (!handUsable(f, 'right', st.round) || !handUsable(f, 'left', st.round))) continue;
    return w;
  }
  return null;
}

/** Enemies this combatant may shoot at: seen, in range, in front or not (it turns to fire). */
export function missileTargets(st: W1State, f: Fighter): Fighter[] {
  const w = heldMissile(st, f);
  if (!w) return [];
  return st.combatants.filter(
    (o) =>
      o.side !== f.side &&
      o.out === null &&
      !isRidden(o) &&
      canSee(st, f, o) &&
      missileRange(f, o, w).band !== null,
  );
}

/** Extreme range takes a round of aiming, and sharpshooting one more at short range. */
export function aimedLongEnough(st: W1State, f: Fighter, t: Fighter): boolean {
  return f.aim !== null && f.aim.target === t && f.aim.since < st.round;
}
