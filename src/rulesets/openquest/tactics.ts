// How a combatant nobody steers decides (ours, set per combatant with `tactics:`).
import { z } from 'zod';
import { oneOf, whole } from '../../core/schema.js';
import type { Weapon } from './data.js';

export interface Tactics {
  /** Whom to attack: the most hurt enemy, or the first. */
  readonly target: 'weakest' | 'first';
  /** The reaction: by skill (parry when Close Combat is not below Dodge, else dodge), or always one, or none. */
  readonly reaction: 'auto' | 'parry' | 'dodge' | 'none';
  /** Flee when hit points fall to this or below (0: never). */
  readonly fleeAt: number;
  /** Surrender when hit points fall to this or below (0: never). */
  readonly surrenderAt: number;
}

export const DEFAULT_TACTICS: Tactics = { target: 'weakest', reaction: 'auto', fleeAt: 0, surrenderAt: 0 };

export const tacticsSchema = z.strictObject({
  target: oneOf(['weakest', 'first']).optional(),
  reaction: oneOf(['auto', 'parry', 'dodge', 'none']).optional(),
  fleeAt: whole(0, 100, 'hit points').optional(),
  surrenderAt: whole(0, 100, 'hit points').optional(),
});

/** Combat procedure (ours as tactics): at or below its `surrenderAt` hit points a fighter surrenders, else at or below `fleeAt` it flees. */
export function leavesTheFight(t: Tactics, hp: number): 'surrender' | 'flee' | null {
  if (t.surrenderAt > 0 && hp <= t.surrenderAt) return 'surrender';
  if (t.fleeAt > 0 && hp <= t.fleeAt) return 'flee';
  return null;
}

/** Ours: a fighter tends a dying friend (rather than fight) when its Healing is at least this. */
export const STABILISE_AT = 40;

/** The weapon it attacks with: at close distance the first hand weapon (else a fist: null), at ranged the first missile weapon (else it cannot reach: undefined). */
export function weaponAt(
  weapons: readonly Weapon[],
  distance: 'close' | 'ranged',
): Weapon | null | undefined {
  const ws = weapons.filter((w) => !w.shield);
  if (distance === 'ranged') return ws.find((w) => w.skill === 'ranged');
  return ws.find((w) => w.skill !== 'ranged') ?? null;
}

/** What parries (ours: only a shield parries a missile): a shield, else a close-combat weapon, else nothing. */
export function parryWeapon(weapons: readonly Weapon[], missile: boolean): Weapon | null {
  if (missile) return weapons.find((w) => w.shield) ?? null;
  return weapons.find((w) => w.shield) ?? weapons.find((w) => w.skill === 'close') ?? null;
}

/** The reaction the tactics suggest: the one set, or by skill (parry when Close Combat is not below Dodge). */
export function suggestedReaction(
  f: { readonly tactics: Tactics; readonly skills: { readonly close: number; readonly dodge: number } },
  parry: Weapon | null,
): 'parry' | 'dodge' | 'none' {
  const t = f.tactics.reaction;
  if (t === 'none') return 'none';
  if (t === 'parry' && parry) return 'parry';
  if (t === 'dodge' || !parry) return 'dodge';
  return f.skills.close >= f.skills.dodge ? 'parry' : 'dodge';
}
