// The Fantasy Wargaming exact duel as a Markov chain over the two fighters' states as each melee
// phase begins, phase by phase to the round cap: the first round's pre-melee checks and phase, then
// each state's phase played once (odds-melee.ts) and kept as a row read again at every round after,
// the chances carried in typed arrays; a refusal past the odds' budget.
import { ChainBudget, NEGLIGIBLE } from '../../core/odds.js';
import type { OddsDuel } from '../../core/ruleset.js';
import { Melee } from './odds-melee.js';
import { Phases, start } from './odds-phase.js';
import { Duelists, ID, type Me } from './odds-state.js';
import type { FwFighterSpec, FwSetup } from './state.js';

/** The chain's steps a second on large states (endurance 40 against 40), for the odds' budget (docs/performance.md). */
const CHAIN_STEPS_PER_SECOND = 8_500_000;

/** The duel phase by phase, or why it stopped: past the odds' budget. */
export function chain(setup: FwSetup, cap: number): OddsDuel | { readonly stopped: string } {
  const budget = new ChainBudget(CHAIN_STEPS_PER_SECOND);
  const [A, B] = setup.fighters as [FwFighterSpec, FwFighterSpec];

  // Out before the first round: the fight is over before it starts.
  if (A.endurance <= 0 || B.endurance <= 0) {
    const outA = A.endurance <= 0;
    const outB = B.endurance <= 0;
    return {
      sides: [
        { name: A.name, win: outB && !outA ? 1 : 0 },
        { name: B.name, win: outA && !outB ? 1 : 0 },
      ],
      draw: outA && outB ? 1 : 0,
      meanRounds: 0,
      states: 1,
      steps: 0,
    };
  }

  const d = new Duelists(setup);
  const phases = new Phases(d);
  const melee = new Melee(d, phases);
  let winA = 0;
  let winB = 0;
  let draw = 0;
  let rounds = 0;
  let states = 1;
  /** Phase-start states by number (their keys in `keyOf`), so that a round's chances sit in typed arrays. */
  const numbers = new Map<number, number>();
  const keyOf: number[] = [];
  const numberOf = (k: number): number => {
    let i = numbers.get(k);
    if (i === undefined) {
      numbers.set(k, (i = keyOf.length));
      keyOf.push(k);
    }
    return i;
  };
  /**
   * A phase-start state's row: the phase from it played once, kept for every later round (the rule
   * reads nothing but the two fighters' states), as the states it leaves and who is out.
   */
  interface Row {
    readonly to: Int32Array;
    readonly ps: Float64Array;
    readonly wA: number;
    readonly wB: number;
    readonly dr: number;
  }
  const rows: (Row | undefined)[] = [];
  const rowOf = (i: number): Row => {
    let row = rows[i];
    if (row) return row;
    const k = keyOf[i] as number;
    const sink = melee.begin();
    melee.melee(phases.mes[Math.floor(k / ID)] as Me, phases.mes[k % ID] as Me, 1, false);
    const { next, wA, wB, dr } = sink;
    const to = new Int32Array(next.size);
    const ps = new Float64Array(next.size);
    let j = 0;
    for (const [n, q] of next) {
      to[j] = numberOf(n);
      ps[j++] = q;
    }
    rows[i] = row = { to, ps, wA, wB, dr };
    return row;
  };
  // The chances of this round's states and the next's, by number, with the numbers that hold any.
  let cur = new Float64Array(1024);
  let nxt = new Float64Array(1024);
  let live: number[] = [];
  let seen = new Int32Array(1024);
  const roomFor = (n: number) => {
    if (n <= nxt.length) return;
    const size = Math.max(n, nxt.length * 2);
    const grown = (x: Float64Array) => {
      const y = new Float64Array(size);
      y.set(x);
      return y;
    };
    cur = grown(cur);
    nxt = grown(nxt);
    const s2 = new Int32Array(size);
    s2.set(seen);
    seen = s2;
  };
  let mass = 1;
  // Ends at the cap, or once what is left could not move any figure at the 12th decimal.
  for (let round = 1; round <= cap && (round === 1 || live.length) && mass > NEGLIGIBLE; round++) {
    let ended = 0;
    const nextLive: number[] = [];
    const add = (n: number, q: number) => {
      if (seen[n] !== round) {
        seen[n] = round;
        nextLive.push(n);
      }
      nxt[n] = (nxt[n] as number) + q;
    };
    if (round === 1) {
      const sink = melee.begin();
      const a0 = start(A);
      const b0 = start(B);
      for (const x of phases.preMelee(d.WA, a0))
        for (const y of phases.preMelee(d.WB, b0)) {
          melee.steps++;
          if (x.out || y.out) melee.end(x.p * y.p, x.out, y.out);
          else melee.melee(x.me, y.me, x.p * y.p, true);
        }
      for (const [k, q] of sink.next) {
        const n = numberOf(k);
        roomFor(keyOf.length);
        add(n, q);
      }
      ({ wA: winA, wB: winB, dr: draw } = sink);
      ended = winA + winB + draw;
    } else
      for (const i of live) {
        const p = cur[i] as number;
        const row = rowOf(i);
        roomFor(keyOf.length);
        // Reading a row costs a step an entry, as playing it does.
        melee.steps += row.to.length + 1;
        for (let j = 0; j < row.to.length; j++) add(row.to[j] as number, p * (row.ps[j] as number));
        winA += p * row.wA;
        winB += p * row.wB;
        draw += p * row.dr;
        ended += p * (row.wA + row.wB + row.dr);
        if (!budget.spend(melee.steps))
          return { stopped: budget.refusal(round, Math.max(states, live.length)) };
        melee.steps = 0;
      }
    budget.spend(melee.steps);
    melee.steps = 0;
    rounds += round * ended;
    for (const i of live) cur[i] = 0;
    [cur, nxt] = [nxt, cur];
    live = nextLive;
    states = Math.max(states, live.length);
    mass = 0;
    for (const i of live) mass += cur[i] as number;
  }
  // What is left at the cap (or below 1e-13 before it) counts as drawn at the cap.
  rounds += cap * mass;
  return {
    sides: [
      { name: A.name, win: winA },
      { name: B.name, win: winB },
    ],
    draw: draw + mass,
    meanRounds: rounds,
    states,
    steps: budget.used,
  };
}
