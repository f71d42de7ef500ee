import type { FightContext } from '../../core/context.js';
import type { Cite, FightEvent } from '../../core/events.js';
import type { Choice } from '../../core/request.js';
import type { Fighter, W1State } from './state.js';

export type Detail = NonNullable<FightEvent['detail']>;

/** Records an event with its explanation. Callers guard costly texts with `ctx.explain`. */
export function say(
  st: W1State,
  ctx: FightContext,
  type: string,
  text: string,
  cite: Cite,
  who: readonly Fighter[] = [],
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

/** Asks a decision, unless there is only one way to go (then nothing is asked or logged). */
export function decide(
  ctx: FightContext,
  f: Fighter | null,
  topic: string,
  label: string,
  choices: readonly Choice[],
  suggested: string,
  refused?: readonly Choice[],
): string {
  if (choices.length === 1) return (choices[0] as Choice).key;
  if (new Set(choices.map((c) => c.key)).size !== choices.length) {
    throw new Error(`duplicate choice keys for "${label}": ${choices.map((c) => c.key).join(', ')}`);
  }
  const pick = choices.some((c) => c.key === suggested) ? suggested : (choices[0] as Choice).key;
  return ctx.choose({ kind: 'choice', actor: f?.id, topic, label, choices, suggested: pick, ...(refused?.length ? { refused } : {}) });
}

export function d100(ctx: FightContext, f: Fighter | null, why: string): number {
  return ctx.die(100, f ? `${f.name}: ${why}` : why, f?.id);
}

export function roll(ctx: FightContext, sides: number, f: Fighter | null, why: string, count = 1): number {
  return ctx.dice(count, sides, f ? `${f.name}: ${why}` : why, f?.id);
}

/** Rolls a duration die ("D4") or returns a number as it is. */
export function rollDuration(ctx: FightContext, f: Fighter, d: number | 'D4' | 'D6' | 'D10', why: string): number {
  if (typeof d === 'number') return d;
  return roll(ctx, Number(d.slice(1)), f, why);
}

/** "Ada, Bruno, Carl": combatants named in a line of the log. */
export function namesOf(fs: readonly { readonly name: string }[]): string {
  return fs.map((f) => f.name).join(', ');
}
