import { citing } from '../../core/events.js';

/** The grid house rules for Advanced HeroQuest, as docs/sources.md lists them. */
export const TEXT = 'Advanced HeroQuest house rules, Combat';
/** Our page for this ruleset: the base game's facts, and our readings. */
const PAGE = 'docs/rulesets/ahq-house.md';

/** A section of the house rules, by its heading as they spell it. */
export const text = citing(TEXT);
/** A fact of the base game from public sources: a heading under the page's "Facts from public sources". */
export const facts = citing(PAGE);
/** Our reading where the house rules and the facts are silent: a heading under the page's readings. */
export const ours = citing(PAGE);
