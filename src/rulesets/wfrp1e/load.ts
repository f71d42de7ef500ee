// Reading a WFRP 1e encounter: encounter.ts checks and resolves it; here, what it says that is
// legal but likely not meant is noted as warnings (said at load; nothing stops).
import type { Path } from '../../core/document.js';
import {
  idsOf,
  placeOf,
  type EncounterLoader,
  type EncounterShape,
  type WrittenEntry,
} from '../../core/loader.js';
import type { DocPart, LoadEnv, Options } from '../../core/ruleset.js';
import type { Weapon, Zone } from './catalogue.js';
import { encounterSchema, loadEncounter, type FighterSpec, type W1Setup, type Written } from './encounter.js';
import { readOptions } from './options.js';
import { UNSKILLED_WS, lacksSpecialistSkill, wornOn } from './rules.js';

/** Checks and resolves a WFRP 1e encounter, with its warnings. */
export function loadWfrp1e(part: DocPart, options: Options, env: LoadEnv): W1Setup {
  const { setup, written, load } = loadEncounter(encounterSchema, readOptions(options), part, options, env);
  const all = entries(setup, written);
  for (const e of all) {
    if (setup.options.specialistWeapons) specialistWithoutSkill(load, e);
    missilesWithoutAmmo(load, e);
    leatherUnderMetal(load, e);
  }
  return { ...setup, warnings: load.warnings() };
}

export type Entry = WrittenEntry<Readonly<Record<string, unknown>>, FighterSpec>;

export function entries(setup: W1Setup, written: ReadonlyMap<string, Written>): Entry[] {
  const byPath = new Map<string, { path: Path; doc: Written['doc']; fighters: FighterSpec[] }>();
  for (const f of setup.fighters) {
    const w = written.get(f.id);
    if (!w) continue;
    const key = JSON.stringify(w.path);
    const e = byPath.get(key) ?? { path: w.path, doc: w.doc, fighters: [] };
    e.fighters.push(f);
    byPath.set(key, e);
  }
  return [...byPath.values()];
}

export type Loader = EncounterLoader<EncounterShape>;

export { placeOf };
export const ids = idsOf;

/** Everything a combatant has to strike or shoot with: in hand, natural, then carried. */
export function allWeapons(f: FighterSpec): Weapon[] {
  return [...new Set([f.right, f.left, ...f.natural, ...f.carried].filter((w): w is Weapon => w !== null))];
}

/** § Ordinary And Specialist Weapons: without its skill a specialist weapon is used at WS (BS) 10. */
function specialistWithoutSkill(load: Loader, e: Entry): void {
  const f = e.fighters[0] as FighterSpec;
  const skills = new Set(f.skills);
  for (const w of allWeapons(f)) {
    if (!lacksSpecialistSkill(w, skills)) continue;
    const list = f.carried.includes(w) ? 'carried' : 'weapons';
    load.warn(
      placeOf(e, list, w.id),
      `the ${w.name.toLowerCase()} is a specialist weapon: without the skill Specialist Weapon - ${w.specialist} it is used at ${w.melee ? 'WS' : 'BS'} ${UNSKILLED_WS} (option specialistWeapons)`,
      ids(e),
    );
  }
}

/** A missile weapon given no ammunition (`ammo: { bow: 0 }`) never shoots. */
export function missilesWithoutAmmo(load: Loader, e: Entry): void {
  const f = e.fighters[0] as FighterSpec;
  for (const w of allWeapons(f)) {
    if (!w.missile || f.ammo[w.id] !== 0) continue;
    load.warn(
      [...e.path, 'ammo', w.id],
      `ammo 0: the ${w.name.toLowerCase()} has ${w.missile.ammo ? `no ${w.missile.ammo}` : 'none to throw'}, so it never shoots`,
      ids(e),
    );
  }
}

/** README facts, Armour: leather's 0/1 counts only where less than 2 metal AP is worn. */
function leatherUnderMetal(load: Loader, e: Entry): void {
  const f = e.fighters[0] as FighterSpec;
  for (const p of f.armour.filter((x) => x.kind === 'leather')) {
    const wasted = p.covers.filter((zone) => wornOn(f.armour, zone).metal >= 2);
    if (wasted.length === 0) continue;
    const over = f.armour.filter((x) => x.kind === 'metal' && x.covers.includes(wasted[0] as Zone));
    load.warn(
      placeOf(e, 'armour', p.id),
      `the ${p.name.toLowerCase()} adds nothing on the ${wasted.join(' and ')}: leather counts only where less than 2 metal AP is worn, and ${over.map((x) => x.name.toLowerCase()).join(' and ')} give 2`,
      ids(e),
    );
  }
}
