// The Combat Points rules as small pure functions, each citing its rule number in
// wfrp-combat-points.txt. The round (round/) applies them; tests check them one by one.
import { roundHalfUp } from '../wfrp1e/rules.js';
import type { SpellLevel } from './data.js';

/** Rule 1: one Attack is worth 30 CP beyond the first. */
export const CP_PER_ATTACK = 30;
/** Rule 4: actions a round, and the EI each costs. */
export const ACTIONS_PER_ROUND = 5;
export const EI_PER_ACTION = 20;
/** Rules 6 and Combat example #3: an action lost (to drawing, or to a wound) takes 10 CP with it. */
export const CP_PER_ACTION = 10;
/** Rule 8: one Wound spent on defence counts as 10 CP. */
export const CP_PER_WOUND = 10;
/** Rule 7: 01-05 always hits, 96-00 always misses. */
export const ALWAYS_HITS = 5;
export const ALWAYS_MISSES = 96;
/** Advanced skills, Forceful blow: the least chance becomes 10%, for 10 CP more. */
export const FORCEFUL_ALWAYS_HITS = 10;
export const FORCEFUL_COST = 10;
/** Rule 10: an Insanity Point for a critical effect of 8 or more. */
export const HEAVY_EFFECT = 8;
/** Rule 10: damage 0 or less is a +1 critical rolled with −50%, then −40%, −30% … on that location. */
export const ZERO_DAMAGE_FIRST = -50;
/** Rule 11: the greatest effect unarmed; the surplus × 10 is the chance to stun. */
export const UNARMED_MAX_EFFECT = 6;
/** § Weapon class: unarmed (and Street Fighting) damage modifier. */
export const UNARMED_DAMAGE = -2;
/** § Weapon class: Street Fighting adds 10 to the Unarmed ability. */
export const STREET_FIGHTING = 10;
/** Advanced skills: Combat reflexes: −10 CP, +10 priority, a sixth action. */
export const COMBAT_REFLEXES = { CP: -10, EI: 10, actions: 1 } as const;
/** Rule 12: Strike to Stun adds 20 to the chance to stun. */
export const STRIKE_TO_STUN = 20;
/** Rule 13: the least CP an action may spend. */
export const MIN_CP = 10;
/** Rule 14: the Flee skill, or a "must flee" result, makes a flight 30% likelier to succeed. */
export const FLEE_BONUS = 30;
/** Rule 17: a prone target's critical is one higher. */
export const PRONE_CRITICAL = 1;
/** Rule 18: the Disarm skill's bonus. */
export const DISARM_SKILL = 20;
/** Rule 22: improvised thrown weapons' damage modifier. */
export const IMPROVISED_THROWN = -2;
/** Rule 25: to hit for a target's behaviour. */
export const TARGET_RUNNING = -10;
export const TARGET_DODGING = -20;
/** Rule 28: Fast and Lightning shooting; longer aiming. */
export const FAST_SHOTS = { fast: { shots: 2, BS: -20 }, lightning: { shots: 3, BS: -40 } } as const;
export const AIMING_BONUS = 10;
export const TARGETS_WITHIN_DEGREES = 45;
/** Rule 34: a monster has this many W once its last LP is gone. */
export const WOUNDS_AFTER_LP = 15;
/** Rule 44: a dismount is a fall from D8 metres. */
export const DISMOUNT_FALL_DIE = 8;
/** Rule 46: fire takes D4 from T each round. */
export const FIRE_DIE = 4;

/** Rule 1: weapon ability plus basic WS, and 30 for every Attack above 1. */
export function combatPoints(wsPlusAbility: number, A: number): number {
  return wsPlusAbility + CP_PER_ATTACK * Math.max(0, A - 1);
}

/** Rule 2: I less the armour's penalty, plus or minus the weapon's modifier. */
export function initialEffectiveInitiative(I: number, armourI: number, weaponI: number): number {
  return I + armourI + weaponI;
}

/** Rule 4: every action taken moves a fighter 20 points down the round. */
export function effectiveInitiative(initial: number, actionsUsed: number): number {
  return initial - EI_PER_ACTION * actionsUsed;
}

/** Rule 7: the chance is the attacker's CP less the defender's. */
export function hitChance(attack: number, defence: number): number {
  return attack - defence;
}

/** Rule 7: within the chance hits; 01-05 (01-10 with Forceful blow) always hits; 96-00 always misses. */
export function hits(roll: number, chance: number, alwaysHits = ALWAYS_HITS): boolean {
  if (roll >= ALWAYS_MISSES) return false;
  return roll <= alwaysHits || roll <= chance;
}

/** Rule 7: a miss showing a double above WS + ability is a critical fumble (00 counts as 100). */
export function isFumble(roll: number, wsPlusAbility: number): boolean {
  const double = roll === 100 || (roll % 11 === 0 && roll < 100);
  return double && roll > wsPlusAbility;
}

/** Rule 8: the extra defence pool of a shield or Specialist parrying weapon. */
export function defencePool(shieldModifier: number, abilityLevel: number): number {
  return Math.max(0, shieldModifier + 10 * abilityLevel);
}

/**
 * Rule 10: ([S] + [damage mod.]) × (10 − T) × 0.1 − metal armour (leather 0.2), rounded.
 * Worked in tenths so that 2.1 and 0.8 are exact; halves round up (Combat example #3's 6.5 → 7).
 */
export function criticalValue(
  S: number,
  damageMod: number,
  T: number,
  metal: number,
  leather: boolean,
): { tenths: number; value: number } {
  const tenths = (S + damageMod) * (10 - T) - 10 * metal - (leather ? 2 : 0);
  return { tenths, value: Math.floor((tenths + 5) / 10) };
}

/** Rule 10: the roll modifier of the n-th hit of 0 or less on one location (−50%, −40%, −30% …). */
export function zeroDamageModifier(nth: number): number {
  return Math.min(0, ZERO_DAMAGE_FIRST + 10 * (nth - 1));
}

/** Rule 11: unarmed, leather gives 1 AP and each metal point 2. */
export function unarmedArmour(metal: number, leather: boolean): number {
  return 2 * metal + (leather ? 1 : 0);
}

/** Rules 11-12: the surplus of an effect over 6, × 10, is the chance to stun (+20 with Strike to Stun). */
export function stunChance(effect: number, strikeToStun: boolean): number {
  return Math.max(0, effect - UNARMED_MAX_EFFECT) * 10 + (strikeToStun ? STRIKE_TO_STUN : 0);
}

/** Rule 15: how surprise lowers the most a surprised fighter may spend on one action. */
export const SURPRISE_PENALTY = { rear: -30, flank: -20, front: -10 } as const;
export type SurpriseFrom = keyof typeof SURPRISE_PENALTY;

/** Rule 15: each test after the first is 10 easier. */
export function surpriseTestBonus(testsFailed: number): number {
  return 10 * testsFailed;
}

/** Rule 16: weapons more than 1 m apart in length. */
export function lengthMatters(a: number, b: number): boolean {
  return Math.abs(a - b) > 1;
}

/** Rule 20: the parrier's CP count a half with a shield or parrying weapon, a third without. */
export function parryForAnotherDivisor(shieldOrParryingWeapon: boolean): number {
  return shieldOrParryingWeapon ? 2 : 3;
}

/** Rule 21: two weapons add twice the basic WS to CP. */
export function twoWeaponBonus(basicWS: number): number {
  return 2 * basicWS;
}

/** Rules 22 and 26: long range −1, maximum range −2 to the critical. */
export function rangeCritical(band: 'point-blank' | 'short' | 'long' | 'extreme'): number {
  return band === 'long' ? -1 : band === 'extreme' ? -2 : 0;
}

/** Rule 25: long range −10, maximum range −20 to hit. */
export function rangeToHit(band: 'point-blank' | 'short' | 'long' | 'extreme'): number {
  return band === 'long' ? -10 : band === 'extreme' ? -20 : 0;
}

/** Rule 26: the armour a missile meets: metal; leather only at maximum range, as 1; firearms ignore all. */
export function missileArmour(metal: number, leather: boolean, band: string, firearm: boolean): number {
  if (firearm) return 0;
  return metal + (leather && band === 'extreme' ? 1 : 0);
}

/** Rule 23: W come back at 10% of the total for each hour of sleep or six of rest. */
export function regainedWounds(W: number, maxW: number, hoursSleep: number, hoursRest: number): number {
  const tenths = hoursSleep + Math.floor(hoursRest / 6);
  return Math.min(maxW, W + Math.floor((maxW * tenths) / 10));
}

/** Rule 24: effects 1-7 are light wounds, 8 and above heavy. */
export function woundStatus(effect: number): 'light' | 'heavy' {
  return effect >= HEAVY_EFFECT ? 'heavy' : 'light';
}

/** Rule 29: loading a crossbow quickly: a roll of S × 10 − 50 or less. */
export function quickLoadChance(S: number): number {
  return S * 10 - 50;
}

/** Rule 30 and Shieldman: a shield blocks missiles when its bearer stands still, or runs with the skill. */
export function mayBlockMissiles(moving: boolean, shieldman: boolean): boolean {
  return !moving || shieldman;
}

/** Rule 30: blocking a missile with a shield. */
export function shieldBlockChance(
  WS: number,
  shieldAbility: number,
  shieldModifier: number,
  shooterLevel: number,
): number {
  return WS + shieldAbility + shieldModifier - 10 * shooterLevel;
}

/** Rule 30: the chance a blocked missile damages the shield and wounds through it. */
export function shieldDamageChance(ES: number, shieldModifier: number): number {
  return 20 * ES - shieldModifier;
}

/** Rule 31: +1 LP for every started 5 W above 15. */
export function lifePoints(W: number): number {
  return W <= WOUNDS_AFTER_LP ? 0 : Math.ceil((W - WOUNDS_AFTER_LP) / 5);
}

/** Rule 33: (S + weapon mod. + D6) × (10 − T) − armour × 10 (leather 0.2 as in rule 10), never below 0. */
export function poolDamage(
  S: number,
  weaponMod: number,
  dice: number,
  T: number,
  metal: number,
  leather: boolean,
): number {
  return Math.max(0, (S + weaponMod + dice) * (10 - T) - 10 * metal - (leather ? 2 : 0));
}

/** Rule 33: every full 100% of the round's pool takes an LP; what is left is the chance of one more. */
export function poolLosses(pool: number): { sure: number; chance: number } {
  return { sure: Math.floor(pool / 100), chance: pool % 100 };
}

/** Rule 34: W at the last LP, reduced by the pool's surplus percentage. */
export function woundsAfterLastLP(surplus: number): number {
  return Math.max(0, WOUNDS_AFTER_LP - roundHalfUp((WOUNDS_AFTER_LP * surplus) / 100));
}

/** Rule 36: actions a spell takes to cast. */
export function castingActions(level: SpellLevel): number {
  if (level === 'petty') return 1;
  return level <= 2 ? 2 : level;
}

/** Rule 36: the spell acts at the beginning of its last casting action. */
export function castingEI(ei: number, actions: number): number {
  return ei - EI_PER_ACTION * (actions - 1);
}

/** Rule 38: the actions a mage may give to magic each round (apprentice 1, then level + 1). */
export function magicActionLimit(mageLevel: number): number {
  return mageLevel + 1;
}

/** Rule 39: a magic missile's effect: the doubled dice less T; a successful dodge halves it (rounded, as Combat example #3). */
export function magicMissileEffect(total: number, T: number, dodged: boolean): number {
  const effect = total - T;
  return dodged ? roundHalfUp(effect / 2) : effect;
}

/** Rule 41: a fall's effect: the height less D4, 2 less for a jump, 2 less with Acrobatics, 1 less per 5 W spent. */
export function fallEffect(
  metres: number,
  d4: number,
  jump: boolean,
  acrobatics: boolean,
  woundsSpent: number,
): number {
  return metres - d4 - (jump ? 2 : 0) - (acrobatics ? 2 : 0) - Math.floor(woundsSpent / 5);
}

/** Rule 45: jumping into water needs a test of (I + Dex) / 2. */
export function waterEntryTarget(I: number, Dex: number): number {
  return Math.floor((I + Dex) / 2);
}

/** Rules 40 and 46: below 0 T, the depth is the effect (a chart's 16 at most). */
export function effectBelowZero(T: number): number {
  return Math.min(16, Math.max(0, -T));
}
