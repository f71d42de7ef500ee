// OpenQuest's tracker: the order by modified skill this round (FIGHT! Drop into Combat Rounds),
// HP, surprise, a fumble's lost action, a mortal wound's clock, and who is within close distance.
import { inOrder, type Condition, type Tracker } from '../../core/tracker.js';
import { distanceOf, type OqFighter, type OqState } from './state.js';

function conditionsOf(st: OqState, f: OqFighter): Condition[] {
  const out: Condition[] = [];
  if (f.out === 'dying' && f.mortalSince !== null)
    out.push({
      name: `mortally wounded: dies at the end of round ${f.mortalSince + 1} unless helped`,
      roundsLeft: Math.max(0, f.mortalSince + 2 - Math.max(1, st.round)),
    });
  if (f.out) return out;
  if (f.surprised)
    out.push({
      name: f.surprised === 'helpless' ? 'surprised, helpless' : 'surprised: defends only',
      roundsLeft: 1,
    });
  if (f.loseActionIn >= st.round) out.push({ name: `loses its action in round ${f.loseActionIn} (fumble)` });
  if (f.bonus) out.push({ name: `+${f.bonus}% on its next action` });
  if (f.stabilised) out.push({ name: 'stabilised' });
  return out;
}

export function oqTracker(st: OqState): Tracker {
  const listed = [...st.combatants].sort(
    (a, b) =>
      (b.orderSkill ?? -1) - (a.orderSkill ?? -1) || b.spec.characteristics.DEX - a.spec.characteristics.DEX,
  );
  const rows = listed.map((f) => {
    const close = st.combatants.filter(
      (o) => o.side !== f.side && o.out === null && distanceOf(st, f, o) === 'close',
    );
    return {
      id: f.id,
      name: f.name,
      side: st.sides[f.side]?.name ?? '',
      order: f.orderSkill === null ? null : { label: 'skill', value: f.orderSkill },
      gauges: [{ label: 'HP', value: f.hp, max: f.spec.maxHp }],
      out: f.out,
      conditions: conditionsOf(st, f),
      standing: null,
      engaged: f.out ? [] : close.map((o) => o.name),
      place: f.out ? null : close.length ? 'close (2 m or less)' : 'at ranged distance',
      gear: f.spec.weapons.map((w) => w.name.toLowerCase()),
    };
  });
  return {
    round: st.round,
    orderBy: 'modified skill, highest first (ties: DEX); those only defending have none',
    rows: inOrder(rows),
  };
}
