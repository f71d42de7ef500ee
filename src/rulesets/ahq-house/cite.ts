import type { Cite } from '../../core/events.js';

const FILE = 'warhammer-quest-house-combat.txt';

/** A section of warhammer-quest-house-combat.txt. */
export const text = (section: string): Cite => ({ file: FILE, section });
/** A fact of shared/rules/README.md's Advanced HeroQuest list (the base game). */
export const facts = (what: string): Cite => ({
  file: 'README.md',
  section: `Advanced HeroQuest facts: ${what}`,
});
/** Our reading or our data where neither the text nor the facts say (docs/rulesets/ahq-house.md). */
export const ours = (what: string): Cite => ({
  file: 'docs/rulesets/ahq-house.md',
  section: `ours: ${what}`,
});
