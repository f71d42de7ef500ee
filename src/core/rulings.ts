// The GM's hand on a fight: rulings given at any question, kept in the input log like any answer
// (so undo, save and replay keep them), each with its reason, each shown in the log of events.
//
// In the log a ruling is a text starting with "!", which no choice key does:
//   !modify -10 | fog                  a one-off modifier to the roll being asked
//   !set helmut W 3 | the priest's healing
//   !give | the blow hits the head     the answer that follows is the GM's, not the dice's
//   !enter orc-4 | the rest of the warband comes up the stairs
//   !leave skallier | called away
import { showSum, type Term } from './arith.js';
import type { Input } from './request.js';
import type { FightState } from './state.js';

/** A GM's ruling, as its input in the log (`!modify -10 | fog`) reads (docs/table-play.md). */
export type Ruling =
  | {
      /** A one-off modifier to the roll being asked. */
      readonly kind: 'modify';
      /** The modifier, added to what the roll needs (−10 makes it harder by 10). */
      readonly by: number;
      /** The GM's reason, shown in the log. */
      readonly why: string;
    }
  | {
      /** A combatant's number set (W, HP, ammunition, a condition's rounds). */
      readonly kind: 'set';
      /** The combatant's id. */
      readonly who: string;
      /** The number's name, as SettableNumber names it. */
      readonly what: string;
      /** Its new value. */
      readonly value: number;
      /** The GM's reason, shown in the log. */
      readonly why: string;
    }
  | {
      /** The answer that follows is the GM's, not the dice's. */
      readonly kind: 'give';
      /** The GM's reason, shown in the log. */
      readonly why: string;
    }
  | {
      /** A combatant written with `enters: true` comes into the fight. */
      readonly kind: 'enter';
      /** The combatant's id. */
      readonly who: string;
      /** The GM's reason, shown in the log. */
      readonly why: string;
    }
  | {
      /** A combatant leaves the fight. */
      readonly kind: 'leave';
      /** The combatant's id. */
      readonly who: string;
      /** The GM's reason, shown in the log. */
      readonly why: string;
    };

/** A number of a combatant the GM may set: W, HP, CP, endurance, ammunition, a condition's rounds. */
export interface SettableNumber {
  /** As the GM types it (case does not matter): "W", "arrows", "stunned". */
  readonly name: string;
  /** Its value now. */
  readonly value: number;
  /** The least it may be set to. */
  readonly min: number;
  /** The most it may be set to. */
  readonly max: number;
  /** What it is, for the list the GM is shown ("rounds of stunned left"). */
  readonly about?: string;
  /** Sets it, in the fight's state, to `value` (within min and max). */
  set(value: number): void;
}

/** A ruling that cannot be given (a name nobody has, a number out of range): the reason. */
export class RulingError extends Error {}

export function isRuling(input: Input): input is string {
  return typeof input === 'string' && input.startsWith('!');
}

const MAX_MODIFIER = 1000;

/** Reads a logged ruling; throws RulingError naming what does not fit. */
export function parseRuling(input: string): Ruling {
  const bar = input.indexOf('|');
  const head = (bar < 0 ? input : input.slice(0, bar)).slice(1).trim();
  const why = bar < 0 ? '' : input.slice(bar + 1).trim();
  const [verb, ...args] = head.split(/\s+/);
  const whole = (s: string | undefined, what: string): number => {
    if (s === undefined || !/^[-+]?\d+$/.test(s))
      throw new RulingError(`${what}: expected a whole number, got '${s ?? ''}'`);
    const n = Number(s);
    if (Math.abs(n) > MAX_MODIFIER)
      throw new RulingError(`${what}: ${n} is out of reach (at most ${MAX_MODIFIER} either way)`);
    return n;
  };
  switch (verb) {
    case 'modify':
      if (args.length !== 1) throw new RulingError('modify: expected one number, as in "!modify -10 | fog"');
      return { kind: 'modify', by: whole(args[0], 'modify'), why };
    case 'set':
      if (args.length !== 3)
        throw new RulingError('set: expected who, what and the number, as in "!set helmut W 3"');
      return {
        kind: 'set',
        who: args[0] as string,
        what: args[1] as string,
        value: whole(args[2], 'set'),
        why,
      };
    case 'give':
      if (args.length !== 0)
        throw new RulingError('give: expected only a reason, as in "!give | hits the head"');
      return { kind: 'give', why };
    case 'enter':
    case 'leave':
      if (args.length !== 1)
        throw new RulingError(`${verb}: expected one combatant's id, as in "!${verb} orc-4"`);
      return { kind: verb, who: args[0] as string, why };
    default:
      throw new RulingError(`'${verb ?? ''}' is not a ruling (modify, set, give, enter, leave)`);
  }
}

/** A ruling as the log keeps it. */
export function formatRuling(r: Ruling): string {
  const why = r.why ? ` | ${r.why}` : '';
  switch (r.kind) {
    case 'modify':
      return `!modify ${r.by >= 0 ? '+' : ''}${r.by}${why}`;
    case 'set':
      return `!set ${r.who} ${r.what} ${r.value}${why}`;
    case 'give':
      return `!give${why}`;
    case 'enter':
    case 'leave':
      return `!${r.kind} ${r.who}${why}`;
  }
}

/** "(GM: fog)" or "(GM)": how a ruling's reason is shown after what it did. */
export function byTheGm(why: string): string {
  return why ? `(GM's ruling: ${why})` : "(GM's ruling)";
}

/** What a ruleset offers the GM's rulings. */
export interface RulingHooks<State extends FightState> {
  /** The numbers of a combatant the GM may set, with their bounds. */
  numbers(state: State, id: string): readonly SettableNumber[];
  /** A combatant comes into the fight (from the encounter's `enters: true`): put it where it stands. */
  arrive?(state: State, id: string): void;
}

/** A one-off modifier the GM gave to a roll, as the ruleset applies it to what the roll needs. */
export interface RollModifier {
  /** The modifier, added to what the roll needs. */
  readonly by: number;
  /** The GM's reason. */
  readonly why: string;
}

/**
 * The GM's modifier to the roll just made, as a term of the sum it changes ("GM: fog −10"), or
 * none: `[...terms, ...ruledTerms(ctx)]`.
 */
export function ruledTerms(ctx: { modifier(): RollModifier | null }): readonly Term[] {
  const m = ctx.modifier();
  return m === null ? NO_TERMS : [{ label: m.why ? `GM: ${m.why}` : 'GM', value: m.by }];
}

/**
 * The GM's modifier given for the roll about to be asked, as the same term `ruledTerms` gives once
 * it is made: for the roll's label to show what it needs with the ruling in it.
 */
export function ruledAhead(ctx: { modifierAhead(): RollModifier | null }): readonly Term[] {
  const m = ctx.modifierAhead();
  return m === null ? NO_TERMS : [{ label: m.why ? `GM: ${m.why}` : 'GM', value: m.by }];
}

/** "41 − 10 GM: fog = 31": a need with the GM's modifier in it, as the log's sums read; or the need alone. */
export function needWith(need: number, ruled: readonly Term[]): string {
  return ruled.length === 0 ? String(need) : showSum('', need, ruled).trim();
}

const NO_TERMS: readonly Term[] = [];
