import type { OptionSpec, Options } from '../../core/ruleset.js';
import { facts, ours, text } from './cite.js';
import type { Mastery } from './rules.js';

/** What the text leaves out (facts: "Not found: reactions per round, parry size rules, the exact 0 HP procedure"): our readings, each switchable. */
export const OQ_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'reactions',
    values: ['one', 'unlimited'],
    default: 'one',
    summary: 'Reactions (parry or dodge) each round: one, or one against every attack.',
    cite: ours('Reactions per round'),
  },
  {
    name: 'parrySize',
    values: ['any', 'smaller-lets-through'],
    default: 'any',
    summary:
      "Parrying with a smaller weapon: blocks all the same, or a parry stops only as much damage as the parrying weapon's own most.",
    cite: ours('Parrying with a smaller weapon'),
  },
  {
    name: 'mortalWounds',
    values: ['die-unhelped', 'linger'],
    default: 'die-unhelped',
    summary:
      'A mortally wounded character not stabilised or healed by the end of the next round dies; or lies dying out of the fight.',
    cite: text('Healing Wounds'),
  },
  {
    name: 'maxDamageModifier',
    values: ['highest-roll', 'full-penalty'],
    default: 'highest-roll',
    summary:
      "A critical's maximum damage with a negative damage modifier: the modifier's highest roll (−1D4 is −1), or its full size (−1D4 is −4).",
    cite: ours('Maximum damage with a negative damage modifier'),
  },
  {
    name: 'mastery',
    values: ['automatic-critical', 'never-fumbles', 'none'],
    default: 'automatic-critical',
    summary:
      'A skill of 100% or more (a Master): every test a critical; or a success that a double makes a critical, never a fumble; or a test like any other.',
    cite: facts('Skills of 100% or more'),
  },
  {
    name: 'fumbles',
    values: ['lose-action', 'none'],
    default: 'lose-action',
    summary:
      'What a fumble does (the text gives no table): the fumbler loses its next action; or nothing beyond the failure.',
    cite: ours('Fumbles'),
  },
];

export interface OqOptions {
  readonly oneReaction: boolean;
  readonly parrySize: boolean;
  readonly mortalDeath: boolean;
  readonly fumbleLosesAction: boolean;
  /** A critical's maximum damage takes a negative damage modifier at its full size. */
  readonly fullPenalty: boolean;
  readonly mastery: Mastery;
}

export function readOqOptions(o: Options): OqOptions {
  return {
    oneReaction: o.reactions !== 'unlimited',
    parrySize: o.parrySize === 'smaller-lets-through',
    mortalDeath: o.mortalWounds !== 'linger',
    fumbleLosesAction: o.fumbles !== 'none',
    fullPenalty: o.maxDamageModifier === 'full-penalty',
    mastery: o.mastery === 'never-fumbles' ? 'succeeds' : o.mastery === 'none' ? 'none' : 'critical',
  };
}
