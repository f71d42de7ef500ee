// Fear and terror (the Fear and Terror resistant advanced skills).
import type { FightContext } from '../../../core/context.js';
import { formatD100 } from '../../../dice/d100.js';
import { d100, say } from '../../wfrp1e/say.js';
import { hasSkill } from '../../wfrp1e/state.js';
import { oursCp, section } from '../cite.js';
import { foes } from '../fighter.js';
import { type CpFighter, type CpState, now } from '../state.js';

/** Ours: the first time a fighter meets a foe that causes fear or terror, a Cl test (the resistant skills help). */
export function fear(st: CpState, ctx: FightContext, f: CpFighter): void {
  // Terror resistant: the fear left by a mastered terror goes only as terror would, with the monster.
  for (const o of f.dreads)
    if (o.out === null)
      f.conds.push({ kind: 'parryOnly', from: st.round, until: st.round, why: `fear of ${o.name}` });
  for (const o of foes(st, f)) {
    if (!o.cp.causes || f.feared.has(o) || f.cp.causes) continue;
    f.feared.add(o);
    const terror = o.cp.causes === 'terror';
    const bonus = hasSkill(f, 'terror resistant')
      ? terror
        ? 10
        : 20
      : hasSkill(f, 'fear resistant')
        ? 10
        : 0;
    const need = now(st, f, 'Cl') + bonus;
    let r = d100(ctx, f, `${o.cp.causes} test against ${o.name} (Cl ${need})`);
    if (r > need && terror && hasSkill(f, 'terror resistant')) {
      // Terror resistant: the failed test is taken again (its Insanity Point stays); passed, only fear remains.
      f.insanity++;
      const first = r;
      r = d100(ctx, f, `terror test again (Terror resistant; need ${need} or less)`);
      if (r <= need) {
        say(
          st,
          ctx,
          'fear',
          `${f.name} faces ${o.name} (terror): D100 ${formatD100(first)} > Cl ${need} (+${bonus} resistant), an Insanity Point; again (Terror resistant): D100 ${formatD100(r)} ≤ ${need}: only fear remains: may only parry while ${o.name} stands.`,
          section('Advanced skills: Terror resistant'),
          [f, o],
        );
        f.conds.push({ kind: 'parryOnly', from: st.round, until: st.round, why: `fear of ${o.name}` });
        f.dreads.add(o);
        continue;
      }
    }
    const ok = r <= need;
    say(
      st,
      ctx,
      'fear',
      `${f.name} faces ${o.name} (${o.cp.causes}): D100 ${formatD100(r)} ${ok ? '≤' : '>'} Cl ${need}${bonus ? ` (+${bonus} resistant)` : ''}: ${ok ? 'stands firm' : terror ? 'terrified: must flee, and an Insanity Point' : 'afraid: may only parry this round'}.`,
      oursCp('Fear and terror'),
      [f, o],
    );
    if (ok) continue;
    if (terror) {
      f.insanity++;
      f.flee = 'forced';
    } else f.conds.push({ kind: 'parryOnly', from: st.round, until: st.round, why: `fear of ${o.name}` });
  }
}
