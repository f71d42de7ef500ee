// Who answers a request at the table: the person (the GM, or a player through the GM), or the
// tactics and the dice. The terminal and the web app ask by these same rules, and
// `npm run prompts` counts the questions by them.
import type { DiceRequest } from '../dice/sources.js';
import type { Request } from './request.js';

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
  if (req.kind === 'choice' && req.routine)
    return policy.askRoutine === 'all' || policy.askRoutine.has(req.actor);
  return true;
}

/**
 * Dice a person rolled together with an earlier roll ("37 4": to hit and damage at once), kept for
 * the roll they belong to: the roller's next roll, if it is those dice. Any other roll of theirs
 * comes first when the blow went another way (a miss rolls no damage), and the kept dice go.
 */
export class HeldDice {
  private held: { actor: string; count: number; sides: number; value: number } | null = null;

  hold(actor: string | undefined, then: DiceRequest, value: number): void {
    this.held = actor === undefined ? null : { actor, count: then.count, sides: then.sides, value };
  }

  /** The kept value for this roll, if it is the one it was kept for; otherwise null. */
  take(req: Request): number | null {
    const h = this.held;
    if (h === null || req.kind !== 'roll' || req.actor !== h.actor) return null;
    this.held = null;
    return req.count === h.count && req.sides === h.sides ? h.value : null;
  }

  clear(): void {
    this.held = null;
  }
}
