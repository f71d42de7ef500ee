import type { Rng } from '../dice/rng.js';
import { AwaitingEntry, SeededDice, type DiceSource } from '../dice/sources.js';
import type { FightEvent } from './events.js';
import type { FightState } from './state.js';
import { byTheGm, isRuling, parseRuling, RulingError, type RollModifier, type Ruling } from './rulings.js';
import {
  InputError,
  checkInput,
  type AmountRequest,
  type FollowingDice,
  type ChoiceRequest,
  type Input,
  type Request,
  type RollRequest,
} from './request.js';

/** Answers the requests the input log does not: dice, tactics, or a person (by pausing). */
export interface Driver {
  /** The total of the dice asked: `count` to `count × sides`. */
  roll(req: RollRequest): number;
  /** The key of one of the request's choices (or a free answer it allows). */
  choose(req: ChoiceRequest): string;
  /** A whole number from `min` to `max`, in steps of `step`. */
  amount(req: AmountRequest): number;
  /**
   * The generator behind the dice when this driver answers every request as a simulation does
   * (the dice from it, the tactics' pick for a choice), so the engine may roll without building
   * a request: null when a request is to be seen (a person asked, dice from a script).
   */
  direct?(): Rng | null;
}

/** What a context holds between two rounds, as `FightContext.mark` takes it. */
export interface ContextMark {
  /** Inputs answered. */
  readonly at: number;
  /** Events said. */
  readonly events: number;
  /** The GM's modifier waiting for the next roll. */
  readonly pendingModifier: RollModifier | null;
  /** The GM's modifier to the roll just answered, until the ruleset takes it. */
  readonly rolledModifier: RollModifier | null;
  /** The reason of a `!give` ruling waiting for its answer. */
  readonly given: string | null;
}

/** A driver (a tactic) gave an answer its request does not allow: a bug, not bad input. */
export class DriverError extends Error {}

/** Thrown to pause a fight until someone answers `request`; the driver then replays. */
export class Pending extends Error {
  constructor(
    /** The request that waits for an answer. */
    readonly request: Request,
  ) {
    super(`waiting for an answer: ${request.label}`);
  }
}

/** Dice roll, tactics decide: simulations and non-interactive fights. */
export class AutoDriver implements Driver {
  constructor(private readonly dice: DiceSource) {}
  direct(): Rng | null {
    // A subclass that hears or changes the answers (a recorder, an asker) must see every request.
    const own =
      this.roll === AutoDriver.prototype.roll &&
      this.choose === AutoDriver.prototype.choose &&
      this.amount === AutoDriver.prototype.amount;
    return own && this.dice instanceof SeededDice ? this.dice.rng : null;
  }
  roll(req: RollRequest): number {
    return this.dice.roll(req);
  }
  choose(req: ChoiceRequest): string {
    return req.suggested;
  }
  amount(req: AmountRequest): number {
    return req.suggested;
  }
}

/** Pauses at every request `ask` selects; answers the rest like AutoDriver. */
export class AskingDriver extends AutoDriver {
  constructor(
    dice: DiceSource,
    private readonly ask: (req: Request) => boolean,
  ) {
    super(dice);
  }
  override roll(req: RollRequest): number {
    if (this.ask(req)) throw new Pending(req);
    return super.roll(req);
  }
  override choose(req: ChoiceRequest): string {
    if (this.ask(req)) throw new Pending(req);
    return super.choose(req);
  }
  override amount(req: AmountRequest): number {
    if (this.ask(req)) throw new Pending(req);
    return super.amount(req);
  }
}

/**
 * The engine's only way to learn anything: the next input of the log if there is one,
 * else the driver. With `record`, every answer is appended to `log`, so the log of a run
 * replays it exactly.
 */
export class FightContext {
  /** Every answer so far, in order (kept with `record`). */
  readonly log: Input[] = [];
  /** What has happened so far (kept with `explain`). */
  readonly events: FightEvent[] = [];
  private pos = 0;
  /** The driver's generator when it answers as a simulation does and nothing else listens (see `direct`). */
  private readonly rng: Rng | null;

  constructor(
    private readonly inputs: readonly Input[],
    private readonly driver: Driver,
    /** Build event texts. Off in simulation, where nobody reads them. */
    readonly explain: boolean,
    private readonly record: boolean,
    /**
     * Build the requests' labels and choices' words. Off in simulation, where nobody reads them:
     * rulesets write `ctx.words ? `…` : ''` for a label that costs anything to build.
     */
    readonly words = true,
  ) {
    this.rng = driver.direct?.() ?? null;
  }

  /**
   * Whether the next answer comes straight from the driver's generator or the tactics, with no
   * log to read, nobody listening and nothing to record: a simulation's requests need not be built.
   */
  private get direct(): boolean {
    return (
      this.rng !== null &&
      this.pos >= this.inputs.length &&
      this.onAnswer === null &&
      !this.record &&
      this.pendingModifier === null &&
      this.rolledModifier === null &&
      this.given === null
    );
  }

  /** How many inputs have been answered so far. */
  get answered(): number {
    return this.pos;
  }

  /** Called for every request answered, with the answer's place in the log: UIs use it to know who answered what. */
  onAnswer: ((req: Request, index: number, fromLog: boolean) => void) | null = null;

  /** Inputs of the log not used (yet): after a finished fight, more than zero means the log does not fit it. */
  get unused(): number {
    return Math.max(0, this.inputs.length - this.pos);
  }

  /** The fight's state, for the round of the events the context says itself. */
  state: FightState | null = null;
  /** Applies a ruling the core cannot (set, enter, leave): runFight gives the state and ruleset. */
  onRuling: ((r: Ruling) => void) | null = null;
  /** The GM's modifier for the roll being asked, and for the roll just answered until the ruleset takes it. */
  private pendingModifier: RollModifier | null = null;
  private rolledModifier: RollModifier | null = null;
  /** The next answer is the GM's ruling on the result, for this reason. */
  private given: string | null = null;

  /**
   * The GM's one-off modifier to the roll just answered, for the ruleset to add to what the roll
   * needs (and to show in its arithmetic); null if there is none. Taken once.
   */
  modifier(): RollModifier | null {
    const m = this.rolledModifier;
    this.rolledModifier = null;
    return m;
  }

  /**
   * The GM's modifier given for the roll about to be asked (the last `!modify` among the rulings
   * logged before its answer), for the ruleset to show in what the roll needs before it is made;
   * null if there is none. Read, not taken: `modifier()` takes it once the roll is answered.
   */
  modifierAhead(): RollModifier | null {
    let found: RollModifier | null = null;
    for (let i = this.pos; i < this.inputs.length && isRuling(this.inputs[i] as Input); i++) {
      try {
        const r = parseRuling(this.inputs[i] as string);
        if (r.kind === 'modify') found = { by: r.by, why: r.why };
      } catch (e) {
        // A ruling that does not read is refused, with its place, when the roll is asked.
        if (!(e instanceof RulingError)) throw e;
      }
    }
    return found;
  }

  /** Rulings logged before the answer to `req`: each applied, and kept in the log. */
  private rulings(req: Request): void {
    this.unapplied();
    while (this.pos < this.inputs.length && isRuling(this.inputs[this.pos] as Input)) {
      const at = this.pos;
      const text = this.inputs[at] as string;
      try {
        const r = parseRuling(text);
        if (r.kind === 'modify') {
          if (req.kind !== 'roll')
            throw new RulingError('a modifier goes with a roll, and this question is not one');
          this.pendingModifier = r;
          // Said when given, not only when the roll is made: the GM sees the ruling taken at once. The
          // roll's label already shows the need with the modifier in it (modifierAhead).
          this.emit({
            type: 'ruling',
            round: this.state?.round ?? 0,
            text: `The GM's modifier of ${r.by >= 0 ? '+' : '−'}${Math.abs(r.by)} to what the roll needs ${byTheGm(r.why)}: now "${req.label}".`,
            ...(req.actor ? { who: [req.actor] } : {}),
          });
        } else if (r.kind === 'give') this.given = r.why;
        else this.onRuling?.(r);
      } catch (e) {
        if (e instanceof RulingError) throw new InputError(`input ${at + 1}: ${e.message}`, at);
        throw e;
      }
      this.pos++;
      if (this.record) this.log.push(text);
    }
  }

  /** Where the context stands between two rounds: what a checkpoint keeps of it (core/fight.ts). */
  mark(): ContextMark {
    return {
      at: this.pos,
      events: this.events.length,
      pendingModifier: this.pendingModifier,
      rolledModifier: this.rolledModifier,
      given: this.given,
    };
  }

  /**
   * Stands where `mark` was taken in an earlier run of the same inputs, to play on from there: the
   * log and the events before it as that run had them.
   */
  resume(mark: ContextMark, events: readonly FightEvent[]): void {
    this.pos = mark.at;
    if (this.record) for (let i = 0; i < mark.at; i++) this.log.push(this.inputs[i] as Input);
    if (this.explain) for (let i = 0; i < mark.events; i++) this.events.push(events[i] as FightEvent);
    this.pendingModifier = mark.pendingModifier;
    this.rolledModifier = mark.rolledModifier;
    this.given = mark.given;
  }

  /** A modifier the ruleset did not take says so, rather than vanishing. */
  private unapplied(): void {
    const m = this.rolledModifier;
    if (m === null) return;
    this.rolledModifier = null;
    this.emit({
      type: 'ruling',
      round: this.state?.round ?? 0,
      text: `The GM's modifier of ${m.by} ${byTheGm(m.why)} has no number to change on that roll: give the result instead.`,
    });
  }

  private fromLog(req: Request): Input | undefined {
    this.rulings(req);
    if (this.pos >= this.inputs.length) return undefined;
    const input = this.inputs[this.pos] as Input;
    const checked = checkInput(req, input, `input ${this.pos + 1}`, this.pos);
    this.onAnswer?.(req, this.pos, true);
    return checked;
  }

  private fresh<T extends Input>(req: Request, value: T): T {
    this.onAnswer?.(req, this.pos, false);
    return value;
  }

  private take<T extends Input>(value: T, req: Request): T {
    this.pos++;
    if (this.record) this.log.push(value);
    if (this.given !== null) {
      const shown =
        req.kind === 'choice' ? (req.choices.find((c) => c.key === value)?.label ?? value) : value;
      this.emit({
        type: 'ruling',
        round: this.state?.round ?? 0,
        text: `The GM answers "${req.label}": ${String(shown)} ${byTheGm(this.given)}.`,
        // Whose question it was: the players' view keeps what the GM keeps of that combatant.
        ...(req.actor ? { who: [req.actor] } : {}),
      });
      this.given = null;
    }
    return value;
  }

  /** A driver's answer must fit its request too; if it does not, that is a bug in the driver or a tactic. */
  private driven<T extends Input>(req: Request, value: T): T {
    try {
      return checkInput(req, value, 'the driver') as T;
    } catch (e) {
      throw new DriverError((e as Error).message);
    }
  }

  /** Asks for a roll: the log's next input, else the driver's; the total. */
  roll(req: RollRequest): number {
    const logged = this.fromLog(req);
    this.rolledModifier = this.pendingModifier;
    this.pendingModifier = null;
    if (logged !== undefined) return this.take(logged as number, req);
    let value: number;
    try {
      value = this.driver.roll(req);
    } catch (e) {
      if (e instanceof AwaitingEntry) throw new Pending(req);
      throw e;
    }
    return this.take(this.fresh(req, value), req);
  }

  /** One die: `ctx.die(6, 'Helmut: damage', 'helmut')`. */
  die(sides: number, label: string, actor?: string, then?: FollowingDice): number {
    if (this.direct) return this.directRoll(1, sides);
    return this.roll({ kind: 'roll', count: 1, sides, label, actor, ...(then ? { then } : {}) });
  }

  /** `count` dice of `sides` faces, their total: `ctx.dice(2, 6, 'Helmut: damage', 'helmut')`. */
  dice(count: number, sides: number, label: string, actor?: string, then?: FollowingDice): number {
    if (this.direct) return this.directRoll(count, sides);
    return this.roll({ kind: 'roll', count, sides, label, actor, ...(then ? { then } : {}) });
  }

  /** What SeededDice would give for the request, without the request: the same draws in the same order. */
  private directRoll(count: number, sides: number): number {
    const rng = this.rng as Rng;
    let total = 0;
    for (let i = 0; i < count; i++) total += rng.die(sides);
    this.pos++;
    return total;
  }

  /**
   * A choice a simulation answers: the tactics' pick when it is on offer, else the first choice
   * (as `decide` makes it), counted as an answer when there was a question; null when the
   * request must be built (a log to read, a person to ask, a listener).
   */
  chooseDirect(keys: number, pick: string): string | null {
    if (!this.direct) return null;
    if (keys > 1) this.pos++;
    return pick;
  }

  /** Asks for a choice: the log's next input, else the driver's; the key chosen. */
  choose(req: ChoiceRequest): string {
    const logged = this.fromLog(req);
    if (logged !== undefined) return this.take(logged as string, req);
    return this.take(this.fresh(req, this.driven(req, this.driver.choose(req))), req);
  }

  /** Asks for an amount: the log's next input, else the driver's. */
  amount(req: AmountRequest): number {
    const logged = this.fromLog(req);
    if (logged !== undefined) return this.take(logged as number, req);
    return this.take(this.fresh(req, this.driven(req, this.driver.amount(req))), req);
  }

  /** Tells an event (kept only with `explain`: a simulation says nothing). */
  emit(e: FightEvent): void {
    if (this.explain) this.events.push(e);
  }
}
