// Fantasy Wargaming's personal-combat arithmetic as small pure functions, named as the text names
// them. Every factor is a sum of labelled terms, so the log can show the whole calculation.
import type { Term } from '../../core/arith.js';
import { rangeTable, lookup } from '../../core/table.js';

export interface Characteristics {
  readonly physique: number;
  readonly agility: number;
  readonly endurance: number;
  readonly intelligence: number;
  readonly bravery: number;
  readonly selfishness: number;
  readonly greed: number;
  readonly lust: number;
}

/** Facts, Luck die: D6 → −2, −1, 0, 0, +1, +2, added to the summed factors. */
const LUCK = rangeTable<number>('luck die', 1, 6, [
  [1, 1, -2],
  [2, 2, -1],
  [3, 4, 0],
  [5, 5, 1],
  [6, 6, 2],
]);

export function luck(d6: number): number {
  return lookup(LUCK, d6);
}

/** A factor's terms, keeping only those that count. */
const terms = (...ts: (Term | false | null | undefined)[]): Term[] =>
  ts.filter((t): t is Term => !!t && t.value !== 0);

// ---------------------------------------------------------------- Morale

export interface DailyMorale {
  readonly combatLevel: number;
  readonly bravery: number;
  readonly leaderLevel: number;
  readonly isLeader: boolean;
  readonly selfishness: number;
  readonly intelligence: number;
  readonly victories: number;
  readonly defeats: number;
}

/**
 * Morale: the day's starting Morale Factor = combat level + bravery, adjusted; then victories and
 * defeats of the day. `lowIntelligence` is the number the text leaves out for "Intelligence 8−".
 */
export function moraleFactorTerms(m: DailyMorale, lowIntelligence: number): Term[] {
  const gap = m.leaderLevel - m.combatLevel;
  return terms(
    { label: 'combat level', value: m.combatLevel },
    { label: 'bravery', value: m.bravery },
    !m.isLeader && gap > 0 && { label: 'combat level lower than party leader', value: gap },
    !m.isLeader && gap < 0 && { label: 'combat level higher than party leader', value: gap },
    m.isLeader && { label: 'party leader', value: 2 },
    m.selfishness <= 8 && { label: 'selfishness 8−', value: 1 },
    m.selfishness >= 14 && { label: 'selfishness 14+', value: -1 },
    m.intelligence <= 8 && { label: 'intelligence 8− (number ours)', value: lowIntelligence },
    { label: 'victories today', value: m.victories },
    { label: 'defeats today', value: -m.defeats },
  );
}

/** What a morale check knows of the moment (Morale, the per-check modifiers). */
export interface MoraleSituation {
  readonly endurance: number;
  readonly maxEndurance: number;
  readonly partyIntact: boolean;
  readonly partyHalfCasualties: boolean;
  readonly shieldless: boolean;
  readonly unarmored: boolean;
  readonly unarmed: boolean;
  readonly secure: boolean;
  readonly isolated: boolean;
  readonly underMissileFire: boolean;
  readonly mageFacingHigherMagic: boolean;
  readonly mageOrClericFacingCombat: boolean;
  readonly warriorFacingMagic: boolean;
  readonly desire: boolean;
  readonly leastBravePassed: boolean;
  readonly partyMemberFleeing: boolean;
  readonly partyDeserted: boolean;
  readonly leaderFailed: boolean;
  readonly demoralized: boolean;
  readonly fleeing: boolean;
  readonly astrology: number;
}

/** Morale: the injury terms (half or less left, or 4 or less in any case, −2; else uninjured +2; else injured up to half −1). */
function injury(endurance: number, max: number): Term {
  // "4 points or less in any case": even a fighter whose whole endurance is 4 or less.
  if (endurance * 2 <= max || endurance <= 4)
    return { label: 'half endurance or less, or 4 or less', value: -2 };
  if (endurance >= max) return { label: 'uninjured', value: 2 };
  return { label: 'injured up to half endurance', value: -1 };
}

/** Morale: the cumulative modifiers to MF for one check. */
export function moraleCheckTerms(s: MoraleSituation): Term[] {
  return terms(
    injury(s.endurance, s.maxEndurance),
    s.partyIntact && { label: 'party intact', value: 2 },
    s.partyHalfCasualties && { label: 'party has suffered half casualties', value: -2 },
    s.shieldless && { label: 'shieldless', value: -1 },
    s.unarmored && { label: 'unarmored', value: -1 },
    s.unarmed && { label: 'unarmed', value: -2 },
    s.secure && { label: 'in a secure position', value: 2 },
    s.isolated && { label: 'isolated', value: -2 },
    s.underMissileFire && { label: 'under missile fire this phase', value: -1 },
    s.mageFacingHigherMagic && { label: 'mage faced with higher-level magic', value: -1 },
    s.mageOrClericFacingCombat && { label: 'mage or cleric faced with combat', value: -2 },
    s.warriorFacingMagic && { label: 'warrior faced with magic', value: -2 },
    s.desire && { label: 'faced with the object of desire', value: 2 },
    s.leastBravePassed && { label: 'least brave member of the party passed', value: 2 },
    s.partyMemberFleeing && { label: 'party member fleeing this phase', value: -1 },
    s.partyDeserted && { label: 'party has deserted', value: -2 },
    s.leaderFailed && { label: 'party leader failed a morale check', value: -2 },
    s.demoralized && { label: 'demoralized by the last check', value: -2 },
    s.fleeing && { label: 'already fleeing', value: -4 },
    { label: 'astrological sign', value: s.astrology },
  );
}

/** Facts, morale results from best to worst. */
export const MORALE_RESULTS = ['obey', 'dither', 'selfish', 'panic', 'flee'] as const;
export type MoraleResult = (typeof MORALE_RESULTS)[number];
export const MORALE_WORDS: Readonly<Record<MoraleResult, string>> = {
  obey: 'obey orders',
  dither: 'dither (go on, start nothing new)',
  selfish: 'act selfishly (try to retreat)',
  panic: 'panic or surrender',
  flee: 'flee',
};

// ---------------------------------------------------------------- Going berserk

export interface BerserkProfile {
  readonly viking: boolean;
  readonly bravery: number;
  readonly intelligence: number;
  readonly combatLevel: number;
  readonly isLeader: boolean;
}

/** Going berserk: all Vikings, and all with bravery 12+ and intelligence 9−, must check. */
export function mustCheckBerserk(p: BerserkProfile): boolean {
  return p.viking || (p.bravery >= 12 && p.intelligence <= 9);
}

/** Going berserk: the Berserk Factor's terms (Intelligence 4 at +2, as the text's note reads it). */
export function berserkFactorTerms(p: BerserkProfile): Term[] {
  const half = Math.ceil(p.combatLevel / 2);
  return terms(
    p.viking
      ? { label: 'Viking: half combat level, rounded up, + 2', value: half + 2 }
      : { label: 'half combat level, rounded up, as negative', value: -half },
    p.bravery === 14 && { label: 'bravery 14', value: 1 },
    p.bravery >= 15 && p.bravery <= 16 && { label: 'bravery 15–16', value: 2 },
    p.bravery >= 17 && { label: 'bravery 17+', value: 3 },
    p.intelligence >= 6 && p.intelligence <= 7 && { label: 'intelligence 6–7', value: 1 },
    p.intelligence >= 4 && p.intelligence <= 5 && { label: 'intelligence 4–5', value: 2 },
    p.intelligence <= 3 && { label: 'intelligence 0–3', value: 3 },
    p.isLeader && { label: 'leader of party', value: -2 },
  );
}

export interface BerserkSituation {
  readonly exhausted: boolean;
  readonly endurance: number;
  readonly shieldless: boolean;
  readonly unarmored: boolean;
  readonly unarmed: boolean;
  readonly cornered: boolean;
  readonly alone: boolean;
  readonly berserkRecently: boolean;
  readonly partyLostThisPhase: number;
  readonly failedLastMorale: boolean;
  readonly astrology: number;
}

/** Going berserk: the temporary modifiers for one check. */
export function berserkCheckTerms(s: BerserkSituation): Term[] {
  return terms(
    s.exhausted && { label: 'exhausted', value: -2 },
    s.endurance <= 3 && { label: 'endurance 3 or below', value: -3 },
    s.shieldless && { label: 'shieldless', value: 1 },
    s.unarmored && { label: 'unarmored', value: 1 },
    s.unarmed && { label: 'unarmed', value: -3 },
    s.cornered && { label: 'cornered', value: 3 },
    s.alone && { label: 'alone', value: -1 },
    s.berserkRecently && { label: 'berserk in the last two days', value: 2 },
    { label: 'party members died, fled or surrendered this phase', value: -s.partyLostThisPhase },
    s.failedLastMorale && { label: 'failed the last morale test', value: -2 },
    { label: 'astrological sign', value: s.astrology },
  );
}

// ---------------------------------------------------------------- Weapons and armor

/** Weapons and armor: surplus agility and surplus strength are reduced by the encumbrance of unwielded weapons; agility also by the armour's value. */
export function surplusAgility(
  agility: number,
  weaponAgility: number,
  unwieldedEncumbrance: number,
  armourAgility: number,
): number {
  return agility - weaponAgility - unwieldedEncumbrance - armourAgility;
}

export function surplusStrength(
  physique: number,
  weaponStrength: number,
  unwieldedEncumbrance: number,
): number {
  return physique - weaponStrength - unwieldedEncumbrance;
}

/** Weapons and armor: WF = the modified surplus agility if negative, else half of it rounded up. */
export function weaponFactorBase(surplusAgility: number): number {
  return surplusAgility < 0 ? surplusAgility : Math.ceil(surplusAgility / 2);
}

export interface WeaponFactorProfile {
  readonly combatLevel: number;
  readonly intelligence: number;
  readonly bravery: number;
  readonly endurance: number;
  readonly favoured: boolean;
  readonly melee: boolean;
}

/**
 * Weapons and armor: the adjustments of WF by the character's statistics (bravery and endurance for
 * melee weapons only). Endurance 0–3 is not in the text: ours, −1 as for 4–8.
 */
export function weaponFactorTerms(p: WeaponFactorProfile): Term[] {
  return terms(
    { label: 'combat level', value: p.combatLevel },
    !p.favoured && { label: 'non-favored weapon', value: -2 },
    p.intelligence >= 14 && { label: 'intelligence 14+', value: 1 },
    p.intelligence >= 4 && p.intelligence <= 8 && { label: 'intelligence 4–8', value: -1 },
    p.intelligence <= 3 && { label: 'intelligence 0–3', value: -2 },
    p.melee && p.bravery >= 14 && { label: 'bravery 14+', value: 1 },
    p.melee && p.bravery >= 4 && p.bravery <= 8 && { label: 'bravery 4–8', value: -1 },
    p.melee && p.bravery <= 3 && { label: 'bravery 0–3', value: -2 },
    p.melee && p.endurance >= 14 && { label: 'endurance 14+', value: 1 },
    p.melee &&
      p.endurance <= 8 && {
        label: p.endurance >= 4 ? 'endurance 4–8' : 'endurance 0–3 (ours, as 4–8)',
        value: -1,
      },
  );
}

/** Weapons and armor: the damage adjusted by surplus physique (ours: one point for every full `step` of surplus, either way). */
export function damageAdjustment(surplusPhysique: number, step: number): number {
  return Math.trunc(surplusPhysique / step) || 0;
}

// ---------------------------------------------------------------- Attacking

export type TargetSize = 'tiny' | 'small' | 'medium' | 'large' | 'very-large';
export type TargetSpeed = 'very-fast' | 'fast' | 'normal' | 'slow' | 'very-slow';
const SIZE: Readonly<Record<TargetSize, number>> = {
  tiny: -2,
  small: -1,
  medium: 0,
  large: 1,
  'very-large': 2,
};
const SPEED: Readonly<Record<TargetSpeed, number>> = {
  'very-fast': -2,
  fast: -1,
  normal: 0,
  slow: 1,
  'very-slow': 2,
};

export interface RangedSituation {
  readonly size: TargetSize;
  readonly speed: TargetSpeed;
  /** Yards to the target, and the weapon's range. */
  readonly distance: number;
  readonly range: number;
  readonly seen: boolean;
}

/** Attacking: the modifiers for ranged weapons only. */
export function rangedTerms(s: RangedSituation): Term[] {
  const extreme = s.distance > s.range * 0.9;
  return terms(
    { label: `${s.size.replace('-', ' ')} target`, value: SIZE[s.size] },
    { label: `${s.speed.replace('-', ' ')}-moving target`, value: SPEED[s.speed] },
    extreme && { label: 'extreme range (last 10 percent)', value: -2 },
    !extreme && s.distance * 2 > s.range && { label: 'over half range', value: -1 },
    s.seen && { label: 'opponent sees you fire', value: -1 },
  );
}

export interface StrikeSituation {
  readonly melee: boolean;
  readonly carryOver: boolean;
  readonly berserk: boolean;
  /** Foes at this character beyond the first. */
  readonly outnumberedBy: number;
  readonly damagedLastPhase: boolean;
  readonly exhausted: boolean;
  readonly opponentDamagedLastPhase: boolean;
  readonly opponentExhausted: boolean;
  /** Foes at the opponent beyond the first. */
  readonly opponentOutnumberedBy: number;
  readonly firstStrike: boolean;
  readonly freeHack: boolean;
  readonly astrology: number;
}

/** Attacking: the modifiers for all weapons. */
export function strikeTerms(s: StrikeSituation): Term[] {
  return terms(
    s.melee && s.carryOver && { label: 'carrying over from a parry whose weapon broke', value: -2 },
    s.berserk && { label: 'berserk', value: -1 },
    { label: 'outnumbered', value: -s.outnumberedBy },
    s.damagedLastPhase && { label: 'damaged in the last melee phase', value: -2 },
    s.exhausted && { label: 'exhausted', value: -4 },
    s.opponentDamagedLastPhase && { label: 'opponent damaged in the last melee phase', value: 1 },
    s.opponentExhausted && { label: 'opponent exhausted', value: 1 },
    { label: 'opponent outnumbered', value: Math.min(3, s.opponentOutnumberedBy) },
    s.firstStrike && { label: 'first strike', value: 1 },
    s.freeHack && { label: 'free hack', value: 3 },
    { label: 'astrological sign', value: s.astrology },
  );
}

/** Our tables, strikeBands: a band's damage (partial: half, rounded up; or full, or double). */
export function scaledDamage(damage: number, how: 'half' | 'full' | 'double'): number {
  return how === 'half' ? Math.ceil(damage / 2) : how === 'double' ? damage * 2 : damage;
}

/** Damage: what a blow takes off endurance after the defence's reduction and the armour (none after a total defence). */
export function harmDealt(damage: number, reduce: number, protection: number, harmless: boolean): number {
  return harmless ? 0 : Math.max(0, damage - reduce - protection);
}

/** Ours (Exhaustion): exhausted once it has fought as many melee phases as its endurance, unless the option is off. */
export function isExhausted(on: boolean, phasesFought: number, maxEndurance: number): boolean {
  return on && phasesFought >= maxEndurance;
}

/**
 * Defense: whether a parried blow puts the parrying item to the Weapon Breakage table: a shield
 * when the damage exceeds its defensive value; a weapon when its own damage roll (`own`) is lower.
 */
export function breakageRolled(
  item: { readonly kind: string; readonly defence: number | null },
  damage: number,
  own: number,
): boolean {
  if (damage <= 0) return false;
  return item.kind === 'shield' ? damage > (item.defence ?? 0) : own < damage;
}

// ---------------------------------------------------------------- Defense

export type Area = 'large' | 'moderate' | 'medium' | 'small' | 'cramped';
export type DefenceKind = 'parry' | 'dodge' | 'disengage';
export type Band = 'failure' | 'partial' | 'substantial' | 'total';
export const BANDS: readonly Band[] = ['failure', 'partial', 'substantial', 'total'];

/** Defense: the maneuver area by square feet. */
const AREA = rangeTable<Area>('maneuver area', 0, 1_000_000, [
  [0, 14, 'cramped'],
  [15, 19, 'small'],
  [20, 29, 'medium'],
  [30, 49, 'moderate'],
  [50, 1_000_000, 'large'],
]);
const AREA_MODIFIER: Readonly<Record<Area, number>> = {
  large: 2,
  moderate: 1,
  medium: 0,
  small: -1,
  cramped: -2,
};
const AREA_RANK: Readonly<Record<Area, number>> = { cramped: 0, small: 1, medium: 2, moderate: 3, large: 4 };

export function maneuverArea(squareFeet: number): Area {
  return lookup(AREA, Math.min(1_000_000, Math.max(0, Math.floor(squareFeet))));
}

/** Defense: to disengage the area must be at least moderate; to dodge, at least medium. */
export function defenceAllowed(kind: DefenceKind, area: Area): boolean {
  if (kind === 'disengage') return AREA_RANK[area] >= AREA_RANK.moderate;
  if (kind === 'dodge') return AREA_RANK[area] >= AREA_RANK.medium;
  return true;
}

/**
 * Defense: why a parry, dodge or disengage is not open to a fighter this phase (null: it is): a
 * parry needs something to parry with; a dodge or disengage its maneuver area, and (ours) not
 * to have been knocked down in the last melee phase.
 */
export function defenceRefusalOf(
  kind: DefenceKind,
  area: Area,
  canParry: boolean,
  knockedDownLast: boolean,
): string | null {
  if (kind === 'parry') return canParry ? null : 'nothing to parry with';
  if (!defenceAllowed(kind, area))
    return `the maneuver area is ${area} (${kind === 'dodge' ? 'medium' : 'moderate'} or more needed)`;
  if (knockedDownLast) return 'knocked down in the last melee phase (ours)';
  return null;
}

/** Defense: the maneuver-area and last-flurry modifiers. */
export function defenceTerms(area: Area, lastFlurry: Band | null): Term[] {
  return terms(
    { label: `maneuver area ${area}`, value: AREA_MODIFIER[area] },
    lastFlurry === 'substantial' && { label: 'substantial success in the last flurry', value: 4 },
    lastFlurry === 'partial' && { label: 'partial success in the last flurry', value: 2 },
  );
}

/** Combat round sequence, 2.1: a first strike by a weapon two or more feet longer, or by surplus agility `agilityGap`+ more. */
export function firstStrike(
  a: { length: number; surplusAgility: number },
  b: { length: number; surplusAgility: number },
  agilityGap: number,
): 'reach' | 'agility' | null {
  if (a.length - b.length >= 2) return 'reach';
  if (a.surplusAgility - b.surplusAgility >= agilityGap) return 'agility';
  return null;
}
