// What `fray rulesets` and the help say of this ruleset, apart from its rules: read without loading them.
import type { RulesetAbout } from '../../core/ruleset.js';
import { BESTIARY, TEXT } from './cite.js';
import { WFRP1E_OPTIONS } from './options.js';

export const WFRP1E_ABOUT: RulesetAbout = {
  id: 'wfrp1e',
  title: 'Warhammer Fantasy Roleplay, 1st edition: combat',
  texts: [TEXT, BESTIARY],
  options: WFRP1E_OPTIONS,
};
