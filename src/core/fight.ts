import { FightContext, Pending, type ContextMark, type Driver } from './context.js';
import type { FightEvent } from './events.js';
import type { Input, Request } from './request.js';
import type { Ruleset, SetupCore } from './ruleset.js';
import { byTheGm, RulingError, type Ruling } from './rulings.js';
import { copyState, reachable } from './snapshot.js';
import { decideOutcome, describeOutcome, type FightState, type Outcome } from './state.js';

/** How runFight plays: the inputs to replay first, the driver that answers the rest, what to keep. */
export interface RunOptions {
  /** Answers already given, replayed first. */
  readonly inputs?: readonly Input[];
  /** Answers everything after them. */
  readonly driver: Driver;
  /** Collect events with their explanations (off for simulation). */
  readonly explain?: boolean;
  /** Build the requests' words (labels, choices' texts): off in simulation, where nobody reads them. */
  readonly words?: boolean;
  /** Keep the full input log (needed to save, undo or replay). */
  readonly record?: boolean;
  /** Overrides the encounter's round cap. */
  readonly maxRounds?: number;
  /**
   * A state an earlier fight of this same setup ended in, to start again in place (the ruleset's
   * `renew`) rather than build a new one; the result's state is that object. A simulation's, which
   * reads each result before the next run.
   */
  readonly reuse?: FightState;
  /** Hears every request answered and where its answer stands in the log. */
  readonly onAnswer?: (req: Request, index: number, fromLog: boolean) => void;
  /**
   * Hears the fight as each round is about to begin (after `start`, then after every round): a
   * copy of it to play on from later (`from`) rather than replay the rounds before.
   */
  readonly checkpoint?: (cp: Checkpoint) => void;
  /**
   * Plays on from a checkpoint a run of this same setup heard, whose inputs up to it are these
   * inputs' first ones, with the events that run had said: the rounds before are not played again.
   */
  readonly from?: {
    /** The checkpoint, as `checkpoint` heard it. */
    readonly checkpoint: Checkpoint;
    /** The events that run had said by then. */
    readonly events: readonly FightEvent[];
  };
}

/** A fight as a round was about to begin: its state (a copy nothing plays on) and where its context stood. */
export interface Checkpoint {
  /** The fight's state then, a copy of its own. */
  readonly state: FightState;
  /** How far the inputs and events had gone. */
  readonly mark: ContextMark;
}

/** What every copy of a setup's states shares, found once per setup. */
const SHARED = new WeakMap<object, WeakSet<object>>();
function sharedOf(setup: object): WeakSet<object> {
  let shared = SHARED.get(setup);
  if (!shared) SHARED.set(setup, (shared = reachable(setup)));
  return shared;
}

/** What a fight came to: its state, its events, its input log, its outcome or the request it waits on. */
export interface FightResult<State extends FightState = FightState> {
  /** The state reached. */
  readonly state: State;
  /** What happened, in order, each with its words (empty unless `explain`). */
  readonly events: readonly FightEvent[];
  /** Every answer so far, replayable. */
  readonly log: readonly Input[];
  /** Set when the fight ended. */
  readonly outcome: Outcome | null;
  /** Set when the fight waits for an answer to this request. */
  readonly pending: Request | null;
  /** Inputs left over when the fight ended: the log belongs to another fight, or one cut shorter. */
  readonly unused: number;
}

/**
 * Runs (or replays) a fight: state = f(encounter, options, inputs). Rounds go on until one side
 * is left or the cap is reached, so every fight ends. The inputs are replayed first; the driver
 * answers every request after them, or pauses the fight (the result's `pending`) by throwing
 * Pending, as AskingDriver does for the requests it is told to ask.
 *
 * @param ruleset - The encounter's ruleset (an encounter's `loaded.ruleset`, or one of RULESETS).
 * @param setup - The checked encounter the ruleset built (an encounter's `loaded.setup`).
 * @param run - The inputs, the driver, and what to keep (RunOptions).
 *
 * @example
 * ```ts
 * import { AskingDriver, AutoDriver, loadEncounterFile, PersonDice, runFight, SeededDice, Streams } from 'fray';
 *
 * const demo = loadEncounterFile(new URL(import.meta.resolve('fray/data/wfrp1e/encounters/demo.yaml')));
 * const { ruleset, setup } = demo.loaded;
 *
 * // Seeded dice and the tactics answer everything: the fight `fight(demo, { seed: 7 })` plays.
 * const dice = new SeededDice(new Streams(7).stream(0));
 * console.log(runFight(ruleset, setup, { driver: new AutoDriver(dice) }).outcome);
 *
 * // A person rolls: the fight pauses at each roll, and is played again from its log (the
 * // tactics' choices and the rolls so far) with the roll given: here each die's middle face.
 * const asking = new AskingDriver(new PersonDice(), (req) => req.kind === 'roll');
 * let r = runFight(ruleset, setup, { driver: asking, record: true });
 * while (r.pending?.kind === 'roll') {
 *   const roll = r.pending.count * Math.ceil(r.pending.sides / 2);
 *   r = runFight(ruleset, setup, { driver: asking, inputs: [...r.log, roll], record: true });
 * }
 * console.log(r.outcome, r.log.length);
 * ```
 */
export function runFight<Setup extends SetupCore, State extends FightState>(
  ruleset: Ruleset<Setup, State>,
  setup: Setup,
  run: RunOptions,
): FightResult<State> {
  const ctx = new FightContext(
    run.inputs ?? [],
    run.driver,
    run.explain ?? false,
    run.record ?? false,
    run.words ?? true,
  );
  ctx.onAnswer = run.onAnswer ?? null;
  const cap = run.maxRounds ?? setup.maxRounds;
  const from = run.from;
  const shared = from || run.checkpoint ? sharedOf(setup) : null;
  const state = from
    ? (copyState(from.checkpoint.state, shared as WeakSet<object>) as State)
    : run.reuse && ruleset.renew
      ? renewed(ruleset, setup, run.reuse as State)
      : ruleset.create(setup);
  ctx.state = state;
  ctx.onRuling = (r) => applyRuling(ruleset, state, r, ctx);
  if (from) ctx.resume(from.checkpoint.mark, from.events);
  // Who enters later (`enters: true`) is not in the fight until the GM brings it in.
  else
    for (const id of setup.entersLater ?? []) {
      const c = state.combatants.find((x) => x.id === id);
      if (c) c.out = 'absent';
    }
  try {
    if (!from) ruleset.start(state, ctx);
    let outcome = decideOutcome(state);
    while (outcome === null) {
      if (state.round >= cap) {
        outcome = { winner: null, reason: 'round-cap', rounds: state.round };
        break;
      }
      run.checkpoint?.({ state: copyState(state, shared as WeakSet<object>), mark: ctx.mark() });
      ruleset.round(state, ctx);
      outcome = decideOutcome(state);
    }
    const s = state;
    // Words only for a reader: emit keeps nothing without one.
    if (ctx.explain) ctx.emit({ type: 'outcome', round: s.round, text: describeOutcome(s, outcome) });
    return { state, events: ctx.events, log: ctx.log, outcome, pending: null, unused: ctx.unused };
  } catch (e) {
    if (e instanceof Pending) {
      return { state, events: ctx.events, log: ctx.log, outcome: null, pending: e.request, unused: 0 };
    }
    throw e;
  }
}

function renewed<Setup extends SetupCore, State extends FightState>(
  ruleset: Ruleset<Setup, State>,
  setup: Setup,
  state: State,
): State {
  ruleset.renew?.(state, setup);
  return state;
}

/** Applies the GM's rulings on the fight's numbers and who is in it; throws RulingError with the reason. */
export function applyRuling<State extends FightState>(
  ruleset: Ruleset<SetupCore, State>,
  state: State,
  r: Ruling,
  ctx: FightContext,
): void {
  if (r.kind !== 'set' && r.kind !== 'enter' && r.kind !== 'leave') return;
  const c = state.combatants.find((x) => x.id === r.who);
  if (!c)
    throw new RulingError(`nobody with the id '${r.who}' (${state.combatants.map((x) => x.id).join(', ')})`);
  const say = (text: string) => ctx.emit({ type: 'ruling', round: state.round, text, who: [c.id] });
  if (r.kind === 'enter') {
    if (c.out !== 'absent') throw new RulingError(`${c.name} is already in the fight, or has been`);
    c.out = null;
    ruleset.rulings?.arrive?.(state, c.id);
    return say(`${c.name} enters the fight ${byTheGm(r.why)}.`);
  }
  if (r.kind === 'leave') {
    if (c.out !== null) throw new RulingError(`${c.name} is not in the fight`);
    c.out = 'left';
    return say(`${c.name} leaves the fight ${byTheGm(r.why)}.`);
  }
  const numbers = ruleset.rulings?.numbers(state, c.id) ?? [];
  const n = numbers.find((x) => x.name.toLowerCase() === r.what.toLowerCase());
  if (!n)
    throw new RulingError(
      `${c.name} has no number '${r.what}' to set (${numbers.map((x) => x.name).join(', ') || 'none'})`,
    );
  if (r.value < n.min || r.value > n.max)
    throw new RulingError(`${c.name}'s ${n.name}: expected ${n.min}..${n.max}, got ${r.value}`);
  const was = n.value;
  n.set(r.value);
  say(`${c.name}'s ${n.name}: ${was} → ${r.value} ${byTheGm(r.why)}.`);
}
