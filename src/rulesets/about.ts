// What `fray rulesets` lists, in the registry's order, without loading the rules themselves (their
// schemas and tables are most of a command's start-up). Each ruleset spreads its own into itself;
// test/cli.test.ts holds this list to the registry.
import type { RulesetAbout } from '../core/ruleset.js';
import { AHQ_ABOUT } from './ahq-house/about.js';
import { FW_ABOUT } from './fantasy-wargaming/about.js';
import { OQ_ABOUT } from './openquest/about.js';
import { CP_ABOUT } from './wfrp-cp/about.js';
import { WFRP1E_ABOUT } from './wfrp1e/about.js';

export const RULESET_ABOUT: readonly RulesetAbout[] = [WFRP1E_ABOUT, CP_ABOUT, OQ_ABOUT, FW_ABOUT, AHQ_ABOUT];
