// `fray sheet` for OpenQuest: each character as the rules compute it (hit points, damage modifier,
// the combat skills, what it strikes and parries with, armour) and what its tactics will do.
import type { CombatantSheet } from '../../core/ruleset.js';
import type { Weapon } from './data.js';
import { sourcesLines } from '../../core/loader.js';
import { armourPoints, damageModifierWith, FIST, formatDice, type Skill, weaponDice } from './rules.js';
import type { OqFighterSpec, OqSetup } from './state.js';
import { parryWeapon, STABILISE_AT, suggestedReaction, weaponAt } from './tactics.js';

const SKILL_NAMES: Readonly<Partial<Record<Skill, string>>> = {
  close: 'Close Combat',
  ranged: 'Ranged Combat',
  unarmed: 'Unarmed',
  dodge: 'Dodge',
};

export function oqSheets(setup: OqSetup): CombatantSheet[] {
  return setup.fighters.map((f) => {
    const c = f.characteristics;
    const mod = f.modifier
      ? `; ${f.modifier > 0 ? '+' : '−'}${Math.abs(f.modifier)}% to its combat tests`
      : '';
    return {
      id: f.id,
      name: f.name,
      side: setup.sides[f.side]?.name ?? '',
      lines: [
        `characteristics: STR ${c.STR}, CON ${c.CON}, SIZ ${c.SIZ}, DEX ${c.DEX}, INT ${c.INT}, POW ${c.POW}, CHA ${c.CHA}`,
        `HP ${f.hp}/${f.maxHp}; damage modifier ${formatDice(f.dm)} (STR + SIZ ${c.STR + c.SIZ})${f.standsAside ? '; stands aside' : ''}`,
        `skills: ${(['close', 'ranged', 'unarmed', 'dodge'] as const).map((s) => `${SKILL_NAMES[s]} ${f.skills[s]}%`).join(', ')}${mod}; Healing ${f.skills.healing}%, Athletics ${f.skills.athletics}%, Resilience ${f.skills.resilience}%`,
        armour(f),
        ...weapons(f),
        parries(f),
        `tactics: ${tactics(f)}`,
        ...sourcesLines([...(f.fromBestiary ? [f.fromBestiary] : []), ...f.weapons, ...f.armour]),
      ],
    };
  });
}

/** Facts, Armour: only the best piece worn counts. */
function armour(f: OqFighterSpec): string {
  if (f.armour.length === 0) return 'armour: none (0 AP)';
  return `armour: ${armourPoints(f.armour)} AP (${f.armour.map((a) => `${a.name.toLowerCase()} ${a.ap}`).join(', ')}${f.armour.length > 1 ? '; the best piece counts' : ''})`;
}

/** Each weapon's damage with the damage modifier, and the skill it attacks with; which one each distance uses. */
function weapons(f: OqFighterSpec): string[] {
  const close = weaponAt(f.weapons, 'close');
  const ranged = weaponAt(f.weapons, 'ranged');
  const line = (w: Weapon | null) => {
    const dm = damageModifierWith(w, f.dm);
    const dice = weaponDice(w ? w.damage : FIST);
    const skill: Skill = w ? w.skill : 'unarmed';
    const use = [w === close ? 'at close distance' : '', w === ranged ? 'at ranged distance' : '']
      .filter((x) => x)
      .join(' and ');
    const range = w?.rangeBySTR
      ? `, range ${f.characteristics.STR * w.rangeBySTR} m (STR${w.rangeBySTR > 1 ? ` ×${w.rangeBySTR}` : ''})`
      : w?.range
        ? `, range ${w.range} m`
        : '';
    const damage = `${dice}${dm.count ? formatDice(dm) : ''}${w?.mechanism ? ' (a mechanism: no damage modifier)' : ''}`;
    return `${w ? w.name.toLowerCase() : 'fist'}: ${damage}, ${SKILL_NAMES[skill]} ${f.skills[skill] + f.modifier}%${range}${use ? `; used ${use}` : '; not used'}`;
  };
  const out = f.weapons.filter((w) => !w.shield).map(line);
  if (close === null) out.push(line(null));
  return out;
}

/** What parries (tactics.ts): a shield, else the close-combat weapon; only a shield against missiles. */
function parries(f: OqFighterSpec): string {
  const melee = parryWeapon(f.weapons, false);
  const missile = parryWeapon(f.weapons, true);
  if (!melee) return 'parries with nothing (no weapon or shield): only dodges';
  return `parries with the ${melee.name.toLowerCase()} (Close Combat ${f.skills.close + f.modifier}%)${missile ? '' : '; missiles only dodged (only a shield parries them)'}`;
}

/** How the fighter decides (tactics.ts, round/intent.ts). */
function tactics(f: OqFighterSpec): string {
  const t = f.tactics;
  const react = (missile: boolean) => {
    const pw = parryWeapon(f.weapons, missile);
    const r = suggestedReaction(f, pw);
    return r === 'parry'
      ? `parries with the ${(pw as Weapon).name.toLowerCase()}`
      : r === 'dodge'
        ? 'dodges'
        : 'does not react';
  };
  const melee = react(false);
  const missile = react(true);
  const why =
    t.reaction === 'auto' && parryWeapon(f.weapons, false)
      ? ` (Close Combat ${f.skills.close}% ${f.skills.close >= f.skills.dodge ? '≥' : '<'} Dodge ${f.skills.dodge}%)`
      : '';
  return [
    `${melee}${why}${missile !== melee ? `, ${missile} against missiles` : ''}`,
    t.target === 'weakest' ? 'attacks the most hurt enemy' : 'attacks the first enemy',
    weaponAt(f.weapons, 'ranged') ? 'shoots while apart' : 'closes in when apart',
    f.skills.healing >= STABILISE_AT ? `stabilises a dying friend (Healing ${STABILISE_AT}% or more)` : '',
    t.fleeAt > 0 ? `flees at ${t.fleeAt} HP or less` : '',
    t.surrenderAt > 0 ? `surrenders at ${t.surrenderAt} HP or less` : '',
  ]
    .filter((x) => x)
    .join('; ');
}
