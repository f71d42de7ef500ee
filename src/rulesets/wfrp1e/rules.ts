// The WFRP 1e rules as small pure functions, named as the text names them.
import { isDouble } from '../../dice/d100.js';
import type { Term } from '../../core/arith.js';
import type { ArmourPiece, Char, Weapon } from './catalogue.js';
import { SUDDEN_DEATH_KILLS_FROM } from './data/criticals.js';
import type { Part, Zone } from './data/locations.js';
import { WEAPON_MODIFIERS, type WeaponModifierRow } from './data/tables.js';

/** § Multiple Attacks: "fractions equal to or greater than one-half are rounded up". */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5);
}

/**
 * § Multiple Attacks: when each of A blows falls in a round that starts at EI. `intervals`
 * divides EI into regular steps (72, 48, 24); `halving` puts each blow at half the last
 * (70, 35, 18). Every blow falls at 1 or later: a creature always gets its turn in the round.
 */
export function blowTicks(
  ei: number,
  attacks: number,
  spacing: 'intervals' | 'halving',
  ticks: number[] = [],
): number[] {
  // `ticks`: an empty list to fill (the round's own, so that none is made per round).
  for (let i = 0; i < attacks; i++) {
    const t =
      spacing === 'intervals'
        ? roundHalfUp((ei * (attacks - i)) / attacks)
        : i === 0
          ? ei
          : roundHalfUp((ticks[i - 1] as number) / 2);
    ticks.push(Math.max(1, t));
  }
  return ticks;
}

/**
 * § Take-Up Actions: "EI loss from take-up actions is taken into account after working out when
 * multiple A are completed": every blow moves down by the loss, and blows pushed out of the
 * round (below 1) are lost.
 */
export function afterTakeUp(ticks: readonly number[], loss: number): number[] {
  return ticks.map((t) => t + loss).filter((t) => t >= 1);
}

/** § Take-Up Actions: EI lost drawing a weapon; null when drawing takes the whole round. */
export function drawLoss(w: Weapon): number | null {
  if (w.draw === 'round') return null;
  if (w.draw === 'none') return 0;
  return w.draw;
}

/** § Targeted Blows: head and arms −20, body and legs −10. */
export function targetedPenalty(part: Part): number {
  return part.chart === 'head' || part.chart === 'arm' ? -20 : -10;
}

/** § Combat Procedure step 1: a hit on D100 equal to or less than the (modified) WS. */
export function isHit(roll: number, need: number): boolean {
  return roll <= need;
}

/** § Critical Fumbles: a failed attack roll that shows a double. */
export function isFumble(roll: number, need: number): boolean {
  return roll > need && isDouble(roll);
}

/** § Parrying: "if the score is less than the parrying character's WS" (or at most, as an option). */
export function parrySucceeds(roll: number, need: number, test: 'below' | 'at-most'): boolean {
  return test === 'below' ? roll < need : roll <= need;
}

/** § Parrying: a shield adds +20 to WS for the parry. */
export const SHIELD_PARRY_BONUS = 20;

/** § Unarmed Combat: −20 to hit, −3 damage. § Stuns: −20 without Strike To Stun. */
export const UNARMED_TO_HIT = -20;
export const UNARMED_DAMAGE = -3;
export const STUN_TO_HIT = -20;
/** § To Hit Modifiers. */
export const CHARGING_BONUS = 10;
export const WINNING_BONUS = 10;
export const HIGHER_GROUND = 10;
export const OBSTACLE = -10;
export const WRONG_HANDED = -10;
/** § Effective Initiative: the winning side's +10 to I. */
export const WINNING_EI = 10;
/** § Weapons: unskilled users of specialist weapons fight at WS 10. */
export const UNSKILLED_WS = 10;

/** "Specialist Weapon - Flail", "specialist weapon: flail" → "specialist weapon flail". */
export function normaliseSkill(s: string): string {
  return s
    .toLowerCase()
    .replace(/[-:_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Flail" → the skill as a combatant's skills are held (normalised): "specialist weapon flail". */
export function specialistSkill(specialist: string): string {
  return normaliseSkill(`specialist weapon ${specialist}`);
}

/** § Ordinary And Specialist Weapons: a specialist weapon, and its Specialist Weapon skill not among `skills`. */
export function lacksSpecialistSkill(w: Weapon | null, skills: ReadonlySet<string>): boolean {
  return w?.specialist !== undefined && !skills.has(specialistSkill(w.specialist));
}

/** Armour worn on one zone: metal AP (at most 2 by the layering rules) and whether leather is there. */
export interface Worn {
  readonly metal: number;
  readonly leather: boolean;
}

/** Every answer wornOn can give, by metal AP (0–2) and leather: one object each, never made per blow. */
const WORN: readonly (readonly [Worn, Worn])[] = [0, 1, 2].map(
  (metal) =>
    [
      { metal, leather: false },
      { metal, leather: true },
    ] as const,
);

/** README facts, Armour: what the worn pieces give on a zone. */
export function wornOn(pieces: readonly ArmourPiece[], zone: Zone | null): Worn {
  let metal = 0;
  let leather = false;
  if (zone !== null) {
    for (const p of pieces) {
      if (!p.covers.includes(zone)) continue;
      if (p.kind === 'metal') metal++;
      else leather = true;
    }
  }
  return (WORN[Math.min(metal, 2)] as readonly [Worn, Worn])[leather ? 1 : 0];
}

/**
 * Armour points against one blow (README facts, Armour; § Unarmed Combat, Armour).
 * Normal blows: metal, plus leather's 1 only when the damage left after T is 1–3, at most 2
 * worn; a shield adds 1. Unarmed blows: metal doubled, leather +1, and the shield's 1.
 * Returns the total; each point's reason is pushed on `terms` when the blow is explained.
 */
export function armourPoints(
  worn: Worn,
  shield: boolean,
  damageAfterT: number,
  unarmed: boolean,
  terms: Term[] | null = null,
): number {
  let ap = 0;
  if (unarmed) {
    if (worn.metal > 0) {
      ap += worn.metal * 2;
      terms?.push({ label: 'metal armour doubled', value: worn.metal * 2 });
    }
    if (worn.leather) {
      ap += 1;
      terms?.push({ label: 'leather', value: 1 });
    }
  } else {
    if (worn.metal > 0) {
      ap += worn.metal;
      terms?.push({ label: 'metal armour', value: worn.metal });
    }
    if (worn.leather && damageAfterT >= 1 && damageAfterT <= 3 && worn.metal < 2) {
      ap += 1;
      terms?.push({ label: 'leather (damage 1-3)', value: 1 });
    }
  }
  if (shield) {
    ap += 1;
    terms?.push({ label: 'shield', value: 1 });
  }
  return ap;
}

/**
 * README facts, Critical value: W absorb damage down to 0; what is left over is the critical
 * value. W never go below 0.
 */
export function applyWounds(W: number, wounds: number): { W: number; critical: number } {
  const left = W - wounds;
  return left >= 0 ? { W: left, critical: 0 } : { W: 0, critical: -left };
}

/** The chart's column: +1 … +5, then one column for +6 and more. */
export function criticalColumn(value: number): number {
  return Math.min(Math.max(value, 1), 6);
}

/** README facts, Sudden Death: killed when the D100 reaches the column's figure. */
export function suddenDeathKills(value: number, roll: number): boolean {
  return roll >= (SUDDEN_DEATH_KILLS_FROM[criticalColumn(value) - 1] as number);
}

/**
 * § Stuns: the modified first D6 × 5 %, +20 with Strike To Stun, doubled against a static target.
 */
export function stunChance(modified: number, strikeToStun: boolean, staticTarget: boolean): number {
  const chance = Math.max(0, modified) * 5 + (strikeToStun ? 20 : 0);
  return staticTarget ? chance * 2 : chance;
}

/** § Stuns: unconscious for (10 − T) D10 minutes. */
export function stunDice(T: number): number {
  return Math.max(0, 10 - T);
}

/** Tests: D100 against a % characteristic; S and T (whole numbers) count ×10. */
export function testTarget(ch: Char, value: number): number {
  return ch === 'S' || ch === 'T' ? value * 10 : value;
}

/**
 * § Weapon Modifiers (optional): the row a weapon uses. *** The lance is "fully effective" only
 * mounted and charging; otherwise it is used as a hand weapon.
 */
export function modifierRow(w: Weapon, mountedAndCharging: boolean): WeaponModifierRow {
  if (w.group === 'lance' && !mountedAndCharging) return WEAPON_MODIFIERS['hand-weapon'];
  return WEAPON_MODIFIERS[w.group];
}

/**
 * § Weapon Modifiers, *: spears and halberds in the first round of combat and when winning;
 * "X/Y" is X against an opponent on foot, Y against a mounted one. Otherwise the I column.
 */
export function weaponInitiative(
  row: WeaponModifierRow,
  firstRoundOrWinning: boolean,
  opponentMounted: boolean,
): number {
  if (row.firstRoundI && firstRoundOrWinning)
    return opponentMounted ? row.firstRoundI.mounted : row.firstRoundI.foot;
  return row.I;
}

/** § Weapon Modifiers, **: to-hit entries that hold against aerial combatants only. */
export function weaponToHit(row: WeaponModifierRow, targetFlying: boolean, targetMounted: boolean): number {
  if (row.aerialToHit)
    return targetFlying ? (targetMounted ? row.aerialToHit.mounted : row.aerialToHit.foot) : 0;
  return row.toHit;
}

/** § Take-Up Actions, Pack Items: a round to open the pack, then one per 30 ENC or part. */
export function packRounds(enc: number): number {
  return 1 + Math.ceil(enc / 30);
}

/** § Charging: within M yards of the target. */
export function canCharge(gapYards: number, M: number): boolean {
  return gapYards <= M;
}

/** § Especially Tall Opponents: a height difference of 10 feet or more. */
export function muchTaller(attackerFt: number, targetFt: number): boolean {
  return targetFt - attackerFt >= 10;
}
