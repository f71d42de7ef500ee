// `fray sheet` for the Combat Points rules: the abilities as the text writes them (with CP and XP),
// and what the round computes from them: CP, EI, the most one action may take, each weapon's
// WS + ability, the shield's pool, armour as rule 10 counts it, and the plan the tactics follow.
import type { CombatantSheet } from '../../core/ruleset.js';
import type { Weapon } from '../wfrp1e/catalogue.js';
import type { SourcedRow } from '../../core/loader.js';
import { profileLine, ridden, situation, sources, weaponsOf, ZONES } from '../wfrp1e/sheet.js';
import { sheetSummary, showWeaponSkill } from './abilities.js';
import { dismountFall } from './round/falls-and-fire.js';
import {
  actionCap,
  actionsPerRound,
  ballisticSkill,
  initialEI,
  maxCP,
  poolWeapon,
  shieldPool,
  skillWith,
} from './fighter.js';
import { meleeArmour } from './melee.js';
import { newCpState, now, type CpFighter, type CpSetup, type CpState } from './state.js';
import { DODGE_AT_I, planOf } from './tactics.js';

export function cpSheets(setup: CpSetup): CombatantSheet[] {
  const st = newCpState(setup, dismountFall);
  return st.combatants.map((f) => ({
    id: f.id,
    name: f.name,
    side: st.sides[f.side]?.name ?? '',
    lines: [
      profileLine(f),
      `W ${f.W}/${f.maxW}${f.maxLP ? `, LP ${f.LP}/${f.maxLP}` : ''}; CP ${maxCP(st, f)}; EI ${initialEI(st, f)}, ${actionsPerRound(f)} actions; one action takes at most ${cap(actionCap(st, f))} CP`,
      armour(st, f),
      ...weapons(st, f),
      ...sheetSummary(f.profile, f.cp.sheet, setup.cp.classes, f.skills).map(
        (a) =>
          `${a.name}: ${a.base}% + ${a.advance} = ${a.ability}/${a.total}% (level ${a.level})${a.CP !== a.total ? `, CP ${a.CP}` : ''}; ${a.xp} XP spent, next level ${a.next === null ? '—' : `${a.next} XP`}`,
      ),
      ...(f.spec.skills.length > 0 ? [`skills: ${f.spec.skills.join(', ')}`] : []),
      ...(f.cp.mage
        ? [`mage level ${f.cp.mage.level}: ${f.cp.mage.spells.map((s) => s.name).join(', ') || 'no spells'}`]
        : []),
      ...(f.cp.causes ? [`causes ${f.cp.causes}`] : []),
      ...situation(f),
      ...(f.mount ? [`rides ${f.mount.name}`] : []),
      ...(f.rider ? [ridden(f, f.rider)] : []),
      `tactics: ${tactics(st, f)}`,
      ...sources(st, f, classRows(setup, f)),
    ],
  }));
}

/** The weapon classes its weapons fall in (rule 8), named with the class table's source. */
function classRows(setup: CpSetup, f: CpFighter): SourcedRow[] {
  const { classes } = setup.cp;
  return weaponsOf(f).flatMap((w) => {
    const c = (w.missile && !w.melee ? classes.ballisticOf : classes.handOf).get(w.id);
    return c ? [{ name: `class ${c.name}`, source: classes.source }] : [];
  });
}

const cap = (n: number) => (n === Infinity ? 'any' : String(n));

/** Rule 10: metal armour on each location, leather as 0.2 ("body 1.2"). */
function armour(st: CpState, f: CpFighter): string {
  const zones = ZONES.map((zone) => {
    const { worn, metal } = meleeArmour(st, f, zone);
    return `${zone} ${metal}${worn.leather ? '.2' : ''}`;
  });
  const pieces = f.armour.map((a) => a.name.toLowerCase());
  const aura = f.auraAP ? `; ${f.auraAP} of it from spells` : '';
  return `armour: ${zones.join(', ')}${pieces.length ? ` (${pieces.join(', ')})` : ''}${aura}; leather counts 0.2 (rule 10)`;
}

/** § Weapon class: what each weapon is worth in its hands; the shield's pool (rule 8). */
function weapons(st: CpState, f: CpFighter): string[] {
  const items: { w: Weapon; where: string }[] = [];
  if (f.right && f.right === f.left) items.push({ w: f.right, where: 'both hands' });
  else
    for (const hand of ['right', 'left'] as const) {
      const w = f[hand];
      if (w) items.push({ w, where: `${hand} hand` });
    }
  for (const w of f.natural) items.push({ w, where: 'natural' });
  for (const w of f.carried) items.push({ w, where: 'carried' });
  const pool = poolWeapon(st, f);
  const unarmed = items.some(({ w, where }) => w.melee && !w.shield && where !== 'carried')
    ? []
    : [`unarmed: ${showWeaponSkill(skillWith(st, f, null))}`];
  return [
    ...items.map(({ w, where }) => {
      const bits: string[] = [];
      if (w.melee && !w.shield) bits.push(showWeaponSkill(skillWith(st, f, w)));
      if (w.missile) bits.push(`shoots at ${showWeaponSkill(ballisticSkill(st, f, w))}`);
      if (w === pool) bits.push(`defence pool ${shieldPool(st, f)} CP a round`);
      return `${w.name.toLowerCase()} (${where}): ${bits.join('; ') || 'not struck with'}`;
    }),
    ...unarmed,
  ];
}

/** tactics.ts: how the plan splits the CP. */
function tactics(st: CpState, f: CpFighter): string {
  const p = planOf(f);
  if (p.target >= 100) return 'spends all its CP on attacks and never defends (rule 32)';
  return [
    `keeps ${p.reserve}% of its CP for defence while foes can strike`,
    `defends until the attacker's chance is ${p.target}% or less`,
    p.keepW >= f.maxW ? 'never spends W on defence' : `spends W on defence down to ${p.keepW}`,
    !p.dodge || !f.skills.has('dodge blow')
      ? 'does not dodge'
      : now(st, f, 'I') >= DODGE_AT_I
        ? 'dodges (Dodge Blow) rather than block'
        : `does not dodge (I ${now(st, f, 'I')}, under ${DODGE_AT_I})`,
  ].join('; ');
}
