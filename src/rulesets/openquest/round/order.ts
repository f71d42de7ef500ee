// FIGHT! 2-3, Choose skills and apply modifiers, Determine order: the modified skill that places each
// action.
import type { Weapon } from '../data.js';
import type { OqFighter, OqFighterSpec } from '../state.js';
import type { Intent } from './intent.js';

export function orderSkill(f: OqFighter, i: Intent): number {
  return actionSkill(f.spec, f.bonus, i.kind, i.kind === 'attack' ? i.weapon : null);
}

/** FIGHT! 2-3: the skill an action is made with, modified, which places it in the order (moving or fleeing: Athletics, ours). */
export function actionSkill(
  spec: OqFighterSpec,
  bonus: number,
  kind: Intent['kind'],
  weapon: Weapon | null,
): number {
  const s = spec.skills;
  if (kind === 'attack') return (weapon ? s[weapon.skill] : s.unarmed) + bonus + spec.modifier;
  if (kind === 'stabilise') return s.healing;
  return s.athletics;
}

/** FIGHT! 3: the order counts down by modified skill; ties go to the higher DEX, then as listed (ours; a stable sort keeps the list's order). */
export function byOrder(
  x: { readonly skill: number; readonly f: { readonly spec: OqFighterSpec } },
  y: { readonly skill: number; readonly f: { readonly spec: OqFighterSpec } },
): number {
  return y.skill - x.skill || y.f.spec.characteristics.DEX - x.f.spec.characteristics.DEX;
}
