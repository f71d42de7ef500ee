// A round spent tending a bleeding or dying friend (our reading: docs/rulesets/wfrp1e.md).
import type { FightContext } from '../../../core/context.js';
import { ours } from '../cite.js';
import { say } from '../say.js';
import { type Fighter, isEngaged, type W1State } from '../state.js';

export function tend(st: W1State, ctx: FightContext, f: Fighter): void {
  const a = f.action;
  if (a.kind !== 'tend' || f.out !== null) return;
  if (isEngaged(st, f)) {
    say(st, ctx, 'tend', `${f.name} is engaged and cannot tend ${a.ally.name}.`, ours('Medical attention'), [
      f,
    ]);
    return;
  }
  a.ally.bleeding = [];
  const wasDying = a.ally.diesAt !== null;
  a.ally.diesAt = null;
  if (wasDying && a.ally.out === 'dying') a.ally.out = 'unconscious';
  say(
    st,
    ctx,
    'tend',
    `${f.name} gives ${a.ally.name} medical attention: the bleeding stops${wasDying ? ' and death is held off' : ''}.`,
    ours('Medical attention'),
    [f, a.ally],
  );
}
