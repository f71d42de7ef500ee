// FIGHT! 5, End of combat round: surprise over, and the mortal-wound clock (stabilised, healed or dead).
import type { FightContext } from '../../../core/context.js';
import { decide, say } from '../../../core/say.js';
import { formatD100 } from '../../../dice/d100.js';
import { text } from '../cite.js';
import type { OqState } from '../state.js';
import { test } from './tests.js';

export function endRound(st: OqState, ctx: FightContext): void {
  for (const f of st.combatants) if (st.round >= 1) f.surprised = null;
  for (const f of st.combatants) {
    if (f.out !== 'dying' || f.mortalSince === null) continue;
    // Healing magic strong enough (Heal 6, Divine Heal, Treat Wounds), if a friend standing can cast it:
    // its caster decides (so an automated side's tactics answer, and nobody is asked in vain).
    const healer = st.combatants.find((o) => o.side === f.side && o.out === null && o.spec.healingMagic);
    const pick = healer
      ? decide(
          ctx,
          healer,
          'heal-magic',
          `${healer.name}: cast strong healing magic (Heal 6, Divine Heal, Treat Wounds) on the dying ${f.name} this round?`,
          [
            { key: 'no', label: 'no' },
            { key: 'yes', label: `yes: ${f.name} is healed, and regains consciousness on a Resilience test` },
          ],
          'no',
        )
      : 'no';
    if (pick === 'yes') {
      f.hp = Math.max(1, f.hp);
      f.mortalSince = null;
      f.stabilised = true;
      const r = test(st, ctx, f, 'resilience', f.spec.skills.resilience, 'regain consciousness');
      const up = r.level === 'success' || r.level === 'critical';
      f.out = up ? null : 'unconscious';
      say(
        st,
        ctx,
        'heal',
        `${f.name} is healed (HP ${f.hp}); Resilience D100 ${formatD100(r.roll)} against ${f.spec.skills.resilience}: ${up ? 'regains consciousness' : 'stays unconscious'}.`,
        text('Healing Wounds'),
        [f],
      );
      continue;
    }
    if (st.setup.opt.mortalDeath && st.round >= f.mortalSince + 1) {
      f.out = 'dead';
      f.mortalSince = null;
      say(
        st,
        ctx,
        'death',
        `${f.name} was not stabilised or healed by the end of the next round, and dies.`,
        text('Healing Wounds'),
        [f],
      );
    }
  }
}
