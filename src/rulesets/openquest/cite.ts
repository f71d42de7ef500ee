import type { Cite } from '../../core/events.js';

const FILE = 'openquest-combat.txt';

/** A section of openquest-combat.txt. */
export const text = (section: string): Cite => ({ file: FILE, section });
/** A fact of shared/rules/README.md's OpenQuest list. */
export const facts = (what: string): Cite => ({ file: 'README.md', section: `OpenQuest facts: ${what}` });
/** Our reading where the text is silent (docs/rulesets/openquest.md). */
export const ours = (what: string): Cite => ({
  file: 'docs/rulesets/openquest.md',
  section: `ours: ${what}`,
});
