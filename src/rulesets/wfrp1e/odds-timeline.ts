// The order of a round's blows in the WFRP 1e exact duel: the engine's Effective Initiative and
// entries for each fighter (§ Effective Initiative, § Multiple Attacks, blows owed to a parry first,
// a forced flight at its EI), sorted and grouped as its timeline does, for each way the optional
// edge die falls; the edges that order the blows alike merged, with their chances.
import { sumTerms } from '../../core/arith.js';
import type { Lasting, LastingCodec } from './odds-lasting.js';
import { mustFlee } from './round/declarations.js';
import { actionTick, effectiveInitiative, type Entry } from './round/initiative.js';
import { sameMoment, sortEntries } from './round/timeline.js';
import { blowTicks } from './rules.js';
import { current, type Fighter, type W1State } from './state.js';

/**
 * The entries of one moment of the round, in the timeline's order: whose (`who`), and whether each
 * is a flight (one forced to flee declares nothing else, § Fleeing) or a blow.
 */
export interface Group {
  readonly tick: number;
  readonly who: readonly (0 | 1)[];
  readonly flee: readonly boolean[];
}

/** An Effective Initiative edge this round (§ 'Effective Initiative' Modifier), with its chance. */
interface Edge {
  readonly edge: W1State['edge'];
  readonly p: number;
}

/**
 * The round's timeline for who is winning, the blows owed, whether it is the first round fought
 * and the edge: the engine's EI and entries, sorted and grouped as its timeline does; each
 * fighter's blows due, and what it still owes after them.
 */
export interface Timeline {
  readonly win: number;
  readonly groups: Group[];
  readonly pending: readonly [number[], number[]];
  readonly owedLeft: readonly [number, number];
}

/** The timelines of one duel's rounds, each worked out once. */
export class Timelines {
  private readonly edges: readonly Edge[];
  private readonly timelines = new Map<string, Timeline>();
  private readonly plansCache = new Map<string, { tl: Timeline; p: number }[]>();

  constructor(
    private readonly st: W1State,
    private readonly fs: readonly [Fighter, Fighter],
    private readonly codec: LastingCodec,
  ) {
    // The optional edge: D6 1-3 the players' sides, 4-6 the others', each with a D10 added; without it, none.
    this.edges =
      st.opt.effectiveInitiative && st.opt.multipleAttacks !== 'simplified'
        ? [true, false].flatMap((players) =>
            Array.from({ length: 10 }, (_, k) => ({ edge: { players, bonus: k + 1 }, p: 1 / 20 })),
          )
        : [{ edge: null, p: 1 }];
  }

  private timeline(
    win: number,
    owed: readonly [number, number],
    first: boolean,
    e: number,
    L: readonly [Lasting, Lasting],
  ): Timeline {
    const key = `${win},${owed[0]},${owed[1]},${first ? 1 : 0},${e},${L[0].butW},${L[1].butW}`;
    const had = this.timelines.get(key);
    if (had) return had;
    const { st, fs, codec } = this;
    const entries: Entry[] = [];
    let seq = 0;
    const pending: [number[], number[]] = [[], []];
    const owedLeft: [number, number] = [0, 0];
    const wasEdge = st.edge;
    st.edge = (this.edges[e] as Edge).edge;
    for (const i of [0, 1] as const) {
      const winning = win === i + 1;
      const fleeing = mustFlee(codec.view(fs[i], L[i], st.round));
      const f = Object.assign(codec.view(fs[i], L[i], st.round), {
        winning,
        roundsFought: first ? 0 : 1,
        action: { kind: fleeing ? 'flee' : 'fight' },
        target: fs[1 - i],
      });
      const ei = effectiveInitiative(st, f);
      if (fleeing) {
        // § Fleeing: the flight at its EI, as schedule() places it; no blows, and those owed stay owed.
        entries.push({
          f,
          tick: actionTick(sumTerms(ei.base, ei.terms)),
          phase: 0,
          kind: 'flee',
          seq: seq++,
          able: true,
          free: true,
        });
        owedLeft[i] = owed[i];
        continue;
      }
      // § Multiple Attacks, as schedule() spreads them from the engine's EI; blows owed to a parry go first.
      const all = blowTicks(sumTerms(ei.base, ei.terms), current(f, 'A', st.round), st.opt.blowSpacing);
      const lost = Math.min(owed[i], all.length);
      pending[i] = all.slice(lost);
      owedLeft[i] = owed[i] - lost;
      for (const tick of pending[i])
        entries.push({ f, tick, phase: 0, kind: 'blow', seq: seq++, able: true, free: true });
    }
    st.edge = wasEdge;
    sortEntries(entries);
    const groups: Timeline['groups'] = [];
    for (let k = 0; k < entries.length;) {
      let l = k + 1;
      while (l < entries.length && sameMoment(entries[k] as Entry, entries[l] as Entry)) l++;
      groups.push({
        tick: (entries[k] as Entry).tick,
        who: entries.slice(k, l).map((e) => (Object.getPrototypeOf(e.f) === fs[0] ? 0 : 1)),
        flee: entries.slice(k, l).map((e) => e.kind === 'flee'),
      });
      k = l;
    }
    // Only the order of the ticks matters to the blows and the parries' cost: each becomes its rank,
    // so that edges which order the blows alike make one timeline and one set of states.
    const ranks = [...new Set(entries.map((e) => e.tick))].sort((x, y) => x - y);
    const rank = (t: number) => ranks.indexOf(t) + 1;
    const t: Timeline = {
      win,
      groups: groups.map((g) => ({ ...g, tick: rank(g.tick) })),
      pending: [pending[0].map(rank), pending[1].map(rank)],
      owedLeft,
    };
    this.timelines.set(key, t);
    return t;
  }

  /** The round's timelines over the edges, those alike merged: each with its chance. */
  plans(
    win: number,
    owed: readonly [number, number],
    first: boolean,
    L: readonly [Lasting, Lasting],
  ): { tl: Timeline; p: number }[] {
    // Nothing of the timeline reads W (EI, A, a forced flight): by the lasting states' butW.
    const key = `${win},${owed[0]},${owed[1]},${first ? 1 : 0},${L[0].butW},${L[1].butW}`;
    let list = this.plansCache.get(key);
    if (list) return list;
    const byShape = new Map<string, { tl: Timeline; p: number }>();
    for (const [e, edge] of this.edges.entries()) {
      const tl = this.timeline(win, owed, first, e, L);
      const shape = JSON.stringify([tl.groups, tl.pending, tl.owedLeft]);
      const had = byShape.get(shape);
      if (had) had.p += edge.p;
      else byShape.set(shape, { tl, p: edge.p });
    }
    this.plansCache.set(key, (list = [...byShape.values()]));
    return list;
  }
}
