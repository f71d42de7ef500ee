import { citing } from '../../core/events.js';

/** The combat chapter of OpenQuest, 3rd edition, as docs/sources.md lists it. */
export const TEXT = 'OpenQuest 3e, Combat';
/** Our page for this ruleset: the facts the chapter leaves out, and our readings. */
const PAGE = 'docs/rulesets/openquest.md';

/** A section of the combat chapter, by its heading. */
export const text = citing(TEXT);
/** A fact from public sources: a heading under the page's "Facts from public sources". */
export const facts = citing(PAGE);
/** Our reading where the chapter is silent: a heading under the page's readings. */
export const ours = citing(PAGE);
