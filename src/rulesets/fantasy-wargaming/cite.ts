import { citing } from '../../core/events.js';

/** A reader's guide to the book's personal combat rules, as docs/sources.md lists it. */
export const TEXT = 'Fantasy Wargaming (1981), Personal Combat guide';
/** Our page for this ruleset: the facts the guide leaves out, our tables and our readings. */
const PAGE = 'docs/rulesets/fantasy-wargaming.md';

/** A section of the guide, by its heading. */
export const text = citing(TEXT);
/** A fact from public sources: a heading under the page's "Facts from public sources". */
export const facts = citing(PAGE);
/** Our reading, or our table where the guide refers to one it does not print: a heading of the page. */
export const ours = citing(PAGE);
