// The turn sequence of the base game with the house rules (warhammer-quest-house-combat.txt): the
// players' models take their turns, then the monsters'. Each part of a turn is a file of this folder,
// named as the text names it.
import { possessive } from '../../../core/names.js';
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { ours } from '../cite.js';
import type { AhqFighter, AhqState } from '../state.js';
import { showBoard } from './board.js';
import { settle } from './facing.js';
import { handWeapon, standing, sum, toughness } from './models.js';
import { modelTurn } from './turn.js';

export function startAhq(st: AhqState, ctx: FightContext): void {
  if (ctx.explain) {
    for (const f of st.combatants) {
      const w = handWeapon(f);
      say(
        st,
        ctx,
        'start',
        `${f.name}: WS ${f.spec.profile.WS}, BS ${sum(f, 'BS')}, DS ${sum(f, 'DS')}, T ${toughness(f, false).T}${toughness(f, false).helmet ? ` (+${toughness(f, false).helmet} helmet)` : ''}, W ${f.W}, Sp ${sum(f, 'Sp')}, St ${sum(f, 'St')}, Br ${f.spec.profile.Br}; ${w ? `${w.name} ${w.dd} DD` : `unarmed ${f.spec.unarmedDd} DD`}${f.spec.rules.length ? `; ${f.spec.rules.join(', ')}` : ''}.`,
        ours('Profiles'),
        [f],
      );
    }
  }
  settle(st, ctx);
  showBoard(st, ctx, 'The board');
}

export function playAhqRound(st: AhqState, ctx: FightContext): void {
  st.round++;
  // The map shows this round's walks: a new round starts with none, and keeps the last round's beside them.
  for (const f of st.combatants) {
    f.lastPath = f.path;
    f.path = [];
  }
  for (const i of sideOrder(st.sides)) {
    const s = st.sides[i] as AhqState['sides'][number];
    say(st, ctx, 'phase', `Turn ${st.round}: ${s.name}.`, ours('The turn sequence'));
    for (const f of st.combatants) {
      if (f.side !== i || f.out !== null) continue;
      if (oneSideLeft(st)) return;
      fullTurn(st, ctx, f);
    }
    showBoard(st, ctx, `After ${possessive(s.name)} turn`);
    if (oneSideLeft(st)) return;
  }
}

/** The turn sequence (ours): the players' side first, then each other side in the encounter's order. */
export function sideOrder(sides: AhqState['sides']): number[] {
  return sides
    .map((s, i) => ({ s, i }))
    .sort((a, b) => Number(b.s.players) - Number(a.s.players) || a.i - b.i)
    .map(({ i }) => i);
}

const oneSideLeft = (st: AhqState) => new Set(standing(st).map((f) => f.side)).size <= 1;

/** A model's turn, then FACING: its action done, whoever has an enemy in its death zone turns to it. */
function fullTurn(st: AhqState, ctx: FightContext, f: AhqFighter): void {
  for (const m of st.combatants) m.rearOf.clear();
  f.ward = 0;
  f.moved = 0;
  st.evading.clear();
  modelTurn(st, ctx, f);
  st.evading.clear();
  settle(st, ctx);
}
