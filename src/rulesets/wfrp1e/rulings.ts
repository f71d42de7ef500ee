// What the GM may set by a ruling on a WFRP 1e combatant: W, each missile weapon's ammunition and
// loaded shots, and the conditions that last rounds (docs/table-play.md).
import type { SettableNumber } from '../../core/rulings.js';
import type { Cond, Fighter, W1State } from './state.js';

/** Conditions the GM may give or end by rounds: their names as typed, and what they are. */
const TIMED: readonly { readonly kind: Cond['kind']; readonly name: string; readonly about: string }[] = [
  { kind: 'noAction', name: 'stunned', about: 'rounds of no action left' },
  { kind: 'prone', name: 'prone', about: 'rounds of lying prone left' },
  { kind: 'parryOnly', name: 'parry-only', about: 'rounds of parrying only left' },
  { kind: 'noAttacks', name: 'no-attacks', about: 'rounds without attacks left' },
];

/** Rounds a condition still covers, this one included (99: the rest of the fight). */
export const roundsLeft = (st: W1State, c: Cond) =>
  c.until === Infinity ? 99 : Math.max(0, c.until - st.round + 1);

export function w1Numbers(st: W1State, f: Fighter): SettableNumber[] {
  const out: SettableNumber[] = [
    {
      name: 'W',
      value: f.W,
      min: 0,
      max: f.maxW,
      about: `Wounds (0..${f.maxW})`,
      set: (v) => {
        f.W = v;
      },
    },
  ];
  for (const [id, m] of f.missiles) {
    out.push({
      name: `${id}.ammo`,
      value: m.ammo,
      min: 0,
      max: 999,
      about: `${id}: ammunition left outside the weapon`,
      set: (v) => {
        m.ammo = v;
      },
    });
    out.push({
      name: `${id}.loaded`,
      value: m.loaded,
      min: 0,
      max: Math.max(1, m.loaded, 12),
      about: `${id}: shots ready in the weapon`,
      set: (v) => {
        m.loaded = v;
      },
    });
  }
  for (const t of TIMED) {
    const have = f.conds.filter((c) => c.kind === t.kind);
    out.push({
      name: t.name,
      value: have.reduce((n, c) => Math.max(n, roundsLeft(st, c)), 0),
      min: 0,
      max: 99,
      about: t.about,
      // The GM's ruling replaces whatever gave it: 0 ends it, n makes it last n rounds from this one.
      set: (v) => {
        f.conds = f.conds.filter((c) => c.kind !== t.kind);
        if (v > 0)
          f.conds.push({ kind: t.kind, from: st.round, until: st.round + v - 1, why: "the GM's ruling" });
      },
    });
  }
  return out;
}
