// The engine's way of speaking and asking, shared by every ruleset: events with their
// explanation, decisions with the tactic's suggestion, and dice with who rolls them.
import type { FightContext } from './context.js';
import type { Cite, FightEvent } from './events.js';
import type { Choice, FollowingDice, FreeAnswer } from './request.js';

export type Detail = NonNullable<FightEvent['detail']>;

/** Who acts or rolls, as much of a combatant as the log needs. */
export interface Actor {
  readonly id: string;
  readonly name: string;
}

/** Records an event with its explanation. Callers guard costly texts with `ctx.explain`. */
export function say(
  st: { readonly round: number },
  ctx: FightContext,
  type: string,
  text: string,
  cite: Cite,
  who: readonly Actor[] = [],
  detail?: Detail,
): void {
  if (!ctx.explain) return;
  ctx.emit({
    type,
    round: st.round,
    text,
    cite,
    who: who.map((f) => f.id),
    ...(detail ? { detail } : {}),
  });
}

/**
 * Asks a decision, unless there is only one way to go (then nothing is asked or logged); `free`:
 * an answer besides the choices (a square to move to), offered only when there is a question.
 */
export function decide(
  ctx: FightContext,
  f: Actor | null,
  topic: string,
  label: string,
  choices: readonly Choice[],
  suggested: string,
  refused?: readonly Choice[],
  routine = false,
  free?: FreeAnswer,
): string {
  // One choice a key, by construction: a key offered twice (two ways to the same answer) is offered once.
  const seen = new Set<string>();
  const unique = choices.filter((c) => !seen.has(c.key) && seen.add(c.key) !== undefined);
  // A forced answer is not asked; with a free answer beside it (a square to move to) it is a
  // choice still, though a routine one: asked of those the GM wants asked (`ask NAME`).
  if (unique.length === 1 && !free) return (unique[0] as Choice).key;
  if (unique.length === 1) routine = true;
  const pick = unique.some((c) => c.key === suggested) ? suggested : (unique[0] as Choice).key;
  return ctx.choose({
    kind: 'choice',
    actor: f?.id,
    topic,
    label,
    choices: unique,
    suggested: pick,
    ...(refused?.length ? { refused } : {}),
    ...(routine ? { routine } : {}),
    ...(free ? { free } : {}),
  });
}

/** A D100; `then`: the dice rolled with it at the table for what follows (damage after a hit). */
export function d100(ctx: FightContext, f: Actor | null, why: string, then?: FollowingDice): number {
  return ctx.die(100, f ? `${f.name}: ${why}` : why, f?.id, then);
}

export function roll(
  ctx: FightContext,
  sides: number,
  f: Actor | null,
  why: string,
  count = 1,
  then?: FollowingDice,
): number {
  return ctx.dice(count, sides, f ? `${f.name}: ${why}` : why, f?.id, then);
}
