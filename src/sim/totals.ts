// The totals of many fights, kept as whole-number sums so that adding them up in any grouping
// gives the same numbers: one process or eight workers, one machine or a hundred shards.
import type { OutReason } from '../core/state.js';
import { wilson, Z95 } from './stats.js';

/** What one finished fight leaves for the statistics. */
export interface RunRecord {
  readonly winner: number | null;
  readonly rounds: number;
  readonly combatants: readonly {
    readonly out: OutReason | null;
    readonly side: number;
    readonly stats: Readonly<Record<string, number>>;
  }[];
  readonly tallies: readonly number[];
}

/** A sum, and the sum of squares, of a whole-number quantity: its mean and interval come from these. */
interface Moments {
  sum: number;
  squares: number;
}

interface CombatantTotals {
  survived: number;
  fled: number;
  /** Out at the end as the ruleset's wounds leave a fighter (dead, dying, unconscious, helpless). */
  down: number;
  /** Of those, dead. */
  dead: number;
  stats: Record<string, Moments>;
  /** hist[stat][k]: fights in which the count was k, for the counts a report draws (HISTOGRAMS). */
  hist: Record<string, number[]>;
}

/** How a side ended, fight by fight: what `fray danger` asks of the players' side. */
export interface SideTotals {
  /** Not one member left standing, and none of them got away. */
  wiped: number;
  /** Beaten, with at least one member fled. */
  fled: number;
  /** At least one member down (or dead) at the end. */
  someDown: number;
  /** At least one member dead at the end. */
  someDead: number;
}

/** Out as wounds leave a fighter: not fled, nor out of the fight for a reason that is no harm. */
export function isDown(out: OutReason | null): boolean {
  return out === 'dead' || out === 'dying' || out === 'unconscious' || out === 'helpless';
}

/** The per-fighter counts kept whole, value by value, for the report's histograms. */
export const HISTOGRAMS = ['woundsTaken', 'woundsDealt'] as const;

/** The serialised totals (part of `fray sim --out` and the workers' answers). */
export interface TotalsData {
  readonly runs: number;
  readonly wins: readonly number[];
  readonly draws: number;
  /** rounds[k]: fights that lasted k rounds. */
  readonly rounds: readonly number[];
  readonly combatants: readonly CombatantTotals[];
  /** sides[s]: how side s ended. */
  readonly sides: readonly SideTotals[];
  readonly tallyLabels: readonly string[];
  readonly tallies: readonly Moments[];
}

export class Totals {
  runs = 0;
  draws = 0;
  readonly wins: number[];
  readonly rounds: number[] = [];
  readonly combatants: CombatantTotals[] = [];
  readonly sides: SideTotals[];
  tallyLabels: string[] = [];
  tallies: Moments[] = [];

  constructor(sides: number) {
    this.wins = new Array<number>(sides).fill(0);
    this.sides = Array.from({ length: sides }, newSideTotals);
  }

  add(r: RunRecord, tallyLabels: readonly string[]): void {
    this.runs++;
    if (r.winner === null) this.draws++;
    else this.wins[r.winner] = (this.wins[r.winner] ?? 0) + 1;
    while (this.rounds.length <= r.rounds) this.rounds.push(0);
    this.rounds[r.rounds] = (this.rounds[r.rounds] ?? 0) + 1;
    for (let s = 0; s < this.sides.length; s++) addSideEnd(this.sides[s] as SideTotals, r, s);
    for (let i = 0; i < r.combatants.length; i++) {
      const c = r.combatants[i] as RunRecord['combatants'][number];
      const t = (this.combatants[i] ??= newCombatantTotals());
      if (c.out === null) t.survived++;
      if (c.out === 'fled') t.fled++;
      if (isDown(c.out)) t.down++;
      if (c.out === 'dead') t.dead++;
      for (const k in c.stats) addTo((t.stats[k] ??= { sum: 0, squares: 0 }), c.stats[k] as number);
      for (const k of HISTOGRAMS) {
        const v = c.stats[k];
        if (v === undefined || !Number.isInteger(v) || v < 0) continue;
        const h = (t.hist[k] ??= []);
        while (h.length <= v) h.push(0);
        h[v] = (h[v] ?? 0) + 1;
      }
    }
    if (this.tallyLabels.length === 0) this.tallyLabels = [...tallyLabels];
    for (let i = 0; i < r.tallies.length; i++)
      addTo((this.tallies[i] ??= { sum: 0, squares: 0 }), r.tallies[i] as number);
  }

  /** Adds another part's totals to these (the same encounter, other runs). */
  merge(o: TotalsData): void {
    this.runs += o.runs;
    this.draws += o.draws;
    o.wins.forEach((w, i) => (this.wins[i] = (this.wins[i] ?? 0) + w));
    o.rounds.forEach((n, k) => {
      while (this.rounds.length <= k) this.rounds.push(0);
      this.rounds[k] = (this.rounds[k] ?? 0) + n;
    });
    o.sides.forEach((e, s) => {
      const t = (this.sides[s] ??= newSideTotals());
      t.wiped += e.wiped;
      t.fled += e.fled;
      t.someDown += e.someDown;
      t.someDead += e.someDead;
    });
    o.combatants.forEach((c, i) => {
      const t = (this.combatants[i] ??= newCombatantTotals());
      t.survived += c.survived;
      t.fled += c.fled;
      t.down += c.down;
      t.dead += c.dead;
      for (const [k, m] of Object.entries(c.stats)) mergeInto((t.stats[k] ??= { sum: 0, squares: 0 }), m);
      for (const [k, counts] of Object.entries(c.hist)) {
        const h = (t.hist[k] ??= []);
        counts.forEach((n, v) => {
          while (h.length <= v) h.push(0);
          h[v] = (h[v] ?? 0) + n;
        });
      }
    });
    if (this.tallyLabels.length === 0) this.tallyLabels = [...o.tallyLabels];
    o.tallies.forEach((m, i) => mergeInto((this.tallies[i] ??= { sum: 0, squares: 0 }), m));
  }

  toJSON(): TotalsData {
    return {
      runs: this.runs,
      wins: this.wins,
      draws: this.draws,
      rounds: this.rounds,
      combatants: this.combatants,
      sides: this.sides,
      tallyLabels: this.tallyLabels,
      tallies: this.tallies,
    };
  }

  static from(d: TotalsData, sides: number): Totals {
    const t = new Totals(sides);
    t.merge(d);
    return t;
  }

  /** The widest 95% interval of the sides' win rates and the draw rate, as a half-width. */
  widestHalfWidth(): number {
    let widest = 0;
    for (const k of [...this.wins, this.draws]) {
      const [lo, hi] = wilson(k, this.runs);
      widest = Math.max(widest, (hi - lo) / 2);
    }
    return widest;
  }
}

function newCombatantTotals(): CombatantTotals {
  return { survived: 0, fled: 0, down: 0, dead: 0, stats: {}, hist: {} };
}

function newSideTotals(): SideTotals {
  return { wiped: 0, fled: 0, someDown: 0, someDead: 0 };
}

/** Adds how side `s` ended one fight. */
function addSideEnd(t: SideTotals, r: RunRecord, s: number): void {
  let standing = false;
  let fled = false;
  let down = false;
  let dead = false;
  let members = 0;
  for (const c of r.combatants) {
    if (c.side !== s) continue;
    members++;
    if (c.out === null) standing = true;
    else if (c.out === 'fled') fled = true;
    if (isDown(c.out)) down = true;
    if (c.out === 'dead') dead = true;
  }
  if (members === 0) return;
  if (r.winner !== s && fled) t.fled++;
  else if (!standing && !fled) t.wiped++;
  if (down) t.someDown++;
  if (dead) t.someDead++;
}

/** How many sides and combatants the totals are of (a part's roster). */
export interface TotalsShape {
  readonly sides: number;
  readonly combatants: number;
}

type Found = { readonly path: (string | number)[]; readonly message: string };

const sumOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * What does not add up in totals read from a file: the sums `add` and `merge` keep, checked
 * against each other. Every number is already a whole number, 0 or more (the part's schema).
 */
export function totalsIssues(t: TotalsData, shape: TotalsShape): Found[] {
  const out: Found[] = [];
  const runs = t.runs;
  const of = `the ${runs} run${runs === 1 ? '' : 's'}`;
  if (t.wins.length !== shape.sides)
    out.push({
      path: ['wins'],
      message: `wins of ${t.wins.length} sides, but the roster has ${shape.sides}`,
    });
  const decided = sumOf(t.wins) + t.draws;
  if (decided !== runs)
    out.push({
      path: ['wins'],
      message: `the wins (${t.wins.join(', ')}) and draws (${t.draws}) add up to ${decided} fights, not ${of}`,
    });
  if (sumOf(t.rounds) !== runs)
    out.push({ path: ['rounds'], message: `the fights by length add up to ${sumOf(t.rounds)}, not ${of}` });
  out.push(...endsInZero(t.rounds, ['rounds']));
  const kept = runs > 0 ? shape.combatants : 0;
  if (t.combatants.length !== kept)
    out.push({
      path: ['combatants'],
      message: `counts of ${t.combatants.length} combatants, but ${runs > 0 ? `the roster has ${kept}` : 'no runs keep any'}`,
    });
  t.combatants.forEach((c, i) => {
    const at = ['combatants', i];
    if (c.survived + c.fled + c.down > runs)
      out.push({
        path: at,
        message: `standing at the end in ${c.survived} fights, fled in ${c.fled} and down in ${c.down}: ${c.survived + c.fled + c.down}, more than ${of}`,
      });
    if (c.dead > c.down)
      out.push({ path: [...at, 'dead'], message: `dead in ${c.dead} fights but down in only ${c.down}` });
    for (const [k, m] of Object.entries(c.stats)) out.push(...momentsIssues(m, runs, [...at, 'stats', k]));
    for (const k of Object.keys(c.hist))
      if (!(HISTOGRAMS as readonly string[]).includes(k))
        out.push({
          path: [...at, 'hist', k],
          message: `not a count fray keeps a histogram of (${HISTOGRAMS.join(', ')})`,
        });
    for (const k of HISTOGRAMS) out.push(...histogramIssues(c.hist[k], c.stats[k], runs, [...at, 'hist', k]));
  });
  if (t.sides.length !== shape.sides)
    out.push({
      path: ['sides'],
      message: `how ${t.sides.length} sides ended, but the roster has ${shape.sides}`,
    });
  t.sides.forEach((e, s) => {
    const lost = runs - (t.wins[s] ?? 0);
    if (e.wiped + e.fled > lost)
      out.push({
        path: ['sides', s],
        message: `wiped out in ${e.wiped} fights and fled in ${e.fled}, but beaten in only ${lost}`,
      });
    if (e.someDown > runs)
      out.push({ path: ['sides', s, 'someDown'], message: `${e.someDown} fights, more than ${of}` });
    if (e.someDead > e.someDown)
      out.push({
        path: ['sides', s, 'someDead'],
        message: `someone dead in ${e.someDead} fights but someone down in only ${e.someDown}`,
      });
  });
  if (t.tallies.length !== t.tallyLabels.length)
    out.push({
      path: ['tallies'],
      message: `${t.tallies.length} tallies for ${t.tallyLabels.length} labels (tallyLabels)`,
    });
  t.tallies.forEach((m, i) => out.push(...momentsIssues(m, runs, ['tallies', i])));
  return out;
}

/** Fray never writes a histogram that ends in a count of 0: it grows only to the largest value seen. */
function endsInZero(h: readonly number[], path: (string | number)[]): Found[] {
  return h.length > 0 && h[h.length - 1] === 0
    ? [{ path: [...path, h.length - 1], message: 'a histogram that ends in 0, which fray never writes' }]
    : [];
}

/**
 * The sum and the sum of squares of `runs` whole counts, each 0 or more: sum ≤ squares ≤ sum²,
 * and sum² ≤ runs · squares (Cauchy–Schwarz), which also makes both 0 over no runs.
 */
function momentsIssues(m: Moments, runs: number, path: (string | number)[]): Found[] {
  const sum = BigInt(m.sum);
  const squares = BigInt(m.squares);
  const fine = sum <= squares && squares <= sum * sum && sum * sum <= BigInt(runs) * squares;
  return fine
    ? []
    : [
        {
          path,
          message: `a sum of ${m.sum} and a sum of squares of ${m.squares} cannot come from whole counts over ${runs} run${runs === 1 ? '' : 's'}`,
        },
      ];
}

/** A histogram of a count (fights with each value) against the count's sums: the same fights, the same totals. */
function histogramIssues(
  h: readonly number[] | undefined,
  m: Moments | undefined,
  runs: number,
  path: (string | number)[],
): Found[] {
  const name = path[path.length - 1];
  if (h === undefined)
    return m === undefined
      ? []
      : [{ path, message: `missing: every count kept as ${name} has its histogram` }];
  if (m === undefined)
    return [{ path, message: `a histogram of ${name}, which has no sums (stats.${name})` }];
  const out = endsInZero(h, path);
  const fights = sumOf(h);
  if (fights !== runs) out.push({ path, message: `counts ${fights} fights, not the ${runs} runs` });
  const sum = h.reduce((a, n, v) => a + n * v, 0);
  const squares = h.reduce((a, n, v) => a + n * v * v, 0);
  if (sum !== m.sum || squares !== m.squares)
    out.push({
      path,
      message: `its values add up to ${sum} (squares ${squares}), but stats.${name} says ${m.sum} (squares ${m.squares})`,
    });
  return out;
}

function addTo(m: Moments, v: number): void {
  m.sum += v;
  m.squares += v * v;
}

function mergeInto(m: Moments, o: Moments): void {
  m.sum += o.sum;
  m.squares += o.squares;
}

/** Mean and a normal 95% interval from the sums over n values. */
export function meanOf(m: Moments | undefined, n: number): { mean: number; ci95: [number, number] } {
  if (!m || n === 0) return { mean: 0, ci95: [0, 0] };
  const mean = m.sum / n;
  const variance = n < 2 ? 0 : Math.max(0, (m.squares - (m.sum * m.sum) / n) / (n - 1));
  const half = Z95 * Math.sqrt(variance / n);
  return { mean, ci95: [mean - half, mean + half] };
}

/** Two variants run on the same dice (run i of each on substream i): what differs run by run. */
export interface PairData {
  readonly runs: number;
  /** Per side: runs that side won under A and not under B, and the other way round. */
  readonly aOnly: readonly number[];
  readonly bOnly: readonly number[];
  readonly drawsAOnly: number;
  readonly drawsBOnly: number;
  /** Rounds under B less rounds under A, summed, and its squares. */
  readonly rounds: Moments;
}

export class PairTotals {
  runs = 0;
  drawsAOnly = 0;
  drawsBOnly = 0;
  readonly aOnly: number[];
  readonly bOnly: number[];
  readonly rounds: Moments = { sum: 0, squares: 0 };

  constructor(sides: number) {
    this.aOnly = new Array<number>(sides).fill(0);
    this.bOnly = new Array<number>(sides).fill(0);
  }

  add(a: RunRecord, b: RunRecord): void {
    this.runs++;
    for (let s = 0; s < this.aOnly.length; s++) {
      const wa = a.winner === s;
      const wb = b.winner === s;
      if (wa && !wb) this.aOnly[s] = (this.aOnly[s] ?? 0) + 1;
      if (wb && !wa) this.bOnly[s] = (this.bOnly[s] ?? 0) + 1;
    }
    if (a.winner === null && b.winner !== null) this.drawsAOnly++;
    if (b.winner === null && a.winner !== null) this.drawsBOnly++;
    addTo(this.rounds, b.rounds - a.rounds);
  }

  merge(o: PairData): void {
    this.runs += o.runs;
    this.drawsAOnly += o.drawsAOnly;
    this.drawsBOnly += o.drawsBOnly;
    o.aOnly.forEach((k, s) => (this.aOnly[s] = (this.aOnly[s] ?? 0) + k));
    o.bOnly.forEach((k, s) => (this.bOnly[s] = (this.bOnly[s] ?? 0) + k));
    mergeInto(this.rounds, o.rounds);
  }

  toJSON(): PairData {
    return {
      runs: this.runs,
      aOnly: this.aOnly,
      bOnly: this.bOnly,
      drawsAOnly: this.drawsAOnly,
      drawsBOnly: this.drawsBOnly,
      rounds: this.rounds,
    };
  }
}

/** B − A for a rate, from the runs where only A or only B had it: the paired difference and its 95% interval. */
export function pairedDifference(
  aOnly: number,
  bOnly: number,
  n: number,
): { diff: number; ci95: [number, number] } {
  if (n === 0) return { diff: 0, ci95: [0, 0] };
  const d = (bOnly - aOnly) / n;
  const meanSquare = (aOnly + bOnly) / n;
  const variance = n < 2 ? 0 : Math.max(0, ((meanSquare - d * d) * n) / (n - 1));
  const half = Z95 * Math.sqrt(variance / n);
  return { diff: d, ci95: [d - half, d + half] };
}
