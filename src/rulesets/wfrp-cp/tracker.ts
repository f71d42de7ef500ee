// The Combat Points rules' tracker: WFRP 1e's rows (W, conditions, engagements, places,
// ammunition), ordered by EI after the actions used (Rule 4), with CP and LP beside W, the worst
// wound's status (Rule 24), insanity points, surprise and fire.
import { inOrder, type Tracker } from '../../core/tracker.js';
import { w1Row } from '../wfrp1e/tracker.js';
import { cpLeft, currentEI, maxCP } from './fighter.js';
import { woundStatus } from './rules.js';
import type { CpState } from './state.js';

export function cpTracker(st: CpState): Tracker {
  const rows = st.combatants.map((f) => {
    const row = w1Row(st, f, { label: 'EI', value: currentEI(st, f) });
    const gauges = [...row.gauges, { label: 'CP', value: cpLeft(st, f), max: maxCP(st, f) + f.bonusCP }];
    if (f.maxLP) gauges.push({ label: 'LP', value: f.LP, max: f.maxLP });
    const more = [
      ...(f.worst > 0 ? [{ name: `${woundStatus(f.worst)} wound (worst effect ${f.worst})` }] : []),
      ...(f.insanity ? [{ name: `${f.insanity} IP` }] : []),
      ...(!f.out && f.surprise ? [{ name: `surprised (${f.surprise.from})` }] : []),
      ...(!f.out && f.burning ? [{ name: 'burning' }] : []),
    ];
    return { ...row, gauges, conditions: [...row.conditions, ...more] };
  });
  return {
    round: st.round,
    orderBy: 'EI after the actions used, highest first (Rule 4)',
    rows: inOrder(rows),
  };
}
