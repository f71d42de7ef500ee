// Before the first round: the tables in use, and each fighter's WF and adjusted damage (Weapons and
// armor) and MF.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { formatDice } from '../../../dice/notation.js';
import { ours, text } from '../cite.js';
import { moraleFactor, showWeaponFactor } from '../fighter.js';
import { asListed, type FwState } from '../state.js';
import { holder, isLeader, kit, leaderLevel, wfOf } from './phase.js';

export function startFw(st: FwState, ctx: FightContext): void {
  if (!ctx.explain) return;
  const c = st.setup.charts;
  say(
    st,
    ctx,
    'start',
    `Tables: ${c.source}. Maneuver area ${st.setup.areaFeet} sq ft (${st.setup.area}).`,
    // A user's charts are cited as their own file, not as ours.
    st.setup.data?.some((n) => n.kind === 'yours' && n.table === 'charts')
      ? { source: c.file, section: 'source' }
      : ours('Our tables'),
  );
  for (const f of asListed(st)) {
    const wfs = [...f.carried, ...(f.shield ? [f.shield] : [])].map((w) => {
      const x = wfOf(st, f, w);
      return `${w.name}: ${showWeaponFactor(holder(f), kit(f), x)}; adjusted damage ${formatDice({ ...w.damage, plus: w.damage.plus + x.damageBonus })}`;
    });
    const mf = moraleFactor(
      { ...holder(f), isLeader: isLeader(st, f), victories: f.spec.victories, defeats: f.spec.defeats },
      leaderLevel(st, f),
      st.setup.opt.lowIntelligenceMorale,
    );
    say(
      st,
      ctx,
      'start',
      `${f.name}: endurance ${f.endurance}/${f.spec.maxEndurance}, protection ${f.spec.armour?.protection ?? 0}; MF ${mf.value}${f.spec.leader ? ' (party leader)' : ''}. ${wfs.join('. ') || 'unarmed'}.`,
      text('Weapons and armor'),
      [f],
    );
  }
}
