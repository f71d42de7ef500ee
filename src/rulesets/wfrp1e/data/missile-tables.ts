import { rangeTable } from '../../../core/table.js';

/** § To Hit Modifiers (missile fire). */
export const MISSILE_MODIFIERS = {
  small: -10,
  large: 10,
  movingMount: -10,
  running: -10,
  evading: -20,
  long: -10,
  extreme: -20,
  improvised: -10,
  softCover: -10,
  hardCover: -20,
} as const;

/** Small targets: under 1 foot high; large: above 8 feet tall (§ To Hit Modifiers). */
export const SMALL_UNDER_FEET = 1;
export const LARGE_OVER_FEET = 8;

/** § Damage (missiles): hits at long range cause one less point of damage, at extreme two. */
export const RANGE_DAMAGE = { 'point-blank': 0, short: 0, long: -1, extreme: -2 } as const;

/** § Missiles In Melee Combat: 5% per additional creature in the group fighting. */
export const INTO_MELEE_PER_CREATURE = 5;
/** § Combat Procedure (missiles): +5 BS per creature in a group beyond the first. */
export const GROUP_BONUS_PER_CREATURE = 5;
/** "a separation of 4 yards constitutes another group". */
export const GROUP_SEPARATION_YARDS = 4;

/** § Carrying Loaded Weapons: +10 I for missile fire in the round. */
export const LOADED_I_BONUS = 10;

export type GunpowderMisfire = 'partial-burn' | 'no-ignite' | 'no-ignite-reload' | 'hang-fire' | 'flash-in-pan' | 'burn-round' | 'explodes';

/** § Misfires, Gunpowder Weapons (D100). */
export const GUNPOWDER_MISFIRES = rangeTable<GunpowderMisfire>('gunpowder misfires', 1, 100, [
  [1, 20, 'partial-burn'],
  [21, 50, 'no-ignite'],
  [51, 70, 'no-ignite-reload'],
  [71, 80, 'hang-fire'],
  [81, 90, 'flash-in-pan'],
  [91, 99, 'burn-round'],
  [100, 100, 'explodes'],
]);

export type BombMisfire = 'dud' | 'sputters' | 'half-way' | 'in-hand';

/** § Misfires, Bombs (D100). */
export const BOMB_MISFIRES = rangeTable<BombMisfire>('bomb misfires', 1, 100, [
  [1, 50, 'dud'],
  [51, 80, 'sputters'],
  [81, 95, 'half-way'],
  [96, 100, 'in-hand'],
]);

/** § Misfires: a burnt-round weapon explodes on 50% when used again. */
export const BURNT_ROUND_EXPLODES = 50;
/** § Misfires: the reprimed shot after a flash in the pan is at −10 BS. */
export const REPRIMED_BS = -10;

/** § Firearm Reload Times (optional): a slow reload under stress fires at −10 I. */
export const SLOW_RELOAD_I = -10;

export type StressOutcome = 'slow' | 'extra-round' | 'misfire' | 'no-powder' | 'no-shot' | 'ramrod';

/**
 * § Firearm Reload Times (optional): a failed Dex test when reloading under stress; "according to
 * the severity of failure" the GM picks one. Ours: by how much the test failed, mildest first.
 */
export const STRESS_OUTCOMES = rangeTable<StressOutcome>('reloading under stress', 1, 100, [
  [1, 10, 'slow'],
  [11, 20, 'extra-round'],
  [21, 30, 'no-powder'],
  [31, 40, 'no-shot'],
  [41, 50, 'misfire'],
  [51, 100, 'ramrod'],
]);
