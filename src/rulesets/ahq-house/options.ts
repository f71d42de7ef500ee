import type { OptionSpec, Options } from '../../core/ruleset.js';
import { ours } from './cite.js';

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
}

export function readAhqOptions(o: Options): AhqOptions {
  return {
    board: (o.board as AhqOptions['board'] | undefined) ?? 'plain',
    criticalExtraDie: o.criticalWound !== 'none',
  };
}
