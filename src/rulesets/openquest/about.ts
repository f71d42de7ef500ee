// What `fray rulesets` and the help say of this ruleset, apart from its rules: read without loading them.
import type { RulesetAbout } from '../../core/ruleset.js';
import { TEXT } from './cite.js';
import { OQ_OPTIONS } from './options.js';

export const OQ_ABOUT: RulesetAbout = {
  id: 'openquest',
  title: 'OpenQuest (3rd edition) combat',
  texts: [TEXT],
  options: OQ_OPTIONS,
};
