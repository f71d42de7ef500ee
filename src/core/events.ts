/** Where a rule stands: a rules text and its section heading, or our own data. */
export interface Cite {
  readonly file: string;
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

export function formatCite(c: Cite): string {
  return `${c.file} § ${c.section}`;
}
