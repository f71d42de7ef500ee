// What `fray rulesets` and the help say of this ruleset, apart from its rules: read without loading them.
import type { RulesetAbout } from '../../core/ruleset.js';
import { TEXT } from './cite.js';
import { FW_OPTIONS } from './options.js';

export const FW_ABOUT: RulesetAbout = {
  id: 'fantasy-wargaming',
  title: 'Fantasy Wargaming (1981) personal combat',
  texts: [TEXT],
  options: FW_OPTIONS,
};
