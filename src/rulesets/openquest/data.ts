// OpenQuest's data files (data/openquest): weapons, armour, a small bestiary, each replaceable.
import { z } from 'zod';
import { DataSchema, readDataFile } from '../../core/data-file.js';
import type { FileText } from '../../core/ruleset.js';
import { dataName, flag, oneOf, text, whole, uniqueList } from '../../core/schema.js';
import { parseDice } from '../../dice/index.js';
import type { Characteristics, Dice, Skill } from './rules.js';
import { SKILLS } from './rules.js';

export interface Weapon {
  readonly id: string;
  readonly name: string;
  readonly damage: Dice;
  readonly skill: 'close' | 'ranged' | 'unarmed';
  readonly hands: 1 | 2;
  readonly shield: boolean;
  readonly natural: boolean;
  /** Crossbows: the force is the mechanism's, so no damage modifier. */
  readonly mechanism: boolean;
  /** Metres; ranged distance reaches twice it. */
  readonly range: number | null;
  /** A thrown weapon's range: the thrower's STR in metres, times this (the SRD's "STR m", "STR×2 m"). */
  readonly rangeBySTR: number | null;
  /** Where the row comes from: a page of the OpenQuest SRD, our docs' facts, or ours. */
  readonly source: string;
}

export interface Armour {
  readonly id: string;
  readonly name: string;
  readonly ap: number;
  readonly enc: number;
  readonly source: string;
}

export interface Creature {
  readonly id: string;
  readonly name: string;
  readonly characteristics: Characteristics;
  readonly skills: Readonly<Partial<Record<Skill, number>>>;
  readonly weapons: readonly string[];
  readonly armour: readonly string[];
  readonly source: string;
  /** How the SRD groups it (Creatures, Animals, Nymphs). */
  readonly group?: string;
  /** Its rules that Fray does not play (a gaze, a breath, poison): said once when it fights. */
  readonly notPlayed?: string;
}

export interface Catalogue {
  readonly weapons: ReadonlyMap<string, Weapon>;
  readonly armour: ReadonlyMap<string, Armour>;
  readonly creatures: ReadonlyMap<string, Creature>;
}

/** Dice as the SRD writes a weapon's: 1D8, 2D6, 1D4+1 (a count, and dice notation can read them). */
function isWeaponDice(s: string): boolean {
  if (!/^\d+D\d+([+-]\d+)?$/i.test(s)) return false;
  try {
    parseDice(s);
    return true;
  } catch {
    return false;
  }
}
const diceText = text('dice such as 1D8, 2D6 or 1D4+1').refine(isWeaponDice, {
  error: 'expected dice such as 1D8, 2D6 or 1D4+1 (1 to 100 dice of 2 to 1000 sides)',
});
const weaponsSchema = () =>
  z.strictObject({
    table: z.literal('openquest-weapons', { error: 'expected table: openquest-weapons' }),
    source: text('a source').optional(),
    weapons: z.array(
      z.strictObject({
        id: text('an id'),
        name: text('a name'),
        damage: diceText,
        skill: oneOf(['close', 'ranged', 'unarmed']),
        hands: z.union([z.literal(1), z.literal(2)], { error: 'expected 1 or 2' }).optional(),
        shield: flag().optional(),
        natural: flag().optional(),
        mechanism: flag().optional(),
        range: z
          .union([whole(1, 1000, 'metres'), z.literal('STR'), z.literal('STRx2')], {
            error: 'expected metres, or STR or STRx2 for a thrown weapon',
          })
          .optional(),
        source: text('a source').optional(),
      }),
    ),
  });
const armourSchema = () =>
  z.strictObject({
    table: z.literal('openquest-armour', { error: 'expected table: openquest-armour' }),
    source: text('a source').optional(),
    armour: z.array(
      z.strictObject({
        id: text('an id'),
        name: text('a name'),
        ap: whole(0, 20, 'AP'),
        enc: whole(0, 50, 'ENC'),
        source: text().optional(),
      }),
    ),
  });
export const characteristicsSchema = z.strictObject({
  STR: whole(1, 100),
  CON: whole(1, 100),
  SIZ: whole(1, 100),
  DEX: whole(1, 100),
  // The SRD's mindless undead have none: a skeleton's INT, POW and CHA are 0.
  INT: whole(0, 100),
  POW: whole(0, 100),
  CHA: whole(0, 100),
});
export const skillsSchema = z.strictObject(
  Object.fromEntries(SKILLS.map((s) => [s, whole(0, 300, 'a skill %').optional()])) as Record<
    Skill,
    z.ZodOptional<z.ZodNumber>
  >,
);
const bestiarySchema = () =>
  z.strictObject({
    table: z.literal('openquest-bestiary', { error: 'expected table: openquest-bestiary' }),
    source: text('a source').optional(),
    creatures: z.array(
      z.strictObject({
        id: text('an id'),
        name: text('a name'),
        source: text().optional(),
        characteristics: characteristicsSchema,
        skills: skillsSchema.optional(),
        weapons: z.array(dataName('weapon', 'a weapon id')).optional(),
        armour: uniqueList(dataName('armour', 'an armour id')).optional(),
        group: text('a group').optional(),
        notPlayed: text('the rules not played').optional(),
      }),
    ),
  });

export function readCatalogue(files: { weapons: FileText; armour: FileText; bestiary: FileText }): Catalogue {
  const w = readDataFile(OQ_DATA_SCHEMAS.weapons, files.weapons).value;
  const a = readDataFile(OQ_DATA_SCHEMAS.armour, files.armour).value;
  const b = readDataFile(OQ_DATA_SCHEMAS.bestiary, files.bestiary).value;
  return {
    weapons: new Map(
      w.weapons.map((x) => {
        const d = parseDice(x.damage);
        return [
          x.id,
          {
            id: x.id,
            name: x.name,
            damage: { count: d.count, sides: d.sides, sign: 1, plus: d.plus },
            skill: x.skill,
            hands: x.hands ?? 1,
            shield: x.shield ?? false,
            natural: x.natural ?? false,
            mechanism: x.mechanism ?? false,
            range: typeof x.range === 'number' ? x.range : null,
            rangeBySTR: x.range === 'STR' ? 1 : x.range === 'STRx2' ? 2 : null,
            source: x.source ?? w.source ?? 'yours',
          },
        ];
      }),
    ),
    armour: new Map(
      a.armour.map((x) => [
        x.id,
        { id: x.id, name: x.name, ap: x.ap, enc: x.enc, source: x.source ?? a.source ?? 'yours' },
      ]),
    ),
    creatures: new Map(
      b.creatures.map((c) => [
        c.id,
        {
          id: c.id,
          name: c.name,
          characteristics: c.characteristics,
          skills: c.skills ?? {},
          weapons: c.weapons ?? [],
          armour: c.armour ?? [],
          source: c.source ?? b.source ?? 'yours',
          ...(c.group ? { group: c.group } : {}),
          ...(c.notPlayed ? { notPlayed: c.notPlayed } : {}),
        },
      ]),
    ),
  };
}

/** The shape of each of OpenQuest's data files (data/openquest/<name>.yaml), as readCatalogue checks it. */
export const OQ_DATA_SCHEMAS = {
  weapons: new DataSchema('openquest/weapons.yaml', weaponsSchema),
  armour: new DataSchema('openquest/armour.yaml', armourSchema),
  bestiary: new DataSchema('openquest/bestiary.yaml', bestiarySchema),
} as const;
