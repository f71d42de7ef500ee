import type { OptionSpec, Options } from '../../core/ruleset.js';
import { facts, ours, text } from './cite.js';

export const FW_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'firstStrike',
    values: ['5', '4'],
    default: '5',
    summary:
      "A first strike by surplus agility needs this much more than the opponent's: 5 (the text) or 4 (another source).",
    cite: facts('First strike'),
  },
  {
    name: 'defenceEffect',
    values: ['table', 'column-shifts'],
    default: 'table',
    summary:
      "The contradiction the text notes: follow the Parry, Dodge, Disengage Effect table (column shift and damage reduction, the author's reading), or read the table's damage reductions as further column shifts of the attacker's strike.",
    cite: text('Defense'),
  },
  {
    name: 'intoMelee',
    values: ['no', 'random'],
    default: 'no',
    summary:
      'Missiles or magic into a melee: not allowed (the sequence assumes so), or one such attack a melee phase at a participant picked at random.',
    cite: text('Combat round sequence'),
  },
  {
    name: 'morale',
    values: ['on', 'off'],
    default: 'on',
    summary:
      'Morale checks as the text gives them, or none (a designer switch for comparing the bare combat).',
    cite: ours('When morale is checked'),
  },
  {
    name: 'lowIntelligenceMorale',
    values: ['+1', '0', '-1'],
    default: '+1',
    summary:
      'The daily Morale Factor entry "Intelligence 8−" has no number in the text: +1 (ours), none, or −1.',
    cite: text('Morale'),
  },
  {
    name: 'exhaustion',
    values: ['endurance', 'off'],
    default: 'endurance',
    summary:
      'When a fighter becomes exhausted (the text names it but not when): after as many melee phases as its Endurance (ours), or never.',
    cite: ours('Exhaustion'),
  },
];

export interface FwOptions {
  readonly firstStrikeAgility: number;
  /** The author's reading (true) or the column-shift reading of the defence effects. */
  readonly defenceTable: boolean;
  readonly intoMelee: boolean;
  readonly morale: boolean;
  readonly lowIntelligenceMorale: number;
  readonly exhaustion: boolean;
}

export function readFwOptions(o: Options): FwOptions {
  return {
    firstStrikeAgility: o.firstStrike === '4' ? 4 : 5,
    defenceTable: o.defenceEffect !== 'column-shifts',
    intoMelee: o.intoMelee === 'random',
    morale: o.morale !== 'off',
    lowIntelligenceMorale: o.lowIntelligenceMorale === undefined ? 1 : Number(o.lowIntelligenceMorale),
    exhaustion: o.exhaustion !== 'off',
  };
}
