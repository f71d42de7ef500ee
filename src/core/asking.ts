// Who answers a request at the table: the person (the GM, or a player through the GM), or the
// tactics and the dice. The terminal and the web app ask by these same rules, and
// `npm run prompts` counts the questions by them.
import type { DiceSource } from '../dice/sources.js';
import type { FollowingDice, Request } from './request.js';

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
    // The roll they were for names them ("Helmut: damage (D6)" for "damage (D6)"): a like die for another reason is not it.
    if (req.count !== h.count || req.sides !== h.sides || !req.label.includes(h.label)) {
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
