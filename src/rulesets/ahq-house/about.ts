// What `fray rulesets` and the help say of this ruleset, apart from its rules: read without loading them.
import type { RulesetAbout } from '../../core/ruleset.js';
import { TEXT } from './cite.js';
import { AHQ_OPTIONS } from './options.js';

export const AHQ_ABOUT: RulesetAbout = {
  id: 'ahq-house',
  title: 'Advanced HeroQuest with the grid house rules',
  texts: [TEXT],
  options: AHQ_OPTIONS,
};
