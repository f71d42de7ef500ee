// A Fantasy Wargaming encounter: sides, characters with the text's characteristics, kit, and the
// circumstances its modifiers read (maneuver area, distance, position, desire, the stars).
import { z } from 'zod';
import type { Path } from '../../core/document.js';
import {
  EncounterLoader,
  encounterFields,
  idsOf,
  placeOf,
  sidesSchema,
  type WrittenEntry,
} from '../../core/loader.js';
import { slug } from '../../core/names.js';
import type { DocPart, LoadEnv, Options } from '../../core/ruleset.js';
import { dataName, flag, oneOf, text, uniqueList, whole } from '../../core/schema.js';
import { parseDice } from '../../dice/notation.js';
import { readCharts } from './charts.js';
import { readCatalogue, type Weapon } from './data.js';
import { readFwOptions } from './options.js';
import { defenceAllowed, maneuverArea, type Area } from './rules.js';
import { FIST, parryItemOf, wieldedOf, type FwFighterSpec, type FwSetup, type Magic } from './state.js';
import { DEFAULT_TACTICS, tacticsSchema } from './tactics.js';

const stat = (what: string) => whole(0, 30, what);
export const combatantSchema = z.strictObject({
  name: text('a name'),
  count: whole(1, 50, 'a count').optional(),
  /** Not in the fight at the start: the GM brings it in (docs/table-play.md). */
  enters: flag().optional(),
  characteristics: z.strictObject({
    physique: stat('physique'),
    agility: stat('agility'),
    endurance: whole(1, 60, 'endurance'),
    intelligence: stat('intelligence'),
    bravery: stat('bravery'),
    selfishness: stat('selfishness').optional(),
    greed: stat('greed').optional(),
    lust: stat('lust').optional(),
  }),
  combatLevel: whole(0, 30, 'a combat level'),
  /** "Viking" makes a berserk candidate whatever the bravery and intelligence. */
  culture: text('a culture, such as Viking').optional(),
  role: oneOf(['warrior', 'mage', 'cleric']).optional(),
  leader: flag().optional(),
  weapons: z.array(dataName('weapon', 'a weapon id')).optional(),
  favoured: uniqueList(dataName('weapon', 'a weapon id')).optional(),
  armour: dataName('armour', 'an armour id').optional(),
  /** Endurance now, if already hurt. */
  endurance: whole(-60, 60, 'endurance').optional(),
  victories: whole(0, 20, 'victories today').optional(),
  defeats: whole(0, 20, 'defeats today').optional(),
  /** The astrological sign's influence the GM rules for this fight: −1, 0 or +1. */
  astrology: whole(-1, 1, 'an influence').optional(),
  berserkRecently: flag().optional(),
  secure: flag().optional(),
  cornered: flag().optional(),
  /** Its object of desire is at stake (counts with greed or lust 14+). */
  desire: flag().optional(),
  size: oneOf(['tiny', 'small', 'medium', 'large', 'very-large']).optional(),
  speed: oneOf(['very-fast', 'fast', 'normal', 'slow', 'very-slow']).optional(),
  /** Opponents cannot see it fire. */
  hidden: flag().optional(),
  magic: z
    .strictObject({
      name: text('a spell name'),
      level: whole(1, 30, 'a magic level'),
      factor: whole(-10, 20, 'a column factor'),
      damage: text('dice such as 2D6'),
    })
    .optional(),
  tactics: tacticsSchema.optional(),
});

export const encounterSchema = z.strictObject({
  ruleset: z.literal('fantasy-wargaming'),
  ...encounterFields(),
  /** Square feet each fighter has to move in (Defense: the maneuver area). */
  area: whole(1, 100_000, 'square feet').optional(),
  /** Yards between the sides when the pre-melee missiles fly. */
  distance: whole(1, 1000, 'yards').optional(),
  /** Moves of ranged-only combat (simultaneous missiles and magic) before the melee begins. */
  volleys: whole(0, 50, 'moves').optional(),
  tables: z
    .strictObject({ charts: text().optional(), weapons: text().optional(), armour: text().optional() })
    .optional(),
  sides: sidesSchema(combatantSchema),
});

type Combatant = z.infer<typeof combatantSchema>;

type Entry = WrittenEntry<Combatant, FwFighterSpec>;

/** What an entry says that is legal but likely not meant. */
function warnings(load: EncounterLoader<z.infer<typeof encounterSchema>>, e: Entry, area: Area): void {
  const f = e.fighters[0];
  if (!f) return;
  const ids = idsOf(e);
  const weaponAt = (id: string): Path => placeOf(e, 'weapons', id);
  const wielded = wieldedOf(f.weapons);
  if (f.weapons.length > 0 && wielded === FIST)
    load.warn(
      [...e.path, 'weapons'],
      `no melee weapon: in the melee it fights with its ${FIST.name} (${FIST.damageText})`,
      ids,
    );
  // Weapons and armor: a shield is on the arm only beside a one-handed weapon.
  if (f.shield && wielded.hands === 2)
    load.warn(
      weaponAt(f.shield.id),
      `the ${f.shield.name} is not on its arm while the two-handed ${wielded.name} is wielded: its encumbrance ${f.shield.encumbrance} counts against the ${wielded.name}'s WF`,
      ids,
    );
  // Defense: what the tactics ask for and the round refuses, so that it attacks instead.
  const d = f.tactics.defence;
  if ((d === 'dodge' || d === 'disengage') && !defenceAllowed(d, area))
    load.warn(
      [...e.path, 'tactics', 'defence'],
      `tactics defence: ${d}, but the maneuver area is ${area} (${d === 'dodge' ? 'medium' : 'moderate'} or more needed): it never ${d}s, and attacks instead`,
      ids,
    );
  if (d === 'parry' && !parryItemOf(f.shield, wielded))
    load.warn(
      [...e.path, 'tactics', 'defence'],
      'tactics defence: parry, but it has nothing to parry with (no shield, no melee weapon): it attacks instead',
      ids,
    );
  if (f.endurance <= 0)
    load.warn([...e.path, 'endurance'], `endurance ${f.endurance}: unconscious before the fight begins`, ids);
}

export function loadFantasyWargaming(part: DocPart, options: Options, env: LoadEnv): FwSetup {
  const load = new EncounterLoader(part, encounterSchema, env, 'fantasy-wargaming');
  const { enc, rep } = load;
  const at = load.at.bind(load);
  const tables = {
    charts: load.table('charts'),
    weapons: load.table('weapons'),
    armour: load.table('armour'),
  };
  const charts = readCharts(tables.charts);
  const cat = readCatalogue({ weapons: tables.weapons, armour: tables.armour });
  const fighters: FwFighterSpec[] = [];
  const entries: Entry[] = [];
  enc.sides.forEach((side, si) => {
    const leaders = side.combatants.filter((c) => c.leader);
    if (leaders.length > 1 || (leaders[0]?.count ?? 1) > 1)
      rep.add(at('sides', si), 'a side has one party leader at most');
  });
  for (const { doc: c, side: si, path, names } of load.combatants<Combatant, never>(null)) {
    const weapons: Weapon[] = [];
    let shield: Weapon | null = null;
    (c.weapons ?? []).forEach((id, k) => {
      const w = load.lookup(id, cat.weapons, 'weapon', [...path, 'weapons', k]);
      if (w?.kind === 'shield') {
        if (shield) rep.add([...path, 'weapons', k], 'one shield at most');
        shield = w;
      } else if (w) weapons.push(w);
    });
    (c.favoured ?? []).forEach((id, k) => {
      if (!(c.weapons ?? []).includes(id))
        rep.add([...path, 'favoured', k], `'${id}' is not among its weapons`);
    });
    const armour =
      c.armour === undefined ? null : load.lookup(c.armour, cat.armour, 'armour', [...path, 'armour']);
    let magic: Magic | null = null;
    if (c.magic) {
      try {
        magic = {
          name: c.magic.name,
          level: c.magic.level,
          factor: c.magic.factor,
          damage: parseDice(c.magic.damage),
          damageText: c.magic.damage.toUpperCase(),
        };
      } catch (e) {
        rep.add([...path, 'magic', 'damage'], (e as Error).message);
      }
    }
    const ch = { selfishness: 10, greed: 10, lust: 10, ...c.characteristics };
    if (c.endurance !== undefined && c.endurance > ch.endurance)
      rep.add([...path, 'endurance'], `expected at most ${ch.endurance}, the character's endurance`);
    const made: FwFighterSpec[] = [];
    for (const name of names) {
      const id = load.uniqueId(name, c.enters);
      // Fighters are ordered by id, so that the file's order changes nothing: names must differ.
      if (id !== (slug(name) || 'combatant'))
        rep.add([...path, 'name'], `'${name}' is taken (names must differ)`);
      made.push({
        id,
        name,
        side: si,
        ch,
        combatLevel: c.combatLevel,
        viking: (c.culture ?? '').toLowerCase() === 'viking',
        role: c.role ?? 'warrior',
        leader: c.leader ?? false,
        weapons,
        shield,
        armour,
        favoured: c.favoured ?? null,
        endurance: c.endurance ?? ch.endurance,
        maxEndurance: ch.endurance,
        victories: c.victories ?? 0,
        defeats: c.defeats ?? 0,
        astrology: c.astrology ?? 0,
        berserkRecently: c.berserkRecently ?? false,
        secure: c.secure ?? false,
        cornered: c.cornered ?? false,
        desire: c.desire ?? false,
        size: c.size ?? 'medium',
        speed: c.speed ?? 'normal',
        seen: !(c.hidden ?? false),
        magic,
        tactics: { ...DEFAULT_TACTICS, ...(c.tactics ?? {}) },
      });
    }
    fighters.push(...made);
    entries.push({ path, doc: c, fighters: made });
  }
  load.finish();
  const areaFeet = enc.area ?? 60;
  for (const e of entries) warnings(load, e, maneuverArea(areaFeet));
  load.noteData('charts', tables.charts, 'all');
  load.noteData(
    'weapons',
    tables.weapons,
    new Set(fighters.flatMap((f) => [...f.weapons, ...(f.shield ? [f.shield] : [])].map((w) => w.id))),
  );
  load.noteData('armour', tables.armour, new Set(fighters.flatMap((f) => (f.armour ? [f.armour.id] : []))));
  return {
    data: load.dataNotes(),
    entersLater: load.entersLater(),
    title: load.title(),
    maxRounds: enc.maxRounds ?? 100,
    warnings: load.warnings(),
    sides: load.sides(),
    fighters,
    opt: readFwOptions(options),
    charts,
    area: maneuverArea(areaFeet),
    areaFeet,
    distance: enc.distance ?? 30,
    volleys: enc.volleys ?? 0,
  };
}
