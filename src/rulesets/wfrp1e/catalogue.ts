import { z } from 'zod';
import { ValidationError, type SourceDoc } from '../../core/document.js';
import { DataSchema, readDataFile } from '../../core/data-file.js';
import { didYouMean } from '../../core/names.js';
import type { FileText, NameSources } from '../../core/ruleset.js';
import { dataName, flag, oneOf, text, whole, uniqueList } from '../../core/schema.js';
import { oneShape, type Consequences } from './data/criticals.js';
import { BODY_PLANS, type BodyPlanKind } from './data/locations.js';
import { WEAPON_GROUPS, type MountSize, type WeaponGroup } from './data/tables.js';

/** The WFRP 1e profile, in the text's order. */
export const CHARS = [
  'M',
  'WS',
  'BS',
  'S',
  'T',
  'W',
  'I',
  'A',
  'Dex',
  'Ld',
  'Int',
  'Cl',
  'WP',
  'Fel',
] as const;
export type Char = (typeof CHARS)[number];
/** A profile; null where the creature has no such characteristic ("-"). */
export type Profile = Readonly<Record<Char, number | null>>;

const LIMITS: Readonly<Record<Char, readonly [number, number]>> = {
  M: [0, 20],
  WS: [0, 100],
  BS: [0, 100],
  S: [0, 10],
  T: [0, 10],
  W: [0, 100],
  I: [0, 100],
  A: [0, 10],
  Dex: [0, 100],
  Ld: [0, 100],
  Int: [0, 100],
  Cl: [0, 100],
  WP: [0, 100],
  Fel: [0, 100],
};

/** Characteristics a creature may lack ("-" in a profile, as a wolf's BS). */
const MAY_LACK: ReadonlySet<Char> = new Set(['BS', 'Dex', 'Ld', 'Int', 'Cl', 'WP', 'Fel']);

function charSchema(c: Char) {
  const [lo, hi] = LIMITS[c];
  if (!MAY_LACK.has(c)) return whole(lo, hi) as z.ZodType<number | null>;
  const error = `expected a whole number ${lo}..${hi} or '-'`;
  return z.union([whole(lo, hi), z.literal('-').transform(() => null)], { error }) as z.ZodType<
    number | null
  >;
}

/** Every characteristic optional: a bestiary entry's override, or part of a full profile. */
export const partialProfileSchema = z.strictObject(
  Object.fromEntries(CHARS.map((c) => [c, charSchema(c).optional()])) as {
    [K in Char]: z.ZodOptional<ReturnType<typeof charSchema>>;
  },
);

/** Characteristics a fight cannot do without. */
export const REQUIRED_CHARS: readonly Char[] = ['WS', 'S', 'T', 'W', 'I', 'A'];

export type BandName = 'point-blank' | 'short' | 'long' | 'extreme';

/** One range band of a missile weapon: up to `upTo` yards, hits at this effective strength. */
export interface Band {
  readonly band: BandName;
  readonly upTo: number;
  /** A number; 'C' the thrower's S; 'F' fire; null: no damage (the lasso). */
  readonly es: number | 'C' | 'F' | null;
}

export type MissileKind =
  | 'bow'
  | 'crossbow'
  | 'sling'
  | 'thrown'
  | 'blowpipe'
  | 'lasso'
  | 'bolas'
  | 'bomb'
  | 'incendiary'
  | 'firearm';

export interface Missile {
  readonly kind: MissileKind;
  readonly bands: readonly Band[];
  readonly loadRounds: number;
  readonly perBarrel: boolean;
  readonly barrels: number;
  readonly shots: number;
  readonly magazine: number | null;
  readonly refillRounds: number | null;
  /** What it shoots (arrows, bolts, stones, darts, shot); none: the weapon itself is thrown. */
  readonly ammo: string | null;
  readonly improvised: boolean;
}

export interface Weapon {
  readonly id: string;
  readonly name: string;
  readonly group: WeaponGroup;
  /** Hands it takes: 0 for natural weapons. */
  readonly hands: 0 | 1 | 2;
  readonly parry: boolean;
  /** EI lost when drawn; 'round' takes the whole round; 'none' is always to hand. */
  readonly draw: -10 | -20 | 'round' | 'none';
  readonly specialist?: string;
  readonly natural: boolean;
  readonly shield: boolean;
  readonly light?: 'candle' | 'torch' | 'lamp' | 'lantern';
  readonly source: string;
  /** Can strike blows in hand-to-hand (bows cannot). */
  readonly melee: boolean;
  readonly missile?: Missile;
}

const weaponSchema = () =>
  z.strictObject({
    id: text('an id'),
    name: text('a name'),
    group: oneOf(WEAPON_GROUPS),
    hands: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'expected 0, 1 or 2' }),
    parry: flag(),
    draw: z.union([z.literal(-10), z.literal(-20), z.literal('round'), z.literal('none')], {
      error: 'expected -10, -20, round or none',
    }),
    specialist: text('a skill name').optional(),
    natural: flag().default(false),
    shield: flag().default(false),
    light: oneOf(['candle', 'torch', 'lamp', 'lantern']).optional(),
    source: text('a source'),
  });

export type Zone = 'head' | 'arms' | 'body' | 'legs';

export interface ArmourPiece {
  readonly id: string;
  readonly name: string;
  readonly covers: readonly Zone[];
  readonly kind: 'metal' | 'leather';
  /** The file's `source:`: where its pieces come from. */
  readonly source: string;
}

export interface Layering {
  readonly over: readonly string[];
  readonly under: readonly string[];
  readonly I: number;
}

const armourSchema = () =>
  z.strictObject({
    source: text('a source').optional(),
    pieces: z.array(
      z.strictObject({
        id: text('an id'),
        name: text('a name'),
        covers: z
          .array(oneOf(['head', 'arms', 'body', 'legs']))
          .min(1, { error: 'expected at least one location' }),
        kind: oneOf(['metal', 'leather']),
      }),
    ),
    layerings: z.array(
      z.strictObject({
        over: z.array(text('a piece id')).min(1),
        under: z.array(text('a piece id')).min(1),
        I: whole(-50, 0).default(0),
      }),
    ),
  });

export interface Creature {
  readonly id: string;
  readonly name: string;
  readonly source: string;
  readonly profile: Profile;
  readonly weapons: readonly string[];
  readonly armour: readonly string[];
  readonly height: number;
  readonly body: BodyPlanKind;
  readonly heads: number;
  readonly tail: boolean;
  readonly flying: boolean;
  readonly mountSize?: MountSize;
  readonly attacksWith?: readonly string[];
  readonly skills: readonly string[];
  readonly group?: string;
  readonly notPlayed?: string;
  /** Row of the night vision chart; absent: no night vision. */
  readonly sees?: string;
  /** non-magic: only magic weapons wound it (creatures.ts). */
  readonly immune?: 'non-magic';
  /** S: its blows take Strength from the living instead of wounding them (creatures.ts). */
  readonly drains?: 'S';
}

const creatureSchema = () =>
  z.strictObject({
    id: text('an id'),
    name: text('a name'),
    source: text('a source'),
    profile: partialProfileSchema,
    weapons: z.array(dataName('weapon', 'a weapon id')).default([]),
    armour: z.array(dataName('armour', 'an armour id')).default([]),
    height: z
      .number({ error: 'expected a height in feet' })
      .positive({ error: 'expected a height in feet' })
      .default(6),
    body: oneOf(BODY_PLANS).default('humanoid'),
    heads: whole(1, 12).default(1),
    tail: flag().default(false),
    flying: flag().default(false),
    mountSize: oneOf(['horse', 'larger']).optional(),
    attacksWith: z.array(text('a part id')).optional(),
    skills: uniqueList(text('a skill')).default([]),
    sees: text('a row of the night vision chart').optional(),
    /** How the rulebook's bestiary groups it (Humanoids, Animals and Monsters, Undead, Daemons). */
    group: text('a group').optional(),
    /** Its rules that Fray does not play (a breath, poison, regeneration): said once when it fights. */
    notPlayed: text('the rules not played').optional(),
    /** Its entry's rules that Fray plays (creatures.ts): only magic weapons wound it; its blows drain S. */
    immune: oneOf(['non-magic']).optional(),
    drains: oneOf(['S']).optional(),
  });

export const durationSchema = () =>
  z.union([whole(1, 100), oneOf(['D4', 'D6', 'D10', 'med'])], {
    error: 'expected a number of rounds, D4, D6, D10 or med',
  });

/** The effect vocabulary a user's fumble table may use (see docs/rulesets/wfrp1e.md, Effects). */
export const consequencesSchema = () =>
  z.strictObject({
    killed: z.literal(true).optional(),
    noAttacksNextRound: z.literal(true).optional(),
    parryOnly: durationSchema().optional(),
    noAction: durationSchema().optional(),
    prone: durationSchema().optional(),
    drop: oneOf(['hand', 'all']).optional(),
    handUseless: durationSchema().optional(),
    armUseless: durationSchema().optional(),
    toHit: whole(-100, 0).optional(),
    halveMI: durationSchema().optional(),
    charMods: z.partialRecord(oneOf(CHARS), whole(-100, 100)).optional(),
    charModRounds: whole(1, 100).optional(),
    unconscious: z.literal(true).optional(),
    bleed: z.union([z.literal(1), z.literal('D4'), z.literal('D6')]).optional(),
    selfHit: oneOf(['leg', 'arm', 'body']).optional(),
    weapon: oneOf(['destroyed', 'dropped', 'flies']).optional(),
    loseNextAttack: z.literal(true).optional(),
    friendHit: z.literal(true).optional(),
  });

export interface FumbleEntry {
  readonly roll: number;
  readonly source: string;
  readonly text: string;
  readonly effects: Consequences;
}

const DOUBLES = [11, 22, 33, 44, 55, 66, 77, 88, 99, 100];

const fumbleSchema = () =>
  z.strictObject({
    table: z.literal('wfrp1e-fumbles', { error: 'expected table: wfrp1e-fumbles' }),
    entries: z
      .array(
        z.strictObject({
          roll: z.union(
            DOUBLES.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>],
            { error: 'expected a double: 11, 22, … 99, or 100 for 00' },
          ),
          source: text('a source'),
          text: text('a description'),
          effects: consequencesSchema(),
        }),
      )
      .length(10, { error: 'expected one entry for each double 11 … 00 (10 entries)' }),
  });

export interface Catalogue {
  /** Hand weapons and missile weapons, by id (a spear is both). */
  readonly weapons: ReadonlyMap<string, Weapon>;
  /** The night vision chart: yards, or Infinity for "as daylight". */
  readonly nightVision: ReadonlyMap<string, number>;
  readonly armour: ReadonlyMap<string, ArmourPiece>;
  readonly layerings: readonly Layering[];
  readonly creatures: ReadonlyMap<string, Creature>;
  readonly fumbles: ReadonlyMap<number, FumbleEntry>;
  readonly fumbleSource: string;
}

function byId<T extends { id: string }>(
  doc: SourceDoc,
  items: readonly T[],
  listPath: string,
): Map<string, T> {
  const map = new Map<string, T>();
  items.forEach((item, i) => {
    if (map.has(item.id))
      throw new ValidationError([doc.issue([listPath, i, 'id'], `duplicate id '${item.id}'`)]);
    map.set(item.id, item);
  });
  return map;
}

const weaponsFileSchema = () => z.strictObject({ weapons: z.array(weaponSchema()) });

export function parseWeapons(f: FileText): Map<string, Weapon> {
  const { doc, value: v } = readDataFile(WFRP1E_DATA_SCHEMAS.weapons, f);
  return byId(doc, v.weapons.map((w) => ({ ...w, melee: true })) as Weapon[], 'weapons');
}

const esSchema = () =>
  z.union([whole(0, 10), z.literal('C'), z.literal('F'), z.literal('-').transform(() => null)], {
    error: "expected an effective strength 0..10, C (the thrower's S), F (fire) or '-'",
  });

const bandSchema = () =>
  z
    .tuple(
      [oneOf(['point-blank', 'short', 'long', 'extreme']), whole(1, 10_000, 'a range in yards'), esSchema()],
      {
        error: 'expected [band, yards, ES], such as [short, 24, 3]',
      },
    )
    .transform(([band, upTo, es]) => ({ band, upTo, es }) as Band);

const missileSchema = () =>
  z.strictObject({
    id: text('an id'),
    name: text('a name'),
    kind: oneOf([
      'bow',
      'crossbow',
      'sling',
      'thrown',
      'blowpipe',
      'lasso',
      'bolas',
      'bomb',
      'incendiary',
      'firearm',
    ]),
    hands: z.union([z.literal(1), z.literal(2)], { error: 'expected 1 or 2' }),
    draw: z.union([z.literal(-10), z.literal(-20), z.literal('round'), z.literal('none')], {
      error: 'expected -10, -20, round or none',
    }),
    loadRounds: whole(0, 10),
    perBarrel: flag().default(false),
    barrels: whole(1, 10).default(1),
    shots: whole(1, 5).default(1),
    magazine: whole(1, 100).optional(),
    refillRounds: whole(1, 20).optional(),
    ammo: text('what it shoots').optional(),
    specialist: text('a skill name').optional(),
    improvised: flag().default(false),
    bands: z.array(bandSchema()).min(1, { error: 'expected at least one range band' }),
  });

const missilesFileSchema = () => z.strictObject({ missiles: z.array(missileSchema()) });

/** Missile weapons joined to the hand weapons: a spear keeps its hand-to-hand entry and gains a throw. */
export function parseMissiles(f: FileText, weapons: Map<string, Weapon>): void {
  const { doc, value: v } = readDataFile(WFRP1E_DATA_SCHEMAS.missiles, f);
  const issues = [];
  for (const [i, m] of v.missiles.entries()) {
    const order = ['point-blank', 'short', 'long', 'extreme'];
    for (let k = 1; k < m.bands.length; k++) {
      const a = m.bands[k - 1] as Band;
      const b = m.bands[k] as Band;
      if (b.upTo <= a.upTo || order.indexOf(b.band) <= order.indexOf(a.band)) {
        issues.push(
          doc.issue(
            ['missiles', i, 'bands', k],
            `range bands must run outward: ${b.band} ${b.upTo} after ${a.band} ${a.upTo}`,
          ),
        );
      }
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  for (const m of v.missiles) {
    const missile: Missile = {
      kind: m.kind,
      bands: m.bands,
      loadRounds: m.loadRounds,
      perBarrel: m.perBarrel,
      barrels: m.barrels,
      shots: m.shots,
      magazine: m.magazine ?? null,
      refillRounds: m.refillRounds ?? null,
      ammo: m.ammo ?? null,
      improvised: m.improvised,
    };
    const melee = weapons.get(m.id);
    if (melee) {
      weapons.set(m.id, { ...melee, missile });
    } else {
      weapons.set(m.id, {
        id: m.id,
        name: m.name,
        group: 'improvised',
        hands: m.hands,
        parry: false,
        draw: m.draw,
        ...(m.specialist ? { specialist: m.specialist } : {}),
        natural: false,
        shield: false,
        source: 'WFRP 1e (1986), Combat',
        melee: false,
        missile,
      });
    }
  }
}

const nightVisionFileSchema = () =>
  z.strictObject({
    chart: z.record(
      z.string(),
      z.union([whole(0, 1000), z.literal('daylight')], { error: 'expected yards or daylight' }),
    ),
  });

export function parseNightVision(f: FileText): Map<string, number> {
  const { value: v } = readDataFile(WFRP1E_DATA_SCHEMAS['night-vision'], f);
  return new Map(Object.entries(v.chart).map(([k, y]) => [k, y === 'daylight' ? Infinity : y]));
}

export function parseArmour(f: FileText): { pieces: Map<string, ArmourPiece>; layerings: Layering[] } {
  const { doc, value: v } = readDataFile(WFRP1E_DATA_SCHEMAS.armour, f);
  const source = v.source ?? 'yours';
  const pieces = byId(
    doc,
    v.pieces.map((p) => ({ ...p, source })),
    'pieces',
  );
  const issues = [];
  for (const [i, l] of v.layerings.entries()) {
    for (const [side, ids] of [
      ['over', l.over],
      ['under', l.under],
    ] as const) {
      for (const [j, id] of ids.entries()) {
        if (!pieces.has(id))
          issues.push(
            doc.issue(['layerings', i, side, j], `unknown piece '${id}'${didYouMean(id, pieces.keys())}`),
          );
      }
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return { pieces, layerings: v.layerings };
}

const bestiaryFileSchema = () => z.strictObject({ creatures: z.array(creatureSchema()) });

export function parseCreatures(
  f: FileText,
  weapons: ReadonlyMap<string, Weapon>,
  armour: ReadonlyMap<string, ArmourPiece>,
  nightVision: ReadonlyMap<string, number>,
): Map<string, Creature> {
  const { doc, value: v } = readDataFile(WFRP1E_DATA_SCHEMAS.bestiary, f);
  const issues = [];
  for (const [i, c] of v.creatures.entries()) {
    for (const ch of REQUIRED_CHARS) {
      if (c.profile[ch] === undefined || c.profile[ch] === null)
        issues.push(doc.issue(['creatures', i, 'profile'], `${ch} is required`));
    }
    for (const [j, w] of c.weapons.entries()) {
      if (!weapons.has(w))
        issues.push(
          doc.issue(['creatures', i, 'weapons', j], `unknown weapon '${w}'${didYouMean(w, weapons.keys())}`),
        );
    }
    for (const [j, a] of c.armour.entries()) {
      if (!armour.has(a))
        issues.push(
          doc.issue(['creatures', i, 'armour', j], `unknown armour '${a}'${didYouMean(a, armour.keys())}`),
        );
    }
    if (c.sees !== undefined && !nightVision.has(c.sees)) {
      issues.push(
        doc.issue(
          ['creatures', i, 'sees'],
          `no row '${c.sees}' in the night vision chart${didYouMean(c.sees, nightVision.keys())}`,
        ),
      );
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  const full = v.creatures.map((c) => ({
    ...c,
    profile: Object.fromEntries(CHARS.map((ch) => [ch, c.profile[ch] ?? null])) as Profile,
  }));
  return byId(doc, full as Creature[], 'creatures');
}

export function parseFumbles(f: FileText): { entries: Map<number, FumbleEntry>; file: string } {
  const { doc, value: v } = readDataFile(WFRP1E_DATA_SCHEMAS.fumbles, f);
  const entries = new Map<number, FumbleEntry>();
  for (const [i, e] of v.entries.entries()) {
    if (entries.has(e.roll))
      throw new ValidationError([doc.issue(['entries', i, 'roll'], `duplicate entry ${e.roll}`)]);
    entries.set(e.roll, { ...e, effects: oneShape(e.effects as Consequences) } as FumbleEntry);
  }
  return { entries, file: f.file };
}

/** Where the names its combatant entries give are looked up (readCatalogue in encounter.ts reads the same lists): missiles.yaml adds the missile weapons to the hand weapons. */
export const WFRP1E_NAMES = {
  creature: ['bestiary.yaml#creatures'],
  weapon: ['weapons.yaml#weapons', 'missiles.yaml#missiles'],
  armour: ['armour.yaml#pieces'],
} as const satisfies NameSources;

/** The shape of each of WFRP 1e's data files (data/wfrp1e/<name>.yaml), as the parsers above check it. */
export const WFRP1E_DATA_SCHEMAS = {
  weapons: new DataSchema('wfrp1e/weapons.yaml', weaponsFileSchema),
  missiles: new DataSchema('wfrp1e/missiles.yaml', missilesFileSchema),
  armour: new DataSchema('wfrp1e/armour.yaml', armourSchema),
  'night-vision': new DataSchema('wfrp1e/night-vision.yaml', nightVisionFileSchema),
  bestiary: new DataSchema('wfrp1e/bestiary.yaml', bestiaryFileSchema),
  fumbles: new DataSchema('wfrp1e/fumbles.yaml', fumbleSchema),
} as const;
