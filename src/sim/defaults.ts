// The number of fights a simulation plays when none is asked: its own small module, so that the
// command line's help can state it without loading the engine.

/**
 * Fights `fray sim` and the library's `simulate` play when no number is given: enough for a win
 * rate known to about ±1 point (a 95% interval), and a second or two on one core for a small fight.
 */
export const DEFAULT_RUNS = 10_000;
