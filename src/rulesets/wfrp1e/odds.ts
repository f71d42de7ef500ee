// Exact odds for WFRP 1e by enumerating the dice: one blow between every attacker and defender,
// and, for a plain duel, the whole fight as a Markov chain over (W, W, who is winning).
import { AutoDriver, FightContext } from '../../core/context.js';
import { ChainBudget, foePairs, massOf, NEGLIGIBLE, notOneAgainstOne } from '../../core/odds.js';
import type { Odds, OddsBlow, OddsDuel } from '../../core/ruleset.js';
import { reverseD100 } from '../../dice/d100.js';
import { Rng, SeededDice } from '../../dice/index.js';
import { shieldFor, skillWith } from './blow.js';
import { CRITICAL_CHART, CRITICAL_EFFECTS, SUDDEN_DEATH_KILLS_FROM } from './data/criticals.js';
import type { W1Setup } from './encounter.js';
import { hitLocation } from './locate.js';
import {
  applyWounds,
  armourPoints,
  criticalColumn,
  isHit,
  WINNING_BONUS,
  WINNING_EI,
  wornOn,
} from './rules.js';
import { current, strongHand, type Fighter, type W1State } from './state.js';
import { WFRP1E_OPTIONS } from './options.js';
import { lookup } from '../../core/table.js';

/** Beyond this many extra D6s of additional damage the chance is below 1e-15: left out. */
const MAX_EXTRA_DICE = 20;

/** P(total of the additional dice = k): D6s while they show 6 (§ Additional Damage). */
function extraDamage(): Map<number, number> {
  let open = new Map<number, number>([[0, 1]]);
  const done = new Map<number, number>();
  for (let n = 0; n < MAX_EXTRA_DICE; n++) {
    const next = new Map<number, number>();
    for (const [sum, p] of open) {
      for (let d = 1; d <= 6; d++) {
        const q = p / 6;
        if (d < 6) done.set(sum + d, (done.get(sum + d) ?? 0) + q);
        else next.set(sum + 6, (next.get(sum + 6) ?? 0) + q);
      }
    }
    open = next;
  }
  return done;
}
const EXTRA = extraDamage();

/** A context for the location lookup: it must not roll (a body plan that rolls for its location is enumerated elsewhere). */
function noDice(): FightContext {
  return new FightContext([], new AutoDriver(new SeededDice(Rng.seeded(0))), false, false);
}

/** What one blow of `a` at `d` does, as exact probabilities: its wounds and the critical's kill chance by W left. */
interface BlowModel {
  readonly need: number;
  readonly pHit: number;
  /** Per location struck: its probability (of all blows) and the wounds distribution there. */
  readonly byPart: {
    readonly part: ReturnType<typeof hitLocation>['part'];
    readonly p: number;
    readonly wounds: Map<number, number>;
  }[];
}

function blowModel(st: W1State, a: Fighter, d: Fighter, winning: boolean): BlowModel {
  const held = a[strongHand(a)];
  const weapon = held && !held.shield && !held.missile ? held : (a.natural[0] ?? null);
  const ws = skillWith(st, a, weapon, 'WS').skill;
  const need = ws + (winning ? WINNING_BONUS : 0);
  const S = current(a, 'S', 1);
  const T = current(d, 'T', 1);
  const byPart = new Map<string, BlowModel['byPart'][number]>();
  const ctx = noDice();
  let pHit = 0;
  for (let roll = 1; roll <= 100; roll++) {
    if (!isHit(roll, need)) continue;
    pHit += 0.01;
    const part = hitLocation(ctx, a, d, reverseD100(roll), false).part;
    let e = byPart.get(part.id);
    if (!e) byPart.set(part.id, (e = { part, p: 0, wounds: new Map() }));
    (e as { p: number }).p += 0.01;
    const worn = wornOn(d.armour, part.zone);
    const shield = shieldFor(d, false);
    const add = (dice: number, p: number) => {
      const afterT = dice + S - T;
      const ap = armourPoints(worn, shield, afterT, false);
      const w = Math.max(0, afterT - ap);
      e.wounds.set(w, (e.wounds.get(w) ?? 0) + 0.01 * p);
    };
    for (let first = 1; first <= 6; first++) {
      if (first < 6 || !st.opt.additionalDamage) {
        add(first, 1 / 6);
        continue;
      }
      // A natural 6: a WS test (base WS) for the additional D6s.
      const pass = Math.max(0, Math.min(100, ws)) / 100;
      add(6, (1 / 6) * (1 - pass));
      for (const [extra, p] of EXTRA) add(6 + extra, (1 / 6) * pass * p);
    }
  }
  return { need, pHit, byPart: [...byPart.values()] };
}

/**
 * The chance a critical of `value` on `part` takes the victim out at once: killed, and (detailed)
 * out of the fight; read as critical() reads the chart, with its roll modifier and effect ceiling.
 */
export function criticalOut(
  st: W1State,
  chart: ReturnType<typeof hitLocation>['part']['chart'],
  value: number,
  how: { rollModifier?: number; maxEffect?: number } = {},
): { killed: number; out: number } {
  const col = criticalColumn(value);
  if (st.opt.criticals === 'sudden-death') {
    const killed = (101 - (SUDDEN_DEATH_KILLS_FROM[col - 1] as number)) / 100;
    return { killed, out: killed };
  }
  let killed = 0;
  let out = 0;
  for (let rolled = 1; rolled <= 100; rolled++) {
    const r = Math.min(100, Math.max(1, rolled + (how.rollModifier ?? 0)));
    const cell = (lookup(CRITICAL_CHART, r) as readonly { effect: number }[])[col - 1] as { effect: number };
    const eff = CRITICAL_EFFECTS[chart][Math.min(cell.effect, how.maxEffect ?? 16) - 1];
    if (eff?.killed) killed += 0.01;
    if (eff?.killed || eff?.unconscious) out += 0.01;
  }
  return { killed, out };
}

function oneBlow(st: W1State, a: Fighter, d: Fighter): OddsBlow {
  const m = blowModel(st, a, d, false);
  const wounds = new Map<number, number>();
  const crit = new Map<number, number>();
  let killed = 0;
  let out = 0;
  for (const e of m.byPart) {
    for (const [w, p] of e.wounds) {
      wounds.set(w, (wounds.get(w) ?? 0) + p);
      const c = applyWounds(d.W, w).critical;
      if (c <= 0) continue;
      crit.set(c, (crit.get(c) ?? 0) + p);
      const o = criticalOut(st, e.part.chart, c);
      killed += p * o.killed;
      out += p * o.out;
    }
  }
  const sorted = (mp: Map<number, number>) =>
    [...mp].sort((x, y) => x[0] - y[0]).map(([value, p]) => ({ value, p }));
  const meanWounds = [...wounds].reduce((n, [w, p]) => n + w * p, 0);
  return {
    attacker: a.name,
    defender: d.name,
    need: m.need,
    hit: m.pHit,
    locations: m.byPart.map((e) => ({ part: e.part.name, p: e.p })),
    wounds: sorted(wounds),
    meanWounds,
    critical: [...crit.values()].reduce((n, p) => n + p, 0),
    criticalValues: sorted(crit),
    killed,
    outAtOnce: out,
  };
}

/** Why the duel cannot be a small Markov chain (empty: it can). */
function duelObstacles(st: W1State, setup: W1Setup): string[] {
  const why: string[] = [];
  const fs = st.combatants;
  // Of more than two, that is all there is to say: what else would stand in a duel's way does not matter.
  if (fs.length !== 2 || fs[0]?.side === fs[1]?.side) return [notOneAgainstOne(fs)];
  if (st.opt.criticals !== 'sudden-death')
    why.push(
      'detailed criticals leave lasting effects (parry only, −10 to hit, bleeding…) that the state would have to carry: use criticals=sudden-death',
    );
  if (st.opt.fumbles) why.push('fumbles leave lasting effects: use fumbles=off');
  // Every other option as its default: the chain is written for the default round.
  for (const o of WFRP1E_OPTIONS) {
    if (['criticals', 'fumbles', 'additionalDamage'].includes(o.name)) continue;
    const v = setup.optionValues[o.name];
    if (v !== undefined && v !== o.default)
      why.push(`the option ${o.name}=${v} (the chain follows its default, ${o.default})`);
  }
  if (setup.spatial) why.push('positions and movement are part of the state');
  if (setup.start === 'charge') why.push('the first round is a charge');
  if (setup.sides.some((s) => s.surprised || s.ambush)) why.push('someone is surprised');
  if (setup.door || setup.wandering) why.push('a door or a wandering approach');
  for (const f of fs) {
    if (current(f, 'A', 1) !== 1)
      why.push(`${f.name} has ${current(f, 'A', 1)} Attacks (blows spread over the round)`);
    if (f.mount || f.rider) why.push(`${f.name} is mounted`);
    if (f.tactics.parry !== 'never') why.push(`${f.name} parries (tactics parry: never makes it a chain)`);
    if (
      f.tactics.stun ||
      f.tactics.grapple ||
      f.tactics.aim !== 'none' ||
      f.tactics.fleeBelow > 0 ||
      !f.tactics.press
    )
      why.push(`${f.name}'s tactics stun, grapple, aim, flee or hold back a beaten foe`);
    if (f.asleep || f.spec.situation.higherGround || f.spec.situation.obstacle || f.spec.situation.behind)
      why.push(`${f.name} is asleep, or has ground, an obstacle or the rear`);
    const held = f[strongHand(f)];
    if (!held || held.shield || held.missile || f.spec.leftHanded)
      why.push(
        `${f.name} fights without a hand weapon in the right hand (unarmed or left-handed blows follow other rules)`,
      );
    if (current(f, 'I', 1) <= 1) why.push(`${f.name}'s I of 1 or less`);
    if (f.right?.missile || f.left?.missile) why.push(`${f.name} holds a missile weapon`);
  }
  return why;
}

/** The chain's steps a second on large states (W 60 against W 60), for the odds' budget (docs/performance.md). */
const CHAIN_STEPS_PER_SECOND = 25_000_000;

/**
 * The duel as a Markov chain over (W of each, who is winning), round by round up to the cap:
 * each round the higher EI strikes first (+10 for winning), equal EI strike together; a kill
 * ends it; more wounds caused than received wins the round (§ Winning and Losing).
 */
function duel(st: W1State, cap: number): OddsDuel | { readonly stopped: string } {
  const budget = new ChainBudget(CHAIN_STEPS_PER_SECOND);
  const [a, b] = st.combatants as [Fighter, Fighter];
  const models = {
    a: [blowModel(st, a, b, false), blowModel(st, a, b, true)],
    b: [blowModel(st, b, a, false), blowModel(st, b, a, true)],
  };
  /** One blow's outcomes given the defender's W: [wounds, killed, p], misses as 0 wounds; the same wounds merged. */
  const cache = new Map<BlowModel, Map<number, [number, boolean, number][]>>();
  const outcomes = (m: BlowModel, W: number): [number, boolean, number][] => {
    let byW = cache.get(m);
    if (!byW) cache.set(m, (byW = new Map()));
    const had = byW.get(W);
    if (had) return had;
    const merged = new Map<string, [number, boolean, number]>([['0,false', [0, false, 1 - m.pHit]]]);
    const put = (w: number, k: boolean, p: number) => {
      const key = `${w},${k}`;
      const e = merged.get(key);
      if (e) e[2] += p;
      else merged.set(key, [w, k, p]);
    };
    for (const e of m.byPart) {
      for (const [w, p] of e.wounds) {
        const c = applyWounds(W, w).critical;
        const k = c > 0 ? criticalOut(st, e.part.chart, c).killed : 0;
        if (k > 0) put(w, true, p * k);
        if (k < 1) put(w, false, p * (1 - k));
      }
    }
    const res = [...merged.values()];
    byW.set(W, res);
    return res;
  };
  // Winning: 0 nobody, 1 a, 2 b; the state as one number.
  const wMax = Math.max(a.W, b.W) + 1;
  const keyOf = (wa: number, wb: number, win: number): number => (wa * wMax + wb) * 3 + win;
  let dist = new Map<number, number>([[keyOf(a.W, b.W, 0), 1]]);
  let aWins = 0;
  let bWins = 0;
  let bothDead = 0;
  const Ia = current(a, 'I', 1);
  const Ib = current(b, 'I', 1);
  const byRound: number[] = [];
  let states = dist.size;
  for (let round = 1; round <= cap && dist.size > 0 && massOf(dist) > NEGLIGIBLE; round++) {
    const next = new Map<number, number>();
    let endedNow = 0;
    for (const [key, p0] of dist) {
      const win = key % 3;
      const wb = Math.floor(key / 3) % wMax;
      const wa = Math.floor(key / 3 / wMax);
      const eiA = Ia + (win === 1 ? WINNING_EI : 0);
      const eiB = Ib + (win === 2 ? WINNING_EI : 0);
      const ma = models.a[win === 1 ? 1 : 0] as BlowModel;
      const mb = models.b[win === 2 ? 1 : 0] as BlowModel;
      const together = eiA === eiB && win === 0;
      const aFirst = eiA > eiB || (eiA === eiB && win === 1);
      const firsts = outcomes(aFirst || together ? ma : mb, aFirst || together ? wb : wa);
      let steps = firsts.length;
      for (const [w1, k1, p1] of firsts) {
        // The first blow: a's at b (or b's at a); together, both land whatever the first did.
        const firstIsA = aFirst || together;
        const hitW = firstIsA ? wb : wa;
        const left = applyWounds(hitW, w1).W;
        if (k1 && !together) {
          const p = p0 * p1;
          if (firstIsA) aWins += p;
          else bWins += p;
          endedNow += p;
          continue;
        }
        const secondModel = firstIsA ? mb : ma;
        const secondTargetW = firstIsA ? wa : wb;
        const seconds = outcomes(secondModel, secondTargetW);
        steps += seconds.length;
        for (const [w2, k2, p2] of seconds) {
          const p = p0 * p1 * p2;
          const dealtA = firstIsA ? w1 : w2;
          const dealtB = firstIsA ? w2 : w1;
          const killsB = firstIsA ? k1 : k2;
          const killsA = firstIsA ? k2 : k1;
          if (killsA || killsB) {
            endedNow += p;
            if (killsA && killsB) bothDead += p;
            else if (killsB) aWins += p;
            else bWins += p;
            continue;
          }
          const na = firstIsA ? applyWounds(wa, w2).W : left;
          const nb = firstIsA ? left : applyWounds(wb, w2).W;
          const nwin = dealtA > dealtB ? 1 : dealtB > dealtA ? 2 : 0;
          const k = keyOf(na, nb, nwin);
          next.set(k, (next.get(k) ?? 0) + p);
        }
      }
      if (!budget.spend(steps)) return { stopped: budget.refusal(round, Math.max(states, dist.size)) };
    }
    byRound.push(endedNow);
    dist = next;
    states = Math.max(states, dist.size);
  }
  const unfinished = [...dist.values()].reduce((n, p) => n + p, 0);
  const meanRoundsIfEnded = byRound.reduce((n, p, i) => n + p * (i + 1), 0) + unfinished * cap;
  return {
    sides: [
      { name: st.sides[a.side]?.name ?? a.name, win: aWins },
      { name: st.sides[b.side]?.name ?? b.name, win: bWins },
    ],
    draw: bothDead + unfinished,
    meanRounds: meanRoundsIfEnded,
    states,
  };
}

/** `fray odds` for WFRP 1e; `cap`: the round cap (the encounter's by default). */
export function wfrp1eOdds(setup: W1Setup, st: W1State, cap = setup.maxRounds): Odds {
  const blows = foePairs(st.combatants, (a, d) => a.side !== d.side && !a.rider && !d.rider).map(([a, d]) =>
    oneBlow(st, a, d),
  );
  const obstacles = duelObstacles(st, setup);
  const solved = obstacles.length === 0 ? duel(st, cap) : null;
  return {
    blows,
    blowMethod:
      'exact: every D100 to-hit roll, its reversed location, every damage D6 and additional-damage chain (to 20 extra dice), and the critical chart, for a first blow: nobody winning, nobody charging, no parry',
    duel: solved && !('stopped' in solved) ? solved : null,
    duelMethod:
      solved === null
        ? `not computed exactly: ${obstacles.join('; ')}. Use fray sim for the whole fight.`
        : 'stopped' in solved
          ? solved.stopped
          : `exact: a Markov chain over (W of each, who is winning), round by round to the round cap of ${cap}`,
  };
}
