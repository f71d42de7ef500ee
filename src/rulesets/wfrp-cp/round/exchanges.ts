// The exchanges (rules 3 and 5): the highest EI acts, ties by the option, the surprising side first in
// the first round; turns go on until nobody has an action or CP left.
import type { FightContext } from '../../../core/context.js';
import { formatD100 } from '../../../dice/d100.js';
import { d100, say } from '../../wfrp1e/say.js';
import { oursCp, rule } from '../cite.js';
import { actionsLeft, currentEI } from '../fighter.js';
import { type CpFighter, type CpState, now } from '../state.js';
import { canTurn, turn } from './actions.js';
import { close } from './closing.js';

/** A round never takes more turns than this (every turn uses an action or ends a fighter's turns, so it is never reached in play). */
const MAX_TURNS = 1000;

/** Rule 3: the highest priority acts: EI now; rule 15: in the first round the surprising side before all. */
export function priority(st: CpState, f: CpFighter): number {
  const surprise = st.round === 1 && st.combatants.some((c) => c.surprise);
  return currentEI(st, f) + (surprise && !st.setup.cp.surprisedFrom[f.side] ? 10_000 : 0);
}

/** Rule 3: the highest EI acts; rule 15: in the first round the surprising side starts; equal EI between enemies by the option `ties`. */
function nextUp(st: CpState, ctx: FightContext): CpFighter | null {
  const key = (f: CpFighter) => priority(st, f);
  const ready = st.combatants.filter((f) => canTurn(st, f));
  if (ready.length === 0) return null;
  const top = Math.max(...ready.map(key));
  const tied = ready.filter((f) => key(f) === top);
  return st.cpo.tiesRolled ? firstOfTied(st, ctx, tied) : (tied[0] as CpFighter);
}

const sidesOf = (fs: readonly CpFighter[]) => new Set(fs.map((f) => f.side)).size;

/**
 * Ours (§ Equal EI): of those tied on EI, the ones the roll-off is between: the first alone when
 * the tie is among friends or the higher I settles it, else the enemies with the highest I.
 */
export function quickestOfTied(st: CpState, tied: readonly CpFighter[]): CpFighter[] {
  if (sidesOf(tied) === 1) return [tied[0] as CpFighter];
  const bestI = Math.max(...tied.map((f) => now(st, f, 'I')));
  const quickest = tied.filter((f) => now(st, f, 'I') === bestI);
  return sidesOf(quickest) === 1 ? [quickest[0] as CpFighter] : quickest;
}

/** Ours: on equal EI between enemies, the higher I goes first, then the lower of a D100 roll-off kept for the round. */
function firstOfTied(st: CpState, ctx: FightContext, tied: CpFighter[]): CpFighter {
  const quickest = quickestOfTied(st, tied);
  if (quickest.length === 1) return quickest[0] as CpFighter;
  for (const f of quickest) {
    if (f.tieRound === st.round) continue;
    f.tieRound = st.round;
    f.tieRoll = d100(ctx, f, 'equal EI and I with an enemy: roll-off (lower goes first)');
    say(
      st,
      ctx,
      'tie',
      `${f.name} rolls ${formatD100(f.tieRoll)} for the order on equal EI.`,
      oursCp('Equal EI'),
      [f],
    );
  }
  return [...quickest].sort((x, y) => x.tieRoll - y.tieRoll || (x.id < y.id ? -1 : 1))[0] as CpFighter;
}

export function turns(st: CpState, ctx: FightContext): void {
  for (let n = 0; n < MAX_TURNS; n++) {
    const f = nextUp(st, ctx);
    const due = st.scheduled.length ? st.scheduled.reduce((x, y) => (y.ei > x.ei ? y : x)) : null;
    // A spell's moment comes before fighters on the same EI: it was cast already.
    if (due && (!f || due.ei >= currentEI(st, f))) {
      st.scheduled = st.scheduled.filter((s) => s !== due);
      const when = due.ei === -Infinity ? "At the round's end" : `EI ${due.ei}`;
      // Rule 36: the effect comes at the casting's end; a caster (or loader) down or asleep by then gets nothing.
      if (due.by.out !== null || due.by.asleep) {
        say(
          st,
          ctx,
          'spell',
          `${when}: ${due.label} comes to nothing (${due.by.name} is ${due.by.out ?? 'asleep'}).`,
          due.ei === -Infinity ? rule(29) : rule(36),
          [due.by],
        );
        continue;
      }
      say(st, ctx, 'spell', `${when}: ${due.label}.`, due.ei === -Infinity ? rule(29) : rule(36), [due.by]);
      due.act();
      continue;
    }
    if (!f) break;
    if (f.closing && !close(st, ctx, f)) continue;
    let answer = turn(st, ctx, f, null);
    // Rule 5: each blow may be answered by its target, apart from the order of priority.
    for (let k = 0; answer && k < MAX_TURNS; k++) {
      const { by, at } = answer;
      answer = at.out === null && !at.done && actionsLeft(at) > 0 ? turn(st, ctx, at, by) : null;
    }
  }
  st.scheduled = [];
}
