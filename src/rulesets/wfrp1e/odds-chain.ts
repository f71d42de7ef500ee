// The WFRP 1e exact duel as a Markov chain over the states between rounds, round by round to the
// round cap: each state's round worked out once (odds-round.ts) and its row read again at every
// round after, the chances carried in typed arrays; a refusal, naming why, when the chain meets an
// effect it does not carry or passes the odds' budget.
import { ChainBudget, NEGLIGIBLE } from '../../core/odds.js';
import type { OddsDuel } from '../../core/ruleset.js';
import { Uncarried } from './odds-carried.js';
import { LastingEffects } from './odds-effects.js';
import { LastingCodec } from './odds-lasting.js';
import { BlowOutcomes } from './odds-outcomes.js';
import { Outers, Rounds, type Outer, type Row } from './odds-round.js';
import { Sides } from './odds-sides.js';
import { Timelines } from './odds-timeline.js';
import type { Fighter, W1State } from './state.js';

/** The chain's steps a second on large states, for the odds' budget (docs/performance.md). */
const CHAIN_STEPS_PER_SECOND = 5_000_000;

/** The chances of the states between rounds by their number, those that hold any, and how the fight has ended so far. */
class Chances {
  dist = new Float64Array(64);
  held: number[];
  aWins = 0;
  bWins = 0;
  bothDead = 0;

  constructor(first: number) {
    this.held = [first];
    this.dist[first] = 1;
  }

  /** What is left undecided. */
  mass(): number {
    let n = 0;
    for (let h = 0; h < this.held.length; h++) n += this.dist[this.held[h] as number] as number;
    return n;
  }

  /**
   * One round: each state's chance carried along its row (`rowAt`, null past the budget) to the
   * next round's states (numbered in `outers`, which rows made now may lengthen); the chance that
   * the fight ended in it (null: a row passed the budget).
   */
  step(rowAt: (id: number) => Row | null, outers: readonly Outer[]): number | null {
    let next = new Float64Array(Math.max(outers.length, 64));
    let marked = new Uint8Array(next.length);
    const nextHeld: number[] = [];
    let ended = 0;
    for (let h = 0; h < this.held.length; h++) {
      const id = this.held[h] as number;
      const p0 = this.dist[id] as number;
      const row = rowAt(id);
      if (!row) return null;
      if (next.length < outers.length) {
        const more = new Float64Array(Math.max(outers.length, 2 * next.length));
        more.set(next);
        next = more;
        const m = new Uint8Array(next.length);
        m.set(marked);
        marked = m;
      }
      this.aWins += p0 * row.aWins;
      this.bWins += p0 * row.bWins;
      this.bothDead += p0 * row.bothDead;
      ended += p0 * (row.aWins + row.bWins + row.bothDead);
      const { ids, ps } = row;
      for (let t = 0; t < ids.length; t++) {
        const j = ids[t] as number;
        if (marked[j] === 0) {
          marked[j] = 1;
          nextHeld.push(j);
        }
        next[j] = (next[j] as number) + p0 * (ps[t] as number);
      }
    }
    this.dist = next;
    this.held = nextHeld;
    return ended;
  }
}

/**
 * The duel as a Markov chain over (each one's lasting state: W and what criticals left, who is
 * winning, blows owed to parries), round by round up to the cap. Each round is played as the
 * engine plays it: the tests a critical left for each round; the blows spread over the round by
 * EI and A (+10 EI for winning), sorted and grouped by the timeline's own order; at each blow the
 * to-hit roll and its location, the defender's parry as its tactics decide it (made or not, and
 * what it costs), the damage, and the critical through the engine's own functions; at the end the
 * bleeding. More wounds caused than received wins the round (§ Winning and Losing); the fight is
 * decided once someone is out, after the round's end.
 */
function duel(st: W1State, cap: number): OddsDuel | { readonly stopped: string } {
  const budget = new ChainBudget(CHAIN_STEPS_PER_SECOND);
  const fs = st.combatants as [Fighter, Fighter];
  const [a, b] = fs;
  const sides = new Sides();
  // Each fighter's lasting state (W, and what criticals leave), and what the engine's effects do to it.
  const codec = new LastingCodec();
  const effects = new LastingEffects(st, fs, codec);
  const outers = new Outers();
  const rounds = new Rounds(
    st,
    fs,
    budget,
    sides,
    effects,
    new BlowOutcomes(st, fs, effects, sides),
    new Timelines(st, fs, codec),
    outers,
  );
  /**
   * Every round after the first is played by the same rules from the same state (the chain asks as
   * of round 1), so a state's round is worked out once and its row reused at every round after:
   * the chain's work grows with its states, not with states × rounds.
   */
  const rows: (Row | undefined)[] = [];

  const rowAt = (id: number): Row | null => {
    let row = rows[id];
    if (!row) {
      const made = rounds.rowOf(outers.list[id] as Outer);
      if (!made) return null;
      rows[id] = row = made;
    }
    return row;
  };
  const chances = new Chances(
    outers.numberOf(codec.of(a, st.round).id, codec.of(b, st.round).id, 0, 0, 0, st.opt.weaponModifiers),
  );
  const byRound: number[] = [];
  let states = chances.held.length;
  for (let round = 1; round <= cap && chances.held.length > 0 && chances.mass() > NEGLIGIBLE; round++) {
    const ended = chances.step(rowAt, outers.list);
    if (ended === null) return { stopped: budget.refusal(round, Math.max(states, rounds.stoppedIn)) };
    byRound.push(ended);
    states = Math.max(states, chances.held.length);
  }
  const unfinished = chances.mass();
  const meanRoundsIfEnded = byRound.reduce((n, p, i) => n + p * (i + 1), 0) + unfinished * cap;
  return {
    sides: [
      { name: st.sides[a.side]?.name ?? a.name, win: chances.aWins },
      { name: st.sides[b.side]?.name ?? b.name, win: chances.bWins },
    ],
    draw: chances.bothDead + unfinished,
    meanRounds: meanRoundsIfEnded,
    states,
    steps: budget.used,
  };
}

/**
 * The chain asks the engine's own functions (may it parry? at what cost?) as within a round of the
 * fight; the state as loaded stands before the first round. Surprise is refused, so any round
 * after the first reads the same: round 1 for the asking, and the state left as it was.
 */
export function duelInRound(st: W1State, cap: number): ReturnType<typeof duel> {
  const was = st.round;
  st.round = 1;
  try {
    return duel(st, cap);
  } catch (e) {
    if (e instanceof Uncarried)
      return { stopped: `not computed exactly: ${e.message}. Use fray sim for the whole fight.` };
    throw e;
  } finally {
    st.round = was;
  }
}
