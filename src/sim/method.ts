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
