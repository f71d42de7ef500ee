// A model as the rules read it: its characteristics, weapons and special rules, its enemies, and who may
// strike whom (LONG WEAPONS).
import { diagonallyAdjacent, sideOf } from '../../../space/grid.js';
import type { Weapon } from '../data.js';
import {
  type AhqFighter,
  type AhqState,
  handWeapon as handWeaponOf,
  missileWeapon as missileWeaponOf,
  toughnessOf,
  withArmour,
} from '../state.js';
import { engagedWith, isEnemy } from '../zones.js';

export const standing = (st: AhqState) => st.combatants.filter((f) => f.out === null);

export const enemiesOf = (st: AhqState, f: AhqFighter) => st.combatants.filter((o) => isEnemy(f, o));

export const sum = (f: AhqFighter, k: 'DS' | 'BS' | 'Sp' | 'St') => withArmour(f.spec, k);

/** Toughness with armour; a helmet's part only when the to-hit roll is exactly the number needed (facts). */
export function toughness(f: AhqFighter, exact: boolean): { T: number; helmet: number } {
  const { T, helmet } = toughnessOf(f.spec);
  return { T: T + (exact ? helmet : 0), helmet };
}

export const handWeapon = (f: AhqFighter): Weapon | null => handWeaponOf(f.spec);

export const missileWeapon = (f: AhqFighter): Weapon | null => missileWeaponOf(f.spec);

export const hasRule = (f: AhqFighter, r: string) => f.spec.rules.includes(r as never);

export const longReach = (f: AhqFighter) => handWeapon(f)?.long === true;

/** Close enough to strike `t`: orthogonally next to it, or diagonally with a long weapon at an enemy already engaged (LONG WEAPONS). */
export function canStrike(st: AhqState, f: AhqFighter, t: AhqFighter): boolean {
  if (sideOf(f, t) !== null) return true;
  return longReach(f) && diagonallyAdjacent(f, t) && engagedWith(t, st.combatants).length > 0;
}

/**
 * SURROUNDING: the enemies attacking a model: those next to it that face it, long weapons
 * striking it diagonally and Infestation creatures on its diagonals, those not fighting another.
 */
export function attackers(st: AhqState, t: AhqFighter): AhqFighter[] {
  return enemiesOf(st, t).filter((o) => {
    if (sideOf(o, t) !== null) return sideOf(o, t) === o.facing;
    if (!diagonallyAdjacent(o, t)) return false;
    if (hasRule(o, 'infestation')) return engagedWith(o, st.combatants).length === 0;
    return (
      longReach(o) && engagedWith(t, st.combatants).length > 0 && engagedWith(o, st.combatants).length === 0
    );
  });
}
