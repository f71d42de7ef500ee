// What `fray rulesets` lists, in the registry's order, without loading the rules themselves (their
// schemas and tables are most of a command's start-up). Each ruleset spreads its own into itself;
// test/cli.test.ts holds this list to the registry.
import { citeRecord } from '../core/events.js';
import type { RulesetAbout } from '../core/ruleset.js';
import { AHQ_ABOUT } from './ahq-house/about.js';
import { FW_ABOUT } from './fantasy-wargaming/about.js';
import { OQ_ABOUT } from './openquest/about.js';
import { CP_ABOUT } from './wfrp-cp/about.js';
import { WFRP1E_ABOUT } from './wfrp1e/about.js';

export const RULESET_ABOUT: readonly RulesetAbout[] = [WFRP1E_ABOUT, CP_ABOUT, OQ_ABOUT, FW_ABOUT, AHQ_ABOUT];

/** One rule option of a ruleset, as `fray rulesets --json` and the library's `rulesets()` give it. */
export interface OptionInfo {
  /** The name, as `-o name=value` and an encounter's `options:` write it. */
  readonly name: string;
  /** The values it takes. */
  readonly values: readonly string[];
  /** The value when none is given. */
  readonly default: string;
  /** What it changes, in a sentence. */
  readonly summary: string;
  /** Where the rules say so. */
  readonly cite: {
    /** The rulebook's short title (docs/sources.md). */
    readonly source: string;
    /** Where in it. */
    readonly section: string;
    /** Both as the log prints them: `source § section`. */
    readonly text: string;
  };
}

/** A ruleset, as `fray rulesets --json` and the library's `rulesets()` give it. */
export interface RulesetInfo {
  /** The id an encounter's `ruleset:` names. */
  readonly id: string;
  /** Its name in full ("Warhammer Fantasy Roleplay, 1st edition"). */
  readonly title: string;
  /** The rules texts it follows. */
  readonly texts: readonly string[];
  /** Its rule options (house-rule switches), in the order `fray rulesets` lists them. */
  readonly options: readonly OptionInfo[];
}

/** Every ruleset with its options, in the registry's order. */
export function rulesetInfo(): RulesetInfo[] {
  return RULESET_ABOUT.map((r) => ({
    id: r.id,
    title: r.title,
    texts: [...r.texts],
    options: r.options.map((x) => ({
      name: x.name,
      values: [...x.values],
      default: x.default,
      summary: x.summary,
      cite: citeRecord(x.cite),
    })),
  }));
}
