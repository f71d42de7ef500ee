// The tracker: what the table needs at a glance, as data every ruleset gives the same shape of
// (the terminal draws it as text, the web app as a panel). A ruleset fills in what it has; a
// field it does not keep is left empty rather than guessed.
import type { OutReason } from './state.js';

/** A number with its most, drawn as a bar: W 5/8, CP 12/20. */
export interface Gauge {
  /** What it counts, short: `W`, `HP`, `CP`. */
  readonly label: string;
  /** What is left now. */
  readonly value: number;
  /** The most it can be. */
  readonly max: number;
}

/** A condition on a combatant and, where the rules count it, the rounds it still holds (this one included). */
export interface Condition {
  /** Its name, in the rules' words ("stunned", "prone"). */
  readonly name: string;
  /** Rounds it still holds, this one included; left out where the rules do not count them. */
  readonly roundsLeft?: number;
}

/** One combatant's line of the tracker. */
export interface TrackerRow {
  /** The combatant's id in the fight. */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** The name of its side. */
  readonly side: string;
  /** The number this round's order goes by (EI 45, skill 60%), when the ruleset orders by one. */
  readonly order: {
    /** What the number is (`EI`, `skill`). */
    readonly label: string;
    /** The number. */
    readonly value: number;
  } | null;
  /** The number that takes it out of the fight first (W, HP, endurance), then the others (CP, LP). */
  readonly gauges: readonly Gauge[];
  /** Why it is out of the fight, or null while it fights on. */
  readonly out: OutReason | null;
  /** What holds on it now. */
  readonly conditions: readonly Condition[];
  /** Won or lost its last exchange of blows, where the rules give that an effect. */
  readonly standing: 'winning' | 'losing' | null;
  /** Names of the enemies it is engaged with. */
  readonly engaged: readonly string[];
  /** Where it stands: a square and facing, or yards from the nearest enemy. */
  readonly place: string | null;
  /** Missile weapons with what is loaded and the ammunition left; other things it carries that matter. */
  readonly gear: readonly string[];
}

/** What the table needs at a glance, the same shape whatever the ruleset: who is where, how hurt, in what order. */
export interface Tracker {
  /** The round under way, from 1. */
  readonly round: number;
  /** How this round's order is kept, in a few words ("by EI, highest first"). */
  readonly orderBy: string;
  /** In this round's order (those out of the fight last). */
  readonly rows: readonly TrackerRow[];
  /** The board drawn as text, on the grid: each model's glyph and facing on its square. */
  readonly board?: readonly string[];
}

/** Rows in order: by the order number where there is one (ties as listed), those out of the fight last. */
export function inOrder(rows: readonly TrackerRow[]): TrackerRow[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        Number(a.r.out !== null) - Number(b.r.out !== null) ||
        (b.r.order?.value ?? 0) - (a.r.order?.value ?? 0) ||
        a.i - b.i,
    )
    .map((x) => x.r);
}
