// A fighter's recorded values, computed from its sheet and what it carries now: surplus strength
// and agility, Weapon Factor and adjusted damage per weapon (Weapons and armor), the Morale Factor
// (Morale) and the Berserk Factor (Going berserk). Computed when read, so dropping or breaking a
// weapon recalculates WF as the text asks.
import { sumTerms, type Term } from '../../core/arith.js';
import type { Armour, Weapon } from './data.js';
import {
  berserkFactorTerms,
  damageAdjustment,
  moraleFactorTerms,
  surplusAgility,
  surplusStrength,
  weaponFactorBase,
  weaponFactorTerms,
  type Characteristics,
} from './rules.js';

export interface Kit {
  readonly carried: readonly Weapon[];
  readonly shield: Weapon | null;
  readonly armour: Armour | null;
  /** The melee weapon in hand (a shield is wielded beside it unless it takes two hands). */
  readonly wielded: Weapon;
}

export interface Holder {
  readonly ch: Characteristics;
  readonly combatLevel: number;
  readonly favoured: readonly string[] | null;
}

export interface WeaponFactor {
  readonly weapon: Weapon;
  /** Encumbrance of the weapons carried but not wielded with this one. */
  readonly unwielded: number;
  readonly surplusStrength: number;
  readonly surplusAgility: number;
  /** Surplus physique before the unwielded weapons' encumbrance. */
  readonly surplusPhysique: number;
  readonly base: number;
  readonly terms: readonly Term[];
  readonly value: number;
  readonly damageBonus: number;
}

/** What is carried but not in use while `weapon` is wielded (with the shield on the arm, unless either takes two hands). */
export function unwieldedEncumbrance(kit: Kit, weapon: Weapon): number {
  const inHand = new Set<Weapon>([weapon]);
  if (weapon.kind === 'shield') inHand.add(kit.wielded);
  else if (weapon.hands === 1 && kit.shield) inHand.add(kit.shield);
  let enc = 0;
  for (const w of kit.carried) if (!inHand.has(w)) enc += w.encumbrance;
  if (kit.shield && !inHand.has(kit.shield)) enc += kit.shield.encumbrance;
  return enc;
}

/** Weapons and armor: a weapon's WF with every adjustment, and its damage adjusted by surplus physique (step: ours). */
export function weaponFactor(h: Holder, kit: Kit, weapon: Weapon, damageStep: number): WeaponFactor {
  const unwielded = unwieldedEncumbrance(kit, weapon);
  const sa = surplusAgility(h.ch.agility, weapon.agility, unwielded, kit.armour?.agility ?? 0);
  const ss = surplusStrength(h.ch.physique, weapon.strength, unwielded);
  const base = weaponFactorBase(sa);
  const terms = weaponFactorTerms({
    combatLevel: h.combatLevel,
    intelligence: h.ch.intelligence,
    bravery: h.ch.bravery,
    endurance: h.ch.endurance,
    favoured: h.favoured === null || h.favoured.includes(weapon.id) || weapon.kind === 'natural',
    melee: weapon.kind !== 'missile',
  });
  return {
    weapon,
    unwielded,
    surplusStrength: ss,
    surplusAgility: sa,
    surplusPhysique: h.ch.physique - weapon.strength,
    base,
    terms,
    value: sumTerms(base, terms),
    damageBonus: damageAdjustment(ss, damageStep),
  };
}

/** "WF: surplus agility 9 − 8 − 3 unwielded − 2 armour = −4 → −4; + 3 combat level … = 0". */
export function showWeaponFactor(h: Holder, kit: Kit, wf: WeaponFactor): string {
  const w = wf.weapon;
  const parts = [`agility ${h.ch.agility} − ${w.agility} (${w.name})`];
  if (wf.unwielded) parts.push(`− ${wf.unwielded} unwielded`);
  if (kit.armour?.agility) parts.push(`− ${kit.armour.agility} ${kit.armour.name}`);
  const half = wf.surplusAgility >= 0 ? `, halved rounded up: ${wf.base}` : '';
  const adj = wf.terms.map((t) => `${t.value < 0 ? '−' : '+'} ${Math.abs(t.value)} ${t.label}`).join(' ');
  return `surplus agility = ${parts.join(' ')} = ${wf.surplusAgility}${half}; WF ${wf.base}${adj ? ` ${adj}` : ''} = ${wf.value}`;
}

export function moraleFactor(
  h: Holder & { readonly isLeader: boolean; readonly victories: number; readonly defeats: number },
  leaderLevel: number | null,
  lowIntelligence: number,
): { value: number; terms: Term[] } {
  const terms = moraleFactorTerms(
    {
      combatLevel: h.combatLevel,
      bravery: h.ch.bravery,
      leaderLevel: leaderLevel ?? h.combatLevel,
      isLeader: h.isLeader,
      selfishness: h.ch.selfishness,
      intelligence: h.ch.intelligence,
      victories: h.victories,
      defeats: h.defeats,
    },
    lowIntelligence,
  );
  return { value: sumTerms(0, terms), terms };
}

export function berserkFactor(h: Holder & { readonly viking: boolean; readonly isLeader: boolean }): {
  value: number;
  terms: Term[];
} {
  const terms = berserkFactorTerms({
    viking: h.viking,
    bravery: h.ch.bravery,
    intelligence: h.ch.intelligence,
    combatLevel: h.combatLevel,
    isLeader: h.isLeader,
  });
  return { value: sumTerms(0, terms), terms };
}
