// Entangled by a lasso or a net: the struggle to get free (ours).
import type { FightContext } from '../../../core/context.js';
import { formatD100 } from '../../../dice/d100.js';
import { ours } from '../cite.js';
import { d100, say } from '../say.js';
import { current, type Fighter, type W1State } from '../state.js';

/** Entangled combatants try to free themselves: an S test (ours). */
export function struggle(st: W1State, ctx: FightContext, f: Fighter): void {
  const c = f.conds.find((x) => x.kind === 'entangled' && x.from <= st.round && st.round <= x.until);
  if (!c || f.out !== null) return;
  const S = current(f, 'S', st.round) * 10;
  const r = d100(ctx, f, `S test to get free (need ${S} or less)`);
  if (r <= S) {
    f.conds = f.conds.filter((x) => x !== c);
    say(st, ctx, 'entangle', `${f.name} gets free: S test D100 ${formatD100(r)} ≤ ${S}.`, ours('Lassos'), [
      f,
    ]);
  } else {
    say(
      st,
      ctx,
      'entangle',
      `${f.name} is still entangled: S test D100 ${formatD100(r)} > ${S}.`,
      ours('Lassos'),
      [f],
    );
  }
}
