import { citing, type Cite } from '../../core/events.js';

/** The combat chapter of the rulebook, as docs/sources.md lists it. */
export const TEXT = 'WFRP 1e (1986), Combat';
/** The rulebook's bestiary, as docs/sources.md lists it: its entries' own rules. */
export const BESTIARY = 'WFRP 1e (1986), Bestiary';
/** Our page for this ruleset: the facts the chapter leaves out, and our readings. */
const PAGE = 'docs/rulesets/wfrp1e.md';

/** A section of the combat chapter, by its heading. */
export const cite = citing(TEXT);
/** An entry of the bestiary, by the creature's name. */
export const bestiary = citing(BESTIARY);
/** A fact from public sources where the chapter is silent: a heading under the page's "Facts from public sources". */
export const fact = citing(PAGE);
/** A reading or table of our own: a heading under the page's readings. */
export const ours = citing(PAGE);

export const CITES = {
  order: cite('More About Rounds'),
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
  prone: cite('Prone and Static Targets'),
  parry: cite('Parrying'),
  unarmed: cite('Unarmed Combat'),
  winning: cite('Winning and Losing'),
  fleeing: cite('Fleeing'),
  weapons: cite('Weapons'),
  weaponModifiers: cite('Weapon Modifiers'),
  additional: cite('Additional Damage'),
  criticals: cite('Critical Hits'),
  criticalEffects: fact('Effect numbers by location'),
  suddenDeath: fact('Sudden Death criticals'),
  fumbles: cite('Critical Fumbles'),
  stuns: cite('Stuns'),
  mounted: cite('Mounted Combat'),
  nonHumanoid: cite('Non-Humanoid Opponents'),
  flying: cite('Attacks From Flying Creatures'),
  drop: cite('Actions'),
  scene: cite('Positioning and Detection'),
  missileProcedure: cite('Missile Fire: Combat Procedure'),
  missileDamage: cite('Missile Fire: Damage'),
  missileToHit: cite('Missile Fire: To Hit Modifiers'),
  missileCriticals: cite('Missile Fire: Critical Hits'),
  missileChart: cite('Missile Weapon Chart'),
  firearmsChart: cite('Firearms Chart'),
  extremeRange: cite('Firing At Extreme Range'),
  sharpshooting: cite('Sharpshooting'),
  reloadTimes: cite('Firearm Reload Times'),
  damp: cite('Damp'),
  misfires: cite('Misfires'),
  missilesInMelee: cite('Missiles In Melee Combat'),
  timekeeping: cite('Timekeeping'),
  ghost: bestiary('Ghost'),
  spectre: bestiary('Spectre'),
  wight: bestiary('Wight'),
} as const;

/**
 * The bestiary's entries whose own rules the engine plays (creatures.ts), by their rows' ids; a
 * row of another id with the same rules (a user's own) cites our page's account of them.
 */
export const ENTRIES: Readonly<Record<string, Cite>> = {
  ghost: CITES.ghost,
  spectre: CITES.spectre,
  wight: CITES.wight,
};
export const CREATURE_RULES = ours("Creatures' own rules");
