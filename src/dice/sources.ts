import { formatDice } from './notation.js';
import type { Rng } from './rng.js';

/** What the engine asks of a dice source: the total of `count` dice with `sides` faces. */
export interface DiceRequest {
  /** How many dice, 1 or more: the answer is their total. */
  readonly count: number;
  /** Faces on each die: 6 for a D6, 100 for percentile dice (1 to 100). */
  readonly sides: number;
  /** Who rolls and why, for people and error messages: "Helmut: to hit (need 45)". */
  readonly label: string;
}

/** Where rolls come from: a seeded generator, a script, a person. */
export interface DiceSource {
  /** The total shown by the dice (without any modifier). */
  roll(req: DiceRequest): number;
}

export function describeDice(req: DiceRequest): string {
  return formatDice({ count: req.count, sides: req.sides, plus: 0 });
}

export class ImpossibleRollError extends Error {}

/** Scripted dice ran out before the fight ended: it names the roll asked for. */
export class ScriptExhaustedError extends Error {
  constructor(
    /** The roll the script had no entry left for. */
    readonly request: DiceRequest,
    /** How many entries it had, all used. */
    readonly used: number,
  ) {
    super(`the dice script ran out after ${used} rolls, at: ${describeDice(request)} for ${request.label}`);
  }
}

/** A person is to roll: the engine stops here and the driver asks (see core/replay). */
export class AwaitingEntry extends Error {
  constructor(readonly request: DiceRequest) {
    super(`waiting for a roll: ${describeDice(request)} for ${request.label}`);
  }
}

/** Rejects a total the dice cannot show. */
export function checkRoll(req: DiceRequest, value: number): number {
  const lo = req.count;
  const hi = req.count * req.sides;
  if (!Number.isInteger(value) || value < lo || value > hi) {
    throw new ImpossibleRollError(
      `${String(value)} is impossible on ${describeDice(req)} (expected ${lo}..${hi}) for ${req.label}`,
    );
  }
  return value;
}

/**
 * Reads what a person typed (or a script token) for a roll. Accepts the table's ways of
 * writing a result: "00" or "0" for 100 on a D100, "0" for 10 on a D10, and for several dice
 * either the total ("7") or each die ("3 4", "3+4").
 */
export function readRollEntry(req: DiceRequest, text: string): number {
  const t = text.trim();
  const parts = t.split(/[\s+,]+/).filter((p) => p !== '');
  if (parts.length === 0) throw new ImpossibleRollError(`no number given for ${req.label}`);
  const values = parts.map((p) => {
    if (!/^\d+$/.test(p)) {
      throw new ImpossibleRollError(`'${p}' is not a number (${describeDice(req)} for ${req.label})`);
    }
    return readOneDie(req.sides, p);
  });
  if (values.length === 1) {
    // "0"/"00" read as the die's top face only when one die is asked for; a total of 0 stays impossible.
    const only = values[0] as number;
    return checkRoll(req, req.count === 1 ? only : Number(parts[0]));
  }
  if (values.length !== req.count) {
    throw new ImpossibleRollError(
      `${values.length} dice given, ${req.count} asked (${describeDice(req)} for ${req.label})`,
    );
  }
  for (const v of values) checkRoll({ count: 1, sides: req.sides, label: req.label }, v);
  return values.reduce((a, b) => a + b, 0);
}

function readOneDie(sides: number, digits: string): number {
  const n = Number(digits);
  if (n === 0 && (sides === 10 || sides === 100)) return sides;
  return n;
}

/** Dice from a seeded generator. */
export class SeededDice implements DiceSource {
  constructor(
    /** The generator the dice come from; each roll moves it on. */
    readonly rng: Rng,
  ) {}

  roll(req: DiceRequest): number {
    let total = 0;
    for (let i = 0; i < req.count; i++) total += this.rng.die(req.sides);
    return total;
  }
}

/** Dice from a list, in order: golden tests, `fray fight --dice`. */
export class ScriptedDice implements DiceSource {
  private used = 0;

  constructor(private readonly script: readonly (number | string)[]) {}

  roll(req: DiceRequest): number {
    if (this.used >= this.script.length) throw new ScriptExhaustedError(req, this.used);
    const token = this.script[this.used] as number | string;
    this.used++;
    try {
      return typeof token === 'number' ? checkRoll(req, token) : readRollEntry(req, token);
    } catch (e) {
      if (e instanceof ImpossibleRollError) {
        throw new ImpossibleRollError(`dice script entry ${this.used} (${String(token)}): ${e.message}`);
      }
      throw e;
    }
  }

  /** Entries not yet rolled: a script that fits its fight leaves none. */
  get remaining(): number {
    return this.script.length - this.used;
  }
}

/** Dice a person rolls by hand: the engine pauses at each roll until the driver supplies it. */
export class PersonDice implements DiceSource {
  roll(req: DiceRequest): number {
    throw new AwaitingEntry(req);
  }
}

/** Splits a `--dice` list ("27,4, 00 6") into tokens; each is checked when its roll comes. */
export function parseDiceScript(text: string): string[] {
  const tokens = text.split(/[\s,]+/).filter((t) => t !== '');
  for (const t of tokens) {
    if (!/^\d+$/.test(t)) throw new ImpossibleRollError(`dice script: '${t}' is not a whole number`);
  }
  return tokens;
}
