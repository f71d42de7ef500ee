// Exact odds for the Combat Points rules: one blow between every attacker and defender, over
// every D100 roll, at the attacker's most CP an action against no defence and against the
// defender's most; and a plain duel whole, as a Markov chain whose policy is the tactics' own.
import { AutoDriver, FightContext } from '../../core/context.js';
import { ChainBudget, foePairs, NEGLIGIBLE, notOneAgainstOne } from '../../core/odds.js';
import type { Odds, OddsBlow, OddsDuel } from '../../core/ruleset.js';
import { reverseD100 } from '../../dice/d100.js';
import { Rng, SeededDice, type DiceSource } from '../../dice/index.js';
import type { Part } from '../wfrp1e/data/locations.js';
import { hitLocation } from '../wfrp1e/locate.js';
import { criticalOut } from '../wfrp1e/odds-blow.js';
import { notCarried } from '../wfrp1e/odds-carried.js';
import { pairUp } from '../wfrp1e/round/opening.js';
import {
  actionCap,
  actionsLeft,
  cpLeft,
  foes,
  mayAttack,
  meleeWeapon,
  shieldPool,
  skillWith,
} from './fighter.js';
import {
  blowChance,
  blowDamage,
  deadlyStrike,
  defenceRoom,
  dodgeTest,
  raiseToOne,
  spendCap,
  type BlowKind,
} from './melee.js';
import {
  ALWAYS_HITS,
  FORCEFUL_ALWAYS_HITS,
  FORCEFUL_COST,
  hits,
  hitChance,
  MIN_CP,
  UNARMED_MAX_EFFECT,
  zeroDamageModifier,
} from './rules.js';
import { newCpState, type CpFighter, type CpSetup, type CpState } from './state.js';
import { attackAmount, canTurn, mayStrikeForcefully, suggestTurn } from './round/actions.js';
import { heldMelee, worthDrawing } from './round/drawing.js';
import { priority, quickestOfTied } from './round/exchanges.js';
import { dismountFall } from './round/falls-and-fire.js';
import { startCpFight } from './round/opening.js';
import { suggestDefence, suggestDefenceAmounts } from './tactics.js';

function noDice(): FightContext {
  return new FightContext([], new AutoDriver(new SeededDice(Rng.seeded(0))), false, false);
}

function oneBlow(st: CpState, a: CpFighter, d: CpFighter, defence: number): OddsBlow {
  const ctx = noDice();
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

/** Dice asked of a lookup the chain takes as fixed: the location is rolled again (a much taller foe). */
class DiceAsked extends Error {}
const refuseDice: DiceSource = {
  roll() {
    throw new DiceAsked();
  },
};

/** Where each to-hit roll of `a` lands on `d` (the reversed roll, rule 10), or null when the location rolls again. */
function partsByRoll(st: CpState, a: CpFighter, d: CpFighter): Part[] | null {
  const ctx = new FightContext([], new AutoDriver(refuseDice), false, false);
  const parts: Part[] = [];
  try {
    for (let roll = 1; roll <= 100; roll++) parts.push(hitLocation(ctx, a, d, reverseD100(roll), false).part);
  } catch (e) {
    if (e instanceof DiceAsked) return null;
    throw e;
  }
  return parts;
}

/** Why the duel cannot be this module's finite chain (empty: it can). */
function duelObstacles(st: CpState): string[] {
  const setup = st.setup;
  const fs = st.combatants;
  if (fs.length !== 2 || fs[0]?.side === fs[1]?.side) return [notOneAgainstOne(fs)];
  const why: string[] = [];
  if (st.opt.criticals !== 'sudden-death') why.push(notCarried('detailed criticals', null));
  if (st.opt.fumbles) why.push(notCarried('fumbles', null));
  if (setup.spatial) why.push('positions and movement are part of the state (missiles at range, closing in)');
  if (setup.start === 'charge') why.push('the first round is a charge (+10 CP and priority in it alone)');
  if (setup.cp.surprisedFrom.some((s) => s !== null) || setup.sides.some((s) => s.surprised || s.ambush))
    why.push('someone is surprised (rule 15: I tests round by round)');
  if (setup.door || setup.wandering || (setup.entersLater?.length ?? 0) > 0)
    why.push('a door, a wandering approach or someone entering later');
  for (const f of fs) {
    if (f.mount || f.rider) why.push(`${f.name} is mounted (the mount is a third combatant)`);
    if (f.maxLP > 0)
      why.push(`${f.name} has Life Points (rule 33: a damage pool of D6s the chain does not carry yet)`);
    if (f.cp.mage) why.push(`${f.name} casts spells (magic is not in the chain)`);
    if ([f.right, f.left, ...f.carried].some((w) => w?.missile))
      why.push(`${f.name} has a missile weapon or bombs (shooting is not in the chain)`);
    if (f.asleep || f.cp.sleeps > 0) why.push(`${f.name} is asleep`);
    if (f.burning > 0 || f.cp.falls) why.push(`${f.name} burns or falls into the fight`);
    if (fs.some((o) => o.cp.causes)) why.push(`${f.name} meets a foe that causes fear or terror`);
    if (f.spec.situation.behind) why.push(`${f.name} strikes from the rear`);
    if (f.conds.length > 0 || f.charMods.length > 0 || f.flee !== null)
      why.push(`${f.name} starts with lasting effects (conditions or changed characteristics)`);
    if (!heldMelee(st, f) && f.natural.length === 0 && worthDrawing(st, f).some((w) => w.melee))
      why.push(`${f.name} draws a weapon in the first round`);
    if (f.body.heads > 1) why.push(`${f.name} has several heads (a head lost is not the fight lost)`);
  }
  if (why.length === 0)
    for (const [a, d] of [fs, [...fs].reverse()] as [CpFighter, CpFighter][])
      if (!partsByRoll(st, a, d))
        why.push(`${a.name}'s blows at ${d.name} roll their location again (a much taller foe)`);
  return [...new Set(why)];
}

/** The chain's steps a second on large states, for the odds' budget (docs/performance.md). */
const CHAIN_STEPS_PER_SECOND = 5_000;

/** What the round carries of one fighter between two turns (rules 4, 5, 8, 9): all it renews at the round's start but W. */
interface Me {
  readonly W: number;
  readonly used: number;
  readonly spent: number;
  readonly shieldLeft: number;
  readonly dodges: number;
  readonly done: boolean;
}

/**
 * A state within a round: both fighters, who goes first on equal EI and I (ours: the roll-off kept
 * for the round; -1 not rolled yet), and whose move it is: 'next' the highest EI's turn (rule 3),
 * or fighter k may answer the blow it has just taken (rule 5).
 */
interface InRound {
  readonly me: readonly [Me, Me];
  readonly tie: -1 | 0 | 1;
  readonly phase: 'next' | 0 | 1;
}

/** The rest of a round from a state: the chance each fighter kills the other in it, and the W both carry into the next. */
interface Rest {
  readonly win: readonly [number, number];
  /** Chances of the next round's start, by W₀ × WIDTH + W₁. */
  readonly next: ReadonlyMap<number, number>;
}

class OverBudget extends Error {}

/**
 * The duel as a Markov chain. Between rounds only W can differ (spent on defence, rule 8): CP, the
 * actions, the shield's pool and the dodges come back each round, and a Sudden Death critical
 * kills or does nothing. Within the round every turn is the engine's: the highest EI acts (its
 * tie-break), its tactics pick the blow and its CP, the defender's tactics the CP, pool, W or
 * dodge, the blow is resolved over every D100 roll and its reversed location, and the target may
 * answer (rule 5), until nobody has an action or CP to act with.
 */
function duel(st: CpState, cap: number): OddsDuel | { readonly stopped: string } {
  const budget = new ChainBudget(CHAIN_STEPS_PER_SECOND);
  const F = st.combatants as readonly CpFighter[] as [CpFighter, CpFighter];
  const width = Math.max(F[0].W, F[1].W) + 1;
  const parts = [partsByRoll(st, F[0], F[1]) as Part[], partsByRoll(st, F[1], F[0]) as Part[]] as const;
  // Ours: the roll-off on equal EI and I: the lower D100 first, equal rolls by the id.
  const firstWinsTie = 0.495 + (F[0].id < F[1].id ? 0.01 : 0);

  const load = (s: InRound): void => {
    for (const i of [0, 1] as const) {
      const f = F[i];
      const m = s.me[i];
      f.W = m.W;
      f.used = m.used;
      f.spent = m.spent;
      f.shieldLeft = m.shieldLeft;
      f.dodges = m.dodges;
      f.done = m.done;
      f.parade = null;
    }
  };
  const mine = (f: CpFighter): Me => ({
    W: f.W,
    used: f.used,
    spent: f.spent,
    shieldLeft: f.shieldLeft,
    dodges: f.dodges,
    done: f.done,
  });
  const keyOf = (s: InRound): string =>
    `${s.me.map((m) => `${m.W},${m.used},${m.spent},${m.shieldLeft},${m.dodges},${m.done ? 1 : 0}`).join('|')}|${s.tie}|${s.phase}`;

  /** The chance a hit by fighter i from roll `roll` kills, with Deadly strike's + bought (a Sudden Death critical). */
  const killCache = new Map<string, number>();
  const kills = (i: 0 | 1, roll: number, plus: number): number => {
    const k = `${i},${roll},${plus}`;
    let v = killCache.get(k);
    if (v === undefined) {
      const a = F[i];
      const d = F[(1 - i) as 0 | 1];
      const part = parts[i][roll - 1] as Part;
      const value = blowDamage(st, a, d, meleeWeapon(st, a), part, null).cv.value + plus;
      // Rule 10: 0 or less is read as +1 (its roll modifier is nothing to Sudden Death).
      const raised = raiseToOne({ zeroHits: new Map() } as CpFighter, part.id, value).value;
      killCache.set(k, (v = criticalOut(st, part.chart, raised).killed));
    }
    return v;
  };

  const memo = new Map<string, Rest>();
  const mix = (outcomes: readonly [Rest, number][]): Rest => {
    const win: [number, number] = [0, 0];
    const next = new Map<number, number>();
    for (const [r, p] of outcomes) {
      if (p === 0) continue;
      win[0] += p * r.win[0];
      win[1] += p * r.win[1];
      for (const [k, q] of r.next) next.set(k, (next.get(k) ?? 0) + p * q);
    }
    return { win, next };
  };
  const killedBy = (i: 0 | 1): Rest => ({ win: i === 0 ? [1, 0] : [0, 1], next: new Map() });

  const rest = (s: InRound): Rest => {
    const key = keyOf(s);
    const had = memo.get(key);
    if (had) return had;
    const r = play(s);
    memo.set(key, r);
    return r;
  };

  const play = (s: InRound): Rest => {
    load(s);
    if (s.phase !== 'next') {
      // Rule 5: the target answers, apart from priority, while it has actions and has not ended its turns.
      const at = F[s.phase];
      if (at.done || actionsLeft(at) <= 0) return rest({ ...s, phase: 'next' });
      return turn(s, s.phase, true);
    }
    const ready = F.filter((f) => canTurn(st, f));
    if (ready.length === 0) {
      const next = new Map([[s.me[0].W * width + s.me[1].W, 1]]);
      return { win: [0, 0], next };
    }
    const top = Math.max(...ready.map((f) => priority(st, f)));
    const tied = ready.filter((f) => priority(st, f) === top);
    if (tied.length === 1 || !st.cpo.tiesRolled)
      return turn(s, F.indexOf(tied[0] as CpFighter) as 0 | 1, false);
    const quickest = quickestOfTied(st, tied);
    if (quickest.length === 1) return turn(s, F.indexOf(quickest[0] as CpFighter) as 0 | 1, false);
    if (s.tie >= 0) return turn(s, s.tie as 0 | 1, false);
    return mix([
      [rest({ ...s, tie: 0 }), firstWinsTie],
      [rest({ ...s, tie: 1 }), 1 - firstWinsTie],
    ]);
  };

  /** Fighter i's turn (or answer): what its tactics pick, and the blow's every outcome. */
  const turn = (s: InRound, i: 0 | 1, answering: boolean): Rest => {
    const j = (1 - i) as 0 | 1;
    const f = F[i];
    const o = F[j];
    const attackers = mayAttack(st, f) ? foes(st, f) : [];
    const pick = suggestTurn(st, f, answering ? o : null, attackers, []);
    const verb = pick.split(':')[0];
    if (verb !== 'attack' && verb !== 'stun') {
      // Not answering: ending its turns (or having nothing to do) is the same: done for the round.
      const me = [...s.me] as [Me, Me];
      if (!answering) me[i] = { ...me[i], done: true };
      return rest({ ...s, me, phase: 'next' });
    }
    const kind: BlowKind = verb === 'stun' ? 'stun' : 'strike';
    const forceful = mayStrikeForcefully(st, f, kind);
    const { most, suggested: cp } = attackAmount(st, f, o, kind, forceful);
    if (most < MIN_CP) return rest({ ...s, phase: j });
    f.used++;
    f.spent += cp + (forceful ? FORCEFUL_COST : 0);
    // The defence, as defend() answers with the tactics' suggestions.
    const room = defenceRoom(st, o, f, kind, false);
    const plan = suggestDefenceAmounts(st, o, cp, room.cpRoom, room.wRoom, room.poolRoom);
    const how = room.nothing ? 'none' : suggestDefence(st, o, cp, room.canDodge, room.paradeUp);
    const def = { cp: 0, wounds: 0, shield: 0, cover: 0 };
    let dodge = false;
    if (how === 'dodge') {
      o.dodges++;
      dodge = true;
    } else if (how === 'block') {
      if (room.cpRoom >= MIN_CP) {
        def.cp = plan.cp > 0 && plan.cp < MIN_CP ? MIN_CP : plan.cp;
        o.spent += def.cp;
      }
      if (room.poolRoom > 0) {
        def.shield = plan.pool;
        o.shieldLeft -= def.shield;
      }
      if (room.wRoom > 0) {
        def.wounds = plan.wounds;
        o.W -= def.wounds;
      }
    } else if (how !== 'none') throw new Error(`the chain has no defence '${how}'`);
    const { chance } = blowChance(st, { a: f, d: o, kind, cp }, def);
    const least = forceful ? FORCEFUL_ALWAYS_HITS : ALWAYS_HITS;
    const dodged = dodge ? Math.min(100, Math.max(0, dodgeTest(st, f, o))) / 100 : 0;
    // Deadly strike pays after a hit that lands, then tests the ability alone.
    const plus = deadlyStrike(st, f);
    const pass =
      plus > 0 ? Math.min(100, Math.max(0, skillWith(st, f, meleeWeapon(st, f)).ability)) / 100 : 0;
    let pHit = 0;
    let pKill = 0;
    for (let roll = 1; roll <= 100; roll++) {
      if (!hits(roll, chance, least)) continue;
      pHit += 0.01;
      pKill +=
        0.01 * (plus > 0 ? pass * kills(i, roll, plus) + (1 - pass) * kills(i, roll, 0) : kills(i, roll, 0));
    }
    const landed = pHit * (1 - dodged);
    const killed = pKill * (1 - dodged);
    const after = mine(f);
    const me = [s.me[0], s.me[1]] as [Me, Me];
    me[i] = after;
    me[j] = mine(o);
    const missed: InRound = { me, tie: s.tie, phase: j };
    const outcomes: [Rest, number][] = [[killedBy(i), killed]];
    if (plus > 0) {
      const paid = [...me] as [Me, Me];
      paid[i] = { ...after, spent: after.spent + 10 * plus };
      outcomes.push([rest(missed), 1 - landed], [rest({ ...missed, me: paid }), landed - killed]);
    } else outcomes.push([rest(missed), 1 - killed]);
    if (!budget.spend(outcomes.length)) throw new OverBudget();
    return mix(outcomes);
  };

  // Between rounds: W₀ × width + W₁.
  const start = (n: number): InRound => {
    const W = [Math.floor(n / width), n % width] as const;
    const me = F.map((f, i) => {
      f.W = W[i] as number;
      f.used = 0;
      f.spent = 0;
      f.dodges = 0;
      f.done = false;
      return { W: W[i] as number, used: 0, spent: 0, shieldLeft: shieldPool(st, f), dodges: 0, done: false };
    }) as [Me, Me];
    return { me, tie: -1, phase: 'next' };
  };
  const rows = new Map<number, Rest>();
  let dist = new Map<number, number>([[F[0].W * width + F[1].W, 1]]);
  const won: [number, number] = [0, 0];
  const byRound: number[] = [];
  let states = 1;
  let round = 1;
  try {
    for (; round <= cap && dist.size > 0; round++) {
      let mass = 0;
      for (const p of dist.values()) mass += p;
      if (mass <= NEGLIGIBLE) break;
      const next = new Map<number, number>();
      let ended = 0;
      for (const [n, p] of dist) {
        let row = rows.get(n);
        if (!row) rows.set(n, (row = rest(start(n))));
        won[0] += p * row.win[0];
        won[1] += p * row.win[1];
        ended += p * (row.win[0] + row.win[1]);
        for (const [m, q] of row.next) next.set(m, (next.get(m) ?? 0) + p * q);
      }
      byRound.push(ended);
      dist = next;
      states = Math.max(states, memo.size);
    }
  } catch (e) {
    if (e instanceof OverBudget) return { stopped: budget.refusal(round, memo.size) };
    throw e;
  }
  let unfinished = 0;
  for (const p of dist.values()) unfinished += p;
  return {
    sides: F.map((f, i) => ({ name: st.sides[f.side]?.name ?? f.name, win: won[i] as number })),
    draw: unfinished,
    meanRounds: byRound.reduce((n, p, k) => n + p * (k + 1), 0) + unfinished * cap,
    states,
    steps: budget.used,
  };
}

/**
 * The chain asks the engine's functions as within a round of the fight, loading its state into
 * the fighters of a state of its own: round 1 for the asking (surprise and a charge are refused,
 * so every round reads alike).
 */
function duelInRound(st: CpState, cap: number): ReturnType<typeof duel> {
  const was = st.round;
  st.round = 1;
  // As each round begins: each fighter takes the other as its foe.
  pairUp(st);
  try {
    return duel(st, cap);
  } finally {
    st.round = was;
  }
}

export function cpOdds(setup: CpSetup): Odds {
  const st = newCpState(setup, dismountFall);
  startCpFight(st, noDice());
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
  const obstacles = duelObstacles(st);
  const solved = obstacles.length === 0 ? duelInRound(st, setup.maxRounds) : null;
  return {
    blows,
    blowMethod:
      "exact: every D100 roll (01-05 always hit, 96-00 always miss), its reversed location, the critical value there (rule 10) and the critical chart, for the attacker's most CP an action against no defence and against the defender's most (no W, pool or dodge); targets with Life Points take a damage pool instead and are left out",
    duel: solved && !('stopped' in solved) ? solved : null,
    duelMethod:
      solved === null
        ? `not computed exactly: ${obstacles.join('; ')}. Use fray sim for the whole fight.`
        : 'stopped' in solved
          ? solved.stopped
          : `exact: a Markov chain over each fighter's W, actions, CP spent, shield pool and dodges within the round, every turn in the engine's order with the tactics' CP for blow and defence, every D100 roll and its location, Sudden Death criticals, round by round to the round cap of ${setup.maxRounds}`,
  };
}
