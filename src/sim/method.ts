// How a sweep or a comparison finds its figures. Its own small module: the command line's options
// name the methods without loading the engine.

/**
 * `exact` solves each point's duel as a chain (no sampling error), `sim` simulates it, `auto`
 * solves exactly when every point can be, and simulates otherwise.
 */
export const METHODS = ['auto', 'exact', 'sim'] as const;
export type Method = (typeof METHODS)[number];

/** The method used, as the JSON and the page name it. */
export type MethodUsed = 'exact' | 'sim';

/** What an exact figure is, said once for the sweep, the comparison and the page. */
export const EXACT_NOTE =
  'solved exactly: each duel as a Markov chain over its states, round by round to the round cap (fray odds); no sampling error, no interval';

/** A duel's reason for no exact solution (fray odds's duelMethod) as a clause: "not one against one (2 against 3)". */
export function whyNotExact(duelMethod: string): string {
  return duelMethod
    .replace(/^not computed exactly: /, '')
    .replace(/\.? ?Use fray sim( for the whole fight)?\.?$/, '')
    .replace(/\.$/, '');
}
