// Before the first round: each fighter's CP, cap, weapon skill and EI announced, positions, and falls
// into the fight (rule 1, rules 41-45).
import { showWeaponSkill } from '../abilities.js';
import type { FightContext } from '../../../core/context.js';
import type { Weapon } from '../../wfrp1e/catalogue.js';
import { pairUp } from '../../wfrp1e/round/opening.js';
import { say } from '../../wfrp1e/say.js';
import { placeAll } from '../../wfrp1e/scene.js';
import { rule } from '../cite.js';
import { actionCap, initialEI, maxCP, meleeWeapon, skillWith } from '../fighter.js';
import type { CpFighter, CpState } from '../state.js';
import { fall } from './falls-and-fire.js';

export function startCpFight(st: CpState, ctx: FightContext): void {
  if (st.setup.start === 'engaged' || st.setup.start === 'charge') pairUp(st);
  if (ctx.explain) {
    for (const f of st.combatants) {
      const w = meleeWeapon(st, f);
      say(
        st,
        ctx,
        'start',
        `${f.name}: CP ${maxCP(st, f)}, ${capText(actionCap(st, f))} an action (${describeSkill(st, f, w)}), EI ${initialEI(st, f)}${f.maxLP ? `, ${f.maxLP} LP` : ''}${f.surprise ? `, surprised from the ${f.surprise.from}` : ''}.`,
        rule(1),
        [f],
      );
    }
  }
  if (st.spatial) placeAll(st, ctx);
  for (const f of st.combatants)
    if (f.cp.falls && f.out === null)
      fall(st, ctx, f, f.cp.falls.metres, f.cp.falls.jump, f.cp.falls.water, 'comes down into the fight');
}

function describeSkill(st: CpState, f: CpFighter, w: Weapon | null): string {
  return `${w ? w.name.toLowerCase() : 'unarmed'}: ${showWeaponSkill(skillWith(st, f, w))}`;
}

/** Rule 13: the per-action cap as words; Dance and Acrobatics lift it. */
export function capText(cap: number): string {
  return Number.isFinite(cap) ? `at most ${cap}` : 'no limit (Dance and Acrobatics)';
}
