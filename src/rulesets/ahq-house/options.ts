import type { OptionSpec, Options } from '../../core/ruleset.js';
import type { NeedReading } from './rules.js';
import { facts, ours } from './cite.js';

export const AHQ_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'board',
    values: ['plain', 'zones', 'off'],
    default: 'plain',
    summary:
      "Draw the board after each side's turn in the log: plain, with every active death zone marked *, or not at all.",
    cite: ours('Seeing the board'),
  },
  {
    name: 'toHit',
    values: ['cards', 'ours'],
    default: 'cards',
    summary:
      "The D12 needed in close combat as the monster cards print it: 7 + DS − WS, 2 to 10, and a card's own row where it departs (cards); or 7 + DS − WS up to 12 for everyone (ours, the older reading of one worked example).",
    cite: facts('To hit'),
  },
  {
    name: 'criticalWound',
    values: ['extra-die', 'none'],
    default: 'extra-die',
    summary:
      'A damage die showing 12 (a critical wound) rolls one more damage die (ours), or counts as one wound like any other.',
    cite: ours('Critical wounds'),
  },
];

export interface AhqOptions {
  readonly board: 'plain' | 'zones' | 'off';
  readonly criticalExtraDie: boolean;
  /** The close-combat need as the cards print it (the default), or ours up to 12. */
  readonly toHit: NeedReading;
}

export function readAhqOptions(o: Options): AhqOptions {
  return {
    board: (o.board as AhqOptions['board'] | undefined) ?? 'plain',
    criticalExtraDie: o.criticalWound !== 'none',
    toHit: o.toHit === 'ours' ? { limit: 12, cardRows: false } : { limit: 10, cardRows: true },
  };
}
