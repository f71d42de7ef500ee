// A Combat Points encounter is a WFRP 1e encounter with a character sheet on each fighter:
// weapon abilities, career, magic; and the variant's own surprise and tables.
import { z } from 'zod';
import { Reporter, type Path } from '../../core/document.js';
import type { EncounterLoader, EncounterShape } from '../../core/loader.js';
import { didYouMean, editDistance } from '../../core/names.js';
import type { DocPart, FileText, LoadEnv, Options } from '../../core/ruleset.js';
import { dataName, flag, oneOf, text, uniqueList, whole } from '../../core/schema.js';
import { combatantSchema, encounterSchemaFor, loadEncounter, type FighterSpec } from '../wfrp1e/encounter.js';
import { normaliseSkill } from '../wfrp1e/rules.js';
import {
  allWeapons,
  entries,
  ids,
  missilesWithoutAmmo,
  placeOf,
  type Entry,
  type Loader,
} from '../wfrp1e/load.js';
import type { Catalogue } from '../wfrp1e/catalogue.js';
import { abilityLevel, weaponSkill, type Ability, type Sheet, showWeaponSkill } from './abilities.js';
import { parseCharts, parseClasses, parseSpells, type Charts, type Classes, type Spell } from './data.js';
import { baseOptions, readCpOptions } from './options.js';
import { ADVANCED_BY_ID, ADVANCED_SKILLS, missingRequirements } from './skills.js';
import type { CpSetup, CpSpec } from './state.js';
import type { SurpriseFrom } from './rules.js';
import { CHARACTER_PLAN, MONSTER_PLAN } from './tactics.js';
import type { Plan } from './state.js';

const abilitySchema = z.union(
  [
    whole(0, 200, 'an ability'),
    z.strictObject({
      base: whole(0, 100, 'the basic level (2D10)'),
      advance: whole(0, 50, 'an advance 0..50'),
    }),
  ],
  { error: 'expected an ability: a number, or { base, advance }' },
);

/** What the Combat Points rules add to a WFRP 1e combatant entry. */
const CP_COMBATANT = {
  /** § Weapon class: ability per class, above basic WS/BS (the profile's). */
  abilities: z.record(z.string(), abilitySchema).optional(),
  /** Career kind and career (fighter, ranger, rogue, academic; "Highwayman"…), for advanced skills. */
  career: uniqueList(text('a career')).optional(),
  /** Rules 35-38: the mage's level (0: apprentice) and the spells known. */
  mage: z
    .strictObject({
      level: whole(0, 4, 'a mage level 0..4 (0: apprentice)'),
      spells: uniqueList(dataName('spell', 'a spell id')).default([]),
    })
    .optional(),
  /** Spells already in effect (Combat example #3: Aura of Resistance). */
  active: uniqueList(dataName('spell', 'a spell id')).optional(),
  /** Rule 31: LP are for monsters only; by default bestiary creatures other than the peoples are. */
  monster: flag().optional(),
  /** It causes fear or terror (the Fear and Terror resistant skills). */
  causes: oneOf(['fear', 'terror']).optional(),
  /** Asleep for the first N rounds, then wakes (Combat example #3: Jagwar under the Sleep spell). */
  sleeps: whole(1, 100, 'rounds').optional(),
  /** Rule 46: on fire when the fight begins. */
  burning: flag().optional(),
  /** Insanity Points already gained (past fights: `fray party apply` writes them). */
  insanity: whole(0, 1000, 'insanity points').optional(),
  /** Rules 41-45: falls or jumps this far (metres) as the fight begins, perhaps into water. */
  falls: z
    .strictObject({ metres: whole(0, 1000, 'metres'), jump: flag().optional(), water: flag().optional() })
    .optional(),
  /** How it splits CP (tactics.ts): % held back for defence, the chance it defends down to, W kept, dodging. */
  plan: z
    .strictObject({
      reserve: whole(0, 100, 'a %').optional(),
      target: whole(0, 100, 'a %').optional(),
      keepW: whole(0, 100).optional(),
      dodge: flag().optional(),
    })
    .optional(),
};

/** A combatant entry of the Combat Points rules, for the page's character builder. */
export const cpCombatantSchema = combatantSchema.extend(CP_COMBATANT);

export const cpEncounterSchema = encounterSchemaFor({
  id: 'wfrp-cp',
  combatant: CP_COMBATANT,
  side: {
    /** Rule 15: surprised from the rear, a flank or the front. */
    surprisedFrom: oneOf(['rear', 'flank', 'front']).optional(),
  },
  encounter: {
    /** Rule 16: enough room (2 × 2 m each), or a crowd. */
    space: oneOf(['open', 'crowd']).optional(),
    tables: z
      .strictObject({
        fumbles: text('a file path').optional(),
        classes: text('a file path').optional(),
        charts: text('a file path').optional(),
        spells: text('a file path').optional(),
      })
      .optional(),
  },
  leaveOutOfSide: ['surprised', 'ambush'],
  leaveOutOfEncounter: ['door', 'wandering'],
});

const cache = new Map<
  string,
  {
    classes: Classes;
    charts: Charts;
    spells: ReadonlyMap<string, Spell>;
    files: { c: FileText; h: FileText; s: FileText };
  }
>();

function readTables(load: EncounterLoader<EncounterShape>, cat: Catalogue) {
  const c = load.table('classes', 'wfrp-cp');
  const h = load.table('charts', 'wfrp-cp');
  const s = load.table('spells', 'wfrp-cp');
  const key = [c, h, s].map((x) => `${x.file}\u0000${x.text}`).join('\u0001');
  const hit = cache.get(key);
  if (hit && hit.classes.handOf.size > 0 && [...hit.classes.handOf.keys()].every((w) => cat.weapons.has(w)))
    return hit;
  const out = {
    classes: parseClasses(c, cat),
    charts: parseCharts(h),
    spells: parseSpells(s),
    files: { c, h, s },
  };
  cache.set(key, out);
  return out;
}

/** Checks and resolves a Combat Points encounter. */
export function loadCp(part: DocPart, options: Options, env: LoadEnv): CpSetup {
  const { setup, written, load } = loadEncounter(cpEncounterSchema, baseOptions(options), part, options, env);
  const enc = load.enc as typeof load.enc & { space?: 'open' | 'crowd' };
  const { classes, charts, spells, files } = readTables(load, setup.catalogue);
  const rep = new Reporter(part.doc);
  if (typeof enc.start === 'object' && enc.start.shortcut) {
    rep.add(
      [...part.base, 'start', 'shortcut'],
      'the stand-and-fire shortcut is a WFRP 1e procedure; the Combat Points rules play every round',
    );
  }
  const specs = new Map<string, CpSpec>();
  for (const f of setup.fighters) {
    const w = written.get(f.id);
    if (!w) continue;
    const spec = readSpec(classes, spells, f, w.doc, w.path, rep);
    specs.set(f.id, spec);
  }
  rep.throwIfAny();
  for (const e of entries(setup, written)) {
    missilesWithoutAmmo(load, e);
    ownRulesNotPlayed(load, setup.catalogue, e);
    const spec = specs.get((e.fighters[0] as FighterSpec).id);
    if (spec) withoutAbility(load, classes, e, spec);
  }
  const sides = (part.value as { sides: { surprisedFrom?: SurpriseFrom }[] }).sides;
  load.noteData('classes', files.c, 'all');
  load.noteData('charts', files.h, 'all');
  load.noteData(
    'spells',
    files.s,
    new Set([...specs.values()].flatMap((x) => [...(x.mage?.spells ?? []), ...x.active].map((sp) => sp.id))),
  );
  return {
    ...setup,
    data: load.dataNotes(),
    entersLater: load.entersLater(),
    warnings: load.warnings(),
    cp: {
      opt: readCpOptions(options),
      classes,
      charts,
      spells,
      space: enc.space ?? 'open',
      surprisedFrom: sides.map((s) => s.surprisedFrom ?? null),
      specs,
    },
  };
}

const KNOWN_ADVANCED = ADVANCED_SKILLS.map((s) => s.id);

/**
 * The bestiary rows' own rules that WFRP 1e plays (only magic weapons wound a Ghost or a Wight, a
 * Wight's blows drain S) are not played here, where a blow is a critical value and not W: said, as
 * the rows' `notPlayed` is; and a weapon called magic changes nothing.
 */
function ownRulesNotPlayed(load: Loader, cat: Catalogue, e: Entry): void {
  const f = e.fighters[0] as FighterSpec;
  const rules = [
    f.immune ? 'only magic weapons wound it' : '',
    f.drains ? 'its blows drain S from the living instead of wounding them' : '',
  ].filter((x) => x);
  const creature = f.creature ? cat.creatures.get(f.creature) : undefined;
  if (creature && rules.length > 0)
    load.warn(
      [...e.path, 'use'],
      `not played by the Combat Points rules for the ${creature.name} (WFRP 1e plays them): ${rules.join('; ')}`,
      ids(e),
    );
  if (f.magic.length > 0)
    load.warn(
      [...e.path, 'magic'],
      'a magic weapon changes nothing in the Combat Points rules: they do not play the creatures only magic wounds',
      ids(e),
    );
}

/** § Weapon class: a weapon with no ability in its class, nor in a similar one, is used at basic WS (BS) alone. */
function withoutAbility(load: Loader, classes: Classes, e: Entry, spec: CpSpec): void {
  const f = e.fighters[0] as FighterSpec;
  const skills = new Set(f.skills);
  for (const w of allWeapons(f)) {
    if (w.natural || w.shield) continue;
    const modes = [...(w.melee ? (['hand'] as const) : []), ...(w.missile ? (['ballistic'] as const) : [])];
    for (const mode of modes) {
      const ws = weaponSkill(spec.sheet, classes, w, mode, skills);
      if (ws.cls === null || ws.ability > 0) continue;
      load.warn(
        placeOf(e, f.carried.includes(w) ? 'carried' : 'weapons', w.id),
        `the ${w.name.toLowerCase()} is used at ${showWeaponSkill(ws)}`,
        ids(e),
      );
    }
  }
}

function readSpec(
  classes: Classes,
  spells: ReadonlyMap<string, Spell>,
  f: FighterSpec,
  d: Readonly<Record<string, unknown>>,
  path: Path,
  rep: Reporter,
): CpSpec {
  const abilities = new Map<string, Ability>();
  const given = (d.abilities ?? {}) as Record<string, number | { base: number; advance: number }>;
  for (const [id, v] of Object.entries(given)) {
    if (!classes.hand.has(id) && !classes.ballistic.has(id)) {
      rep.add(
        [...path, 'abilities'],
        `unknown weapon class '${id}'${didYouMean(id, [...classes.hand.keys(), ...classes.ballistic.keys()])}`,
        id,
      );
      continue;
    }
    abilities.set(id, typeof v === 'number' ? { cls: id, base: v, advance: 0 } : { cls: id, ...v });
  }
  const skills = new Set(f.skills);
  for (const a of abilities.values()) {
    if (abilityLevel(a) === 5 && !skills.has('weapon mastery')) {
      rep.add([...path, 'abilities', a.cls], 'level 5 (+50) needs the advanced skill Weapon mastery');
    }
  }
  const sheet: Sheet = { basicWS: f.profile.WS ?? 0, basicBS: f.profile.BS ?? 0, abilities };
  const career = ((d.career ?? []) as string[]).map((c) => normaliseSkill(c));
  const mageDoc = d.mage as { level: number; spells: string[] } | undefined;
  const spellList = (ids: readonly string[], at: Path): Spell[] =>
    ids.flatMap((id, i) => {
      const s = spells.get(id);
      if (!s) rep.add([...at, i], `unknown spell '${id}'${didYouMean(id, spells.keys())}`);
      return s ? [s] : [];
    });
  const mage = mageDoc
    ? { level: mageDoc.level, spells: spellList(mageDoc.spells, [...path, 'mage', 'spells']) }
    : null;
  const active = spellList((d.active ?? []) as string[], [...path, 'active']);
  // § Advanced skills: each one's requirements, WS and BS met with some weapon's basic + ability.
  const weapons = [f.right, f.left, ...f.carried, ...f.natural];
  const bestWS = Math.max(
    weaponSkill(sheet, classes, null, 'hand', skills).total,
    ...weapons.filter((w) => w?.melee).map((w) => weaponSkill(sheet, classes, w, 'hand', skills).total),
    ...[...abilities.values()]
      .filter((a) => classes.hand.has(a.cls))
      .map((a) => sheet.basicWS + a.base + a.advance),
  );
  const bestBS = Math.max(
    sheet.basicBS,
    ...[...abilities.values()]
      .filter((a) => classes.ballistic.has(a.cls))
      .map((a) => sheet.basicBS + a.base + a.advance),
  );
  f.skills.forEach((s, i) => {
    const adv = ADVANCED_BY_ID.get(s);
    if (!adv) {
      const near = KNOWN_ADVANCED.filter((k) => editDistance(k, s) <= 2);
      if (near.length > 0) rep.add([...path, 'skills', i], `unknown skill '${s}'${didYouMean(s, near)}`);
      return;
    }
    const missing = missingRequirements(adv, {
      profile: f.profile,
      skills,
      bestWS,
      bestBS,
      career,
      advance40: [...abilities.values()].some((a) => a.advance >= 40),
    });
    if (missing.length > 0) rep.add([...path, 'skills', i], `${adv.name} needs ${missing.join('; ')}`);
  });
  const creature = f.creature;
  const monster = (d.monster as boolean | undefined) ?? (creature !== null && !classes.peoples.has(creature));
  const falls = d.falls as { metres: number; jump?: boolean; water?: boolean } | undefined;
  return {
    sheet,
    career,
    mage,
    active,
    monster,
    causes: (d.causes as 'fear' | 'terror' | undefined) ?? null,
    burning: (d.burning as boolean | undefined) ?? false,
    sleeps: (d.sleeps as number | undefined) ?? 0,
    insanity: (d.insanity as number | undefined) ?? 0,
    falls: falls ? { metres: falls.metres, jump: falls.jump ?? false, water: falls.water ?? false } : null,
    plan: d.plan ? { ...(monster ? MONSTER_PLAN : CHARACTER_PLAN), ...(d.plan as Partial<Plan>) } : null,
  };
}
