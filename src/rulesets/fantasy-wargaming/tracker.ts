// Fantasy Wargaming's tracker. Every step is simultaneous (Combat round sequence), so there is no
// order to keep: the row shows the wielded weapon's WF, which decides first strikes. Endurance,
// berserk, morale, fleeing, stunned and knocked down (each for the next melee phase), and whom it
// fought last.
import { inOrder, type Condition, type Tracker } from '../../core/tracker.js';
import { MORALE_WORDS } from './rules.js';
import { wfOf } from './round/phase.js';
import { asListed, type FwFighter, type FwState } from './state.js';

function conditionsOf(st: FwState, f: FwFighter): Condition[] {
  if (f.out) return [];
  const out: Condition[] = [];
  if (f.berserk) out.push({ name: 'berserk' });
  if (f.fleeing) out.push({ name: 'fleeing' });
  if (f.morale && f.morale !== 'obey') out.push({ name: `morale: ${MORALE_WORDS[f.morale]}` });
  // A melee phase a round: stunned or knocked down in this one holds through the next.
  if (f.stunned > 0 && f.stunned >= st.round - 1) out.push({ name: 'stunned: no action', roundsLeft: 1 });
  if (f.knockedDown > 0 && f.knockedDown >= st.round - 1)
    out.push({ name: 'knocked down: no dodge or disengage', roundsLeft: 1 });
  if (f.wielded.kind === 'natural') out.push({ name: 'unarmed' });
  return out;
}

export function fwTracker(st: FwState): Tracker {
  const rows = asListed(st).map((f) => {
    const foe = f.lastAction?.target ? st.combatants.find((o) => o.id === f.lastAction?.target) : undefined;
    return {
      id: f.id,
      name: f.name,
      side: st.sides[f.side]?.name ?? '',
      order: { label: 'WF', value: wfOf(st, f, f.wielded).value },
      gauges: [{ label: 'EN', value: f.endurance, max: f.spec.maxEndurance }],
      out: f.out,
      conditions: conditionsOf(st, f),
      standing: null,
      engaged: foe && foe.out === null && !f.out ? [foe.name] : [],
      place: null,
      gear: [
        `wields ${f.wielded.name.toLowerCase()}${f.shield ? `, ${f.shield.name.toLowerCase()}` : ''}`,
        ...f.carried
          .filter((w) => w !== f.wielded && w !== f.shield)
          .map((w) => `carries ${w.name.toLowerCase()}`),
      ],
    };
  });
  return {
    round: st.round,
    orderBy: 'all at once in each step; the higher WF strikes first',
    rows: inOrder(rows),
  };
}
