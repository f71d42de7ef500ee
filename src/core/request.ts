import type { DiceRequest } from '../dice/sources.js';

/**
 * What the engine asks for. Every answer, whoever gives it (a person, a tactic, the dice),
 * becomes one input; a fight is a pure function of its encounter, options and inputs.
 */
export type Request = RollRequest | ChoiceRequest | AmountRequest;

/** One input of a fight's log: a dice total, a choice's key, or an amount. */
export type Input = number | string;

/** Dice to roll: their total answers it (`count` to `count × sides`). */
export interface RollRequest extends DiceRequest {
  /** Says it is a roll. */
  readonly kind: 'roll';
  /** Combatant id of who rolls, when one does. */
  readonly actor?: string;
  /**
   * Dice rolled at the table with these, for the roller's next roll if it comes to it (damage
   * after a hit): a person may give both at once, "37 4".
   */
  readonly then?: FollowingDice;
}

/**
 * Dice rolled at the table together with a roll, for what follows it. With `each`, they are the
 * roller's next `count` rolls of one die each (damage dice that each count on their own); else one
 * roll of `count` dice.
 */
export interface FollowingDice extends DiceRequest {
  /** The dice are `count` rolls of one die each, not one roll of `count` dice. */
  readonly each?: boolean;
}

/**
 * Whether `next` is a roll that dice typed with an earlier roll of `actor` were rolled for: the same
 * roller, the same dice, and named so ("Helmut: damage (D6)" for "damage (D6)"; a like die for another
 * reason, "Helmut: fall damage (D6)", is not it). The terminal's held dice and the pages go by it.
 */
export function isRollFor(
  then: FollowingDice,
  actor: string | null | undefined,
  next: {
    readonly kind: string;
    readonly actor?: string | null;
    readonly count?: number;
    readonly sides?: number;
    readonly label?: string;
  },
): boolean {
  if (next.kind !== 'roll' || actor === null || actor === undefined || next.actor !== actor) return false;
  const label = next.label ?? '';
  const why = label.slice(label.indexOf(': ') + 2);
  return (
    next.count === (then.each ? 1 : then.count) && next.sides === then.sides && why.startsWith(then.label)
  );
}

/** A combatant as a choice's key: "@skaven-2", so that no name can be taken for a fixed answer such as "wait". */
export function combatantKey(f: { readonly id: string }): string {
  return `@${f.id}`;
}

/** One answer a choice request offers: its key (what the log keeps) and its words. */
export interface Choice {
  /** What answers the request with it, and what the log keeps (`parry`, `@goblin-2`). */
  readonly key: string;
  /** Its words, for a person. */
  readonly label: string;
}

/** A decision to make (whom to strike, to parry or not…): one of its choices' keys answers it. */
export interface ChoiceRequest {
  /** Says it is a choice. */
  readonly kind: 'choice';
  /** Combatant id of who decides, when one does. */
  readonly actor?: string;
  /** A stable name for the kind of decision ("parry", "blow", "press"): tactics and UIs key on it. */
  readonly topic: string;
  /** The question, in words: "Helmut: parry the blow?". */
  readonly label: string;
  /** The answers on offer. */
  readonly choices: readonly Choice[];
  /** The tactic's pick: what a simulation answers and what a person gets by pressing enter. */
  readonly suggested: string;
  /** Picks that are not on offer now, each with why: an answer naming one is refused with that reason. */
  readonly refused?: readonly Choice[];
  /**
   * The suggestion carries on what the combatant was doing (fights on against its opponent): at the
   * table it is taken without asking unless the GM asks for that combatant (core/asking.ts).
   */
  readonly routine?: boolean;
  /** An answer besides the listed choices, typed as text (a square, a point): see FreeAnswer. */
  readonly free?: FreeAnswer;
}

/**
 * A free-form answer to a choice: "to:3,4". It goes into the log as the text typed, so `check`
 * must judge it from the request alone (the same answer, the same verdict, on every replay).
 */
export interface FreeAnswer {
  /** How to type one, for a prompt: "a square: to:x,y" (the words before the first colon name it in refusals). */
  readonly hint: string;
  /** Null when the answer is legal; else why it is refused, in the table's words. */
  check(answer: string): string | null;
  /** Legal answers worth showing (the reachable squares), for a UI to highlight; may be computed on first use. */
  readonly options?: readonly string[];
}

/** A number to pick within bounds (how many points to spend…): a whole number answers it. */
export interface AmountRequest {
  /** Says it is an amount. */
  readonly kind: 'amount';
  /** Combatant id of who decides, when one does. */
  readonly actor?: string;
  /** A stable name for the kind of decision, as ChoiceRequest's. */
  readonly topic: string;
  /** The question, in words. */
  readonly label: string;
  /** The least it may be. */
  readonly min: number;
  /** The most it may be. */
  readonly max: number;
  /** It goes up from `min` by this much. */
  readonly step: number;
  /** The tactic's pick, as ChoiceRequest's. */
  readonly suggested: number;
  /** The amount follows a plan the person already took (block as planned): asked only on request, as ChoiceRequest.routine. */
  readonly routine?: boolean;
}

/** A logged answer that does not fit its request; `index` is its place in the log (0-based). */
export class InputError extends Error {
  constructor(
    message: string,
    /** Its place in the log, from 0; null for an answer typed now. */
    readonly index: number | null = null,
  ) {
    super(message);
  }
}

/** Checks a logged or typed answer against the request it answers. */
export function checkInput(req: Request, input: Input, where: string, index: number | null = null): Input {
  switch (req.kind) {
    case 'roll': {
      const lo = req.count;
      const hi = req.count * req.sides;
      if (typeof input !== 'number' || !Number.isInteger(input) || input < lo || input > hi) {
        throw new InputError(
          `${where}: ${JSON.stringify(input)} cannot answer ${req.count === 1 ? '' : req.count}D${req.sides} for ${req.label} (expected ${lo}..${hi})`,
          index,
        );
      }
      return input;
    }
    case 'choice': {
      const listed = (c: Choice) => c.key === input;
      if (typeof input === 'string' && req.free && !req.choices.some(listed) && !req.refused?.some(listed)) {
        const why = req.free.check(input);
        if (why !== null)
          throw new InputError(
            `${where}: ${JSON.stringify(input)} is not a choice for "${req.label}": ${why} (expected one of ${req.choices.map((c) => c.key).join(', ')}, or ${req.free.hint.split(':')[0]})`,
            index,
          );
        return input;
      }
      if (typeof input !== 'string' || !req.choices.some((c) => c.key === input)) {
        const refused = req.refused?.find((c) => c.key === input);
        throw new InputError(
          `${where}: ${JSON.stringify(input)} is not a choice for "${req.label}"${refused ? `: ${refused.label}` : ''} (expected one of ${req.choices.map((c) => c.key).join(', ')})`,
          index,
        );
      }
      return input;
    }
    case 'amount': {
      const ok =
        typeof input === 'number' &&
        Number.isInteger(input) &&
        input >= req.min &&
        input <= req.max &&
        (input - req.min) % req.step === 0;
      if (!ok) {
        throw new InputError(
          `${where}: ${JSON.stringify(input)} is not an amount for "${req.label}" (expected ${req.min}..${req.max} in steps of ${req.step})`,
          index,
        );
      }
      return input;
    }
  }
}
