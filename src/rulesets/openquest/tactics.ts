// How a combatant nobody steers decides (ours, set per combatant with `tactics:`).
import { z } from 'zod';
import { oneOf, whole } from '../../core/schema.js';

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
