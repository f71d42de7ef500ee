// FIGHT! 4, Take action: an attack test against the defender's reaction, and what it leads to.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { formatD100 } from '../../../dice/d100.js';
import { facts } from '../cite.js';
import type { Weapon } from '../data.js';
import { ATTACK_RESULTS, FIST, type Skill, weaponDice } from '../rules.js';
import type { OqFighter, OqState } from '../state.js';
import { fumbled, mayReact, noReaction, react, smallerParryLets } from './reactions.js';
import { damage } from './taking-damage.js';
import { LEVEL_WORD, test } from './tests.js';

/** Take Action: the attack against the defender's reaction (facts, "attack against a defence"). */
export function attack(st: OqState, ctx: FightContext, a: OqFighter, d: OqFighter, w: Weapon | null): void {
  const skill: Skill = w ? w.skill : 'unarmed';
  const target = a.spec.skills[skill] + a.bonus + a.spec.modifier;
  const bonusNote = `${a.bonus ? ` (+${a.bonus} caught them)` : ''}${a.spec.modifier ? ` (${a.spec.modifier > 0 ? '+' : '−'}${Math.abs(a.spec.modifier)} situation)` : ''}`;
  a.bonus = 0;
  a.stats.blows++;
  // The damage dice are rolled with the attack at the table.
  const wd = w ? w.damage : FIST;
  const ra = test(st, ctx, a, skill, target, `attack ${d.name}`, {
    count: wd.count,
    sides: wd.sides,
    label: `damage (${weaponDice(wd)})`,
  });
  const missile = skill === 'ranged';
  // The reaction: parry (a weapon or shield; only a shield against a missile: ours) or dodge, once a round by default.
  // "If called for": a reaction is rolled only against an attack that would land.
  const landing = ra.level === 'success' || ra.level === 'critical';
  const attackLine = `${a.name} attacks ${d.name}${w ? ` with ${w.name.toLowerCase()}` : ''}: D100 ${formatD100(ra.roll)} against ${ra.against}${bonusNote}: ${LEVEL_WORD[ra.level]}`;
  // A defender asked to react sees the attack's result first: the attack is told before the question.
  const asks = landing && mayReact(st, d);
  const citeAttack = facts('Attack against a defence');
  if (asks) say(st, ctx, 'attack', `${attackLine}.`, citeAttack, [a, d], { attack: ra.level });
  const reaction = asks
    ? react(st, ctx, d, a, missile, `${formatD100(ra.roll)}: ${LEVEL_WORD[ra.level]}`)
    : null;
  const rd = reaction
    ? test(
        st,
        ctx,
        d,
        reaction.skill,
        d.spec.skills[reaction.skill] + d.spec.modifier,
        reaction.skill === 'dodge' ? `dodge ${a.name}` : `parry ${a.name}`,
      )
    : null;
  const cell = ATTACK_RESULTS[ra.level][rd ? rd.level : 'none'];
  const reactionLine =
    rd && reaction
      ? `${d.name} ${reaction.skill === 'dodge' ? 'dodges' : `parries with ${reaction.weapon?.name.toLowerCase()}`}: D100 ${formatD100(rd.roll)} against ${rd.against}: ${LEVEL_WORD[rd.level]}`
      : `${d.name} ${noReaction(st, d)}`;
  const detail = { attack: ra.level, defence: rd ? rd.level : 'none' };
  if (asks) say(st, ctx, 'reaction', `${reactionLine}: ${cell.says}.`, citeAttack, [d, a], detail);
  else
    say(
      st,
      ctx,
      'attack',
      `${attackLine}${landing ? `; ${reactionLine}` : ''}: ${cell.says}.`,
      citeAttack,
      [a, d],
      detail,
    );
  if (ra.level === 'critical') {
    a.stats.criticalsDealt++;
    d.stats.criticalsTaken++;
  }
  if (cell.attackerFumbles) fumbled(st, ctx, a);
  if (cell.defenderFumbles) fumbled(st, ctx, d);
  // Ours (option parrySize): a successful parry with a smaller weapon lets the rest through.
  const pw = reaction?.weapon ?? null;
  const lets =
    cell.damage === 'none' &&
    smallerParryLets(st.setup.opt.parrySize, ra.level, rd ? rd.level : 'none', pw, w ? w.damage : FIST);
  if (cell.damage === 'none' && !lets) return;
  a.stats.hits++;
  damage(
    st,
    ctx,
    a,
    d,
    w,
    cell.damage === 'maximum',
    cell.armour || cell.damage === 'none',
    cell.damage === 'none' ? (reaction?.weapon ?? null) : null,
  );
}
