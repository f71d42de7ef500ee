import type { Cite } from '../../core/events.js';

export const CP_TEXT = 'wfrp-combat-points.txt';

/** A numbered rule of the Combat Points text (1-46). */
export function rule(n: number): Cite {
  return { file: CP_TEXT, section: `rule ${n}` };
}

/** A section of the Combat Points text by its heading ("Weapon class", "Advanced skills: Whirlwind"). */
export function section(heading: string): Cite {
  return { file: CP_TEXT, section: heading };
}

/** A reading or table of our own; see docs/rulesets/wfrp-cp.md. */
export function oursCp(what: string): Cite {
  return { file: 'docs/rulesets/wfrp-cp.md', section: `ours: ${what}` };
}
