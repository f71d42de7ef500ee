// WFRP 1e's tracker rows (docs/table-play.md, The tracker): EI this round, W, the conditions with
// the rounds they still hold, winning or losing, who is engaged with whom, where each stands, and
// each missile weapon's load and ammunition. The Combat Points rules build on these rows.
import { sumTerms } from '../../core/arith.js';
import { inOrder, type Condition, type Tracker, type TrackerRow } from '../../core/tracker.js';
import { isProneTarget } from './blow.js';
import { WIGHT_MAX_S } from './creatures.js';
import { effectiveInitiative } from './round/initiative.js';
import { roundsLeft } from './rulings.js';
import { placeOf } from './scene.js';
import { condsOf, current, heldItems, opponents, type Cond, type Fighter, type W1State } from './state.js';

/** The longest a condition of this kind still holds, or undefined when none does (or it has no end). */
function longest(st: W1State, f: Fighter, kind: Cond['kind']): number | undefined {
  const left = condsOf(f, kind, st.round).map((c) => roundsLeft(st, c));
  const most = Math.max(0, ...left);
  return most > 0 && most < 99 ? most : undefined;
}

/** A combatant's conditions as the table names them, each with its rounds left where it has an end. */
export function conditionsOf(st: W1State, f: Fighter): Condition[] {
  const r = st.round;
  const out: Condition[] = [];
  const timed = (name: string, kind: Cond['kind']) => {
    if (condsOf(f, kind, r).length === 0) return false;
    const left = longest(st, f, kind);
    out.push(left === undefined ? { name } : { name, roundsLeft: left });
    return true;
  };
  if (f.asleep) out.push({ name: 'asleep' });
  if (isProneTarget(st, f) && !f.asleep && !f.hold) {
    if (!timed('prone', 'prone')) out.push({ name: 'prone' });
  }
  if (f.hold)
    out.push({ name: f.hold.holder ? `holding ${f.hold.other.name}` : `held by ${f.hold.other.name}` });
  if (!timed('no action', 'noAction')) timed('parry only', 'parryOnly');
  timed('no attacks', 'noAttacks');
  if (f.flee) out.push({ name: 'fleeing' });
  if (f.bleeding.length > 0) out.push({ name: 'bleeding' });
  if (f.diesAt !== null) out.push({ name: `dying (dies at the end of round ${f.diesAt})` });
  if (f.suddenDeath) out.push({ name: 'Sudden Death' });
  if (f.airborne) out.push({ name: 'airborne' });
  return out;
}

/** Each missile weapon: loaded or not, and the ammunition left; then what the hands hold. */
export function gearOf(f: Fighter): string[] {
  const known = [...heldItems(f), ...f.carried, ...f.ground];
  const out: string[] = [];
  for (const [id, m] of f.missiles) {
    const name = (known.find((w) => w.id === id)?.name ?? id).toLowerCase();
    const loaded = m.loaded > 1 ? `${m.loaded} loaded` : m.loaded === 1 ? 'loaded' : 'not loaded';
    out.push(`${name} ${loaded}, ${m.ammo} left${m.broken ? `, ${m.broken}` : ''}`);
  }
  const held = heldItems(f).map((w) => w.name.toLowerCase());
  if (held.length) out.push(`holds ${held.join(', ')}`);
  return out;
}

/** One combatant's row, with the order number the caller's rules give it. */
export function w1Row(st: W1State, f: Fighter, order: TrackerRow['order']): TrackerRow {
  return {
    id: f.id,
    name: f.name,
    side: st.sides[f.side]?.name ?? '',
    order,
    gauges: [
      { label: 'W', value: f.W, max: f.maxW },
      // A Wight drains S (creatures.ts): in a fight with one, S is kept in sight beside W.
      ...(drained(st) ? [{ label: 'S', value: current(f, 'S', st.round), max: maxS(f) }] : []),
    ],
    out: f.out,
    conditions: f.out ? [] : conditionsOf(st, f),
    standing: f.out ? null : f.winning ? 'winning' : f.losing ? 'losing' : null,
    engaged: f.out ? [] : opponents(st, f).map((o) => o.name),
    place: f.out ? null : placeOf(st, f),
    gear: gearOf(f),
  };
}

/** S at most: the profile's, or for a Wight that grows it by draining, the 6 it cannot pass. */
function maxS(f: Fighter): number {
  const S = f.profile.S ?? 0;
  return f.spec.drains ? Math.max(S, WIGHT_MAX_S) : S;
}

/** Someone in the fight drains S from the living (a Wight). */
function drained(st: W1State): boolean {
  for (const f of st.combatants) if (f.spec.drains) return true;
  return false;
}

/** § Effective Initiative: the order of blows this round, highest EI first. */
export function wfrp1eTracker(st: W1State): Tracker {
  const rows = st.combatants.map((f) => {
    const { base, terms } = effectiveInitiative(st, f);
    return w1Row(st, f, { label: 'EI', value: Math.max(1, sumTerms(base, terms)) });
  });
  return { round: st.round, orderBy: 'EI, highest first', rows: inOrder(rows) };
}
