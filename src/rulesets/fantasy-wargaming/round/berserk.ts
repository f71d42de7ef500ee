// Going berserk: the berserk profile and the control check (BF with its modifiers).
import { showSum, sumTerms } from '../../../core/arith.js';
import type { FightContext } from '../../../core/context.js';
import { roll, say } from '../../../core/say.js';
import { text } from '../cite.js';
import { berserkFactor } from '../fighter.js';
import { berserkCheckTerms, luck } from '../rules.js';
import type { FwFighter, FwState } from '../state.js';
import { alliesOf, exhausted, holder, isLeader } from './phase.js';

export function berserkProfile(st: FwState, f: FwFighter) {
  return {
    viking: f.spec.viking,
    bravery: f.spec.ch.bravery,
    intelligence: f.spec.ch.intelligence,
    combatLevel: f.spec.combatLevel,
    isLeader: isLeader(st, f),
  };
}

export function berserkStep(
  st: FwState,
  ctx: FightContext,
  who: readonly FwFighter[],
  lost: ReadonlyMap<number, number> = new Map(),
): void {
  for (const f of who) {
    if (f.out || f.berserk) continue;
    const bf = berserkFactor({ ...holder(f), viking: f.spec.viking, isLeader: isLeader(st, f) });
    const terms = berserkCheckTerms({
      exhausted: exhausted(st, f),
      endurance: f.endurance,
      shieldless: f.shield === null,
      unarmored: f.spec.armour === null,
      unarmed: f.wielded.kind === 'natural',
      cornered: f.spec.cornered,
      alone: alliesOf(st, f).length === 0,
      berserkRecently: f.spec.berserkRecently,
      partyLostThisPhase: lost.get(f.side) ?? 0,
      failedLastMorale: f.morale !== null && f.morale !== 'obey',
      astrology: f.spec.astrology,
    });
    const l = luck(roll(ctx, 6, f, 'luck die (berserk control)'));
    const total = sumTerms(bf.value, terms) + l;
    const goes = total >= st.setup.charts.berserkAt;
    if (goes) {
      f.berserk = true;
      f.stats.berserk = 1;
      f.bound = null;
      f.fleeing = false;
    }
    say(
      st,
      ctx,
      'berserk',
      `${f.name} checks for berserk: ${showSum('BF', bf.value, terms)} ${l < 0 ? '−' : '+'} ${Math.abs(l)} luck = ${total}, against ${st.setup.charts.berserkAt} (ours): ${goes ? 'goes berserk (attacks every phase, no defence, no morale checks, −1 to strike)' : 'keeps control'}.`,
      text('Going berserk'),
      [f],
    );
  }
}
