// OpenQuest's rules as small pure functions, named as the text names them.
import { rangeTable, lookup } from '../../core/table.js';

/** A test's result (facts, Tests). */
export type Level = 'critical' | 'success' | 'failure' | 'fumble';

/** Facts, Tests: difficulty modifiers. */
export const DIFFICULTY = { easy: 50, simple: 20, normal: 0, difficult: -20, hard: -50 } as const;

/** Facts, Skills of 100% or more: from this skill on, a Master. */
export const MASTERY = 100;

/**
 * How a Master's test goes (facts, Skills of 100% or more): `critical`, a critical whatever the
 * roll; `succeeds`, a success that a double makes a critical, never a fumble; `none`, as anyone's.
 */
export type Mastery = 'critical' | 'succeeds' | 'none';

/** Facts, Skills of 100% or more: a Master by the skill itself (a bonus makes nobody one); `none` for anyone else. */
export function masteryOf(skill: number, mastery: Mastery): Mastery {
  return skill >= MASTERY ? mastery : 'none';
}

/**
 * Facts, Tests: D100 ≤ skill succeeds; a double (11, 22 … 99, 00) is a critical if it succeeds
 * and a fumble if it fails; 00 always fumbles. A skill of 100% or more is a Master's (`mastery`).
 */
export function testResult(roll: number, target: number, mastery: Mastery = 'none'): Level {
  const double = roll === 100 || (roll % 11 === 0 && roll <= 99);
  if (target >= MASTERY && mastery === 'critical') return 'critical';
  if (target >= MASTERY && mastery === 'succeeds') return double && roll !== 100 ? 'critical' : 'success';
  if (roll === 100) return 'fumble';
  if (roll <= target) return double ? 'critical' : 'success';
  return double ? 'fumble' : 'failure';
}

const RANK: Readonly<Record<Level, number>> = { fumble: 0, failure: 1, success: 2, critical: 3 };

/** Ours: an opposed test goes to the better result; two successes (or criticals) to the higher roll; otherwise a tie. */
export function opposed(
  a: { level: Level; roll: number },
  b: { level: Level; roll: number },
): 'a' | 'b' | 'tie' {
  if (RANK[a.level] !== RANK[b.level]) return RANK[a.level] > RANK[b.level] ? 'a' : 'b';
  if ((a.level === 'success' || a.level === 'critical') && a.roll !== b.roll)
    return a.roll > b.roll ? 'a' : 'b';
  return 'tie';
}

/**
 * Dice: count D sides, added (sign 1) or taken away (−1), then `plus` (a weapon's 1D4+1); count 0
 * is nothing.
 */
export interface Dice {
  readonly count: number;
  readonly sides: number;
  readonly sign: 1 | -1;
  readonly plus: number;
}

export const NO_DICE: Dice = { count: 0, sides: 6, sign: 1, plus: 0 };

/** Facts, Damage modifier: by STR + SIZ, and +1D6 for every further 15 above 60. */
const DAMAGE_MODIFIER = rangeTable<Dice>('damage modifier', 0, 60, [
  [0, 10, { count: 1, sides: 6, sign: -1, plus: 0 }],
  [11, 15, { count: 1, sides: 4, sign: -1, plus: 0 }],
  [16, 25, NO_DICE],
  [26, 30, { count: 1, sides: 4, sign: 1, plus: 0 }],
  [31, 45, { count: 1, sides: 6, sign: 1, plus: 0 }],
  [46, 60, { count: 2, sides: 6, sign: 1, plus: 0 }],
]);

export function damageModifier(strPlusSiz: number): Dice {
  if (strPlusSiz > 60) return { count: 2 + Math.ceil((strPlusSiz - 60) / 15), sides: 6, sign: 1, plus: 0 };
  return lookup(DAMAGE_MODIFIER, Math.max(0, strPlusSiz));
}

/** The highest the dice can roll: a negative modifier's highest is −1 a die. */
export function mostOf(d: Dice): number {
  return d.count === 0 ? 0 : (d.sign > 0 ? d.count * d.sides : -d.count) + d.plus;
}

/**
 * A critical's "maximum damage" (facts, attack against a defence): the damage modifier at its
 * most. A negative one read as its highest roll (−1D4 → −1, our default) or at its full size
 * (−1D4 → −4, the option `maxDamageModifier`).
 */
export function maximumModifier(dm: Dice, fullPenalty: boolean): number {
  return dm.sign < 0 && fullPenalty ? -dm.count * dm.sides + dm.plus : mostOf(dm);
}

/** Facts, Weapons: a fist, 1D4. */
export const FIST: Dice = { count: 1, sides: 4, sign: 1, plus: 0 };

/** Taking Damage: the attacker's damage modifier, but none with a mechanism (a crossbow's force is its own). */
export function damageModifierWith(w: { readonly mechanism: boolean } | null, dm: Dice): Dice {
  return w?.mechanism ? NO_DICE : dm;
}

/** A damage modifier as the text writes it: +1D4, −1D6, or none. */
export function formatDice(d: Dice): string {
  if (d.count === 0) return 'none';
  return `${d.sign < 0 ? '−' : '+'}${d.count}D${d.sides}`;
}

/** A weapon's dice as the text and the data files write them: 1D8, 1D4+1, 2D6-1. */
export function weaponDice(d: Dice): string {
  return `${d.count}D${d.sides}${d.plus > 0 ? `+${d.plus}` : d.plus < 0 ? `-${-d.plus}` : ''}`;
}

/** Facts, Hit points: (SIZ + CON) / 2, rounded up. */
export function hitPoints(SIZ: number, CON: number): number {
  return Math.ceil((SIZ + CON) / 2);
}

export type Characteristic = 'STR' | 'CON' | 'SIZ' | 'DEX' | 'INT' | 'POW' | 'CHA';
export type Characteristics = Readonly<Record<Characteristic, number>>;

/** The skills the fight uses, by the names the encounter gives them. */
export const SKILLS = [
  'close',
  'ranged',
  'unarmed',
  'dodge',
  'perception',
  'deception',
  'athletics',
  'ride',
  'drive',
  'influence',
  'resilience',
  'healing',
  'persistence',
] as const;
export type Skill = (typeof SKILLS)[number];

/**
 * Skill bases: the facts give Close and Unarmed DEX+STR, Ranged DEX+INT, Dodge DEX+10,
 * Resilience CON+POW, Persistence POW+10; the rest are the SRD's skill list's (facts, Skill bases).
 */
export function skillBase(s: Skill, c: Characteristics): number {
  switch (s) {
    case 'close':
    case 'unarmed':
      return c.DEX + c.STR;
    case 'ranged':
      return c.DEX + c.INT;
    case 'dodge':
      return c.DEX + 10;
    case 'resilience':
      return c.CON + c.POW;
    case 'persistence':
      return c.POW + 10;
    case 'perception':
      return c.INT + c.POW;
    case 'deception':
    case 'drive':
      return c.DEX + c.INT;
    case 'athletics':
      return c.STR + c.DEX;
    case 'ride':
      return c.DEX + c.POW;
    case 'influence':
      return c.CHA + 10;
    case 'healing':
      return c.INT + 10;
  }
}

/** What an attack does against a reaction (facts, "attack against a defence"). */
export interface AttackResult {
  /** rolled: the weapon's dice and the damage modifier; maximum: both at their most; none. */
  readonly damage: 'rolled' | 'maximum' | 'none';
  readonly armour: boolean;
  readonly attackerFumbles: boolean;
  readonly defenderFumbles: boolean;
  readonly says: string;
}

const r = (
  damage: AttackResult['damage'],
  armour: boolean,
  says: string,
  fumbles: Partial<Pick<AttackResult, 'attackerFumbles' | 'defenderFumbles'>> = {},
): AttackResult => ({
  damage,
  armour,
  says,
  attackerFumbles: fumbles.attackerFumbles ?? false,
  defenderFumbles: fumbles.defenderFumbles ?? false,
});

/** Facts, attack against a defence: every cell; `none` is no reaction, read as a failed one. */
export const ATTACK_RESULTS: Readonly<Record<Level, Readonly<Record<Level | 'none', AttackResult>>>> = {
  fumble: {
    fumble: r('none', false, 'the attacker fumbles', { attackerFumbles: true }),
    failure: r('none', false, 'the attacker fumbles', { attackerFumbles: true }),
    success: r('none', false, 'the attacker fumbles', { attackerFumbles: true }),
    critical: r('none', false, 'the attacker fumbles', { attackerFumbles: true }),
    none: r('none', false, 'the attacker fumbles', { attackerFumbles: true }),
  },
  failure: {
    fumble: r('none', false, 'a miss'),
    failure: r('none', false, 'a miss'),
    success: r('none', false, 'a miss'),
    critical: r('none', false, 'a miss'),
    none: r('none', false, 'a miss'),
  },
  success: {
    fumble: r('rolled', true, 'damage less armour, and the defender fumbles', { defenderFumbles: true }),
    failure: r('rolled', true, 'damage less armour'),
    success: r('none', false, 'blocked or dodged'),
    critical: r('none', false, 'no damage'),
    none: r('rolled', true, 'damage less armour'),
  },
  critical: {
    fumble: r('maximum', false, 'maximum damage, ignoring armour, and the defender fumbles', {
      defenderFumbles: true,
    }),
    failure: r('maximum', false, 'maximum damage, ignoring armour'),
    success: r('maximum', false, 'maximum damage, ignoring armour'),
    critical: r('rolled', true, 'damage less armour'),
    none: r('maximum', false, 'maximum damage, ignoring armour'),
  },
};

/** Facts, Armour: only the best piece worn counts. */
export function armourPoints(pieces: readonly { readonly ap: number }[]): number {
  return pieces.reduce((best, p) => Math.max(best, p.ap), 0);
}

/** Facts, Tests: the scouting modifier for the opponents' cover (the text's table). */
export const COVER = { clear: 50, some: 20, hidden: -20, good: -50 } as const;

/** Avoiding a Fight: the catchers' bonus on their next action. */
export const CAUGHT_BONUS = 20;
/** Scouting Ahead: a critical allows another look at +20%, cover ignored. */
export const SECOND_LOOK = 20;
