// Exact odds for the Combat Points rules: one blow between every attacker and defender, over
// every D100 roll, at the attacker's most CP an action against no defence and against the
// defender's most. A fight is a chain of decisions (CP, W, pools, dodges), not a small state.
import { AutoDriver, FightContext } from '../../core/context.js';
import { foePairs } from '../../core/odds.js';
import type { Odds, OddsBlow } from '../../core/ruleset.js';
import { reverseD100 } from '../../dice/d100.js';
import { Rng, SeededDice } from '../../dice/index.js';
import { hitLocation } from '../wfrp1e/locate.js';
import { criticalOut } from '../wfrp1e/odds.js';
import { actionCap, cpLeft, foes, meleeWeapon } from './fighter.js';
import { blowDamage, spendCap } from './melee.js';
import { hits, hitChance, UNARMED_MAX_EFFECT, zeroDamageModifier } from './rules.js';
import { newCpState, type CpFighter, type CpSetup, type CpState } from './state.js';
import { dismountFall } from './round/falls-and-fire.js';
import { startCpFight } from './round/opening.js';

function oneBlow(st: CpState, a: CpFighter, d: CpFighter, defence: number): OddsBlow {
  const ctx = new FightContext([], new AutoDriver(new SeededDice(Rng.seeded(0))), false, false);
  const w = meleeWeapon(st, a);
  const attack = Math.min(cpLeft(st, a), spendCap(st, a, d, 'strike'));
  const chance = hitChance(attack, defence);
  const locations = new Map<string, number>();
  const values = new Map<number, number>();
  let pHit = 0;
  let killed = 0;
  let out = 0;
  for (let roll = 1; roll <= 100; roll++) {
    if (!hits(roll, chance)) continue;
    pHit += 0.01;
    const part = hitLocation(ctx, a, d, reverseD100(roll), false).part;
    locations.set(part.name, (locations.get(part.name) ?? 0) + 0.01);
    const dmg = blowDamage(st, a, d, w, part, null);
    // Rule 10: 0 or less is +1 read at −50% (the first such hit on the location).
    const value = Math.max(1, dmg.cv.value);
    values.set(value, (values.get(value) ?? 0) + 0.01);
    const o = criticalOut(st, part.chart, value, {
      rollModifier: dmg.cv.value <= 0 ? zeroDamageModifier(1) : 0,
      maxEffect: dmg.unarmed ? UNARMED_MAX_EFFECT : undefined,
    });
    killed += 0.01 * o.killed;
    out += 0.01 * o.out;
  }
  const sorted = (m: Map<number, number>) =>
    [...m].sort((x, y) => x[0] - y[0]).map(([value, p]) => ({ value, p }));
  return {
    attacker: a.name,
    defender: defence > 0 ? `${d.name} (defending with ${defence} CP)` : d.name,
    need: Math.max(0, chance),
    hit: pHit,
    locations: [...locations].map(([part, p]) => ({ part, p })),
    // Rule 10: every hit is a critical; its value is fixed by S, T and armour on the location.
    wounds: [],
    meanWounds: 0,
    critical: pHit,
    criticalValues: sorted(values),
    killed,
    outAtOnce: out,
  };
}

export function cpOdds(setup: CpSetup): Odds {
  const st = newCpState(setup, dismountFall);
  startCpFight(st, new FightContext([], new AutoDriver(new SeededDice(Rng.seeded(0))), false, false));
  const blows: OddsBlow[] = [];
  const pairs = foePairs(
    st.combatants,
    (a, d) =>
      a.side !== d.side && !a.rider && !d.rider && !(st.spatial && !foes(st, a).includes(d)) && d.LP <= 0,
  );
  for (const [a, d] of pairs) {
    blows.push(oneBlow(st, a, d, 0));
    const full = Math.min(cpLeft(st, d), actionCap(st, d));
    if (full > 0) blows.push(oneBlow(st, a, d, full));
  }
  return {
    blows,
    blowMethod:
      "exact: every D100 roll (01-05 always hit, 96-00 always miss), its reversed location, the critical value there (rule 10) and the critical chart, for the attacker's most CP an action against no defence and against the defender's most (no W, pool or dodge); targets with Life Points take a damage pool instead and are left out",
    duel: null,
    duelMethod:
      'not computed exactly: every exchange is a decision (CP to spend, W, the shield pool, dodging, giving the initiative), so the fight is no small chain of states. Use fray sim.',
  };
}
