/** Why a combatant no longer takes part: `left` the fight by the GM's ruling, or `absent`: not come into it yet. */
export type OutReason = 'dead' | 'dying' | 'unconscious' | 'helpless' | 'fled' | 'left' | 'absent';

/** A side of a fight, as every ruleset's state has it. */
export interface SideCore {
  /** Its name, as the encounter gives it. */
  readonly name: string;
  /** The players' side: some rules favour or ask "the PCs" (WFRP's Effective Initiative edge). */
  readonly players: boolean;
}

/** A combatant, as every ruleset's state has it: its id, name, side and whether (and why) it is out. */
export interface CombatantCore {
  /** Unique in the fight; what requests' `actor` and events' `who` name. */
  readonly id: string;
  /** Its name as the fight tells it. */
  readonly name: string;
  /** The index of its side in the encounter's `sides`, from 0. */
  readonly side: number;
  /** Why it no longer takes part, or null while it does. */
  out: OutReason | null;
  /** The ruleset's per-fighter counts (blows, wounds dealt…), which a simulation averages. */
  readonly stats?: object;
}

/** What every ruleset counts for each combatant in a fight; a ruleset adds its own counts after these. */
export interface CombatStats {
  blows: number;
  hits: number;
  woundsDealt: number;
  woundsTaken: number;
  criticalsDealt: number;
  criticalsTaken: number;
}

/** The counts at the fight's start, in the order reports print them. */
export function newCombatStats(): CombatStats {
  return { blows: 0, hits: 0, woundsDealt: 0, woundsTaken: 0, criticalsDealt: 0, criticalsTaken: 0 };
}

/** How a fight ended: the winning side (null for a draw), why, and after how many rounds. */
export interface Outcome {
  /** Index of the winning side, or null for a draw. */
  readonly winner: number | null;
  /** victory: one side still stands; all-out: nobody does; round-cap: the cap ended it. */
  readonly reason: 'victory' | 'all-out' | 'round-cap';
  /** How many rounds the fight lasted. */
  readonly rounds: number;
}

/** The part of every ruleset's fight state the core reads. */
export interface FightState {
  /** The round under way, from 1 (0 before the first). */
  round: number;
  /** The sides, in the encounter's order. */
  readonly sides: readonly SideCore[];
  /** Everyone in the fight, whatever their side. */
  readonly combatants: readonly CombatantCore[];
}

/**
 * Empties a list kept in the state, in place, keeping the room it had: V8 frees an array's
 * storage when its length is set to 0, and the next push makes it again (about 150 bytes each
 * time), where taking the items off one by one keeps it. A long list is let go at once.
 */
export function emptyList(list: unknown[]): void {
  if (list.length > 64) list.length = 0;
  else while (list.length > 0) list.pop();
}

/** Takes the item at `i` out of a list kept in the state, in place (splice makes a list of what it took). */
export function removeAt(list: unknown[], i: number): void {
  for (let k = i + 1; k < list.length; k++) list[k - 1] = list[k];
  list.pop();
}

export function isActive(c: CombatantCore): boolean {
  return c.out === null;
}

/** A side wins when every other side is out; nobody standing is a draw. */
export function decideOutcome(st: FightState): Outcome | null {
  let standing = -1;
  let count = 0;
  const fighters = st.combatants;
  for (let s = 0; s < st.sides.length; s++) {
    let k = 0;
    while (k < fighters.length && !((fighters[k] as CombatantCore).side === s && fighters[k]?.out === null))
      k++;
    if (k < fighters.length) {
      count++;
      standing = s;
    }
  }
  if (count > 1) return null;
  if (count === 1) return { winner: standing, reason: 'victory', rounds: st.round };
  return { winner: null, reason: 'all-out', rounds: st.round };
}

export function describeOutcome(st: FightState, o: Outcome): string {
  if (o.winner !== null) {
    const side = st.sides[o.winner];
    return `victory for ${side ? side.name : `side ${o.winner}`} after ${o.rounds} round${o.rounds === 1 ? '' : 's'}`;
  }
  if (o.reason === 'round-cap') return `draw: the round cap of ${o.rounds} was reached`;
  return `draw: nobody is left standing after ${o.rounds} round${o.rounds === 1 ? '' : 's'}`;
}
