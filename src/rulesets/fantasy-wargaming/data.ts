// Fantasy Wargaming's weapons and armour (data/fantasy-wargaming), ours and replaceable.
import { z } from 'zod';
import { DataSchema, readDataFile } from '../../core/data-file.js';
import type { FileText } from '../../core/ruleset.js';
import { oneOf, text, whole } from '../../core/schema.js';
import { parseDice, type Dice } from '../../dice/notation.js';

export interface Weapon {
  readonly id: string;
  readonly name: string;
  readonly kind: 'melee' | 'missile' | 'shield' | 'natural';
  readonly hands: 1 | 2;
  readonly length: number;
  readonly damage: Dice;
  readonly damageText: string;
  readonly encumbrance: number;
  readonly strength: number;
  readonly agility: number;
  readonly range: number | null;
  readonly defence: number | null;
  /** Where the row comes from: its own `source:`, else its file's. */
  readonly source: string;
}

export interface Armour {
  readonly id: string;
  readonly name: string;
  readonly protection: number;
  readonly agility: number;
  readonly source: string;
}

export interface Catalogue {
  readonly weapons: ReadonlyMap<string, Weapon>;
  readonly armour: ReadonlyMap<string, Armour>;
}

const diceText = text('dice such as 1D8 or 2D6+1').refine((s) => /^\d*D\d+([+-]\d+)?$/i.test(s), {
  error: 'expected dice such as 1D8 or 2D6+1',
});
const weaponsSchema = () =>
  z.strictObject({
    table: z.literal('fantasy-wargaming-weapons', { error: 'expected table: fantasy-wargaming-weapons' }),
    source: text().optional(),
    weapons: z
      .array(
        z.strictObject({
          id: text('an id'),
          name: text('a name'),
          kind: oneOf(['melee', 'missile', 'shield', 'natural']),
          hands: z.union([z.literal(1), z.literal(2)], { error: 'expected 1 or 2' }).optional(),
          length: whole(0, 30, 'feet'),
          damage: diceText,
          encumbrance: whole(0, 30, 'encumbrance'),
          strength: whole(0, 40, 'a physique'),
          agility: whole(0, 40, 'an agility'),
          range: whole(1, 1000, 'yards').optional(),
          defence: whole(0, 50, "a shield's defensive value").optional(),
          source: text('a source').optional(),
        }),
      )
      .min(1),
  });
const armourSchema = () =>
  z.strictObject({
    table: z.literal('fantasy-wargaming-armour', { error: 'expected table: fantasy-wargaming-armour' }),
    source: text().optional(),
    armour: z.array(
      z.strictObject({
        id: text('an id'),
        name: text('a name'),
        protection: whole(0, 30, 'protection'),
        agility: whole(0, 30, "the armour's agility value"),
        source: text('a source').optional(),
      }),
    ),
  });

export function readCatalogue(files: { weapons: FileText; armour: FileText }): Catalogue {
  const w = readDataFile(FW_DATA_SCHEMAS.weapons, files.weapons).value;
  const a = readDataFile(FW_DATA_SCHEMAS.armour, files.armour).value;
  return {
    weapons: new Map(
      w.weapons.map((x) => [
        x.id,
        {
          id: x.id,
          name: x.name,
          kind: x.kind,
          hands: x.hands ?? 1,
          length: x.length,
          damage: parseDice(x.damage),
          damageText: x.damage.toUpperCase(),
          encumbrance: x.encumbrance,
          strength: x.strength,
          agility: x.agility,
          range: x.range ?? null,
          defence: x.defence ?? null,
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
          protection: x.protection,
          agility: x.agility,
          source: x.source ?? a.source ?? 'yours',
        },
      ]),
    ),
  };
}

/** The shape of Fantasy Wargaming's weapon and armour files (data/fantasy-wargaming/<name>.yaml). */
export const FW_DATA_SCHEMAS = {
  weapons: new DataSchema('fantasy-wargaming/weapons.yaml', weaponsSchema),
  armour: new DataSchema('fantasy-wargaming/armour.yaml', armourSchema),
} as const;
