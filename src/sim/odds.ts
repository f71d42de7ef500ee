// Exact odds (`fray odds`) and the duels they are asked of: two combatants taken out of an
// encounter, or two entries (a creature, a character) set against each other.
import { ValidationError, type Issue } from '../core/document.js';
import type { Loaded } from '../core/encounter.js';
import type { DataNote, Odds } from '../core/ruleset.js';

/** `fray odds --json`: schema fray-odds/1. */
export interface OddsReport extends Odds {
  /** The name of this shape (`fray odds --json`, docs/simulation.md). */
  readonly schema: 'fray-odds/1';
  /** The data the odds rest on that is Fray's own or the user's, not the rules text's. */
  readonly data: readonly DataNote[];
}

/** Why there are no odds at all: the ruleset computes none (each of ours does; a plug-in may not). */
export function noOdds(loaded: Loaded): string | null {
  return loaded.ruleset.odds
    ? null
    : `the ruleset ${loaded.ruleset.id} has no exact odds yet; a simulation estimates them`;
}

/** The odds of a loaded encounter, as `fray odds --json` prints them; null where the ruleset has none. */
export function oddsReport(loaded: Loaded, maxRounds?: number): OddsReport | null {
  const { ruleset, setup } = loaded;
  if (!ruleset.odds) return null;
  return { schema: 'fray-odds/1', ...ruleset.odds(setup, maxRounds), data: setup.data ?? [] };
}

/** A combatant entry of an encounter: `sides[side].combatants[entry]`. */
export interface DuelPick {
  readonly side: number;
  readonly entry: number;
}

type Doc = Record<string, unknown>;
type SideDoc = { name?: unknown; combatants?: unknown } & Doc;

/**
 * One model of an entry, there from the start: an entry that makes several (`count: 3`, or a
 * place for each as the grid rules write them, `at: [c, d, e]`) gives one, at its first place;
 * one that comes in later by the GM's ruling (`enters: true`) is there at once.
 */
function oneOf(entry: unknown): unknown {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
  const { count: _count, enters: _enters, ...one } = entry as Doc;
  if (Array.isArray(one.at) && one.at.length > 0 && typeof one.at[0] !== 'number') one.at = one.at[0];
  return one;
}

/**
 * The encounter's document with only the two combatants picked, one of each of two sides; all
 * else (the ruleset, its options, the map, the start) as written. `where` names the request's
 * field for a pick that is not there.
 */
export function duelFromEncounter(
  source: unknown,
  picks: readonly [DuelPick, DuelPick],
  where = 'pick',
): Doc {
  const doc = (source ?? {}) as Doc;
  const sides = Array.isArray(doc.sides) ? (doc.sides as SideDoc[]) : [];
  const issues: Issue[] = [];
  const bad = (k: number, field: string, message: string) =>
    issues.push({ file: 'request body', path: `${where}[${k}].${field}`, message });
  picks.forEach((p, k) => {
    const side = sides[p.side];
    if (!side) return bad(k, 'side', `the encounter has ${sides.length} sides (0 for the first)`);
    const list = Array.isArray(side.combatants) ? side.combatants : [];
    if (!(p.entry in list) || p.entry < 0)
      bad(
        k,
        'entry',
        `side ${p.side} (${String(side.name)}) has ${list.length} combatant entries (0 for the first)`,
      );
  });
  if (picks[0].side === picks[1].side && issues.length === 0)
    bad(1, 'side', 'pick one combatant of each of two sides: both are of the same side');
  if (issues.length > 0) throw new ValidationError(issues);
  const duelSide = (p: DuelPick): SideDoc => {
    const side = sides[p.side] as SideDoc;
    return { ...side, combatants: [oneOf((side.combatants as unknown[])[p.entry])] };
  };
  return { ...doc, sides: [duelSide(picks[0]), duelSide(picks[1])] };
}

/**
 * Two entries (creatures of the bestiary, characters) against each other, each side named after
 * its combatant: `names` as the loader named them (read once with the sides left as "A" and "B");
 * two of one name are told apart ("Orc 1", "Orc 2") on their sides and in the blows.
 */
export function duelOfEntries(
  ruleset: string,
  entries: readonly [unknown, unknown],
  names: readonly [string, string] = ['A', 'B'],
): Doc {
  const [a, b] = names;
  const twins = a === b;
  const sides = twins ? [`${a} 1`, `${b} 2`] : [a, b];
  return {
    ruleset,
    title: `${sides[0]} against ${sides[1]}`,
    sides: entries.map((e, k) => ({
      name: sides[k],
      combatants: [twins ? { ...(oneOf(e) as Doc), name: sides[k] } : oneOf(e)],
    })),
  };
}
