// The house rules' data (data/ahq-house): weapons, the house armour table, a bestiary and spells,
// each replaceable by a user's file of the same shape.
import { z } from 'zod';
import { DataSchema, readDataFile } from '../../core/data-file.js';
import type { FileText } from '../../core/ruleset.js';
import { dataName, flag, oneOf, text, uniqueList, whole } from '../../core/schema.js';

export interface Profile {
  readonly WS: number;
  readonly BS: number;
  readonly DS: number;
  readonly T: number;
  readonly W: number;
  readonly Sp: number;
  readonly St: number;
  readonly Br: number;
}
export const PROFILE_KEYS = ['WS', 'BS', 'DS', 'T', 'W', 'Sp', 'St', 'Br'] as const;

export interface Weapon {
  readonly id: string;
  readonly name: string;
  readonly dd: number;
  readonly long: boolean;
  readonly natural: boolean;
  readonly hands: 1 | 2;
  readonly range: number | null;
  /** Where the row comes from: its own `source:`, else its file's. */
  readonly source: string;
  /** The weapon table's dice, where a monster card gives its wielder others (`dd` then the card's). */
  readonly tableDd?: number;
}

export interface Armour {
  readonly id: string;
  readonly name: string;
  readonly DS: number;
  readonly BS: number;
  readonly T: number;
  readonly Sp: number;
  readonly St: number;
  readonly shield: boolean;
  readonly helmet: boolean;
  readonly source: string;
}

export type MonsterRule = 'infestation' | 'backstab' | 'run-amok' | 'panic';

export interface Spell {
  readonly id: string;
  readonly name: string;
  readonly college: string;
  readonly kind: 'bolt' | 'heal' | 'ward';
  readonly dd: number;
  readonly range: number;
  readonly source: string;
}

export interface Creature {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly profile: Profile;
  readonly weapons: readonly string[];
  readonly armour: readonly string[];
  readonly dd: number;
  readonly rules: readonly MonsterRule[];
  readonly beastmaster: number | null;
  readonly slavemaster: number | null;
  readonly spells: { readonly college: string; readonly list: readonly string[] } | null;
  readonly source: string;
  /** How the cards group it (Skaven, Orcs and Goblins, Chaos, Undead …). */
  readonly group?: string;
  /** Its rules that Fray does not play (fear, regeneration): said once when it fights. */
  readonly notPlayed?: string;
  /** Its card's damage dice in close combat: its blows roll these, whatever the weapon table says. */
  readonly damage: number | null;
  /** Its card's missile: the dice and the longest range it prints, for its missile weapon. */
  readonly ranged: { readonly dd: number; readonly range: number } | null;
  /** Its card's row of needs against a defender's skill 1 to 12, where it departs from the formula. */
  readonly toHit: readonly number[] | null;
}

export interface Catalogue {
  readonly weapons: ReadonlyMap<string, Weapon>;
  readonly armour: ReadonlyMap<string, Armour>;
  readonly creatures: ReadonlyMap<string, Creature>;
  readonly spells: ReadonlyMap<string, Spell>;
}

const stat = (what: string) => whole(0, 20, what);
export const profileSchema = z.strictObject({
  WS: stat('WS'),
  BS: stat('BS'),
  DS: stat('DS'),
  T: stat('T'),
  W: whole(1, 100, 'W'),
  Sp: stat('Sp'),
  St: stat('St'),
  Br: stat('Br'),
});
export const rulesSchema = z.array(oneOf(['infestation', 'backstab', 'run-amok', 'panic']));
export const spellsRefSchema = z.strictObject({
  college: text('a college'),
  list: uniqueList(dataName('spell', 'a spell id')).min(1),
});
const mod = whole(-10, 10, 'a modifier').optional();
/** The shape of each of the house rules' data files (data/ahq-house/<name>.yaml), as readCatalogue checks it. */
export const AHQ_DATA_SCHEMAS = {
  weapons: new DataSchema('ahq-house/weapons.yaml', () =>
    z.strictObject({
      table: z.literal('ahq-weapons', { error: 'expected table: ahq-weapons' }),
      source: text().optional(),
      weapons: z
        .array(
          z.strictObject({
            id: text('an id'),
            name: text('a name'),
            dd: whole(0, 12, 'damage dice'),
            long: flag().optional(),
            natural: flag().optional(),
            hands: z.union([z.literal(1), z.literal(2)], { error: 'expected 1 or 2' }).optional(),
            range: whole(1, 200, 'squares').optional(),
            source: text('a source').optional(),
          }),
        )
        .min(1),
    }),
  ),
  armour: new DataSchema('ahq-house/armour.yaml', () =>
    z.strictObject({
      table: z.literal('ahq-armour', { error: 'expected table: ahq-armour' }),
      source: text().optional(),
      armour: z.array(
        z.strictObject({
          id: text('an id'),
          name: text('a name'),
          DS: mod,
          BS: mod,
          T: mod,
          Sp: mod,
          St: mod,
          shield: flag().optional(),
          helmet: flag().optional(),
          source: text('a source').optional(),
        }),
      ),
    }),
  ),
  bestiary: new DataSchema('ahq-house/bestiary.yaml', () =>
    z.strictObject({
      table: z.literal('ahq-bestiary', { error: 'expected table: ahq-bestiary' }),
      source: text().optional(),
      creatures: z.array(
        z.strictObject({
          id: text('an id'),
          name: text('a name'),
          size: whole(1, 3, 'a size in squares').optional(),
          profile: profileSchema,
          weapons: z.array(dataName('weapon', 'a weapon id')).optional(),
          armour: uniqueList(dataName('armour', 'an armour id')).optional(),
          dd: whole(0, 12, 'damage dice').optional(),
          rules: rulesSchema.optional(),
          beastmaster: whole(1, 50, 'squares').optional(),
          slavemaster: whole(1, 50, 'squares').optional(),
          spells: spellsRefSchema.optional(),
          source: text('a source').optional(),
          group: text('a group').optional(),
          notPlayed: text('the rules not played').optional(),
          damage: whole(0, 20, 'damage dice').optional(),
          ranged: z
            .strictObject({ dd: whole(0, 20, 'damage dice'), range: whole(1, 200, 'squares') })
            .optional(),
          toHit: z
            .array(whole(2, 12, 'a D12 needed'))
            .length(12, { error: 'expected 12 needs, against a skill of 1 to 12' })
            .optional(),
        }),
      ),
    }),
  ),
  spells: new DataSchema('ahq-house/spells.yaml', () =>
    z.strictObject({
      table: z.literal('ahq-spells', { error: 'expected table: ahq-spells' }),
      source: text().optional(),
      spells: z.array(
        z.strictObject({
          id: text('an id'),
          name: text('a name'),
          college: text('a college'),
          kind: oneOf(['bolt', 'heal', 'ward']),
          dd: whole(0, 12, 'dice'),
          range: whole(0, 100, 'squares'),
          source: text('a source').optional(),
        }),
      ),
    }),
  ),
};

export function readCatalogue(files: {
  weapons: FileText;
  armour: FileText;
  bestiary: FileText;
  spells: FileText;
}): Catalogue {
  const w = readDataFile(AHQ_DATA_SCHEMAS.weapons, files.weapons).value;
  const a = readDataFile(AHQ_DATA_SCHEMAS.armour, files.armour).value;
  const b = readDataFile(AHQ_DATA_SCHEMAS.bestiary, files.bestiary).value;
  const s = readDataFile(AHQ_DATA_SCHEMAS.spells, files.spells).value;
  return {
    weapons: new Map(
      w.weapons.map((x) => [
        x.id,
        {
          id: x.id,
          name: x.name,
          dd: x.dd,
          long: x.long ?? false,
          natural: x.natural ?? false,
          hands: x.hands ?? 1,
          range: x.range ?? null,
          source: x.source ?? w.source ?? 'yours',
        },
      ]),
    ),
    armour: new Map(
      a.armour.map((x) => [
        x.id,
        {
          id: x.id,
          name: x.name,
          DS: x.DS ?? 0,
          BS: x.BS ?? 0,
          T: x.T ?? 0,
          Sp: x.Sp ?? 0,
          St: x.St ?? 0,
          shield: x.shield ?? false,
          helmet: x.helmet ?? false,
          source: x.source ?? a.source ?? 'yours',
        },
      ]),
    ),
    creatures: new Map(
      b.creatures.map((c) => [
        c.id,
        {
          id: c.id,
          name: c.name,
          size: c.size ?? 1,
          profile: c.profile,
          weapons: c.weapons ?? [],
          armour: c.armour ?? [],
          dd: c.dd ?? 1,
          rules: c.rules ?? [],
          beastmaster: c.beastmaster ?? null,
          slavemaster: c.slavemaster ?? null,
          spells: c.spells ?? null,
          source: c.source ?? b.source ?? 'yours',
          ...(c.group ? { group: c.group } : {}),
          ...(c.notPlayed ? { notPlayed: c.notPlayed } : {}),
          damage: c.damage ?? null,
          ranged: c.ranged ?? null,
          toHit: c.toHit ?? null,
        },
      ]),
    ),
    spells: new Map(s.spells.map((x) => [x.id, { ...x, source: x.source ?? s.source ?? 'yours' }])),
  };
}
