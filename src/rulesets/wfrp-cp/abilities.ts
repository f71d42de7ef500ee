// Weapon abilities (wfrp-combat-points.txt § Determining Weapon Skill ability, § Weapon class,
// § Learning and improving the weapon abilities): what a character's sheet says, and what a
// weapon in hand is worth with it.
import type { Profile, Weapon } from '../wfrp1e/catalogue.js';
import { specialistSkill } from '../wfrp1e/rules.js';
import type { Classes, WeaponClass } from './data.js';
import { COMBAT_REFLEXES, STREET_FIGHTING, combatPoints } from './rules.js';

/** One weapon ability: the basic level rolled (2D10, or the race's die) and the advances bought. */
export interface Ability {
  readonly cls: string;
  readonly base: number;
  readonly advance: number;
}

/** The abilities part of a character sheet; basic WS and BS are the profile's. */
export interface Sheet {
  readonly basicWS: number;
  readonly basicBS: number;
  readonly abilities: ReadonlyMap<string, Ability>;
}

/** § Learning: each +10 advance is one level, 0 to 5 (5 with Weapon Mastery). */
export function abilityLevel(a: Ability): number {
  return Math.floor(a.advance / 10);
}

export function abilityValue(a: Ability): number {
  return a.base + a.advance;
}

/** § Learning: learning an ability (level 0) costs 100 XP. */
export const LEARN_XP = 100;

/** § Learning: from level n to n + 1 costs 100 × (n + 1) XP (0→1 100, … 4→5 500). */
export function advanceXp(fromLevel: number): number {
  return 100 * (fromLevel + 1);
}

/** XP an ability has cost so far; free abilities (Knives, Improvised, a first career's) cost nothing to learn. */
export function abilityXp(a: Ability, free: boolean): number {
  let xp = free ? 0 : LEARN_XP;
  for (let l = 0; l < abilityLevel(a); l++) xp += advanceXp(l);
  return xp;
}

/** What a weapon is worth in a fighter's hands: its class, the ability used, and WS (or BS) + ability. */
export interface WeaponSkill {
  readonly cls: WeaponClass | null;
  readonly ability: number;
  readonly total: number;
  /** The ability's level in the weapon's own class (a shield's pool, a shooter's level). */
  readonly level: number;
  // How the total was reached, for the explanation: `showWeaponSkill` puts it in words when read.
  readonly ch: 'WS' | 'BS';
  readonly basic: number;
  readonly via: 'no-class' | 'own' | 'similar' | 'unskilled' | 'none';
  /** The similar class whose half ability counts (via `similar`). */
  readonly from: string;
  /** Street Fighting's part of the ability (unarmed, with the skill). */
  readonly streetFighting: number;
}

/** How a weapon skill was reached: "WS 31 + Fencing 15", "half WS 31 = 15 (…)". */
export function showWeaponSkill(s: WeaponSkill): string {
  const { ch, basic, cls } = s;
  const sf = s.streetFighting ? ` + ${s.streetFighting} Street Fighting` : '';
  switch (s.via) {
    case 'no-class':
      return `${ch} ${basic} (no class for this weapon)`;
    case 'own':
      return `${ch} ${basic} + ${cls?.name} ${s.ability - s.streetFighting}${sf}`;
    case 'similar':
      return `${ch} ${basic} + half of ${s.from} (similar) ${s.ability - s.streetFighting}${sf}`;
    case 'unskilled':
      return `half ${ch} ${basic} = ${s.total} (a Specialist Weapon without the skill)`;
    default:
      return `${ch} ${basic}${sf} (no ${cls?.name} ability)`;
  }
}

/** § Weapon class: the class a weapon is used in (a 1.5-handed weapon moves with Ambidextrous). */
export function classOf(
  classes: Classes,
  w: Weapon | null,
  mode: 'hand' | 'ballistic',
  skills: ReadonlySet<string>,
): WeaponClass | null {
  if (mode === 'hand') {
    if (w === null) return classes.hand.get('unarmed') ?? null;
    if (w.natural) return classes.hand.get('natural') ?? null;
    const moved = classes.oneAndAHalf.get(w.id);
    if (moved && skills.has('ambidextrous')) return classes.hand.get(moved) ?? null;
    return classes.handOf.get(w.id) ?? null;
  }
  return w ? (classes.ballisticOf.get(w.id) ?? null) : null;
}

function hasSpecialistSkill(w: Weapon | null, skills: ReadonlySet<string>): boolean {
  return w?.specialist !== undefined && skills.has(specialistSkill(w.specialist));
}

/**
 * § Weapon class: basic WS (BS) + the ability in the weapon's class; or + half the best ability
 * in a similar class (a Specialist Weapon needs its skill for that); unlike classes use the
 * basic characteristic alone, and a Specialist Weapon without skill half of it.
 */
export function weaponSkill(
  sheet: Sheet,
  classes: Classes,
  w: Weapon | null,
  mode: 'hand' | 'ballistic',
  skills: ReadonlySet<string>,
  basic: number = mode === 'hand' ? sheet.basicWS : sheet.basicBS,
): WeaponSkill {
  const ch = mode === 'hand' ? 'WS' : 'BS';
  const cls = classOf(classes, w, mode, skills);
  const streetFighting = cls?.id === 'unarmed' && skills.has('street fighting') ? STREET_FIGHTING : 0;
  if (!cls)
    return {
      cls: null,
      ability: 0,
      total: basic,
      level: 0,
      ch,
      basic,
      via: 'no-class',
      from: '',
      streetFighting: 0,
    };
  const own = sheet.abilities.get(cls.id);
  let half = 0;
  let from = '';
  if (!cls.specialist || own || hasSpecialistSkill(w, skills)) {
    for (const s of classes.similar.get(cls.id) ?? []) {
      const a = sheet.abilities.get(s);
      if (a && Math.floor(abilityValue(a) / 2) > half) {
        half = Math.floor(abilityValue(a) / 2);
        from = s;
      }
    }
  }
  if (own && abilityValue(own) >= half) {
    const ability = abilityValue(own) + streetFighting;
    return {
      cls,
      ability,
      total: basic + ability,
      level: abilityLevel(own),
      ch,
      basic,
      via: 'own',
      from: '',
      streetFighting,
    };
  }
  if (half > 0) {
    return {
      cls,
      ability: half + streetFighting,
      total: basic + half + streetFighting,
      level: 0,
      ch,
      basic,
      via: 'similar',
      from,
      streetFighting,
    };
  }
  if (cls.specialist && !hasSpecialistSkill(w, skills)) {
    const total = Math.floor(basic / 2);
    return {
      cls,
      ability: 0,
      total,
      level: 0,
      ch,
      basic,
      via: 'unskilled',
      from: '',
      streetFighting: 0,
    };
  }
  return {
    cls,
    ability: streetFighting,
    total: basic + streetFighting,
    level: 0,
    ch,
    basic,
    via: 'none',
    from: '',
    streetFighting,
  };
}

/** One line of a sheet's summary. */
export interface AbilityLine {
  readonly cls: string;
  readonly name: string;
  readonly base: number;
  readonly advance: number;
  readonly level: number;
  /** Ability / basic + ability, as the text writes it ("25/45"). */
  readonly ability: number;
  readonly total: number;
  /** Rule 1: CP when fighting with this class. */
  readonly CP: number;
  readonly xp: number;
  /** XP for the next level; null at 4 without Weapon Mastery, and at 5. */
  readonly next: number | null;
}

/** The helper the issue asks for: a character's abilities, CP and XP from its profile and sheet. */
export function sheetSummary(
  profile: Profile,
  sheet: Sheet,
  classes: Classes,
  skills: ReadonlySet<string>,
): AbilityLine[] {
  const A = profile.A ?? 1;
  const out: AbilityLine[] = [];
  for (const a of sheet.abilities.values()) {
    const cls = classes.hand.get(a.cls) ?? classes.ballistic.get(a.cls);
    if (!cls) continue;
    const basic = cls.mode === 'hand' ? sheet.basicWS : sheet.basicBS;
    const lv = abilityLevel(a);
    const total = basic + abilityValue(a);
    out.push({
      cls: cls.id,
      name: cls.name,
      base: a.base,
      advance: a.advance,
      level: lv,
      ability: abilityValue(a),
      total,
      CP:
        cls.mode === 'hand'
          ? combatPoints(total, A) + (skills.has('combat reflexes') ? COMBAT_REFLEXES.CP : 0)
          : total,
      xp: abilityXp(a, cls.free),
      next: lv >= 5 || (lv === 4 && !skills.has('weapon mastery')) ? null : advanceXp(lv),
    });
  }
  return out;
}
