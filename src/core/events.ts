/**
 * Where a rule stands, named so that a reader can look it up: the source (a rulebook by the short
 * title docs/sources.md lists it under, or a file Fray ships: a docs page, a data table) and a
 * section of it (a heading as the source spells it, a rule number, a table's entry).
 */
export interface Cite {
  /** The rulebook's short title (docs/sources.md), or the file Fray ships. */
  readonly source: string;
  /** Where in it: a heading as the source spells it, a rule number, a table's entry. */
  readonly section: string;
}

/**
 * Something the engine decided, with its arithmetic in `text`. Rulesets extend this with
 * typed fields; `type` names the kind of event.
 */
export interface FightEvent {
  /** The kind of event: `attack`, `damage`, `outcome`, … (each ruleset names its own). */
  readonly type: string;
  /** The round it happened in, from 1 (0 before the first). */
  readonly round: number;
  /** What happened, in words with its arithmetic, as `fray fight` prints it. */
  readonly text: string;
  /** The rule it follows. */
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
