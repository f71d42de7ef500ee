// How a model nobody steers decides (ours, set per combatant with `tactics:`).
import { z } from 'zod';
import { flag, oneOf } from '../../core/schema.js';

export interface Tactics {
  /** Whom to go for: the nearest enemy, the one with fewest wounds left, or (gang-up) the nearest one a friend already fights. */
  readonly target: 'nearest' | 'weakest' | 'gang-up';
  /** Go for the square behind an engaged enemy when it can be reached (REAR ATTACKS). */
  readonly rear: boolean;
  /** Evade a combat by Stealth to reach a better target or to shoot: never, or when St is at least this. */
  readonly evadeAt: number;
  /** Archers shoot rather than close in, and step back out of reach first when a foe is near. */
  readonly keepAway: boolean;
  /** On a critical hit while engaged: take the free attack, or evade instead. */
  readonly critical: 'free-attack' | 'evade';
}

export const DEFAULT_TACTICS: Tactics = {
  target: 'nearest',
  rear: true,
  evadeAt: 13,
  keepAway: true,
  critical: 'free-attack',
};

export const tacticsSchema = z.strictObject({
  target: oneOf(['nearest', 'weakest', 'gang-up']).optional(),
  rear: flag().optional(),
  evadeAt: z.number({ error: 'expected a Stealth value 0..13 (13: never)' }).int().min(0).max(13).optional(),
  keepAway: flag().optional(),
  critical: oneOf(['free-attack', 'evade']).optional(),
});
