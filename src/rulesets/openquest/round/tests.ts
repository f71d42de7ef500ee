// The skill tests every step rolls (The Combat Round): a test against a skill, Masters and the GM's
// modifier, its level in words.
import type { FightContext } from '../../../core/context.js';
import { showSum, sumTerms, type Term } from '../../../core/arith.js';
import { needWith, ruledAhead, ruledTerms } from '../../../core/rulings.js';
import { d100 } from '../../../core/say.js';
import type { FollowingDice } from '../../../core/request.js';
import type { Weapon } from '../data.js';
import { type Level, MASTERY, type Mastery, masteryOf, type Skill, testResult } from '../rules.js';
import { distanceOf, type OqFighter, type OqState } from '../state.js';
import { weaponAt } from '../tactics.js';

/** The weapon a fighter attacks `t` with. */
export function weaponFor(st: OqState, f: OqFighter, t: OqFighter): Weapon | null | undefined {
  return weaponAt(f.spec.weapons, distanceOf(st, f, t));
}

export function enemies(st: OqState, f: OqFighter): OqFighter[] {
  return st.combatants.filter((o) => o.side !== f.side && o.out === null);
}

export function test(
  st: OqState,
  ctx: FightContext,
  f: OqFighter,
  skill: Skill,
  target: number,
  why: string,
  then?: FollowingDice,
): { roll: number; level: Level; against: string } {
  const mastery = masteryOf(f.spec.skills[skill], st.setup.opt.mastery);
  // A Master's roll is still asked: the GM's one-off modifier may take the skill below 100%.
  const r = d100(
    ctx,
    f,
    ctx.words ? `${why}: ${skill} test (${need(target, mastery, ruledAhead(ctx))})` : why,
    then,
  );
  const ruled = ruledTerms(ctx);
  // The GM's one-off modifier changes the target, and with it the critical's tenth.
  const t = sumTerms(target, ruled);
  return {
    roll: r,
    level: testResult(r, t, mastery),
    against: `${ruled.length ? showSum('', target, ruled).trim() : `${t}`}${t >= MASTERY && mastery !== 'none' ? ' (a Master)' : ''}`,
  };
}

/** What a test needs, in words, with the GM's modifier for it: a number, or what a Master gets. */
function need(target: number, mastery: Mastery, ruled: readonly Term[]): string {
  const t = sumTerms(target, ruled);
  if (t < MASTERY || mastery === 'none') return `need ${needWith(target, ruled)} or less`;
  const at = `a Master at ${needWith(target, ruled)}%`;
  return mastery === 'critical'
    ? `${at}: a critical, unless the GM's modifier takes it below ${MASTERY}%`
    : `${at}: succeeds, a double is a critical`;
}

export const LEVEL_WORD: Readonly<Record<Level, string>> = {
  critical: 'a critical',
  success: 'a success',
  failure: 'a failure',
  fumble: 'a fumble',
};
