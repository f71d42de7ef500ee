// The timeline of the round: entries in EI order, those at the same moment acting together, each
// handed to the part of the procedure it belongs to.
import type { FightContext } from '../../../core/context.js';
import { emptyList, removeAt } from '../../../core/state.js';
import { canAttack, holdRound } from '../blow.js';
import { type Fighter, isEngaged, type W1State } from '../state.js';
import { resolveFlight } from './fleeing.js';
import { dive } from './flying.js';
import { blow } from './hand-to-hand.js';
import type { Entry } from './initiative.js';
import { turn } from './shooting.js';
import { tend } from './tending.js';

/** The timeline's order: later ticks first, delayed turns after the rest, winners first, then as scheduled. */
function before(x: Entry, y: Entry): number {
  return y.tick - x.tick || x.phase - y.phase || Number(y.f.winning) - Number(x.f.winning) || x.seq - y.seq;
}

/**
 * Sorts entries from `from` on in place; an insertion sort, since a round has a handful of
 * entries (the order is total: `seq` differs).
 */
export function sortEntries(entries: Entry[], from = 0): void {
  for (let i = from + 1; i < entries.length; i++) {
    const e = entries[i] as Entry;
    let j = i - 1;
    while (j >= from && before(entries[j] as Entry, e) > 0) {
      entries[j + 1] = entries[j] as Entry;
      j--;
    }
    entries[j + 1] = e;
  }
}

/** Entries at the same tick and phase, winners apart from the rest, act together. */
export function sameMoment(x: Entry, y: Entry): boolean {
  return x.tick === y.tick && x.phase === y.phase && x.f.winning === y.f.winning;
}

export function runTimeline(st: W1State, ctx: FightContext, entries: Entry[]): void {
  sortEntries(entries);
  const later = st.timeline.later;
  let i = 0;
  let guard = 0;
  while (i < entries.length && guard++ < 10_000) {
    let j = i + 1;
    while (j < entries.length && sameMoment(entries[i] as Entry, entries[j] as Entry)) j++;
    st.moment = (entries[i] as Entry).tick;
    // Equal EI acts at the same time: whoever could act when the moment came acts, even if struck down in it.
    // Equal I can both charge: whoever was free when the moment came counts as charging (§ Being Charged).
    for (let k = i; k < j; k++) {
      const e = entries[k] as Entry;
      e.able = e.f.out === null && (e.kind !== 'blow' || e.f.airborne || canAttack(st, e.f));
      e.free = !isEngaged(st, e.f);
    }
    // Turns put off to later (a delay, a wait for a dive): the rule that moved them set their place.
    emptyList(later);
    for (let k = i; k < j; k++) {
      const e = entries[k] as Entry;
      if (!ableAtMoment(entries, i, j, e.f)) continue;
      const outcome = act(st, ctx, e, entries, j, freeAtMoment(entries, i, j, e.f));
      if (outcome === 'later') later.push(e);
    }
    i = j;
    if (later.length > 0) {
      for (const e of later) entries.push(e);
      sortEntries(entries, i);
    }
  }
  st.moment = Infinity;
}

/** Whether a combatant could act when the moment of entries[from, to) came (any of its entries there). */
function ableAtMoment(entries: readonly Entry[], from: number, to: number, f: Fighter): boolean {
  for (let k = from; k < to; k++) {
    const e = entries[k] as Entry;
    if (e.f === f && e.able) return true;
  }
  return false;
}

/** Whether a combatant was free when the moment of entries[from, to) came. */
function freeAtMoment(entries: readonly Entry[], from: number, to: number, f: Fighter): boolean {
  for (let k = from; k < to; k++) {
    const e = entries[k] as Entry;
    if (e.f === f) return e.free;
  }
  return false;
}

function act(
  st: W1State,
  ctx: FightContext,
  e: Entry,
  entries: Entry[],
  nextIndex: number,
  wasFree: boolean,
): 'done' | 'later' {
  const f = e.f;
  switch (e.kind) {
    case 'flee':
      resolveFlight(st, ctx, f);
      return 'done';
    case 'tend':
      tend(st, ctx, f);
      return 'done';
    case 'hold':
      holdRound(st, ctx, f);
      return 'done';
    case 'turn':
      turn(st, ctx, f);
      return 'done';
    case 'blow': {
      const k = f.pending.indexOf(e.tick);
      if (k < 0) return 'done';
      if (f.airborne) {
        dive(st, ctx, f);
        return 'done';
      }
      const result = blow(st, ctx, f, e, entries, nextIndex, wasFree);
      if (result !== 'done') return result;
      // Its turn has come, struck or not (§ Attacks From Flying Creatures: "already taken their individual turn").
      f.acted = true;
      const at = f.pending.indexOf(e.tick);
      if (at >= 0) removeAt(f.pending, at);
      return 'done';
    }
  }
}
