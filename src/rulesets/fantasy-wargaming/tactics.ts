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

type DefenceKind = 'parry' | 'dodge' | 'disengage';
const DEFENCES: readonly DefenceKind[] = ['parry', 'dodge', 'disengage'];

/** What a declaring fighter's morale result and tactics make of its melee phase. */
export interface Declaring {
  /** The morale result binding this phase (null: none, or obey orders). */
  readonly bound: 'obey' | 'dither' | 'selfish' | 'panic' | 'flee' | null;
  readonly berserk: boolean;
  readonly tactics: Tactics;
  /** More than one foe came at it last phase. */
  readonly outnumbered: boolean;
  /** What it did last phase ('attack', a defence, 'none'…), and whether the foe it attacked stands. */
  readonly lastAction: string | null;
  readonly lastTargetStands: boolean;
  /** The defences offered to it this phase. */
  readonly can: (kind: DefenceKind) => boolean;
}

/**
 * Ours, the declaration a fighter nobody steers makes (Morale results and tactics): a defence, an
 * attack at the foe it fought last phase ('attack-last', dithering), an attack at the foe its
 * tactics pick ('attack'), or nothing to suggest ('').
 */
export function suggestedKind(d: Declaring): DefenceKind | 'attack' | 'attack-last' | '' {
  const defend = () => DEFENCES.find(d.can);
  if (d.bound === 'selfish') return d.can('disengage') ? 'disengage' : (defend() ?? '');
  if (d.bound === 'dither') {
    if (d.lastTargetStands && d.lastAction === 'attack') return 'attack-last';
    const last = DEFENCES.find((k) => k === d.lastAction);
    return last && d.can(last) ? last : (defend() ?? '');
  }
  const t = d.tactics.defence;
  const want =
    !d.berserk &&
    (t === 'parry' || t === 'dodge' || t === 'disengage'
      ? t
      : t === 'when-outnumbered' && d.outnumbered
        ? defend()
        : undefined);
  return want && d.can(want) ? want : 'attack';
}

/** Ours, tactics lunge: always, or at a foe down to half its endurance or less. */
export function lungeWanted(t: Tactics, foeEndurance: number, foeMaxEndurance: number): boolean {
  return t.lunge === 'always' || (t.lunge === 'finish' && foeEndurance * 2 <= foeMaxEndurance);
}

/** Ours, tactics panic: on "panic or surrender", whether it surrenders (else it panics). */
export function surrenders(t: Tactics, endurance: number, maxEndurance: number): boolean {
  return t.panic === 'surrender' || (t.panic === 'surrender-when-hurt' && endurance * 2 <= maxEndurance);
}
