import { citing, type Cite } from '../../core/events.js';

/** The fan supplement "New Rules of Combat, Magic and Skills for WFRP", as docs/sources.md lists it. */
export const CP_TEXT = 'New Rules of Combat v2.4.4';

/** A section of the supplement by its heading ("Weapon class", "Advanced skills: Whirlwind"). */
export const section = citing(CP_TEXT);

/** One of the supplement's numbered rules (1-46). */
export function rule(n: number): Cite {
  return section(`rule ${n}`);
}

/** A reading or table of our own: a heading under docs/rulesets/wfrp-cp.md's readings. */
export const oursCp = citing('docs/rulesets/wfrp-cp.md');
