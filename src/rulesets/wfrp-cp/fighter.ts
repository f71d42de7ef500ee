// What a Combat Points fighter is worth at this moment: its weapon, WS + ability, CP, the most
// it may spend on one action, its Effective Initiative. All derived, never stored, so that a
// wound or a fumble changes them at once (Combat example #3).
import { showSum, type Term } from '../../core/arith.js';
import type { Weapon } from '../wfrp1e/catalogue.js';
import { WEAPON_MODIFIERS } from '../wfrp1e/data/tables.js';
import { engaged, handUsable, HANDS, hasSkill, isRidden, running } from '../wfrp1e/state.js';
import { weaponSkill, type WeaponSkill } from './abilities.js';
import {
  ACTIONS_PER_ROUND,
  COMBAT_REFLEXES,
  SURPRISE_PENALTY,
  combatPoints,
  defencePool,
  effectiveInitiative,
  initialEffectiveInitiative,
  twoWeaponBonus,
} from './rules.js';
import { hasCpCond, now, type CpFighter, type CpState } from './state.js';

const LEFT_FIRST = ['left', 'right'] as const;

/** The weapon a fighter strikes with: the strong hand's, else the other's, else a natural weapon; null is unarmed. */
export function meleeWeapon(st: CpState, f: CpFighter): Weapon | null {
  const hands = f.spec.leftHanded ? LEFT_FIRST : HANDS;
  for (const h of hands) {
    const w = f[h];
    if (w && w.melee && !w.shield && !w.missile && handUsable(f, h, st.round)) return w;
  }
  for (const h of hands) {
    const w = f[h];
    if (w && w.melee && !w.shield && handUsable(f, h, st.round)) return w;
  }
  return f.natural[0] ?? null;
}

/** Rule 21: two weapons in hand, with Ambidextrous. */
export function twoWeapons(st: CpState, f: CpFighter): [Weapon, Weapon] | null {
  const r = f.right;
  const l = f.left;
  if (
    !r ||
    !l ||
    r.hands === 2 ||
    l.hands === 2 ||
    r.shield ||
    l.shield ||
    !r.melee ||
    !l.melee ||
    r.missile ||
    l.missile
  )
    return null;
  if (!hasSkill(f, 'ambidextrous') || !handUsable(f, 'right', st.round) || !handUsable(f, 'left', st.round))
    return null;
  return [r, l];
}

/** § Weapon class: WS + ability with a weapon, WS as it stands now. */
export function skillWith(st: CpState, f: CpFighter, w: Weapon | null): WeaponSkill {
  return weaponSkill(f.cp.sheet, st.setup.cp.classes, w, 'hand', f.skills, now(st, f, 'WS'));
}

export function ballisticSkill(st: CpState, f: CpFighter, w: Weapon): WeaponSkill {
  return weaponSkill(f.cp.sheet, st.setup.cp.classes, w, 'ballistic', f.skills, now(st, f, 'BS'));
}

/** Rule 13 (with 15 and 21): the most one action may take: WS + ability (the ability alone with two weapons), less surprise; no limit with Dance and Acrobatics. */
export function actionCap(st: CpState, f: CpFighter, w: Weapon | null = meleeWeapon(st, f)): number {
  if (hasSkill(f, 'dance') && hasSkill(f, 'acrobatics')) return Infinity;
  const two = twoWeapons(st, f);
  const s = skillWith(st, f, w);
  const base = two ? s.ability : s.total;
  return Math.max(0, base + (f.surprise ? SURPRISE_PENALTY[f.surprise.from] : 0));
}

/** Rule 1, with rule 21 (two weapons), the mounted +10 (Combat example #2) and Combat reflexes' −10. */
export function maxCP(st: CpState, f: CpFighter): number {
  const two = twoWeapons(st, f);
  const w = two
    ? skillWith(st, f, two[0]).total >= skillWith(st, f, two[1]).total
      ? two[0]
      : two[1]
    : meleeWeapon(st, f);
  let cp = combatPoints(skillWith(st, f, w).total, now(st, f, 'A'));
  if (two) cp += twoWeaponBonus(now(st, f, 'WS'));
  if (f.mount && st.cpo.mountedBonus) cp += 10;
  if (hasSkill(f, 'combat reflexes')) cp += COMBAT_REFLEXES.CP;
  return Math.max(0, cp);
}

export function cpLeft(st: CpState, f: CpFighter): number {
  return Math.max(0, maxCP(st, f) + f.bonusCP - f.spent);
}

/**
 * Rule 2: I less the armour's modifiers, plus or minus the weapon's (a negative one halved with
 * Barbarian strength): "the value you will be testing when resolving dodges and other maneuvers
 * based on movement in combat". The terms are shown in the log.
 */
export function initiativeTerms(st: CpState, f: CpFighter): { I: number; terms: Term[] } {
  let armourI = 0;
  for (const l of st.cat.layerings) {
    if (
      l.I !== 0 &&
      f.armour.some((a) => l.over.includes(a.id)) &&
      f.armour.some((a) => l.under.includes(a.id))
    )
      armourI += l.I;
  }
  const w = meleeWeapon(st, f);
  let weaponI = w && !w.natural ? WEAPON_MODIFIERS[w.group].I : 0;
  if (weaponI < 0 && hasSkill(f, 'barbarian strength')) weaponI = Math.ceil(weaponI / 2);
  return {
    I: now(st, f, 'I'),
    terms: [
      { label: 'armour', value: armourI },
      { label: w ? w.name.toLowerCase() : 'weapon', value: weaponI },
    ],
  };
}

/** Rule 2: the value an Initiative test is made against (dodges, fleeing, surprise). */
export function initiativeTest(st: CpState, f: CpFighter): number {
  const { I, terms } = initiativeTerms(st, f);
  return initialEffectiveInitiative(I, terms[0]!.value, terms[1]!.value);
}

/** The tested value with its arithmetic: "I 30 + 20 rapier = 50", or "I 40". */
export function showInitiativeTest(st: CpState, f: CpFighter, more: readonly Term[] = []): string {
  const { I, terms } = initiativeTerms(st, f);
  return showSum('I', I, [...terms, ...more]);
}

/** Rule 2, and Combat reflexes: +10 to the priority (not to the tested value). */
export function initialEI(st: CpState, f: CpFighter): number {
  return initiativeTest(st, f) + (hasSkill(f, 'combat reflexes') ? COMBAT_REFLEXES.EI : 0);
}

/** Rule 4: EI now, after the actions used. */
export function currentEI(st: CpState, f: CpFighter): number {
  return effectiveInitiative(initialEI(st, f) + f.bonusEI, f.used);
}

/** Rule 4 and Combat reflexes: 5 actions a round, or 6. */
export function actionsPerRound(f: CpFighter): number {
  return ACTIONS_PER_ROUND + (hasSkill(f, 'combat reflexes') ? COMBAT_REFLEXES.actions : 0);
}

export function actionsLeft(f: CpFighter): number {
  return Math.max(0, actionsPerRound(f) - f.used);
}

/** Enemies a fighter is in hand-to-hand with, and may strike. */
export function foes(st: CpState, f: CpFighter): CpFighter[] {
  return st.combatants.filter(
    (o) => o.side !== f.side && o.out === null && engaged(f, o) && !isRidden(o) && !running(o, st.round),
  );
}

/** Enemies still in the fight at all. */
export function enemies(st: CpState, f: CpFighter): CpFighter[] {
  return st.combatants.filter((o) => o.side !== f.side && o.out === null && !isRidden(o));
}

/** Critical effects that stop attacks (X: no action; P: parry only; no attacks; prone). */
export function mayAttack(st: CpState, f: CpFighter): boolean {
  return (
    !hasCpCond(st, f, 'noAction') &&
    !hasCpCond(st, f, 'parryOnly') &&
    !hasCpCond(st, f, 'noAttacks') &&
    !prone(st, f)
  );
}

export function mayDefend(st: CpState, f: CpFighter): boolean {
  return f.out === null && !hasCpCond(st, f, 'noAction') && !f.asleep;
}

/** Rule 17: prone (or asleep): hit automatically. */
export function prone(st: CpState, f: CpFighter): boolean {
  return f.asleep || hasCpCond(st, f, 'prone');
}

/** Rule 8: the defence pool a round gives with the shield or parrying weapon in hand (0 without one). */
export function shieldPool(st: CpState, f: CpFighter): number {
  const pw = poolWeapon(st, f);
  return pw ? defencePool(st.setup.cp.classes.shieldModifier.get(pw.id) ?? 0, skillWith(st, f, pw).level) : 0;
}

/** Rule 8: the pool of a shield or Specialist parrying weapon in hand, by its class level. */
export function poolWeapon(st: CpState, f: CpFighter): Weapon | null {
  for (const h of ['left', 'right'] as const) {
    const w = f[h];
    if (
      w &&
      handUsable(f, h, st.round) &&
      st.setup.cp.classes.shieldModifier.has(w.id) &&
      (w.shield || w.specialist)
    )
      return w;
  }
  return null;
}
