// What each ruleset's file of scripts/agree/ shares: a seeded generator and two ways to draw from it.

/** A small seeded generator (mulberry32), so that a run's random duels can be made again. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = (r, list) => list[Math.floor(r() * list.length)];
export const between = (r, lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
