import { rangeTable } from '../../../core/table.js';

/** Rows of the weapon modifiers table (wfrp1e-combat.txt § Weapon Modifiers). */
export const WEAPON_GROUPS = [
  'hand-weapon', 'knife', 'spear', 'improvised', 'bastard-sword', 'two-handed', 'halberd',
  'quarter-staff', 'flail', 'two-handed-flail', 'rapier', 'buckler', 'left-hand-dagger',
  'sword-breaker', 'lance', 'net', 'fist-weapon', 'whip',
] as const;
export type WeaponGroup = (typeof WEAPON_GROUPS)[number];

/** "X/Y" entries read as X against an opponent on foot, Y against a mounted one. */
export interface FootMounted {
  readonly foot: number;
  readonly mounted: number;
}

export interface WeaponModifierRow {
  readonly I: number;
  readonly toHit: number;
  readonly damage: number;
  readonly parry: number;
  /** * Spears and halberds: I in the first round of combat and in rounds the user is winning. */
  readonly firstRoundI?: FootMounted;
  /** ** To hit against aerial combatants only. */
  readonly aerialToHit?: FootMounted;
  /** *** Fully effective only when mounted and charging; otherwise used as a hand weapon. */
  readonly lance?: true;
}

const row = (I: number, toHit: number, damage: number, parry: number, extra: Partial<WeaponModifierRow> = {}): WeaponModifierRow => ({
  I, toHit, damage, parry, ...extra,
});

export const WEAPON_MODIFIERS: Readonly<Record<WeaponGroup, WeaponModifierRow>> = {
  'hand-weapon': row(0, 0, 0, 0),
  knife: row(10, 0, -2, -20),
  spear: row(0, 0, 0, 0, { firstRoundI: { foot: 10, mounted: 20 }, aerialToHit: { foot: 10, mounted: 10 } }),
  improvised: row(-10, 0, -2, 10),
  'bastard-sword': row(-10, 0, 1, 0),
  'two-handed': row(-10, 0, 2, 0),
  halberd: row(-10, 0, 2, 0, { firstRoundI: { foot: -10, mounted: 20 }, aerialToHit: { foot: -10, mounted: 0 } }),
  'quarter-staff': row(0, 0, -1, 0),
  flail: row(0, -10, 1, -10),
  'two-handed-flail': row(-20, -20, 3, -10),
  rapier: row(20, 0, -1, 0),
  buckler: row(0, 0, -2, 20),
  'left-hand-dagger': row(0, 0, -2, -10),
  'sword-breaker': row(0, 0, -2, -10),
  lance: row(20, 10, 2, -20, { lance: true }),
  net: row(0, -10, 0, -10),
  'fist-weapon': row(0, -10, -1, 0),
  whip: row(0, -10, -2, -20),
};

/** § Mounted Combat: who attacks a mounted target. */
export type AttackerReach = 'under-10ft' | '10ft-or-more' | 'rider';
export type MountSize = 'horse' | 'larger';

/** The highest D100 roll that strikes the rider; above it the blow strikes the mount. */
export const RIDER_UP_TO: Readonly<Record<AttackerReach, Readonly<Record<MountSize, number>>>> = {
  'under-10ft': { horse: 40, larger: 20 },
  '10ft-or-more': { horse: 50, larger: 50 },
  rider: { horse: 50, larger: 50 },
};

/** A mount attacking a mounted opponent adds this to its rider-or-mount roll. */
export const MOUNT_ATTACKER_ADDS = 10;

export type SlainMountResult = 'dismounted' | 'thrown' | 'trapped';

/** § Slain Mounts: the rider's D100. */
export const SLAIN_MOUNT_TABLE = rangeTable<SlainMountResult>('slain mount', 1, 100, [
  [1, 70, 'dismounted'],
  [71, 90, 'thrown'],
  [91, 100, 'trapped'],
]);

/** § Actions, Drop: chance (D100 ≤) that a dropped light goes out. */
export const LIGHT_GOES_OUT: Readonly<Record<'candle' | 'torch' | 'lamp' | 'lantern', number>> = {
  candle: 75,
  torch: 75,
  lamp: 50,
  lantern: 50,
};

/** § Actions, Drop: a lamp or lantern that stays lit catches fire on D100 ≤ 25. */
export const LAMP_FIRE_CHANCE = 25;
