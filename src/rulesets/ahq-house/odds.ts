// Exact odds for the house rules by enumerating the dice: each pair's close-combat blow (the D12 to
// hit, every damage die, a helmet on an exact roll, a critical wound's extra die), and the whole
// fight of two models that start in contact, as a Markov chain over the wounds of each. Everything
// a blow or a turn does is asked of the engine (round/, rules.ts) on a state set up as the fight
// starts; what would take a model off its square (moves, evasions, Panic's flight) is refused.
import { ChainBudget, foePairs, NEGLIGIBLE, notOneAgainstOne } from '../../core/odds.js';
import { combatantKey } from '../../core/request.js';
import type { Odds, OddsBlow, OddsDuel } from '../../core/ruleset.js';
import { decideOutcome } from '../../core/state.js';
import { closeCombatBlow, onCritical } from './round/close-combat.js';
import { toughness } from './round/models.js';
import { mastered } from './round/monster-rules.js';
import { sideOrder } from './round/round.js';
import { planChoices, suggestPlan } from './round/turn.js';
import {
  braveryPasses,
  closeNeed,
  dieWounds,
  helmetCounts,
  MOST_DAMAGE_DICE,
  rollsAgain,
  stealthEvades,
  toHitRoll,
} from './rules.js';
import {
  handWeapon,
  newAhqState,
  toughnessOf,
  withArmour,
  type AhqFighter,
  type AhqSetup,
  type AhqState,
} from './state.js';
import { engaged, engagedWith, settleFacing } from './zones.js';

const D12 = Array.from({ length: 12 }, (_, k) => k + 1);

/**
 * Wounds from `dd` damage dice against `T`, as a distribution, die by die as the engine's damage
 * rolls them: each die the engine counts a wound is one, each it rolls again for adds a die, and
 * no more than MOST_DAMAGE_DICE are rolled. Wounds above `cap` count as `cap`.
 */
export function woundDistribution(
  dd: number,
  T: number,
  extra: boolean,
  cap = MOST_DAMAGE_DICE,
): Map<number, number> {
  const key = `${dd}|${T}|${extra}|${cap}`;
  let known = WOUNDS.get(key);
  if (!known) {
    if (WOUNDS.size > 256) WOUNDS.clear();
    WOUNDS.set(key, (known = followDice(dd, T, extra, cap)));
  }
  return new Map(known);
}

/** The distributions worked out so far: a few a duel (a hit with the helmet and one without), each a few thousand steps. */
const WOUNDS = new Map<string, ReadonlyMap<number, number>>();

function followDice(dd: number, T: number, extra: boolean, cap: number): Map<number, number> {
  // The twelve faces, grouped by what the engine makes of them.
  const kinds = new Map<string, { wound: number; again: number; p: number }>();
  for (const d of D12) {
    const wound = Number(dieWounds(d, T));
    const again = Number(rollsAgain(d, extra));
    const k = `${wound}|${again}`;
    const was = kinds.get(k);
    kinds.set(k, { wound, again, p: (was?.p ?? 0) + 1 / 12 });
  }
  const width = cap + 1;
  let layer = new Map<number, number>([[dd * width, 1]]);
  const done = new Map<number, number>();
  const finish = (w: number, p: number) => done.set(w, (done.get(w) ?? 0) + p);
  for (let rolled = 0; layer.size > 0; rolled++) {
    const next = new Map<number, number>();
    for (const [key, p] of layer) {
      const left = Math.floor(key / width);
      const w = key % width;
      if (left === 0 || rolled === MOST_DAMAGE_DICE) {
        finish(w, p);
        continue;
      }
      for (const k of kinds.values()) {
        const to = (left - 1 + k.again) * width + Math.min(cap, w + k.wound);
        next.set(to, (next.get(to) ?? 0) + p * k.p);
      }
    }
    layer = next;
  }
  return done;
}

export function ahqOdds(setup: AhqSetup, maxRounds?: number): Odds {
  const blows: OddsBlow[] = [];
  for (const [a, d] of foePairs(setup.fighters)) {
    const w = handWeapon(a);
    const dd = w?.dd ?? a.unarmedDd;
    const { need, why } = closeNeed(a, withArmour(d, 'DS'), setup.opt.toHit);
    const { T, helmet } = toughnessOf(d);
    const wounds = new Map<number, number>();
    let hit = 0;
    let critical = 0;
    for (const r of D12) {
      const res = toHitRoll(r, need);
      if (res !== 'hit' && res !== 'critical') continue;
      hit += 1 / 12;
      if (res === 'critical') critical += 1 / 12;
      for (const [k, p] of woundDistribution(
        dd,
        T + (helmetCounts(r, need) ? helmet : 0),
        setup.opt.criticalExtraDie,
      ))
        wounds.set(k, (wounds.get(k) ?? 0) + p / 12);
    }
    const list = [...wounds].sort((x, y) => x[0] - y[0]).map(([value, p]) => ({ value, p }));
    const killed = list.filter((x) => x.value >= d.wounds).reduce((n, x) => n + x.p, 0);
    blows.push({
      attacker: a.name,
      defender: d.name,
      need,
      needText: `D12 ≥ ${why}`,
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
  const cap = maxRounds ?? setup.maxRounds;
  const solved = duel(setup, cap);
  return {
    blows,
    blowMethod: `exact: the D12 to hit (${setup.opt.toHit.limit === 10 ? "7 + DS − WS, 2..10, or a monster's card row, as the monster cards print them" : '7 + DS − WS, 2..12: ours, the older reading'}; a 1 misses, a 12 is a critical), every D12 damage die against Toughness with armour (a helmet only when the roll is exactly the number needed), ${setup.opt.criticalExtraDie ? 'a 12 on a damage die rolling one more die, ' : ''}a close-combat blow with the hand weapon, no charge, rear attack or surrounding; "killed" is all wounds gone from full; a critical's free attack is not counted`,
    duel: 'refused' in solved ? null : solved,
    duelMethod:
      'refused' in solved
        ? solved.refused
        : `exact: a Markov chain over the wounds of each model, turn by turn in the engine's order (${solved.order}), each blow's to-hit roll, damage dice, helmet and critical hit's free attack as the engine rolls them, to the round cap of ${cap}; the two start in contact and their tactics keep them there`,
  };
}

/** The chain's steps a second on large states (W 100 against W 100), for the odds' budget (docs/performance.md). */
const CHAIN_STEPS_PER_SECOND = 13_000_000;

/** A blow's outcomes: wounds dealt (at most the target's W at the start) and whether the to-hit roll was a critical. */
interface BlowOutcome {
  readonly wounds: number;
  readonly critical: boolean;
  readonly p: number;
}

/** Every to-hit roll of `f`'s close-combat blow at `t` (no charge: they stand in contact), with the damage each brings. */
function blowOutcomes(st: AhqState, f: AhqFighter, t: AhqFighter): BlowOutcome[] {
  // No one-off modifier of the GM's in a simulation: the need is the blow's own.
  const { need, dd } = closeCombatBlow(st, f, t, false);
  const cap = t.spec.wounds;
  const byKey = new Map<string, BlowOutcome>();
  const add = (wounds: number, critical: boolean, p: number) => {
    const k = `${wounds}|${critical}`;
    byKey.set(k, { wounds, critical, p: (byKey.get(k)?.p ?? 0) + p });
  };
  for (const r of D12) {
    const res = toHitRoll(r, need);
    if (res !== 'hit' && res !== 'critical') {
      add(0, false, 1 / 12);
      continue;
    }
    const { T } = toughness(t, helmetCounts(r, need));
    for (const [w, q] of woundDistribution(dd, T, st.setup.opt.criticalExtraDie, cap))
      add(w, res === 'critical', q / 12);
  }
  return [...byKey.values()];
}

/**
 * What one model's turn does to its foe's W, for each W the foe may have: its blow, and after a
 * critical hit that leaves the foe standing, the free attack (whose own critical gives nothing
 * more). `turn[w]` lists [W after, probability]; 0 is out.
 */
function turnTable(blow: readonly BlowOutcome[], W: number): [number, number][][] {
  const table: [number, number][][] = [[]];
  for (let w = 1; w <= W; w++) {
    const after = new Map<number, number>();
    const add = (v: number, p: number) => after.set(v, (after.get(v) ?? 0) + p);
    for (const o of blow) {
      const w1 = Math.max(0, w - o.wounds);
      if (!o.critical || w1 === 0) add(w1, o.p);
      else for (const o2 of blow) add(Math.max(0, w1 - o2.wounds), o.p * o2.p);
    }
    table.push([...after].filter(([, p]) => p > 0));
  }
  return table;
}

/** The chance over the D12 that `ok` holds. */
const chance = (ok: (roll: number) => boolean) => D12.filter(ok).length / 12;

type Solved = (OddsDuel & { readonly order: string }) | { readonly refused: string };

/**
 * The fight of two models in contact: each round the sides take their turns in the engine's order
 * (the players' side first), and in its turn a model strikes the foe it is engaged with. The state
 * is the W of each; facing and squares never change, since the tactics never leave the combat
 * (checked at every W reached) and what would leave it is refused before the chain starts.
 */
function duel(setup: AhqSetup, cap: number): Solved {
  const fs = setup.fighters;
  const refuse = (why: readonly string[]): Solved => ({
    refused: `not computed exactly: ${why.join('; ')}. Use fray sim for the whole fight.`,
  });
  if (fs.length !== 2 || fs[0]?.side === fs[1]?.side) return refuse([notOneAgainstOne(fs)]);
  const later = fs.filter((f) => setup.entersLater?.includes(f.id));
  if (later.length) return refuse(later.map((f) => `${f.name} enters later, by the GM's ruling`));
  // The state as the fight starts: startAhq settles the facing before the first round.
  const st = newAhqState(setup);
  settleFacing(st.combatants, st.evading);
  const order = sideOrder(st.sides).flatMap((i) => st.combatants.filter((c) => c.side === i));
  const [x, y] = order as [AhqFighter, AhqFighter];
  const sideNames = setup.sides.map((s) => s.name);
  const over = decideOutcome(st);
  if (over)
    return {
      sides: sideNames.map((name, i) => ({ name, win: over.winner === i ? 1 : 0 })),
      draw: over.winner === null ? 1 : 0,
      meanRounds: 0,
      states: 0,
      steps: 0,
      order: `${x.name}, then ${y.name}`,
    };
  const why: string[] = [];
  if (!engaged(x, y))
    why.push(
      `${x.name} and ${y.name} do not start in contact (side by side and facing each other), so the fight opens with moves and facing on the board`,
    );
  for (const f of [x, y]) {
    if (onCritical(f, true) !== 'free-attack')
      why.push(
        `${f.name}'s tactics (critical: evade) forfeit a critical hit's free attack to withdraw, a move; with critical: free-attack it is solved`,
      );
    const panics = f.spec.rules.includes('panic') && !mastered(st, f, 'slavemaster');
    if (
      panics &&
      chance((r) => !braveryPasses(r, f.spec.profile.Br)) > 0 &&
      chance((r) => stealthEvades(r, withArmour(f.spec, 'St'))) > 0
    )
      why.push(`${f.name} may Panic (Br ${f.spec.profile.Br}) and, evading by Stealth, run off`);
  }
  if (why.length) return refuse(why);
  return chain(st, x, y, cap, sideNames);
}

/** Panic in contact with a model that cannot evade (St 0 or less): a failed Bravery roll only gives the foe a free attack. */
function panicChance(st: AhqState, f: AhqFighter): number {
  if (!f.spec.rules.includes('panic') || mastered(st, f, 'slavemaster')) return 0;
  const fails = chance((r) => !braveryPasses(r, f.spec.profile.Br));
  // Run Amok is rolled first; failing it, the model goes for its only foe within 5 squares, this one: the same blow.
  const amok = f.spec.rules.includes('run-amok') && !mastered(st, f, 'beastmaster');
  return (amok ? 1 - fails : 1) * fails;
}

function chain(
  st: AhqState,
  x: AhqFighter,
  y: AhqFighter,
  cap: number,
  sideNames: readonly string[],
): Solved {
  const budget = new ChainBudget(CHAIN_STEPS_PER_SECOND);
  const WX = x.spec.wounds;
  const WY = y.spec.wounds;
  const xBlow = blowOutcomes(st, x, y);
  const yBlow = blowOutcomes(st, y, x);
  // x's turn takes y's W along xOnY; Panic's failed evasion gives the foe a blow without the critical's free attack.
  const xOnY = turnTable(xBlow, WY);
  const yOnX = turnTable(yBlow, WX);
  const free = (blow: readonly BlowOutcome[], W: number) =>
    turnTable(
      blow.map((o) => ({ ...o, critical: false })),
      W,
    );
  const yFreeOnX = free(yBlow, WX);
  const xFreeOnY = free(xBlow, WY);
  const xPanics = panicChance(st, x);
  const yPanics = panicChance(st, y);
  // The tactics asked at every pair of W reached: each must strike the foe it is engaged with.
  const asked = new Set<number>();
  const width = WY + 1;
  const strikes = (wx: number, wy: number): string | null => {
    const key = wx * width + wy;
    if (asked.has(key)) return null;
    asked.add(key);
    x.W = wx;
    y.W = wy;
    for (const [f, foe] of [
      [x, y],
      [y, x],
    ] as const) {
      const partners = engagedWith(f, st.combatants);
      const plan = suggestPlan(st, f, planChoices(st, f, partners), partners);
      if (plan !== `attack:${combatantKey(foe)}`)
        return `not computed exactly: at W ${wx} and ${wy}, ${f.name}'s tactics choose ${plan} rather than to strike ${foe.name}, which the chain does not follow. Use fray sim for the whole fight.`;
    }
    return null;
  };
  let dist = new Float64Array(x.spec.wounds * width + width);
  dist[WX * width + WY] = 1;
  const win = sideNames.map(() => 0);
  let rounds = 0;
  let states = 1;
  let mass = 1;
  for (let round = 1; round <= cap && mass > NEGLIGIBLE; round++) {
    // x's turn, then y's: a turn moves one W (the struck one), and ends the fight at 0.
    const half = new Float64Array(dist.length);
    let live = 0;
    for (let k = 0; k < dist.length; k++) {
      const p = dist[k] as number;
      if (p === 0) continue;
      live++;
      const wx = Math.floor(k / width);
      const wy = k % width;
      const stop = strikes(wx, wy);
      if (stop) return { refused: stop };
      const own = xOnY[wy] as [number, number][];
      const hit = yFreeOnX[wx] as [number, number][];
      for (const [wy1, q] of own) {
        const pq = p * q * (1 - xPanics);
        if (wy1 === 0) {
          win[x.side] = (win[x.side] ?? 0) + pq;
          rounds += pq * round;
        } else half[wx * width + wy1] = (half[wx * width + wy1] as number) + pq;
      }
      if (xPanics > 0)
        for (const [wx1, q] of hit) {
          const pq = p * q * xPanics;
          if (wx1 === 0) {
            win[y.side] = (win[y.side] ?? 0) + pq;
            rounds += pq * round;
          } else half[wx1 * width + wy] = (half[wx1 * width + wy] as number) + pq;
        }
      if (!budget.spend(own.length + (xPanics > 0 ? hit.length : 0)))
        return { refused: budget.refusal(round, states) };
    }
    states = Math.max(states, live);
    const next = new Float64Array(dist.length);
    mass = 0;
    for (let k = 0; k < half.length; k++) {
      const p = half[k] as number;
      if (p === 0) continue;
      const wx = Math.floor(k / width);
      const wy = k % width;
      const stop = strikes(wx, wy);
      if (stop) return { refused: stop };
      const own = yOnX[wx] as [number, number][];
      const hit = xFreeOnY[wy] as [number, number][];
      for (const [wx1, q] of own) {
        const pq = p * q * (1 - yPanics);
        if (wx1 === 0) {
          win[y.side] = (win[y.side] ?? 0) + pq;
          rounds += pq * round;
        } else {
          next[wx1 * width + wy] = (next[wx1 * width + wy] as number) + pq;
          mass += pq;
        }
      }
      if (yPanics > 0)
        for (const [wy1, q] of hit) {
          const pq = p * q * yPanics;
          if (wy1 === 0) {
            win[x.side] = (win[x.side] ?? 0) + pq;
            rounds += pq * round;
          } else {
            next[wx * width + wy1] = (next[wx * width + wy1] as number) + pq;
            mass += pq;
          }
        }
      if (!budget.spend(own.length + (yPanics > 0 ? hit.length : 0)))
        return { refused: budget.refusal(round, states) };
    }
    dist = next;
  }
  let unfinished = 0;
  for (const p of dist) unfinished += p;
  return {
    sides: sideNames.map((name, i) => ({ name, win: win[i] ?? 0 })),
    draw: unfinished,
    meanRounds: rounds + unfinished * cap,
    states,
    steps: budget.used,
    order: `${x.name}, then ${y.name}`,
  };
}
