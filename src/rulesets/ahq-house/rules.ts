// The house rules' arithmetic, on the base game's D12 (warhammer-quest-house-combat.txt and the
// Advanced HeroQuest facts of shared/rules/README.md), as small pure functions.
import { showTerm, sumTerms, type Term } from '../../core/arith.js';
import { lookup, rangeTable } from '../../core/table.js';

/**
 * The D12 needed in close combat: 7 + the defender's skill − the attacker's WS, never below 2 and,
 * as the monster cards print their rows of needs, never above 10 (`limit` 12: our older reading).
 */
export function closeCombatNeed(WS: number, DS: number, limit: 10 | 12 = 10): number {
  return Math.min(limit, Math.max(2, 7 + DS - WS));
}

/** Which reading of the need a fight plays (the `toHit` option): the cards' (their rows where printed), or ours. */
export interface NeedReading {
  readonly limit: 10 | 12;
  /** A monster's own row of needs, where its card prints one that departs from the formula. */
  readonly cardRows: boolean;
}

/** What a need is worked out from: the attacker's WS, and its card's row of needs if it has one. */
export interface Striker {
  readonly name: string;
  readonly profile: { readonly WS: number };
  /** The D12 its card needs against a defender's skill of 1 to 12 (above 12: the last). */
  readonly cardHits: readonly number[] | null;
}

/** The D12 `f` needs to hit a defender of skill DS in close combat, and the words that say why. */
export function closeNeed(f: Striker, DS: number, reading: NeedReading): { need: number; why: string } {
  if (reading.cardRows && f.cardHits) {
    const need = f.cardHits[Math.min(12, Math.max(1, DS)) - 1] as number;
    return { need, why: `${need} (its card's row of needs, against DS ${DS})` };
  }
  const raw = 7 + DS - f.profile.WS;
  const need = closeCombatNeed(f.profile.WS, DS, reading.limit);
  const bound = need > raw ? ', at least 2' : need < raw ? `, at most ${reading.limit}` : '';
  return {
    need,
    why: `${need} (7 + DS − WS${bound}: ${reading.limit === 10 ? 'the monster cards' : 'ours'})`,
  };
}

/** Ranged Attacks: the house table's range bands, in squares. */
export const RANGE_BANDS = ['1-2', '3-5', '6-10', '11-24', '25+'] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];
const BAND = rangeTable<RangeBand>('range band', 1, 10_000, [
  [1, 2, '1-2'],
  [3, 5, '3-5'],
  [6, 10, '6-10'],
  [11, 24, '11-24'],
  [25, 10_000, '25+'],
]);

export function rangeBand(squares: number): RangeBand {
  return lookup(BAND, Math.min(10_000, Math.max(1, squares)));
}

/** One cell of the ranged table: the D12 needed (null: "-", out of reach) and whether a critical is possible there (the starred cells). */
export interface RangedCell {
  readonly need: number | null;
  readonly critical: boolean;
}

/** Ranged Attacks: the table exactly as the text prints it, BS 1–12 by range band ("11*" = 11, no critical). */
const RANGED_TEXT: readonly (readonly string[])[] = [
  ['11*', '12*', '-', '-', '-'],
  ['10', '11*', '12*', '-', '-'],
  ['9', '10', '11*', '12*', '-'],
  ['8', '9', '10', '11*', '12*'],
  ['7', '8', '9', '10', '11*'],
  ['6', '7', '8', '9', '10'],
  ['5', '6', '7', '8', '9'],
  ['4', '5', '6', '7', '8'],
  ['3', '4', '5', '6', '7'],
  ['3', '3', '4', '5', '6'],
  ['3', '3', '3', '4', '5'],
  ['3', '3', '3', '3', '4'],
];

export const RANGED_TABLE: readonly (readonly RangedCell[])[] = RANGED_TEXT.map((row) =>
  row.map((c) =>
    c === '-'
      ? { need: null, critical: false }
      : { need: Number(c.replace('*', '')), critical: !c.endsWith('*') },
  ),
);

export function rangedNeed(BS: number, squares: number): RangedCell {
  if (BS < 1) return { need: null, critical: false };
  const row = RANGED_TABLE[Math.min(12, Math.max(1, BS)) - 1] as readonly RangedCell[];
  return row[RANGE_BANDS.indexOf(rangeBand(squares))] as RangedCell;
}

/** The GM's modifier is to the D12 (+1 makes the need one less); a 1 misses whatever is added, so 2 at the least. */
export function ruledNeed(need: number, ruled: readonly Term[]): number {
  return Math.max(2, need - sumTerms(0, ruled));
}

/** What a to-hit roll needs in words, with the GM's modifier to the roll: "need 7, + 1 GM: fog to the roll: need 6". */
export function needWords(need: number, ruled: readonly Term[]): string {
  return `need ${need}${ruled.map((x) => `, ${showTerm(x)} to the roll: need ${ruledNeed(need, ruled)}`).join('')}`;
}

/** Facts: a to-hit roll of 12 is a critical, one of 1 a fumble. */
export function toHitRoll(
  roll: number,
  need: number | null,
  criticalPossible = true,
): 'critical' | 'hit' | 'miss' | 'fumble' {
  if (roll === 1) return 'fumble';
  if (need === null) return 'miss';
  if (roll === 12 && criticalPossible) return 'critical';
  return roll >= need ? 'hit' : 'miss';
}

/** SURROUNDING: DS less one for each attacker beyond the first (Infestation counts diagonal ones). */
export function surroundingPenalty(attackers: number): number {
  return Math.max(0, attackers - 1);
}

/** CHARGES: a straight move of at least two squares, no turn: +1 to hit that turn. */
export const CHARGE_BONUS = 1;
export function isCharge(straight: boolean, squares: number): boolean {
  return straight && squares >= 2;
}

/** REAR ATTACKS: one extra damage die; Backstab: two. */
export function rearDice(backstab: boolean): number {
  return backstab ? 2 : 1;
}

/** Facts, damage: a damage die at or above the target's Toughness (armour included) is a wound. */
export function dieWounds(die: number, toughness: number): boolean {
  return die >= toughness;
}

/** Facts, damage: a damage die of 12 is a critical wound. */
export function criticalWound(die: number): boolean {
  return die === 12;
}

/** Critical wounds (ours): with criticalWound=extra-die, a critical wound rolls one more damage die. */
export function rollsAgain(die: number, extraDie: boolean): boolean {
  return extraDie && criticalWound(die);
}

/** The most damage dice one hit rolls (ours: a long run of 12s stops there). */
export const MOST_DAMAGE_DICE = 60;

/** Facts, damage: each damage die at or above the target's Toughness (armour included) is a wound; a 12 is a critical wound. */
export function woundsOf(dice: readonly number[], toughness: number): { wounds: number; criticals: number } {
  let wounds = 0;
  let criticals = 0;
  for (const d of dice) {
    if (dieWounds(d, toughness)) wounds++;
    if (criticalWound(d)) criticals++;
  }
  return { wounds, criticals };
}

/** Facts, house armour: a helmet's Toughness counts only when the to-hit roll is exactly the number needed. */
export function helmetCounts(roll: number, need: number): boolean {
  return roll === need;
}

/** MONSTER SPECIAL RULES, Bravery (ours: rolled like Stealth): a D12 at or under Br passes. */
export function braveryPasses(roll: number, Br: number): boolean {
  return roll <= Br;
}

/** Evading by STEALTH: a D12 at or under St evades; above it, the faced enemy gets a free attack. */
export function stealthEvades(roll: number, St: number): boolean {
  return roll <= St;
}
