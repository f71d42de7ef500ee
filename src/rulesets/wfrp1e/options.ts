import type { OptionSpec, Options } from '../../core/ruleset.js';
import { CITES, fact, ours } from './cite.js';

/**
 * The switches the WFRP 1e text offers (or leaves to the GM), each with its default and where it
 * stands. The first five names are a contract with outside checks.
 */
export const WFRP1E_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'criticals',
    values: ['detailed', 'sudden-death'],
    default: 'detailed',
    summary:
      'Critical hits: the detailed chart with per-location effects, or Sudden Death (killed or nothing).',
    cite: CITES.criticals,
  },
  {
    name: 'fumbles',
    values: ['on', 'off'],
    default: 'on',
    summary: 'Critical fumbles on a failed attack roll that shows a double.',
    cite: CITES.fumbles,
  },
  {
    name: 'additionalDamage',
    values: ['on', 'off'],
    default: 'on',
    summary: 'A natural 6 on the damage die allows a WS test for another D6 (and more 6s chain).',
    cite: CITES.additional,
  },
  {
    name: 'effectiveInitiative',
    values: ['off', 'on'],
    default: 'off',
    summary:
      "The optional 'Effective Initiative' modifier: each round a D6 gives one side the edge and a D10 is added to its EI.",
    cite: CITES.eiModifier,
  },
  {
    name: 'weaponModifiers',
    values: ['off', 'on'],
    default: 'off',
    summary: 'The optional weapon modifiers table (I, to hit, damage, parry; spears, halberds, lances).',
    cite: CITES.weaponModifiers,
  },
  {
    name: 'multipleAttacks',
    values: ['spread', 'simplified'],
    default: 'spread',
    summary:
      'Spread: blows fall through the round by EI / A, and winning raises EI. Simplified: blows by basic I only.',
    cite: CITES.simplified,
  },
  {
    name: 'blowSpacing',
    values: ['intervals', 'halving'],
    default: 'intervals',
    summary:
      'Where multiple blows fall: at regular intervals (72, 48, 24) or each at half the last (70, 35, 18).',
    cite: CITES.multipleAttacks,
  },
  {
    name: 'parryTest',
    values: ['below', 'at-most'],
    default: 'below',
    summary: 'A parry succeeds on D100 less than WS (the text), or equal to or less than WS like a hit.',
    cite: CITES.parry,
  },
  {
    name: 'monsterParry',
    values: ['never', 'int-over-30', 'any'],
    default: 'never',
    summary:
      "Combatants on the GM's side (every side but the players', humans too) don't parry; or those with Int over 30 may; or all may. A combatant's own tactics.parry in the file overrides it.",
    cite: CITES.parry,
  },
  {
    name: 'specialistWeapons',
    values: ['on', 'off'],
    default: 'on',
    summary: 'A specialist weapon used without its skill is used at WS 10.',
    cite: CITES.weapons,
  },
  {
    name: 'takeUp',
    values: ['action', 'instant'],
    default: 'action',
    summary:
      'Drawing weapons and taking items up costs EI or rounds; or, as the GM may allow, takes no time.',
    cite: CITES.takeUp,
  },
  {
    name: 'chargeBonus',
    values: ['first-blow', 'round'],
    default: 'first-blow',
    summary:
      "Charging gives +10 to the first blow (§ Actions, § Initiating), or to every blow that round (the modifier table's wording).",
    cite: CITES.charging,
  },
  {
    name: 'missileCriticals',
    values: ['sudden-death', 'detailed'],
    default: 'sudden-death',
    summary: 'Critical hits from missiles: Sudden Death, as the text advises, or the detailed chart.',
    cite: CITES.missileCriticals,
  },
  {
    name: 'reloadStress',
    values: ['off', 'on'],
    default: 'off',
    summary:
      'A Dex test when reloading a firearm with enemies close; failure brings one of the mishaps (ramrod shot included).',
    cite: CITES.reloadTimes,
  },
  {
    name: 'extremeAim',
    values: ['round', 'group-free'],
    default: 'group-free',
    summary:
      'Extreme range costs a round of aiming; group-free waives it when firing into a group, as the GM may.',
    cite: CITES.extremeRange,
  },
  {
    name: 'bracerPenalty',
    values: ['off', 'on'],
    default: 'off',
    summary: 'Plate bracers over sleeved mail, and leggings with a mail coat: each "may cost -10 I".',
    cite: fact('Armour'),
  },
  {
    name: 'fireDamage',
    values: ['body-critical', 'wounds-only'],
    default: 'body-critical',
    summary: 'Burning oil that takes W below 0 gives a critical on the body chart, or only takes W.',
    cite: ours('Burning oil'),
  },
];

export interface W1Options {
  readonly criticals: 'detailed' | 'sudden-death';
  readonly fumbles: boolean;
  readonly additionalDamage: boolean;
  readonly effectiveInitiative: boolean;
  readonly weaponModifiers: boolean;
  readonly multipleAttacks: 'spread' | 'simplified';
  readonly blowSpacing: 'intervals' | 'halving';
  readonly parryTest: 'below' | 'at-most';
  readonly monsterParry: 'never' | 'int-over-30' | 'any';
  readonly specialistWeapons: boolean;
  readonly instantTakeUp: boolean;
  readonly chargeBonus: 'first-blow' | 'round';
  readonly bracerPenalty: boolean;
  readonly fireCriticals: boolean;
  readonly missileCriticals: 'sudden-death' | 'detailed';
  readonly reloadStress: boolean;
  readonly extremeAimForGroups: boolean;
}

/** Turns the validated option strings into typed switches. */
export function readOptions(o: Options): W1Options {
  return {
    criticals: o.criticals as W1Options['criticals'],
    fumbles: o.fumbles === 'on',
    additionalDamage: o.additionalDamage === 'on',
    effectiveInitiative: o.effectiveInitiative === 'on',
    weaponModifiers: o.weaponModifiers === 'on',
    multipleAttacks: o.multipleAttacks as W1Options['multipleAttacks'],
    blowSpacing: o.blowSpacing as W1Options['blowSpacing'],
    parryTest: o.parryTest as W1Options['parryTest'],
    monsterParry: o.monsterParry as W1Options['monsterParry'],
    specialistWeapons: o.specialistWeapons === 'on',
    instantTakeUp: o.takeUp === 'instant',
    chargeBonus: o.chargeBonus as W1Options['chargeBonus'],
    bracerPenalty: o.bracerPenalty === 'on',
    fireCriticals: o.fireDamage === 'body-critical',
    missileCriticals: o.missileCriticals as W1Options['missileCriticals'],
    reloadStress: o.reloadStress === 'on',
    extremeAimForGroups: o.extremeAim === 'round',
  };
}
