// What a text already known parses to (Fray's shipped data, parsed at build time), or undefined:
// the Node side installs it (src/node/parsed.ts). Only the same text gives the same data, so a
// hit is exactly what parsing would have given. A module of its own, so that installing the
// lookup at start-up loads no YAML parser (`fray --version` needs none).
let lookup: (text: string) => unknown = () => undefined;

/** Installs the lookup of texts already parsed. */
export function setKnownParse(known: (text: string) => unknown): void {
  lookup = known;
}

/** The data a text already known parses to, or undefined. */
export function knownParse(text: string): unknown {
  return lookup(text);
}
