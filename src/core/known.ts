// What Fray already knows of a text as it ships, worked out when Fray is built (scripts/bundle.mjs):
// the data it parses to and, for a data file, what the check against its schema gives
// (src/core/data-file.ts). The Node side installs the lookup (src/node/parsed.ts). Only the very
// same text gets an answer, so an answer is exactly what parsing or checking would have given. A
// module of its own, so that installing the lookup at start-up loads neither the YAML parser
// (`fray --version` needs none) nor zod.

/** The answers for texts as shipped; undefined for any other text. */
export interface Known {
  /** The data the text parses to. */
  parse(text: string): unknown;
  /** What the text gives checked against the schema of the shipped data file `file` (`wfrp1e/weapons.yaml`). */
  check(text: string, file: string): unknown;
}

const NOTHING: Known = { parse: () => undefined, check: () => undefined };
let known: Known = NOTHING;

/** Installs the lookup (none: every text is parsed and checked). */
export function setKnown(k: Known | null): void {
  known = k ?? NOTHING;
}

/** The data a text already known parses to, or undefined. */
export function knownParse(text: string): unknown {
  return known.parse(text);
}

/** What a text already known gives checked against a data file's schema, or undefined. */
export function knownCheck(text: string, file: string): unknown {
  return known.check(text, file);
}
