/**
 * The rulesets' ids, in the order the registry (./index.ts) lists them: what the command line's
 * help names without loading five rulesets to print a line, and what an encounter's `ruleset:`
 * may say. test/cli.test.ts holds it to the registry.
 */
export const RULESET_IDS = ['wfrp1e', 'wfrp-cp', 'openquest', 'fantasy-wargaming', 'ahq-house'] as const;
/** The id of one of Fray's rulesets: `wfrp1e`, `wfrp-cp`, `openquest`, `fantasy-wargaming` or `ahq-house`. */
export type RulesetId = (typeof RULESET_IDS)[number];
