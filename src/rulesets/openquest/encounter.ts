// An OpenQuest encounter: sides, combatants from characteristics (or the bestiary), skills, kit.
import { z } from 'zod';
import { didYouMean } from '../../core/names.js';
import type { Path } from '../../core/document.js';
import {
  EncounterLoader,
  encounterFields,
  idsOf,
  placeOf,
  sidesSchema,
  type WrittenEntry,
} from '../../core/loader.js';
import type { DocPart, FileText, LoadEnv, Options } from '../../core/ruleset.js';
import { dataName, flag, oneOf, text, uniqueList, whole } from '../../core/schema.js';
import {
  characteristicsSchema,
  readCatalogue,
  skillsSchema,
  type Armour,
  type Catalogue,
  type Creature,
  type Weapon,
} from './data.js';
import { readOqOptions } from './options.js';
import {
  armourPoints,
  damageModifier,
  hitPoints,
  SKILLS,
  skillBase,
  type Characteristics,
  type Skill,
} from './rules.js';
import type { OqFighterSpec, OqSetup } from './state.js';
import { DEFAULT_TACTICS, tacticsSchema } from './tactics.js';

export const combatantSchema = z.strictObject({
  name: text('a name').optional(),
  use: dataName('creature', 'a creature from the bestiary').optional(),
  count: whole(1, 50, 'a count').optional(),
  /** Not in the fight at the start: the GM brings it in (docs/table-play.md). */
  enters: flag().optional(),
  characteristics: characteristicsSchema.partial().optional(),
  /** Skill percentages; left out, a skill is its base (facts, Skill bases). */
  skills: skillsSchema.optional(),
  weapons: z.array(dataName('weapon', 'a weapon id')).optional(),
  armour: uniqueList(dataName('armour', 'an armour id')).optional(),
  /** Situational and magic modifiers to its combat tests, in % (Choose skills and apply modifiers). */
  modifier: whole(-100, 100, 'a modifier %').optional(),
  /** Hit points now, if already hurt. */
  hp: whole(-50, 100, 'hit points').optional(),
  /** Who Is Involved: a character who stays away from the fight. */
  standsAside: flag().optional(),
  /** Healing Wounds: it can cast healing magic strong enough for a mortal wound (Heal 6, Divine Heal, Treat Wounds). */
  healingMagic: flag().optional(),
  tactics: tacticsSchema.optional(),
});

type Combatant = z.infer<typeof combatantSchema>;

export const encounterSchema = z.strictObject({
  ruleset: z.literal('openquest'),
  ...encounterFields(),
  /** Encounter Distance: close (2 m or less) or ranged. */
  distance: oneOf(['close', 'ranged']).optional(),
  /** Surprise Attacks: this side attacks by ambush, sneak or rush; the other is unaware. */
  surprise: z
    .strictObject({
      side: text('a side name'),
      kind: oneOf(['ambush', 'sneak', 'rush']),
      by: oneOf(['athletics', 'ride', 'drive']).optional(),
    })
    .optional(),
  /** Scouting Ahead: these characters scout; the opponents' cover modifies their Perception. */
  scouting: z
    .strictObject({
      scouts: z.array(text('a combatant name')).min(1),
      cover: oneOf(['clear', 'some', 'hidden', 'good']),
    })
    .optional(),
  /** Avoiding a Fight: this side runs (with or without a chase, or faster), intimidates or fast-talks. */
  avoid: z
    .strictObject({
      side: text('a side name'),
      by: oneOf(['run', 'intimidate', 'fast-talk']),
      chase: flag().optional(),
      faster: flag().optional(),
    })
    .optional(),
  tables: z
    .strictObject({ weapons: text().optional(), armour: text().optional(), bestiary: text().optional() })
    .optional(),
  sides: sidesSchema(combatantSchema),
});

type Entry = WrittenEntry<Combatant, OqFighterSpec>;

/** What an entry says that is legal but likely not meant. */
function warnings(load: EncounterLoader<z.infer<typeof encounterSchema>>, e: Entry): void {
  const f = e.fighters[0];
  if (!f) return;
  const ids = idsOf(e);
  const place = (list: 'weapons' | 'armour', id: string): Path => placeOf(e, list, id);
  // Facts, Armour: only the best piece worn counts.
  if (f.armour.length > 1) {
    const best = f.armour.find((a) => a.ap === armourPoints(f.armour)) as Armour;
    load.warn(
      place('armour', (f.armour.find((a) => a !== best) as Armour).id),
      `only the best piece of armour counts: the ${best.name.toLowerCase()}'s ${best.ap} AP; ${f.armour
        .filter((a) => a !== best)
        .map((a) => `the ${a.name.toLowerCase()}`)
        .join(' and ')} add${f.armour.length > 2 ? '' : 's'} nothing`,
      ids,
    );
  }
  // weaponAt: at close distance only the first hand weapon strikes.
  const hand = f.weapons.filter((w) => !w.shield && w.skill !== 'ranged');
  for (const w of hand.slice(1))
    load.warn(
      place('weapons', w.id),
      `the ${w.name.toLowerCase()} is never used: only the first close-combat weapon strikes (the ${(hand[0] as Weapon).name.toLowerCase()})`,
      ids,
    );
  const kit = f.weapons.filter((w) => !w.shield);
  if (kit.length > 0 && hand.length === 0)
    load.warn(
      place('weapons', (kit[0] as Weapon).id),
      `only missile weapons: at close distance (2 m or less) it attacks with its fist (1D4, Unarmed ${f.skills.unarmed}%)`,
      ids,
    );
  // Tactics that take it out of the fight at its first action.
  for (const key of ['fleeAt', 'surrenderAt'] as const) {
    const at = f.tactics[key];
    if (at > 0 && f.hp <= at)
      load.warn(
        [...e.path, 'tactics', key],
        `tactics ${key} ${at}: with ${f.hp} HP it ${key === 'fleeAt' ? 'flees' : 'surrenders'} at its first action`,
        ids,
      );
  }
}

export function loadOpenQuest(part: DocPart, options: Options, env: LoadEnv): OqSetup {
  const load = new EncounterLoader(part, encounterSchema, env, 'openquest');
  const { enc, rep } = load;
  const at = load.at.bind(load);
  const tables = {
    weapons: load.table('weapons'),
    armour: load.table('armour'),
    bestiary: load.table('bestiary'),
  };
  const cat: Catalogue = readCatalogue(tables);
  const fighters: OqFighterSpec[] = [];
  for (const { doc: c, side, path, creature, names } of load.combatants<Combatant, Creature>(cat.creatures)) {
    const chars = {
      ...(creature?.characteristics ?? {}),
      ...(c.characteristics ?? {}),
    } as Partial<Characteristics>;
    const missing = (['STR', 'CON', 'SIZ', 'DEX', 'INT', 'POW', 'CHA'] as const).filter(
      (k) => chars[k] === undefined,
    );
    if (missing.length) {
      rep.add([...path, 'characteristics'], `missing ${missing.join(', ')} (give them, or use: a creature)`);
      continue;
    }
    const ch = chars as Characteristics;
    const skills = Object.fromEntries(
      SKILLS.map((s) => [s, c.skills?.[s] ?? creature?.skills[s] ?? skillBase(s, ch)]),
    ) as Record<Skill, number>;
    const weapons = load.resolve(c.weapons ?? creature?.weapons ?? ['fist'], cat.weapons, 'weapon', [
      ...path,
      'weapons',
    ]);
    const armour = load.resolve(c.armour ?? creature?.armour ?? [], cat.armour, 'armour', [
      ...path,
      'armour',
    ]);
    const maxHp = hitPoints(ch.SIZ, ch.CON);
    if (c.hp !== undefined && c.hp > maxHp)
      rep.add([...path, 'hp'], `expected at most ${maxHp}, the hit points (SIZ + CON) / 2 give`);
    const made: OqFighterSpec[] = [];
    for (const name of names) {
      made.push({
        id: load.uniqueId(name, c.enters),
        name,
        side,
        characteristics: ch,
        skills,
        weapons,
        armour,
        hp: c.hp ?? maxHp,
        maxHp,
        dm: damageModifier(ch.STR + ch.SIZ),
        tactics: { ...DEFAULT_TACTICS, ...(c.tactics ?? {}) },
        standsAside: c.standsAside ?? false,
        healingMagic: c.healingMagic ?? false,
        creature: creature?.id ?? null,
        fromBestiary: creature ? { name: creature.name, source: creature.source } : null,
        modifier: c.modifier ?? 0,
      });
    }
    fighters.push(...made);
    warnings(load, { path, doc: c, fighters: made });
  }
  let surprise: OqSetup['surprise'] = null;
  if (enc.surprise) {
    const s = load.sideIndex(enc.surprise.side, at('surprise', 'side'));
    if (s !== null)
      surprise = {
        side: s,
        kind: enc.surprise.kind,
        by: enc.surprise.kind === 'rush' ? (enc.surprise.by ?? 'athletics') : 'deception',
      };
    if (enc.surprise.by && enc.surprise.kind !== 'rush')
      rep.add(
        at('surprise', 'by'),
        'only a rush is made with Athletics, Ride or Drive; an ambush or sneak attack uses Deception',
      );
  }
  enc.sides.forEach((s, i) => {
    if (!fighters.some((f) => f.side === i && !f.standsAside))
      rep.add(at('sides', i, 'combatants'), `side '${s.name}' has nobody in the fight`);
  });
  let scouting: OqSetup['scouting'] = null;
  if (enc.scouting) {
    const ids: string[] = [];
    enc.scouting.scouts.forEach((n, k) => {
      const f = fighters.find((x) => x.name === n);
      if (!f)
        rep.add(
          at('scouting', 'scouts', k),
          `no combatant named '${n}'${didYouMean(
            n,
            fighters.map((x) => x.name),
          )}`,
        );
      else ids.push(f.id);
    });
    const sides = new Set(ids.map((id) => fighters.find((f) => f.id === id)?.side));
    if (sides.size > 1) rep.add(at('scouting', 'scouts'), 'the scouts must be on one side');
    scouting = { scouts: ids, cover: enc.scouting.cover };
  }
  let avoid: OqSetup['avoid'] = null;
  if (enc.avoid) {
    const s = load.sideIndex(enc.avoid.side, at('avoid', 'side'));
    if (s !== null && surprise && surprise.side !== s)
      rep.add(at('avoid'), 'a side caught by a surprise attack cannot avoid the fight (Avoiding a Fight)');
    else if (s !== null)
      avoid = {
        side: s,
        by: enc.avoid.by,
        chase: enc.avoid.chase ?? true,
        faster: enc.avoid.faster ?? false,
      };
  }
  load.finish();
  noteData(load, tables, fighters);
  return {
    data: load.dataNotes(),
    entersLater: load.entersLater(),
    warnings: load.warnings(),
    title: load.title(),
    maxRounds: enc.maxRounds ?? 100,
    sides: load.sides(),
    fighters,
    opt: readOqOptions(options),
    distance: enc.distance ?? 'close',
    surprise,
    scouting,
    avoid,
  };
}

/** What of our tables (or the user's) these fighters rest on. */
function noteData(
  load: EncounterLoader<z.infer<typeof encounterSchema>>,
  tables: { weapons: FileText; armour: FileText; bestiary: FileText },
  fighters: readonly OqFighterSpec[],
): void {
  load.noteData('weapons', tables.weapons, new Set(fighters.flatMap((f) => f.weapons.map((w) => w.id))));
  load.noteData('armour', tables.armour, new Set(fighters.flatMap((f) => f.armour.map((a) => a.id))));
  load.noteData(
    'bestiary',
    tables.bestiary,
    new Set(fighters.flatMap((f) => (f.creature ? [f.creature] : []))),
  );
}
