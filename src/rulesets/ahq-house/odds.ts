// Exact odds for the house rules by enumerating the dice: each pair's close-combat blow (the D12 to
// hit, every damage die, a helmet on an exact roll, a critical wound's extra die). A whole fight
// depends on the board (moves, facing, surrounding), so it is left to simulation.
import { foePairs } from '../../core/odds.js';
import type { Odds, OddsBlow } from '../../core/ruleset.js';
import { closeCombatNeed, toHitRoll } from './rules.js';
import { handWeapon, toughnessOf, withArmour, type AhqSetup } from './state.js';

/** Wounds from `dd` damage dice against `T` (each D12 ≥ T a wound; a 12 rolls one more die when `extra`), as a distribution. */
export function woundDistribution(dd: number, T: number, extra: boolean): Map<number, number> {
  const pWound = Math.max(0, Math.min(11, 12 - T)) / 12; // 1..11 at or above T
  const p12 = 1 / 12;
  const pNone = 1 - pWound - p12;
  // dist over (wounds) with `left` dice still to roll; extra dice beyond 40 are dropped (below 1e-40).
  let states = new Map<string, number>([[`0|${dd}`, 1]]);
  const done = new Map<number, number>();
  for (let guard = 0; guard < 200 && states.size; guard++) {
    const next = new Map<string, number>();
    for (const [k, p] of states) {
      const [w, left] = k.split('|').map(Number) as [number, number];
      if (left === 0 || guard > 40) {
        done.set(w, (done.get(w) ?? 0) + p);
        continue;
      }
      const add = (key: string, q: number) => next.set(key, (next.get(key) ?? 0) + q);
      add(`${w}|${left - 1}`, p * pNone);
      add(`${w + 1}|${left - 1}`, p * pWound);
      add(`${w + 1}|${left - 1 + (extra ? 1 : 0)}`, p * p12);
    }
    states = next;
  }
  return done;
}

export function ahqOdds(setup: AhqSetup): Odds {
  const blows: OddsBlow[] = [];
  for (const [a, d] of foePairs(setup.fighters)) {
    const w = handWeapon(a);
    const dd = w?.dd ?? a.unarmedDd;
    const need = closeCombatNeed(a.profile.WS, withArmour(d, 'DS'));
    const { T, helmet } = toughnessOf(d);
    const wounds = new Map<number, number>();
    let hit = 0;
    let critical = 0;
    for (let r = 1; r <= 12; r++) {
      const res = toHitRoll(r, need);
      if (res !== 'hit' && res !== 'critical') continue;
      hit += 1 / 12;
      if (res === 'critical') critical += 1 / 12;
      for (const [k, p] of woundDistribution(dd, T + (r === need ? helmet : 0), setup.opt.criticalExtraDie))
        wounds.set(k, (wounds.get(k) ?? 0) + p / 12);
    }
    const list = [...wounds].sort((x, y) => x[0] - y[0]).map(([value, p]) => ({ value, p }));
    const killed = list.filter((x) => x.value >= d.wounds).reduce((n, x) => n + x.p, 0);
    blows.push({
      attacker: a.name,
      defender: d.name,
      need,
      needText: `D12 ≥ ${need}; 7 + DS − WS: ours`,
      hit,
      locations: [],
      wounds: list,
      meanWounds: list.reduce((n, x) => n + x.value * x.p, 0),
      critical,
      criticalValues: [],
      killed,
      outAtOnce: killed,
    });
  }
  return {
    blows,
    blowMethod: `exact: the D12 to hit (7 + DS − WS, 2..12: our reconstruction of the base game's table; a 1 misses, a 12 is a critical), every D12 damage die against Toughness with armour (a helmet only when the roll is exactly the number needed), ${setup.opt.criticalExtraDie ? 'a 12 on a damage die rolling one more die, ' : ''}a close-combat blow with the hand weapon, no charge, rear attack or surrounding; "killed" is all wounds gone from full; a critical's free attack is not counted`,
    duel: null,
    duelMethod:
      'not computed: a fight on the board depends on moves, facing, charges, rear attacks and surrounding, a state too large for the chain; fray sim estimates it',
  };
}
