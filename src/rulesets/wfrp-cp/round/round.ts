// The Combat Points round (rules 3-6): everyone's CP and 5 actions renewed, what happens as the round
// begins (charges, fear, fire, weapons readied), the exchanges, and the round's end. Each part of the
// procedure is a file of this folder, named as the text names it.
import type { FightContext } from '../../../core/context.js';
import { formatD100 } from '../../../dice/d100.js';
import { pairUp } from '../../wfrp1e/round/opening.js';
import { d100, say } from '../../wfrp1e/say.js';
import { startMoves } from '../../wfrp1e/scene.js';
import { rule, section } from '../cite.js';
import { initiativeTest, shieldPool, showInitiativeTest } from '../fighter.js';
import { surpriseTestBonus } from '../rules.js';
import type { CpState } from '../state.js';
import { approach, charge } from './closing.js';
import { readyWeapons } from './drawing.js';
import { endRound } from './end-of-round.js';
import { turns } from './exchanges.js';
import { burn } from './falls-and-fire.js';
import { fear } from './fear.js';

export function playCpRound(st: CpState, ctx: FightContext): void {
  st.round++;
  if (ctx.explain) say(st, ctx, 'round', `Round ${st.round}.`, rule(5));
  beginRound(st, ctx);
  turns(st, ctx);
  endRound(st, ctx);
}

function beginRound(st: CpState, ctx: FightContext): void {
  const r = st.round;
  for (const f of st.combatants) {
    startMoves(f);
    f.used = 0;
    f.spent = 0;
    f.bonusCP = 0;
    f.bonusEI = 0;
    f.gave = false;
    f.done = false;
    f.dodges = 0;
    f.parade = null;
    f.shots = 0;
    f.magicUsed = 0;
    f.pool = 0;
    if (!st.cpo.whirlwindPerFight) f.whirlwinds = 0;
    if (f.target && f.target.out !== null) f.target = null;
    // Rule 8: the shield's (or parrying weapon's) pool comes back each round.
    f.shieldLeft = shieldPool(st, f);
  }
  pairUp(st);
  for (const f of st.combatants) {
    if (f.out !== null) continue;
    if (f.asleep && f.wakesAt > 0 && r >= f.wakesAt) {
      f.asleep = false;
      f.wakesAt = 0;
      say(st, ctx, 'wake', `${f.name} wakes up.`, section('Combat example #3'), [f]);
    }
    if (!f.asleep) {
      // Rule 15: an I test each round from the second (or first), 10 easier after each failure.
      if (f.surprise && r >= st.cpo.surpriseFirstTest) {
        const easier = surpriseTestBonus(f.surprise.tests);
        const I = initiativeTest(st, f) + easier;
        const x = d100(ctx, f, `shake off the surprise: I test (need ${I} or less)`);
        say(
          st,
          ctx,
          'surprise',
          `${f.name} tests I against the surprise: D100 ${formatD100(x)} ${x <= I ? '≤' : '>'} ${showInitiativeTest(st, f, [{ label: 'after failures', value: easier }])}: ${x <= I ? 'recovered' : 'still surprised'}.`,
          rule(15),
          [f],
        );
        if (x <= I) f.surprise = null;
        else f.surprise.tests++;
      }
      if (r === 1 && st.setup.start === 'charge') charge(st, ctx, f, null);
      fear(st, ctx, f);
    }
    if (f.burning > 0) burn(st, ctx, f);
    if (f.tFire > 0 && f.burning === 0 && r >= f.coolAt) {
      say(st, ctx, 'fire', `${f.name} has cooled down: T ${f.tFire} back.`, rule(46), [f]);
      f.tFire = 0;
    }
  }
  if (st.spatial) approach(st, ctx);
  readyWeapons(st, ctx);
}
