// What `fray rulesets` and the help say of this ruleset, apart from its rules: read without loading them.
import type { RulesetAbout } from '../../core/ruleset.js';
import { TEXT } from '../wfrp1e/cite.js';
import { CP_TEXT } from './cite.js';
import { CP_OPTIONS } from './options.js';

export const CP_ABOUT: RulesetAbout = {
  id: 'wfrp-cp',
  title: 'Combat Points rules for WFRP (a variant of WFRP 1st edition)',
  texts: [CP_TEXT, TEXT],
  options: CP_OPTIONS,
};
