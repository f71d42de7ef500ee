// The round, step by step (§ More About Rounds, § Combat Procedure): what is reset, the declarations,
// the Effective Initiative edge, the timeline of blows, shots and moves, and the end of the round.
// Each step is a file of this folder, named as the text names it.
import type { FightContext } from '../../../core/context.js';
import { CITES } from '../cite.js';
import { addCond, eachRoundTests, test } from '../effects.js';
import { sputter } from '../missile/bombs.js';
import { struggle } from '../missile/entangled.js';
import { hangFire } from '../missile/hang-fire.js';
import { heldMissile } from '../missile/range.js';
import { say } from '../say.js';
import { describePositions, startMoves } from '../scene.js';
import { activeCond, clearRound, everCond, type W1State } from '../state.js';
import { declarations } from './declarations.js';
import { endRound, pressing } from './end-of-round.js';
import { rollEdge, schedule } from './initiative.js';
import { announceSurprise } from './opening.js';
import { runTimeline } from './timeline.js';

export function playRound(st: W1State, ctx: FightContext): void {
  st.round++;
  const r = st.round;
  if (ctx.explain) say(st, ctx, 'round', `Round ${r}.`, CITES.order);
  beginRound(st, ctx);
  roundUpkeep(st, ctx);
  if (st.spatial && ctx.explain) say(st, ctx, 'positions', describePositions(st), CITES.scene);
  if (r === 1) announceSurprise(st, ctx);
  pressing(st, ctx);
  declarations(st, ctx);
  rollEdge(st, ctx);
  const entries = schedule(st, ctx);
  runTimeline(st, ctx, entries);
  endRound(st, ctx);
}

function beginRound(st: W1State, ctx: FightContext): void {
  const r = st.round;
  for (const f of st.combatants) {
    clearRound(f);
    startMoves(f);
    // § Carrying Loaded Weapons: the +10 I is for reacting to a sudden danger, the fight's first round.
    const held = heldMissile(st, f);
    f.readyAtStart = r === 1 && held !== null && (f.missiles.get(held.id)?.loaded ?? 0) > 0;
    if (f.out !== null) continue;
    if (everCond(f, 'entangled')) struggle(st, ctx, f);
    if (f.flying && f.tactics.dive && !f.rider && !f.mount && f.hold === null) {
      if (!f.airborne && f.target) {
        if (f.target.target === f) f.target.target = null;
        f.target = null;
      }
      f.airborne = true;
    }
    eachRoundTests(st, ctx, f);
    const trapped = activeCond(f, 'trapped', r);
    if (
      trapped &&
      f.out === null &&
      test(st, ctx, f, 'S', 'crawl out from under the mount', false, CITES.mounted)
    ) {
      f.conds = f.conds.filter((c) => c !== trapped);
      addCond(f, { kind: 'prone', from: r, until: r, why: 'crawling out from under the mount' });
    }
  }
}

/** Things that happen at the start of every round: sputtering bombs. */
function roundUpkeep(st: W1State, ctx: FightContext): void {
  if (st.bombs.length > 0) sputter(st, ctx);
  // § Misfires: a hang fire goes off in the following round, whatever its firer now means to do.
  for (const f of st.combatants) if (f.hangFire?.round === st.round && f.out === null) hangFire(st, ctx, f);
}
