// How a combatant nobody steers decides (ours, set per combatant with `tactics:`).
import { z } from 'zod';
import { flag, oneOf } from '../../core/schema.js';

export interface Tactics {
  /** Whom to attack: the enemy with least endurance, the most, or the enemy party's leader (then the weakest). */
  readonly target: 'weakest' | 'strongest' | 'leader';
  /** When to defend instead of attacking: never, always by this means, or when more than one foe came at it last phase. */
  readonly defence: 'never' | 'parry' | 'dodge' | 'disengage' | 'when-outnumbered';
  /** When to lunge: never, always, or at a foe already down to half endurance or less. */
  readonly lunge: 'never' | 'always' | 'finish';
  /** Charge into the first melee phase. */
  readonly charge: boolean;
  /** Loose missiles and magic in the pre-melee phase. */
  readonly shoot: boolean;
  /** On "panic or surrender": surrender when down to half endurance or less, else panic; or always one of them. */
  readonly panic: 'surrender-when-hurt' | 'surrender' | 'panic';
}

export const DEFAULT_TACTICS: Tactics = {
  target: 'weakest',
  defence: 'when-outnumbered',
  lunge: 'finish',
  charge: true,
  shoot: true,
  panic: 'surrender-when-hurt',
};

export const tacticsSchema = z.strictObject({
  target: oneOf(['weakest', 'strongest', 'leader']).optional(),
  defence: oneOf(['never', 'parry', 'dodge', 'disengage', 'when-outnumbered']).optional(),
  lunge: oneOf(['never', 'always', 'finish']).optional(),
  charge: flag().optional(),
  shoot: flag().optional(),
  panic: oneOf(['surrender-when-hurt', 'surrender', 'panic']).optional(),
});
