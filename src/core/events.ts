/**
 * Where a rule stands, named so that a reader can look it up: the source (a rulebook by the short
 * title docs/sources.md lists it under, or a file Fray ships: a docs page, a data table) and a
 * section of it (a heading as the source spells it, a rule number, a table's entry).
 */
export interface Cite {
  readonly source: string;
  readonly section: string;
}

/**
 * Something the engine decided, with its arithmetic in `text`. Rulesets extend this with
 * typed fields; `type` names the kind of event.
 */
export interface FightEvent {
  readonly type: string;
  readonly round: number;
  readonly text: string;
  readonly cite?: Cite;
  /** Combatant ids involved, first the one acting. */
  readonly who?: readonly string[];
  /** The numbers behind the text, for programs (the roll, what was needed, …). */
  readonly detail?: Readonly<Record<string, string | number | boolean | null | readonly (string | number)[]>>;
}

/** Cites sections of one source: each ruleset's cite.ts names its sources with this. */
export function citing(source: string): (section: string) => Cite {
  return (section) => ({ source, section });
}

/** A citation as the log prints it: `source § section`. */
export function formatCite(c: Cite): string {
  return `${c.source} § ${c.section}`;
}

/** A citation for JSON: its parts for programs, and the printed form. */
export function citeRecord(c: Cite): { source: string; section: string; text: string } {
  return { source: c.source, section: c.section, text: formatCite(c) };
}
