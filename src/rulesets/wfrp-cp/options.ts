import { defaultOptions, type OptionSpec, type Options } from '../../core/ruleset.js';
import { WFRP1E_OPTIONS, readOptions, type W1Options } from '../wfrp1e/options.js';
import { oursCp, rule, section } from './cite.js';

function baseOption(name: string, cite: OptionSpec['cite']): OptionSpec {
  const spec = WFRP1E_OPTIONS.find((o) => o.name === name);
  if (!spec) throw new Error(`WFRP 1e has no option ${name}`);
  return { ...spec, cite };
}

/** The switches of the Combat Points rules: what the text offers, and our readings where it is silent. */
export const CP_OPTIONS: readonly OptionSpec[] = [
  // The base's switches the variant keeps, cited where the variant states them.
  baseOption('criticals', rule(10)),
  baseOption('fumbles', rule(7)),
  baseOption('additionalDamage', rule(33)),
  {
    name: 'chargeBonus',
    values: ['on', 'off'],
    default: 'on',
    summary: 'Chargers get +10 CP (not above WS + ability a blow) and +10 priority in the round they charge.',
    cite: section('Combat Example #1'),
  },
  {
    name: 'mountedBonus',
    values: ['on', 'off'],
    default: 'on',
    summary: 'A mounted fighter gets +10 CP.',
    cite: section('Combat Example #2'),
  },
  {
    name: 'dodges',
    values: ['one-per-round', 'any'],
    default: 'one-per-round',
    summary:
      'How many blows a fighter with Dodge Blow may dodge in a round (the text does not say; WFRP 1e allows one).',
    cite: oursCp('Dodges per round'),
  },
  {
    name: 'parryForAnother',
    values: ['divide', 'multiply'],
    default: 'divide',
    summary:
      "Parrying another's blow: the parrier's CP count a half (a third without a shield or parrying weapon), or the attacker's CP count double (triple).",
    cite: rule(20),
  },
  {
    name: 'surpriseTest',
    values: ['from-round-2', 'from-round-1'],
    default: 'from-round-2',
    summary: 'When the surprised first test I to shake off the surprise.',
    cite: rule(15),
  },
  {
    name: 'shieldArmour',
    values: ['off', 'on'],
    default: 'off',
    summary: "Whether a shield still gives WFRP 1e's 1 AP on every location, besides its defence pool.",
    cite: oursCp('Shield armour'),
  },
  {
    name: 'bombs',
    values: ['melee', 'missile'],
    default: 'melee',
    summary:
      "The author's open question: bombs hurt by the melee formula with T (rule 27), or as a missile (ES, T not counted).",
    cite: rule(27),
  },
  {
    name: 'ties',
    values: ['roll', 'listed'],
    default: 'roll',
    summary:
      'Equal EI between enemies: the higher I goes first, then a D100 roll-off each round; or simply the one listed first in the encounter.',
    cite: oursCp('Equal EI'),
  },
  {
    name: 'whirlwindFatigue',
    values: ['per-round', 'per-fight'],
    default: 'per-round',
    summary: 'Whirlwinds above T/3 (rounded up) cost 1 W each: counted each round, or over the whole fight.',
    cite: section('Advanced skills: Whirlwind'),
  },
];

export interface CpOptions {
  readonly chargeBonus: boolean;
  readonly mountedBonus: boolean;
  readonly dodgesPerRound: number;
  readonly parryForAnother: 'divide' | 'multiply';
  readonly surpriseFirstTest: 1 | 2;
  readonly shieldArmour: boolean;
  readonly bombs: 'melee' | 'missile';
  readonly whirlwindPerFight: boolean;
  readonly tiesRolled: boolean;
}

export function readCpOptions(o: Options): CpOptions {
  return {
    chargeBonus: o.chargeBonus === 'on',
    mountedBonus: o.mountedBonus === 'on',
    dodgesPerRound: o.dodges === 'any' ? Infinity : 1,
    parryForAnother: o.parryForAnother as CpOptions['parryForAnother'],
    surpriseFirstTest: o.surpriseTest === 'from-round-1' ? 1 : 2,
    shieldArmour: o.shieldArmour === 'on',
    bombs: o.bombs as CpOptions['bombs'],
    whirlwindPerFight: o.whirlwindFatigue === 'per-fight',
    tiesRolled: o.ties === 'roll',
  };
}

/** The WFRP 1e switches the shared code reads, set from ours: the base's defaults, and the three the variant names. */
export function baseOptions(o: Options): W1Options {
  return readOptions({
    ...defaultOptions(WFRP1E_OPTIONS),
    criticals: o.criticals as string,
    fumbles: o.fumbles as string,
    additionalDamage: o.additionalDamage as string,
  });
}
