// The round's end (rules 33-34): the monsters' pools and the hazards that last.
import type { FightContext } from '../../../core/context.js';
import { formatD100 } from '../../../dice/d100.js';
import { bleed, takeOut } from '../../wfrp1e/effects.js';
import { d100, say } from '../../wfrp1e/say.js';
import { rule } from '../cite.js';
import { poolLosses, woundsAfterLastLP } from '../rules.js';
import type { CpState } from '../state.js';

export function endRound(st: CpState, ctx: FightContext): void {
  for (const f of st.combatants) {
    if (f.maxLP === 0 || f.LP === 0 || f.pool === 0 || f.out !== null) continue;
    const { sure, chance } = poolLosses(f.pool);
    const before = f.LP;
    const lost = Math.min(f.LP, sure);
    f.LP -= lost;
    let text = `${f.name}'s pool is ${f.pool}%: ${sure} LP lost outright`;
    if (f.LP > 0 && chance > 0) {
      const r = d100(ctx, f, `another LP? (${chance}% or less)`);
      if (r <= chance) f.LP--;
      text += `, and D100 ${formatD100(r)} ${r <= chance ? '≤' : '>'} ${chance}: ${r <= chance ? 'one more' : 'no more'}`;
      if (f.LP === 0) {
        f.W = woundsAfterLastLP(0);
        text += `; no LP left: W ${f.W}`;
      }
    } else if (f.LP === 0) {
      const surplus = f.pool - 100 * before;
      f.W = woundsAfterLastLP(Math.max(0, surplus));
      text += `; the last LP is gone: W ${15}${surplus > 0 ? ` less ${surplus}% = ${f.W}` : ''}`;
    }
    say(st, ctx, 'pool', `${text}. LP ${before} → ${f.LP}.`, rule(33), [f], { pool: f.pool, LP: f.LP });
    f.pool = 0;
  }
  for (const f of st.combatants) if (f.bleeding.length > 0) bleed(st, ctx, f);
  // Ours: a side whose every standing fighter sleeps is at its enemies' mercy (WFRP 1e's helpless).
  st.sides.forEach((_side, s) => {
    const up = st.combatants.filter((f) => f.side === s && f.out === null);
    const awakeFoes = st.combatants.some((o) => o.side !== s && o.out === null && !o.asleep);
    if (up.length > 0 && awakeFoes && up.every((f) => f.asleep))
      for (const f of up) takeOut(st, ctx, f, 'helpless', 'asleep, at the mercy of its foes');
  });
  for (const f of st.combatants) {
    if (f.diesAt === null || f.out === 'dead' || st.round < f.diesAt) continue;
    f.diesAt = null;
    takeOut(st, ctx, f, 'dead', 'died of the wound');
  }
}
