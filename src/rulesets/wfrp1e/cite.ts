import type { Cite } from '../../core/events.js';

export const TEXT = 'wfrp1e-combat.txt';

/** A section of the WFRP 1e combat text. */
export function cite(section: string): Cite {
  return { file: TEXT, section };
}

/** A fact from shared/rules/README.md ("Facts from public sources"), where the text is silent. */
export function fact(section: string): Cite {
  return { file: 'rules/README.md', section: `WFRP 1e: ${section}` };
}

/** A reading or table of our own; see docs/rulesets/wfrp1e.md. */
export function ours(section: string): Cite {
  return { file: 'docs/rulesets/wfrp1e.md', section: `ours: ${section}` };
}

export const CITES = {
  order: cite('More About Rounds'),
  ei: cite('Effective Initiative (optional)'),
  eiModifier: cite("'Effective Initiative' Modifier"),
  multipleAttacks: cite('Multiple Attacks'),
  simplified: cite('A Simplified System'),
  actions: cite('Actions'),
  takeUp: cite('Take-Up Actions'),
  surprise: cite('Initiative and Surprise'),
  ambush: cite('Ambush'),
  multipleOpponents: cite('Multiple Opponents'),
  charging: cite('Initiating Hand-To-Hand Combat'),
  procedure: cite('Combat Procedure'),
  targeted: cite('Targeted Blows'),
  toHitMods: cite('To Hit Modifiers'),
  prone: cite('Prone and Static Targets'),
  parry: cite('Parrying'),
  unarmed: cite('Unarmed Combat'),
  winning: cite('Winning and Losing'),
  fleeing: cite('Fleeing'),
  weapons: cite('Weapons'),
  weaponModifiers: cite('Weapon Modifiers'),
  armour: fact('Armour'),
  additional: cite('Additional Damage'),
  criticals: cite('Critical Hits'),
  criticalChart: fact('Critical chart'),
  criticalEffects: fact('Effect numbers by location'),
  suddenDeath: fact('Sudden Death criticals'),
  fumbles: cite('Critical Fumbles'),
  stuns: cite('Stuns'),
  mounted: cite('Mounted Combat'),
  nonHumanoid: cite('Non-Humanoid Opponents'),
  tall: cite('Especially Tall Opponents'),
  flying: cite('Attacks From Flying Creatures'),
  drop: cite('Actions'),
  scene: cite('Positioning and Detection'),
  missileProcedure: cite('Missile Fire: Combat Procedure'),
  missileDamage: cite('Missile Fire: Damage'),
  missileCriticals: cite('Missile Fire: Critical Hits'),
  missileToHit: cite('Missile Fire: To Hit Modifiers'),
  missileChart: cite('Missile Weapon Chart'),
  firearmsChart: cite('Firearms Chart'),
  missileSpecialist: cite('Ordinary And Specialist Weapons'),
  extremeRange: cite('Firing At Extreme Range'),
  sharpshooting: cite('Sharpshooting'),
  carryingLoaded: cite('Carrying Loaded Weapons'),
  reloadTimes: cite('Firearm Reload Times'),
  damp: cite('Damp'),
  misfires: cite('Misfires'),
  flyingTargets: cite('Flying Creatures'),
  missilesInMelee: cite('Missiles In Melee Combat'),
  timekeeping: cite('Timekeeping'),
} as const;
