// Who answers a request at the table: the person (the GM, or a player through the GM), or the
// tactics and the dice. The terminal and the web app ask by these same rules, and
// `npm run prompts` counts the questions by them.
import { Rng } from '../dice/rng.js';
import { SeededDice, type DiceSource } from '../dice/sources.js';
import { AskingDriver } from './context.js';
import { runFight } from './fight.js';
import { isRollFor, type FollowingDice, type Input, type Request } from './request.js';
import type { Ruleset, SetupCore } from './ruleset.js';
import type { FightState } from './state.js';

export interface AskingPolicy {
  /** Sides left to the tactics and the dice (`--auto SIDE`). */
  readonly autoSides: ReadonlySet<number>;
  /**
   * Whose dice Fray rolls without asking: nobody's (every roll is typed or rolled on Enter), the
   * GM's side (the default: players roll their own, Fray rolls the monsters'), or everyone's.
   */
  readonly roll: 'none' | 'gm' | 'all';
  /** Combatants (ids) whose routine decisions are asked too, or all of them. */
  readonly askRoutine: ReadonlySet<string> | 'all';
}

export const DEFAULT_POLICY: AskingPolicy = { autoSides: new Set(), roll: 'gm', askRoutine: new Set() };

/** What the policy needs to know of the fight: each combatant's side, and which sides the players play. */
export interface Table {
  readonly sideOf: (id: string) => number | undefined;
  readonly players: (side: number) => boolean;
}

/** Whether a person answers this request (else the tactics' suggestion or the dice do). */
export function asksPerson(req: Request, table: Table | null, policy: AskingPolicy): boolean {
  if (req.actor === undefined || table === null) return true;
  const side = table.sideOf(req.actor);
  if (side === undefined) return true;
  if (policy.autoSides.has(side)) return false;
  if (req.kind === 'roll') {
    if (policy.roll === 'all') return false;
    if (policy.roll === 'gm' && !table.players(side)) return false;
    return true;
  }
  if (req.routine) return policy.askRoutine === 'all' || policy.askRoutine.has(req.actor);
  return true;
}

/**
 * Dice a person rolled together with an earlier roll ("37 4": to hit and damage at once), kept for
 * the rolls they belong to: the roller's next rolls, if they are those dice. Any other roll of
 * theirs comes first when the blow went another way (a miss rolls no damage), and the kept dice go.
 */
export class HeldDice {
  private held: { actor: string; count: number; sides: number; label: string; values: number[] } | null =
    null;

  /** `values`: the total of `then`'s dice, or with `then.each` each die. */
  hold(actor: string | undefined, then: FollowingDice, values: readonly number[]): void {
    this.held =
      actor === undefined || values.length === 0
        ? null
        : {
            actor,
            count: then.each ? 1 : then.count,
            sides: then.sides,
            label: then.label,
            values: [...values],
          };
  }

  /** The kept value for this roll, if it is one they were kept for; otherwise null (and the rest go). */
  take(req: Request): number | null {
    const h = this.held;
    // Others' rolls and anyone's decisions may come between (the parry before the damage).
    if (h === null || req.kind !== 'roll' || req.actor !== h.actor) return null;
    if (!isRollFor({ count: h.count, sides: h.sides, label: h.label }, h.actor, req)) {
      this.held = null;
      return null;
    }
    const v = h.values.shift() as number;
    if (h.values.length === 0) this.held = null;
    return v;
  }

  clear(): void {
    this.held = null;
  }
}

/** Rolls the dice that go with a roll: `then`'s total, or each die with `each`. */
export function rollFollowing(then: FollowingDice, dice: DiceSource): number[] {
  if (!then.each) return [dice.roll(then)];
  return Array.from({ length: then.count }, () =>
    dice.roll({ count: 1, sides: then.sides, label: then.label }),
  );
}

/** Questions put to the person in each round (round 0: before the first), and the rounds fought. */
export interface QuestionCount {
  readonly perRound: ReadonlyMap<number, number>;
  readonly rounds: number;
  /** Questions a round, on average over the rounds fought. */
  readonly mean: number;
}

/**
 * Plays a fight at the table as a person who always takes the suggestion and rolls the dice when
 * asked (typing the dice that go with a roll at once), and counts the questions asked by `policy`:
 * what `npm run prompts` reports and what the tests hold the table to. `everything`: count every
 * request a person could answer (every request not left to a side of `autoSides`), as the terminal
 * asked before these rules.
 */
export function countQuestions<Setup extends SetupCore, State extends FightState>(
  ruleset: Ruleset<Setup, State>,
  setup: Setup,
  policy: AskingPolicy,
  seed: number,
  everything = false,
): QuestionCount {
  const dice = new SeededDice(Rng.seeded(seed));
  const held = new HeldDice();
  let table = tableOf(ruleset.create(setup));
  const asks = (req: Request): boolean => {
    if (!everything) return asksPerson(req, table, policy);
    const side = req.actor === undefined ? undefined : table.sideOf(req.actor);
    return side === undefined || !policy.autoSides.has(side);
  };
  const perRound = new Map<number, number>();
  let inputs: Input[] = [];
  // Each question adds an answer; no fight of the examples comes near this many.
  for (let guard = 0; guard < 100_000; guard++) {
    const r = runFight(ruleset, setup, { inputs, driver: new AskingDriver(dice, asks), record: true });
    table = tableOf(r.state);
    inputs = [...r.log];
    const q = r.pending;
    if (q === null) {
      const rounds = r.outcome?.rounds ?? r.state.round;
      let n = 0;
      for (const v of perRound.values()) n += v;
      return { perRound, rounds, mean: n / Math.max(1, rounds) };
    }
    const kept = everything ? null : held.take(q);
    if (kept !== null) {
      inputs.push(kept);
      continue;
    }
    perRound.set(r.state.round, (perRound.get(r.state.round) ?? 0) + 1);
    if (q.kind === 'roll') {
      inputs.push(dice.roll(q));
      if (q.then && !everything) held.hold(q.actor, q.then, rollFollowing(q.then, dice));
    } else inputs.push(q.suggested);
  }
  throw new Error('countQuestions: the fight did not end');
}

/** The asking rules' view of a fight: each combatant's side, and which sides the players play. */
export function tableOf(st: FightState): Table {
  const sideById = new Map(st.combatants.map((c) => [c.id, c.side]));
  return { sideOf: (id) => sideById.get(id), players: (s) => st.sides[s]?.players === true };
}
