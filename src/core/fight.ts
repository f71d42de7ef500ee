import { FightContext, Pending, type Driver } from './context.js';
import type { FightEvent } from './events.js';
import type { Input, Request } from './request.js';
import type { Ruleset, SetupCore } from './ruleset.js';
import { decideOutcome, describeOutcome, type FightState, type Outcome } from './state.js';

export interface RunOptions {
  /** Answers already given, replayed first. */
  readonly inputs?: readonly Input[];
  /** Answers everything after them. */
  readonly driver: Driver;
  /** Collect events with their explanations (off for simulation). */
  readonly explain?: boolean;
  /** Keep the full input log (needed to save, undo or replay). */
  readonly record?: boolean;
  /** Overrides the encounter's round cap. */
  readonly maxRounds?: number;
  /** Hears every request answered and where its answer stands in the log. */
  readonly onAnswer?: (req: Request, index: number, fromLog: boolean) => void;
}

export interface FightResult<State extends FightState> {
  /** The state reached. */
  readonly state: State;
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
 * is left or the cap is reached, so every fight ends.
 */
export function runFight<Setup extends SetupCore, State extends FightState>(
  ruleset: Ruleset<Setup, State>,
  setup: Setup,
  run: RunOptions,
): FightResult<State> {
  const ctx = new FightContext(run.inputs ?? [], run.driver, run.explain ?? false, run.record ?? false);
  ctx.onAnswer = run.onAnswer ?? null;
  const cap = run.maxRounds ?? setup.maxRounds;
  const state = ruleset.create(setup);
  try {
    ruleset.start(state, ctx);
    let outcome = decideOutcome(state);
    while (outcome === null) {
      if (state.round >= cap) {
        outcome = { winner: null, reason: 'round-cap', rounds: state.round };
        break;
      }
      ruleset.round(state, ctx);
      outcome = decideOutcome(state);
    }
    const s = state;
    ctx.emit({ type: 'outcome', round: s.round, text: describeOutcome(s, outcome) });
    return { state, events: ctx.events, log: ctx.log, outcome, pending: null, unused: ctx.unused };
  } catch (e) {
    if (e instanceof Pending) {
      return { state, events: ctx.events, log: ctx.log, outcome: null, pending: e.request, unused: 0 };
    }
    throw e;
  }
}
