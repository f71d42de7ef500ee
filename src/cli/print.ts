import { formatCite, type FightEvent } from '../core/events.js';

export interface Style {
  readonly color: boolean;
  /** Show each rule's citation after its line. */
  readonly cites: boolean;
}

const dim = (s: string, on: boolean) => (on ? `\u001b[2m${s}\u001b[22m` : s);
const bold = (s: string, on: boolean) => (on ? `\u001b[1m${s}\u001b[22m` : s);

/** One event as a line (or two) of the explained log. */
export function formatEvent(e: FightEvent, style: Style): string {
  if (e.type === 'round') return `\n${bold(`── ${e.text.replace(/\.$/, '')} ──`, style.color)}`;
  if (e.type === 'outcome') return `\n${bold(`Result: ${e.text}.`, style.color)}`;
  const cite = style.cites && e.cite ? `  ${dim(`[${formatCite(e.cite)}]`, style.color)}` : '';
  return `  ${e.text}${cite}`;
}
