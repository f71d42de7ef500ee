// What exact odds may take on before they refuse: one budget for every ruleset, bounding the pairs
// of foes whose blow `fray odds` lists and the work of a duel's chain. Past it they stop within a
// few seconds and say what to narrow, instead of running for minutes and printing a book.

/**
 * The pairs of foes listed (four or five lines each: 20 against 20 is 800 pairs), and the work a
 * duel's chain may do over all its rounds, as seconds on the machine docs/performance.md names:
 * each ruleset's chain turns them into steps (one outcome of one blow followed from one state) at
 * the rate it was measured at there, so that every chain stops after about as long.
 */
export const ODDS_BUDGET = { pairs: 800, seconds: 4 } as const;

/**
 * A chain stops before its round cap once what is still undecided could not move any figure at
 * the 12th decimal: that rest counts as drawn at the cap. A large cap so costs nothing.
 */
export const NEGLIGIBLE = 1e-13;

/** The probability a chain's states still hold. */
export function massOf(dist: ReadonlyMap<unknown, number>): number {
  let mass = 0;
  for (const p of dist.values()) mass += p;
  return mass;
}

/** Odds asked of more than the budget: the user's to narrow (exit 2, nothing written). */
export class OddsBudgetError extends Error {}

/**
 * Every pair (attacker, defender) of foes that `foes` accepts, in the order of the list; refused
 * before any blow is worked out when there are more than the budget allows.
 */
export function foePairs<T extends { readonly side: number }>(
  fighters: readonly T[],
  foes: (a: T, d: T) => boolean = (a, d) => a.side !== d.side,
): [T, T][] {
  const pairs: [T, T][] = [];
  for (const a of fighters)
    for (const d of fighters) {
      if (!foes(a, d)) continue;
      if (pairs.length === ODDS_BUDGET.pairs) throw tooManyPairs(fighters, foes);
      pairs.push([a, d]);
    }
  return pairs;
}

function tooManyPairs<T extends { readonly side: number }>(
  fighters: readonly T[],
  foes: (a: T, d: T) => boolean,
): OddsBudgetError {
  let n = 0;
  for (const a of fighters) for (const d of fighters) if (foes(a, d)) n++;
  return new OddsBudgetError(
    `exact odds list one blow for each pair of foes, at most ${ODDS_BUDGET.pairs.toLocaleString('en')}; this encounter has ${n.toLocaleString('en')} (${sidesOf(fighters)}). Narrow it to the combatants you ask about (a copy of the encounter with one entry a side; the designer's page picks a pair), or estimate the whole fight with fray sim`,
  );
}

/** Why a fight of these is no duel: "not one against one (1 against 100)". */
export function notOneAgainstOne(fighters: readonly { readonly side: number }[]): string {
  return `not one against one (${sidesOf(fighters)})`;
}

/** "250 against 250": how many fight on each side. */
function sidesOf(fighters: readonly { readonly side: number }[]): string {
  const bySide = new Map<number, number>();
  for (const f of fighters) bySide.set(f.side, (bySide.get(f.side) ?? 0) + 1);
  return [...bySide.values()].map((k) => k.toLocaleString('en')).join(' against ');
}

/** The work a duel's chain has done, against the budget. */
export class ChainBudget {
  private steps = 0;
  private readonly limit: number;
  /** `stepsPerSecond`: the chain's rate on large states, measured (docs/performance.md). */
  constructor(stepsPerSecond: number) {
    this.limit = Math.round(ODDS_BUDGET.seconds * stepsPerSecond);
  }

  /** Counts `n` more steps; false once past the budget (the chain then stops where it is). */
  spend(n: number): boolean {
    this.steps += n;
    return this.steps <= this.limit;
  }

  /** The steps counted so far. */
  get used(): number {
    return this.steps;
  }

  /** Why the chain stopped, as the odds' duelMethod says it, with what would narrow it. */
  refusal(round: number, states: number): string {
    return `not computed: the chain passed its budget of ${this.limit.toLocaleString('en')} steps (about ${ODDS_BUDGET.seconds} s of work) in round ${round}, at ${states.toLocaleString('en')} states; fewer W, HP or endurance make it smaller, and fray sim estimates it`;
  }
}
