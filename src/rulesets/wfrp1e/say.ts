// WFRP 1e's use of the shared say/decide/dice helpers (src/core/say.ts), and its own.
import type { FightContext } from '../../core/context.js';
import { roll } from '../../core/say.js';
import type { Fighter } from './state.js';

export { d100, decide, decideKeys, directKey, roll, say, type Detail } from '../../core/say.js';

/** Rolls a duration die ("D4") or returns a number as it is. */
export function rollDuration(
  ctx: FightContext,
  f: Fighter,
  d: number | 'D4' | 'D6' | 'D10',
  why: string,
): number {
  if (typeof d === 'number') return d;
  return roll(ctx, Number(d.slice(1)), f, why);
}

/** "Ada, Bruno, Carl": combatants named in a line of the log. */
export function namesOf(fs: readonly { readonly name: string }[]): string {
  return fs.map((f) => f.name).join(', ');
}
