// What a combatant holds: free hands, what fits in them, taking an item up (§ Take-Up Actions), and
// the weapons it strikes with.
import type { Weapon } from '../catalogue.js';
import { type Fighter, HANDS, handUsable, strongHand, type W1State } from '../state.js';

function freeHands(st: W1State, f: Fighter): ('right' | 'left')[] {
  return (['right', 'left'] as const).filter((h) => f[h] === null && handUsable(f, h, st.round));
}

/** How many hands are free and usable, without the list. */
function freeHandCount(st: W1State, f: Fighter): number {
  let n = 0;
  for (const h of HANDS) if (f[h] === null && handUsable(f, h, st.round)) n++;
  return n;
}

export function fits(st: W1State, f: Fighter, w: Weapon): boolean {
  const free = freeHandCount(st, f);
  return w.hands === 2 ? free === 2 : free >= 1;
}

/** A usable weapon in hand, or a natural one. */
export function armed(st: W1State, f: Fighter): boolean {
  return f.natural.length > 0 || firstUsable(st, f) !== null;
}

/** Puts an item in the free hand(s): the strong hand first. */
export function takeInHand(st: W1State, f: Fighter, w: Weapon): void {
  if (w.hands === 2) {
    f.right = w;
    f.left = w;
    return;
  }
  const free = freeHands(st, f);
  const hand = free.includes(strongHand(f)) ? strongHand(f) : free[0];
  if (hand) f[hand] = w;
}

export function packItemInHand(st: W1State, f: Fighter, item: string): void {
  const w = st.cat.weapons.get(item);
  if (w && fits(st, f, w)) takeInHand(st, f, w);
}

/** The main weapon: the strong hand's (or the two-handed one), else the other hand's. */
export function mainWeapon(st: W1State, f: Fighter): Weapon | null {
  return firstUsable(st, f) ?? f.natural[0] ?? null;
}

/** Whether a hand's item is one to strike with now (a two-handed weapon needs both hands). */
function usableIn(st: W1State, f: Fighter, hand: 'right' | 'left'): boolean {
  const w = f[hand];
  if (!w || w.shield || !w.melee || !handUsable(f, hand, st.round)) return false;
  return w.hands !== 2 || (handUsable(f, 'right', st.round) && handUsable(f, 'left', st.round));
}

/** The hand of the first of usableWeapons, without the list. */
export function firstUsableHand(st: W1State, f: Fighter): 'right' | 'left' | null {
  const strong = strongHand(f);
  if (usableIn(st, f, strong)) return strong;
  const weak = strong === 'right' ? 'left' : 'right';
  return usableIn(st, f, weak) ? weak : null;
}

function firstUsable(st: W1State, f: Fighter): Weapon | null {
  const hand = firstUsableHand(st, f);
  return hand === null ? null : f[hand];
}

/** Whether the other hand holds a second weapon to strike with (usableWeapons has two). */
export function secondUsable(st: W1State, f: Fighter, first: 'right' | 'left'): boolean {
  const other = first === 'right' ? 'left' : 'right';
  // Two of one kind (a dagger in each hand) are two weapons; a two-handed one is one.
  return (f[other] !== f[first] || f[first]?.hands !== 2) && usableIn(st, f, other);
}

/** Usable weapons in hand, strong hand first: item, hand. Shields are not struck with. */
export function usableWeapons(st: W1State, f: Fighter): { w: Weapon; hand: 'right' | 'left' }[] {
  const out: { w: Weapon; hand: 'right' | 'left' }[] = [];
  const strong = strongHand(f);
  for (const hand of [strong, strong === 'right' ? 'left' : 'right'] as const) {
    const w = f[hand];
    if (!w || !usableIn(st, f, hand)) continue;
    if (w.hands === 2 && out.some((o) => o.w === w)) continue;
    out.push({ w, hand });
  }
  return out;
}
