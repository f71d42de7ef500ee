import type { Cite } from '../../core/events.js';

const FILE = 'fantasy-wargaming-combat.txt';

/** A section of fantasy-wargaming-combat.txt. */
export const text = (section: string): Cite => ({ file: FILE, section });
/** A fact of shared/rules/README.md's Fantasy Wargaming list. */
export const facts = (what: string): Cite => ({
  file: 'README.md',
  section: `Fantasy Wargaming facts: ${what}`,
});
/** Our reading or our table where the text refers to what it does not print (docs/rulesets/fantasy-wargaming.md). */
export const ours = (what: string): Cite => ({
  file: 'docs/rulesets/fantasy-wargaming.md',
  section: `ours: ${what}`,
});
