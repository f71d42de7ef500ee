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
  if (!free && choices.length > 0) {
    // A simulation's answer, with no request built: the same pick the request would get.
    const keys = distinctKeys(choices, keyOfChoice);
    const first = (choices[0] as Choice).key;
    const pick = keys === 1 || !choices.some((c) => c.key === suggested) ? first : suggested;
    const direct = ctx.chooseDirect(keys, pick);
    if (direct !== null) return direct;
  }
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

/** How many different keys there are (a key offered twice counts once). */
function distinctKeys<T>(items: readonly T[], keyOf: (item: T) => string): number {
  let n = 0;
  for (let i = 0; i < items.length; i++) {
    const key = keyOf(items[i] as T);
    let j = 0;
    while (j < i && keyOf(items[j] as T) !== key) j++;
    if (j === i) n++;
  }
  return n;
}

const keyOfChoice = (c: Choice): string => c.key;
const itself = (key: string): string => key;

/**
 * A simulation's answer to a question of keys, with nothing built: the pick `decideKeys` would
 * get; null when a request must be built. Hot callers try it before making `decideKeys`' closures.
 */
export function directKey(ctx: FightContext, keys: readonly string[], suggested: string): string | null {
  if (keys.length === 0) return null;
  const n = distinctKeys(keys, itself);
  const pick = n === 1 || !keys.includes(suggested) ? (keys[0] as string) : suggested;
  return ctx.chooseDirect(n, pick);
}

/**
 * `decide` with the choices as keys: their words (`labelOf`) and the question's (`asked`) are
 * made only when a request is built for a person, a log or a listener. A simulation answers
 * from the keys alone, as the request would be answered.
 */
export function decideKeys(
  ctx: FightContext,
  f: Actor | null,
  topic: string,
  keys: readonly string[],
  suggested: string,
  labelOf: (key: string) => string,
  asked: () => { readonly label: string; readonly routine?: boolean },
): string {
  const direct = directKey(ctx, keys, suggested);
  if (direct !== null) return direct;
  const { label, routine } = asked();
  const choices = keys.map((key) => ({ key, label: labelOf(key) }));
  return decide(ctx, f, topic, label, choices, suggested, undefined, routine ?? false);
}

/** A D100; `then`: the dice rolled with it at the table for what follows (damage after a hit). */
export function d100(ctx: FightContext, f: Actor | null, why: string, then?: FollowingDice): number {
  return ctx.die(100, f && ctx.words ? `${f.name}: ${why}` : why, f?.id, then);
}

export function roll(
  ctx: FightContext,
  sides: number,
  f: Actor | null,
  why: string,
  count = 1,
  then?: FollowingDice,
): number {
  return ctx.dice(count, sides, f && ctx.words ? `${f.name}: ${why}` : why, f?.id, then);
}
