// The variant's own tables: weapon classes, the two critical charts the text names but does not
// print, and spells. Each is a file a user may replace; the shipped ones are labelled as ours.
import { z } from 'zod';
import { ValidationError, type Issue } from '../../core/document.js';
import { DataSchema, readDataFile } from '../../core/data-file.js';
import type { FileText } from '../../core/ruleset.js';
import { dataName, oneOf, text, whole } from '../../core/schema.js';
import { parseDice, type Dice } from '../../dice/notation.js';
import { consequencesSchema, durationSchema, type Catalogue } from '../wfrp1e/catalogue.js';
import type { CriticalEffect } from '../wfrp1e/data/criticals.js';

export interface WeaponClass {
  readonly id: string;
  readonly name: string;
  readonly mode: 'hand' | 'ballistic';
  readonly weapons: readonly string[];
  readonly specialist: boolean;
  readonly free: boolean;
}

export interface Classes {
  readonly hand: ReadonlyMap<string, WeaponClass>;
  readonly ballistic: ReadonlyMap<string, WeaponClass>;
  /** Weapon id → its class, per mode. */
  readonly handOf: ReadonlyMap<string, WeaponClass>;
  readonly ballisticOf: ReadonlyMap<string, WeaponClass>;
  readonly similar: ReadonlyMap<string, readonly string[]>;
  readonly oneAndAHalf: ReadonlyMap<string, string>;
  readonly draw: ReadonlyMap<string, number>;
  readonly length: ReadonlyMap<string, number>;
  readonly shieldModifier: ReadonlyMap<string, number>;
  readonly peoples: ReadonlySet<string>;
  readonly file: string;
  /** The file's `source:`: where its classes come from. */
  readonly source: string;
}

const classSchema = () =>
  z.strictObject({
    id: text('a class id'),
    name: text('a name'),
    weapons: z.array(dataName('weapon', 'a weapon id')),
    specialist: z.boolean().default(false),
    free: z.boolean().default(false),
  });

const classesSchema = () =>
  z.strictObject({
    table: z.literal('wfrp-cp-classes', { error: 'expected table: wfrp-cp-classes' }),
    source: text('a source').optional(),
    hand: z.array(classSchema()).min(1),
    ballistic: z.array(classSchema()).min(1),
    similar: z.array(z.tuple([text('a class id'), text('a class id')])).default([]),
    oneAndAHalf: z.record(z.string(), text('a class id')).default({}),
    draw: z.record(z.string(), whole(0, 5, 'actions')).default({}),
    length: z.record(z.string(), z.number({ error: 'expected metres' }).min(0).max(10)).default({}),
    shieldModifier: z.record(z.string(), whole(-50, 50)).default({}),
    peoples: z.array(text('a bestiary id')).default([]),
  });

/** Reads a class table and checks its ids against the WFRP 1e weapons and bestiary. */
export function parseClasses(f: FileText, cat: Catalogue): Classes {
  const { doc, value: v } = readDataFile(CP_DATA_SCHEMAS.classes, f);
  const issues: Issue[] = [];
  const build = (mode: 'hand' | 'ballistic') => {
    const byId = new Map<string, WeaponClass>();
    const of = new Map<string, WeaponClass>();
    v[mode].forEach((c, i) => {
      if (byId.has(c.id)) issues.push(doc.issue([mode, i, 'id'], `duplicate class '${c.id}'`));
      const wc: WeaponClass = { ...c, mode };
      byId.set(c.id, wc);
      c.weapons.forEach((w, j) => {
        const weapon = cat.weapons.get(w);
        if (!weapon) issues.push(doc.issue([mode, i, 'weapons', j], `unknown weapon '${w}'`));
        else if (mode === 'ballistic' && !weapon.missile)
          issues.push(doc.issue([mode, i, 'weapons', j], `'${w}' is not a missile weapon`));
        if (of.has(w))
          issues.push(doc.issue([mode, i, 'weapons', j], `'${w}' is already in class '${of.get(w)?.id}'`));
        of.set(w, wc);
      });
    });
    return { byId, of };
  };
  const hand = build('hand');
  const ballistic = build('ballistic');
  const similar = new Map<string, string[]>();
  v.similar.forEach(([a, b], i) => {
    for (const [k, id] of [
      [0, a],
      [1, b],
    ] as const) {
      if (!hand.byId.has(id) && !ballistic.byId.has(id))
        issues.push(doc.issue(['similar', i, k], `unknown class '${id}'`));
    }
    similar.set(a, [...(similar.get(a) ?? []), b]);
    similar.set(b, [...(similar.get(b) ?? []), a]);
  });
  for (const [w, c] of Object.entries(v.oneAndAHalf)) {
    if (!hand.byId.has(c)) issues.push(doc.issue(['oneAndAHalf', w], `unknown class '${c}'`));
  }
  for (const key of ['draw', 'length', 'shieldModifier', 'oneAndAHalf'] as const) {
    for (const w of Object.keys(v[key])) {
      if (!cat.weapons.has(w)) issues.push(doc.issue([key], `unknown weapon '${w}'`, w));
    }
  }
  v.peoples.forEach((p, i) => {
    if (!cat.creatures.has(p)) issues.push(doc.issue(['peoples', i], `unknown creature '${p}'`));
  });
  if (!hand.byId.has('unarmed') || !hand.byId.has('natural')) {
    issues.push(doc.issue(['hand'], 'expected the classes `unarmed` and `natural` (the rules need them)'));
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return {
    hand: hand.byId,
    ballistic: ballistic.byId,
    handOf: hand.of,
    ballisticOf: ballistic.of,
    similar,
    oneAndAHalf: new Map(Object.entries(v.oneAndAHalf)),
    draw: new Map(Object.entries(v.draw)),
    length: new Map(Object.entries(v.length)),
    shieldModifier: new Map(Object.entries(v.shieldModifier)),
    peoples: new Set(v.peoples),
    file: f.file,
    source: v.source ?? 'yours',
  };
}

/** One effect of the Fire and Energy or Falling and Crushing chart. */
export interface ChartEffect extends CriticalEffect {
  readonly burning?: true;
  readonly destroysHeld?: 'missile' | 'all';
}

export interface Charts {
  readonly fire: readonly ChartEffect[];
  readonly falling: readonly ChartEffect[];
  readonly file: string;
}

const chartEffectsSchema = () =>
  consequencesSchema().extend({
    diesIn: oneOf(['D4', 'D6']).optional(),
    helpless: z.literal(true).optional(),
    allChars: whole(-10, 0).optional(),
    prone: durationSchema().optional(),
    burning: z.literal(true).optional(),
    destroysHeld: oneOf(['missile', 'all']).optional(),
  });

const chartSchema = () =>
  z
    .array(
      z.strictObject({
        effect: whole(1, 16, 'an effect number'),
        text: text('a description'),
        effects: chartEffectsSchema(),
      }),
    )
    .length(16, { error: 'expected 16 entries, effects 1 to 16' });

const chartsSchema = () =>
  z.strictObject({
    table: z.literal('wfrp-cp-charts', { error: 'expected table: wfrp-cp-charts' }),
    source: text('a source').optional(),
    'fire-and-energy': chartSchema(),
    'falling-and-crushing': chartSchema(),
  });

export function parseCharts(f: FileText): Charts {
  const { doc, value: v } = readDataFile(CP_DATA_SCHEMAS.charts, f);
  const issues: Issue[] = [];
  const read = (key: 'fire-and-energy' | 'falling-and-crushing'): ChartEffect[] =>
    v[key].map((e, i) => {
      if (e.effect !== i + 1)
        issues.push(
          doc.issue([key, i, 'effect'], `expected effect ${i + 1} here (entries in order 1 to 16)`),
        );
      return { text: e.text, ...e.effects } as ChartEffect;
    });
  const out = { fire: read('fire-and-energy'), falling: read('falling-and-crushing'), file: f.file };
  if (issues.length > 0) throw new ValidationError(issues);
  return out;
}

export type SpellLevel = 'petty' | 1 | 2 | 3 | 4;

export interface Spell {
  readonly id: string;
  readonly name: string;
  readonly level: SpellLevel;
  readonly kind: 'touch' | 'missile' | 'self';
  readonly dice: Dice | null;
  readonly each: boolean;
  readonly resist: 'WP' | 'T' | 'I' | null;
  readonly onFail: 'asleep' | null;
  readonly fromT: Dice | null;
  readonly armour: number;
  readonly source: string;
}

const diceText = text('dice such as D10+3');

const spellsSchema = () =>
  z.strictObject({
    table: z.literal('wfrp-cp-spells', { error: 'expected table: wfrp-cp-spells' }),
    spells: z.array(
      z.strictObject({
        id: text('an id'),
        name: text('a name'),
        level: z.union([z.literal('petty'), whole(1, 4)], { error: 'expected petty or 1..4' }),
        kind: oneOf(['touch', 'missile', 'self']),
        dice: diceText.optional(),
        each: z.boolean().default(false),
        resist: oneOf(['WP', 'T', 'I']).optional(),
        onFail: oneOf(['asleep']).optional(),
        fromT: diceText.optional(),
        armour: whole(0, 5).default(0),
        source: text('a source'),
      }),
    ),
  });

export function parseSpells(f: FileText): ReadonlyMap<string, Spell> {
  const { doc, value: v } = readDataFile(CP_DATA_SCHEMAS.spells, f);
  const issues: Issue[] = [];
  const out = new Map<string, Spell>();
  v.spells.forEach((s, i) => {
    const dice = (field: 'dice' | 'fromT'): Dice | null => {
      const t = s[field];
      if (t === undefined) return null;
      try {
        return parseDice(t);
      } catch (e) {
        issues.push(doc.issue(['spells', i, field], (e as Error).message));
        return null;
      }
    };
    if (out.has(s.id)) issues.push(doc.issue(['spells', i, 'id'], `duplicate spell '${s.id}'`));
    if (s.kind === 'missile' && s.dice === undefined)
      issues.push(doc.issue(['spells', i], 'a missile spell needs `dice`'));
    if (s.kind === 'touch' && s.resist === undefined && s.fromT === undefined) {
      issues.push(doc.issue(['spells', i], 'a touch spell needs `resist` (with `onFail`) or `fromT`'));
    }
    out.set(s.id, {
      id: s.id,
      name: s.name,
      level: s.level as SpellLevel,
      kind: s.kind,
      dice: dice('dice'),
      each: s.each,
      resist: s.resist ?? null,
      onFail: s.onFail ?? null,
      fromT: dice('fromT'),
      armour: s.armour,
      source: s.source,
    });
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return out;
}

/** The shape of each of the Combat Points rules' data files (data/wfrp-cp/<name>.yaml), as the readers above check it. */
export const CP_DATA_SCHEMAS = {
  classes: new DataSchema('wfrp-cp/classes.yaml', classesSchema),
  charts: new DataSchema('wfrp-cp/charts.yaml', chartsSchema),
  spells: new DataSchema('wfrp-cp/spells.yaml', spellsSchema),
} as const;
