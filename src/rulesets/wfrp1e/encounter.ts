import { z } from 'zod';
import type { Path, Reporter } from '../../core/document.js';
import { EncounterLoader } from '../../core/loader.js';
import { didYouMean, editDistance } from '../../core/names.js';
import type { DocPart, FileText, LoadEnv, Options, SetupCore } from '../../core/ruleset.js';
import { overlapping } from '../../space/plane.js';
import { dataName, flag, oneOf, text, uniqueList, whole } from '../../core/schema.js';
import {
  CHARS,
  REQUIRED_CHARS,
  parseArmour,
  parseCreatures,
  parseFumbles,
  parseMissiles,
  parseNightVision,
  parseWeapons,
  partialProfileSchema,
  type ArmourPiece,
  type Catalogue,
  type Char,
  type Creature,
  type Profile,
  type Weapon,
} from './catalogue.js';
import { parseDice, type Dice } from '../../dice/notation.js';
import { BODY_PLANS, PARTS, type BodyPlan } from './data/locations.js';
import { baseRadius } from './data/scene.js';
import type { MountSize } from './data/tables.js';
import type { W1Options } from './options.js';
import { normaliseSkill, specialistSkill } from './rules.js';

export const LOCATION_CHOICES = [
  'none',
  'head',
  'right-arm',
  'left-arm',
  'body',
  'right-leg',
  'left-leg',
] as const;

/** How a combatant decides when nobody decides for it (simulation, NPCs). Defaults in comments. */
export interface Tactics {
  /** With a missile weapon: shoot until engaged (fire), or keep it for later (hold). */
  readonly missile: 'fire' | 'hold';
  /** Close with the enemy (close) or wait for it to come (hold). */
  readonly melee: 'close' | 'hold';
  /** How fast to advance when too far to charge. */
  readonly advance: 'running' | 'standard' | 'cautious';
  /** Engaged with a missile weapon in hand: drop it and draw a hand weapon. */
  readonly dropMissile: boolean;
  /** auto: parry blows that could bring W to 0; never; always (when allowed). */
  readonly parry: 'auto' | 'never' | 'always';
  /** Flee when W falls below this (0: never). */
  readonly fleeBelow: number;
  /** Press a beaten opponent (true) or hold back. */
  readonly press: boolean;
  /** Strike to stun instead of to wound. */
  readonly stun: boolean;
  /** Aim targeted blows at this location ('none': don't). */
  readonly aim: (typeof LOCATION_CHOICES)[number];
  /** Grapple when unarmed. */
  readonly grapple: boolean;
  /** Whom to pick among opponents: the most wounded or the first. */
  readonly target: 'weakest' | 'first';
  /** Fliers: dive in and climb out each round (true) or stay and fight. */
  readonly dive: boolean;
  /** Spend a round tending a bleeding or dying friend when not engaged. */
  readonly tend: boolean;
}

const DEFAULT_TACTICS: Tactics = {
  missile: 'fire',
  melee: 'close',
  advance: 'running',
  dropMissile: true,
  parry: 'auto',
  fleeBelow: 0,
  press: true,
  stun: false,
  aim: 'none',
  grapple: false,
  target: 'weakest',
  dive: true,
  tend: true,
};

const tacticsSchema = z.strictObject({
  missile: oneOf(['fire', 'hold']).optional(),
  melee: oneOf(['close', 'hold']).optional(),
  advance: oneOf(['running', 'standard', 'cautious']).optional(),
  dropMissile: flag().optional(),
  parry: oneOf(['auto', 'never', 'always']).optional(),
  fleeBelow: whole(0, 100).optional(),
  press: flag().optional(),
  stun: flag().optional(),
  aim: oneOf(LOCATION_CHOICES).optional(),
  grapple: flag().optional(),
  target: oneOf(['weakest', 'first']).optional(),
  dive: flag().optional(),
  tend: flag().optional(),
});

const situationSchema = z.strictObject({
  /** § To Hit Modifiers: Advantage of Ground, +10. */
  higherGround: flag().optional(),
  /** § To Hit Modifiers: Obstacle, -10 to those attacking this combatant. */
  obstacle: flag().optional(),
  /** Attacks this combatant's opponents from behind (no parry; § Tails, Hydra, Centaur, winged). */
  behind: flag().optional(),
  /** § Missile Fire, To Hit Modifiers: partly hidden by vegetation (soft) or stonework (hard). */
  cover: oneOf(['soft', 'hard']).optional(),
});

const pointSchema = z
  .union(
    [
      z.tuple([z.number({ error: 'expected x in yards' }), z.number({ error: 'expected y in yards' })]),
      z.strictObject({
        x: z.number({ error: 'expected x in yards' }),
        y: z.number({ error: 'expected y in yards' }),
      }),
    ],
    { error: 'expected a position in yards: [x, y] or { x, y }' },
  )
  .transform((p) => (Array.isArray(p) ? { x: p[0], y: p[1] } : p))
  .refine((p) => Math.abs(p.x) <= 100_000 && Math.abs(p.y) <= 100_000, {
    error: 'expected a position within 100,000 yards',
  });

const bodySchema = {
  height: z
    .number({ error: 'expected a height in feet' })
    .positive({ error: 'expected a height in feet' })
    .optional(),
  body: oneOf(BODY_PLANS).optional(),
  heads: whole(1, 12).optional(),
  tail: flag().optional(),
  flying: flag().optional(),
  mountSize: oneOf(['horse', 'larger']).optional(),
};

const mountSchema = z.strictObject({
  use: dataName('creature', 'a creature from the bestiary'),
  name: text('a name').optional(),
  profile: partialProfileSchema.optional(),
  weapons: z.array(dataName('weapon', 'a weapon id')).optional(),
  armour: z.array(dataName('armour', 'an armour id')).optional(),
  tactics: tacticsSchema.optional(),
  wounds: whole(0, 100).optional(),
  ...bodySchema,
});

/** One lasting effect of a critical (§ Critical Hits): a hand that is no use, a to-hit penalty, characteristics changed or halved. */
const lastingSchema = z.strictObject({
  why: text('what it is ("right hand lost")'),
  hand: oneOf(['right', 'left']).optional(),
  toHit: whole(-100, 100).optional(),
  change: z.partialRecord(oneOf(CHARS), whole(-100, 100)).optional(),
  halve: uniqueList(oneOf(CHARS)).optional(),
});

export type LastingEffect = z.infer<typeof lastingSchema>;

export const combatantSchema = z.strictObject({
  name: text('a name').optional(),
  use: dataName('creature', 'a creature from the bestiary').optional(),
  count: whole(1, 100).optional(),
  /** Not in the fight at the start: the GM brings it in (docs/table-play.md). */
  enters: flag().optional(),
  profile: partialProfileSchema.optional(),
  /** Held in hand at the start. */
  weapons: z.array(dataName('weapon', 'a weapon id')).optional(),
  /** Sheathed or at the belt: drawn with § Take-Up Actions. */
  carried: z.array(dataName('weapon', 'a weapon id')).optional(),
  /** Its weapons (held, carried or natural) that are magic: they wound what only magic hurts (a Wight, a Ghost). */
  magic: uniqueList(dataName('weapon', 'a weapon id')).optional(),
  armour: z.array(dataName('armour', 'an armour id')).optional(),
  skills: uniqueList(text('a skill')).optional(),
  leftHanded: flag().optional(),
  /** W at the start, if already hurt. */
  wounds: whole(0, 100).optional(),
  tactics: tacticsSchema.optional(),
  mount: mountSchema.optional(),
  situation: situationSchema.optional(),
  /** Asleep: a static target until struck (§ Prone and Static Targets). */
  asleep: flag().optional(),
  /** Where it stands, in yards (north is +y). Without it, the encounter's `start` places it. */
  at: pointSchema.optional(),
  /** Fliers: yards above the ground. */
  altitude: z
    .number({ error: 'expected yards' })
    .min(0, { error: 'expected 0 or more yards' })
    .max(1000, { error: 'expected at most 1000 yards' })
    .optional(),
  /** The way it faces, degrees clockwise from north. */
  facing: z
    .number({ error: 'expected degrees 0..359' })
    .min(0, { error: 'expected degrees 0..359' })
    .max(359.99, { error: 'expected degrees 0..359' })
    .optional(),
  /** Missile weapons loaded at the start (§ Carrying Loaded Weapons: +10 I to fire in the round). */
  loaded: uniqueList(dataName('weapon', 'a missile weapon id')).optional(),
  /** Ammunition in all for each missile weapon, the loaded shot included (default 20; thrown weapons: how many). */
  ammo: z.record(z.string(), whole(0, 1000, 'a count')).optional(),
  /** Firearms whose charge is damp (§ Damp): they will not fire until reloaded. */
  damp: uniqueList(dataName('weapon', 'a firearm id')).optional(),
  /** Already aiming at this enemy (by name) when the fight begins: its first shot may be at extreme range. */
  aiming: text("an enemy's name").optional(),
  /** § Take-Up Actions, Pack Items: total ENC in the pack, and what is in it. */
  pack: z.strictObject({ enc: whole(0, 10000), items: z.array(text('an item')).default([]) }).optional(),
  /** What a past fight left that lasts (a lost hand, an eye, wounds that weaken): `fray party apply` writes it. */
  lasting: z.array(lastingSchema).optional(),
  ...bodySchema,
});

const sideSchema = z.strictObject({
  name: text('a side name'),
  /** The player characters' side (for the Effective Initiative edge and monsterParry). */
  players: flag().optional(),
  /** § Initiative and Surprise: does nothing in the first round. */
  surprised: flag().optional(),
  /** § Ambush: hidden; every other side is surprised. */
  ambush: flag().optional(),
  combatants: z.array(combatantSchema).min(1, { error: 'expected at least one combatant' }),
});

export const encounterSchema = z.strictObject({
  ruleset: z.literal('wfrp1e'),
  title: text('a title').optional(),
  description: text('a description', true).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  maxRounds: whole(1, 100_000).optional(),
  /**
   * engaged: the fight opens in hand-to-hand; charge: within charging distance, not yet engaged;
   * { distance }: the sides start that many yards apart (a number, or dice such as 4D6), in the
   * scene of battle; with `shortcut`, firers shoot at the advancing enemy in one step (§ Timekeeping).
   */
  start: z
    .union(
      [
        oneOf(['engaged', 'charge']),
        z.strictObject({
          distance: z.union([whole(0, 10_000, 'yards'), text('dice such as 4D6')], {
            error: 'expected yards or dice such as 4D6',
          }),
          shortcut: flag().optional(),
        }),
      ],
      { error: 'expected engaged, charge, or { distance: yards or dice }' },
    )
    .optional(),
  /** § Positioning and Detection: in the dark, sight is night vision or a light. */
  light: oneOf(['daylight', 'dark']).optional(),
  /** Wandering creatures: the side, and where they may come from (D6 in a corridor, D12 outdoors). */
  wandering: z
    .strictObject({ side: text('a side name'), approach: oneOf(['corridor', 'outdoors']) })
    .optional(),
  /** § Bursting Through Doors: this side bursts in; the GM says whether the others are surprised. */
  door: z.strictObject({ side: text('a side name') }).optional(),
  /** Replacement tables (our fumble entries), relative to this file. */
  tables: z.strictObject({ fumbles: text('a file path').optional() }).optional(),
  sides: z.array(sideSchema).min(2, { error: 'expected at least two sides' }),
});

/** What a variant of these rules changes in the encounter file: fields added, fields left out. */
export interface EncounterVariant {
  readonly id: string;
  readonly combatant?: z.ZodRawShape;
  readonly side?: z.ZodRawShape;
  readonly encounter?: z.ZodRawShape;
  readonly leaveOutOfSide?: readonly string[];
  readonly leaveOutOfEncounter?: readonly string[];
}

const mask = (keys: readonly string[] = []): Record<string, true> =>
  Object.fromEntries(keys.map((k) => [k, true]));

/** The encounter schema of WFRP 1e, or of a variant built on it (the Combat Points rules). */
export function encounterSchemaFor(v: EncounterVariant): z.ZodType<EncounterDoc> {
  const combatant = combatantSchema.extend(v.combatant ?? {});
  const side = sideSchema.omit(mask(v.leaveOutOfSide) as never).extend({
    ...(v.side ?? {}),
    combatants: z.array(combatant).min(1, { error: 'expected at least one combatant' }),
  });
  return encounterSchema.omit(mask(v.leaveOutOfEncounter) as never).extend({
    ...(v.encounter ?? {}),
    ruleset: z.literal(v.id),
    sides: z.array(side).min(2, { error: 'expected at least two sides' }),
  }) as unknown as z.ZodType<EncounterDoc>;
}

type EncounterDoc = z.infer<typeof encounterSchema>;
type CombatantDoc = z.infer<typeof combatantSchema>;
type MountDoc = z.infer<typeof mountSchema>;

export interface SideSpec {
  readonly name: string;
  readonly players: boolean;
  readonly surprised: boolean;
  readonly ambush: boolean;
}

/** One combatant, resolved against the catalogue and ready to fight. */
export interface FighterSpec {
  readonly id: string;
  readonly name: string;
  readonly side: number;
  readonly profile: Profile;
  readonly W: number;
  readonly right: Weapon | null;
  readonly left: Weapon | null;
  readonly natural: readonly Weapon[];
  readonly carried: readonly Weapon[];
  readonly armour: readonly ArmourPiece[];
  readonly skills: readonly string[];
  readonly tactics: Tactics;
  /** `tactics.parry` written in the file: the combatant's own, over the option monsterParry. */
  readonly parryGiven: boolean;
  readonly leftHanded: boolean;
  readonly body: BodyPlan;
  readonly height: number;
  readonly flying: boolean;
  readonly mountSize: MountSize | null;
  readonly attacksWith: readonly string[];
  readonly situation: {
    readonly higherGround: boolean;
    readonly obstacle: boolean;
    readonly behind: boolean;
  };
  readonly asleep: boolean;
  readonly pack: { readonly enc: number; readonly items: readonly string[] } | null;
  readonly at: { readonly x: number; readonly y: number } | null;
  readonly altitude: number;
  readonly facing: number | null;
  readonly loaded: readonly string[];
  readonly ammo: Readonly<Record<string, number>>;
  readonly damp: readonly string[];
  readonly aiming: string | null;
  /** Night vision in yards (0: none; Infinity: as daylight). */
  readonly nightVision: number;
  readonly cover: 'soft' | 'hard' | null;
  /** Id of the mount this combatant rides, or of the rider this mount carries. */
  readonly mountId: string | null;
  readonly riderId: string | null;
  readonly creature: string | null;
  /** Effects of past fights that hold from the start (see lastingSchema). */
  readonly lasting: readonly LastingEffect[];
  /** Ids of its weapons that are magic (`magic:`). */
  readonly magic: readonly string[];
  /** Its bestiary row's rules that the engine plays (creatures.ts): only magic weapons wound it; its blows drain S. */
  readonly immune: 'non-magic' | null;
  readonly drains: 'S' | null;
  /** Living: not of the bestiary's Undead or Daemons (a Wight drains the living and wounds the rest). */
  readonly living: boolean;
}

export interface W1Setup extends SetupCore {
  readonly options: W1Options;
  readonly optionValues: Options;
  readonly catalogue: Catalogue;
  readonly start: 'engaged' | 'charge' | 'apart';
  /** Positions are kept: a distance or positions were given. */
  readonly spatial: boolean;
  /** The starting distance in yards, or dice to roll for it. */
  readonly distance: number | Dice | null;
  readonly shortcut: boolean;
  readonly light: 'daylight' | 'dark';
  readonly wandering: { readonly side: number; readonly approach: 'corridor' | 'outdoors' } | null;
  readonly door: { readonly side: number } | null;
  readonly sides: readonly SideSpec[];
  readonly fighters: readonly FighterSpec[];
}

/** Skills the rules read; others are accepted as written. */
export const KNOWN_SKILLS = ['ambidextrous', 'strike to stun', 'street fighting', 'wrestling'] as const;

const catalogueCache = new Map<string, Catalogue>();

function readCatalogue(env: LoadEnv, fumbleFile: FileText): Catalogue {
  const w = env.readData('wfrp1e', 'weapons.yaml');
  const m = env.readData('wfrp1e', 'missiles.yaml');
  const a = env.readData('wfrp1e', 'armour.yaml');
  const n = env.readData('wfrp1e', 'night-vision.yaml');
  const b = env.readData('wfrp1e', 'bestiary.yaml');
  const f = fumbleFile;
  const key = [w, m, a, n, b, f].map((x) => `${x.file}\u0000${x.text}`).join('\u0001');
  const cached = catalogueCache.get(key);
  if (cached) return cached;
  const weapons = parseWeapons(w);
  parseMissiles(m, weapons);
  const armour = parseArmour(a);
  const nightVision = parseNightVision(n);
  const creatures = parseCreatures(b, weapons, armour.pieces, nightVision);
  const fumbles = parseFumbles(f);
  const cat: Catalogue = {
    weapons,
    nightVision,
    armour: armour.pieces,
    layerings: armour.layerings,
    creatures,
    fumbles: fumbles.entries,
    fumbleSource: fumbles.file,
  };
  catalogueCache.set(key, cat);
  return cat;
}

/** Where each combatant stands in the file, with the fields as written: a variant reads its own from them. */
export interface Written {
  readonly path: Path;
  readonly doc: Readonly<Record<string, unknown>>;
}

/**
 * Checks and resolves an encounter of WFRP 1e or of a variant (its schema and typed options);
 * `written` gives each combatant's place in the file, by id.
 */
export function loadEncounter(
  schema: z.ZodType<EncounterDoc>,
  typed: W1Options,
  part: DocPart,
  options: Options,
  env: LoadEnv,
): { setup: W1Setup; written: Map<string, Written>; load: EncounterLoader<EncounterDoc> } {
  const load = new EncounterLoader(part, schema, env, 'wfrp1e');
  const { enc, rep } = load;
  const at = load.at.bind(load);
  const written = new Map<string, Written>();
  const fumbleFile = load.table('fumbles');
  const cat = readCatalogue(env, fumbleFile);
  const sides: SideSpec[] = load.sides().map((s, i) => ({
    ...s,
    surprised: enc.sides[i]?.surprised ?? false,
    ambush: enc.sides[i]?.ambush ?? false,
  }));

  const fighters: FighterSpec[] = [];
  for (const { doc: c, side: si, path, creature, names } of load.combatants<CombatantDoc, Creature>(
    cat.creatures,
  )) {
    if (c.mount && names.length > 1)
      rep.add([...path, 'mount'], 'a mount can only be given to a single combatant (count 1)');
    for (const name of names) {
      const id = load.uniqueId(name, c.enters);
      const mountName = c.mount
        ? (c.mount.name ?? `${name}'s ${cat.creatures.get(c.mount.use)?.name.toLowerCase() ?? c.mount.use}`)
        : null;
      const mountId = mountName ? load.uniqueId(mountName, c.enters) : null;
      const spec = buildFighter(cat, load, path, c, creature, { id, name, side: si, mountId, riderId: null });
      if (!spec) continue;
      fighters.push(spec);
      written.set(id, { path, doc: c });
      if (c.mount && mountId && mountName) {
        const m = buildMount(cat, load, [...path, 'mount'], c.mount, {
          id: mountId,
          name: mountName,
          side: si,
          riderId: id,
        });
        if (m) fighters.push(m);
        if (m) written.set(mountId, { path: [...path, 'mount'], doc: c.mount });
      }
    }
  }
  const sideIndex = load.sideIndex.bind(load);
  const wandering = enc.wandering ? sideIndex(enc.wandering.side, at('wandering', 'side')) : null;
  const door = enc.door ? sideIndex(enc.door.side, at('door', 'side')) : null;
  let distance: number | Dice | null = null;
  if (typeof enc.start === 'object') {
    const d = enc.start.distance;
    if (typeof d === 'number') distance = d;
    else {
      try {
        distance = parseDice(d);
      } catch (e) {
        rep.add(at('start', 'distance'), (e as Error).message);
      }
    }
  }
  const spatial = typeof enc.start === 'object' || fighters.some((f) => f.at !== null);
  enc.sides.forEach((side, si) =>
    side.combatants.forEach((c, ci) => {
      if (c.aiming === undefined) return;
      const t = fighters.find((f) => f.name === c.aiming);
      if (!t || t.side === si) {
        rep.add(
          at('sides', si, 'combatants', ci, 'aiming'),
          `expected the name of an enemy${didYouMean(
            c.aiming,
            fighters.filter((f) => f.side !== si).map((f) => f.name),
          )}`,
        );
      }
    }),
  );
  if (spatial) checkPlaces(fighters, rep, at);
  const shortcut = typeof enc.start === 'object' && enc.start.shortcut === true;
  if (shortcut && (enc.door || enc.sides.some((sd) => sd.surprised || sd.ambush))) {
    rep.add(
      at('start', 'shortcut'),
      'the stand-and-fire shortcut resolves the approach without rounds, and surprise (`surprised`, `ambush`, `door`) needs its first round: drop one of them',
    );
  }
  if (enc.start === 'engaged' && fighters.some((f) => f.at !== null)) {
    rep.add(
      at('start'),
      'positions (`at:`) and `start: engaged` do not go together: give a distance, or no positions',
    );
  }
  load.finish();
  const ids = (ws: readonly (Weapon | null)[]) => ws.flatMap((w) => (w ? [w.id] : []));
  load.noteData(
    'bestiary',
    env.readData('wfrp1e', 'bestiary.yaml'),
    new Set(fighters.flatMap((f) => (f.creature ? [f.creature] : []))),
  );
  load.noteData(
    'weapons',
    env.readData('wfrp1e', 'weapons.yaml'),
    new Set(fighters.flatMap((f) => ids([f.right, f.left, ...f.carried, ...f.natural]))),
  );
  if (typed.fumbles) load.noteData('fumbles', fumbleFile, 'all');

  const setup: W1Setup = {
    title: load.title(),
    data: load.dataNotes(),
    entersLater: load.entersLater(),
    maxRounds: enc.maxRounds ?? 100,
    options: typed,
    optionValues: options,
    catalogue: cat,
    start:
      typeof enc.start === 'object' || (spatial && enc.start === undefined)
        ? 'apart'
        : (enc.start ?? 'engaged'),
    spatial,
    distance,
    shortcut,
    light: enc.light ?? 'daylight',
    wandering:
      wandering === null || !enc.wandering ? null : { side: wandering, approach: enc.wandering.approach },
    door: door === null ? null : { side: door },
    sides,
    fighters,
  };
  return { setup, written, load };
}

/** Two models cannot stand in one place (bases overlap). */
function checkPlaces(
  fighters: readonly FighterSpec[],
  rep: Reporter,
  at: (...p: (string | number)[]) => Path,
): void {
  const placed = fighters.filter((f) => f.at !== null && f.riderId === null);
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i] as FighterSpec;
      const b = placed[j] as FighterSpec;
      const pa = a.at as { x: number; y: number };
      const pb = b.at as { x: number; y: number };
      if (overlapping({ at: pa, radius: baseRadius(a.height) }, { at: pb, radius: baseRadius(b.height) })) {
        rep.add(
          at('sides', b.side, 'combatants'),
          `${b.name} at (${pb.x}, ${pb.y}) stands where ${a.name} stands (${pa.x}, ${pa.y}): bases may not overlap`,
        );
      }
    }
  }
}

function mergeProfile(
  creature: Creature | null,
  over: CombatantDoc['profile'],
  rep: Reporter,
  path: Path,
): Profile | null {
  const p = {} as Record<Char, number | null>;
  for (const ch of CHARS) {
    const v = over?.[ch];
    p[ch] = v !== undefined ? v : creature ? creature.profile[ch] : null;
  }
  let ok = true;
  for (const ch of REQUIRED_CHARS) {
    if (p[ch] === null) {
      rep.add([...path, 'profile'], `${ch} is required (give a full profile, or use: a creature)`);
      ok = false;
    }
  }
  return ok ? p : null;
}

/** Puts held items in hands: the first one-handed item in the strong hand, shields in the other. */
function assignHands(
  held: readonly Weapon[],
  leftHanded: boolean,
  rep: Reporter,
  path: Path,
): { right: Weapon | null; left: Weapon | null; natural: Weapon[] } {
  const natural = held.filter((w) => w.natural);
  const inHand = held.filter((w) => !w.natural);
  const hands = inHand.reduce((n, w) => n + w.hands, 0);
  if (hands > 2) {
    rep.add(
      path,
      `holds ${inHand.map((w) => w.id).join(', ')}: that needs ${hands} hands, and a combatant has 2`,
    );
    return { right: null, left: null, natural };
  }
  const two = inHand.find((w) => w.hands === 2);
  if (two) return { right: two, left: two, natural };
  const strong = leftHanded ? 'left' : 'right';
  const shieldFirst = [...inHand].sort((a, b) => Number(a.shield) - Number(b.shield));
  const slots: { right: Weapon | null; left: Weapon | null } = { right: null, left: null };
  for (const w of shieldFirst) {
    const weak = strong === 'right' ? 'left' : 'right';
    const first = w.shield ? weak : strong;
    const other = first === 'right' ? 'left' : 'right';
    if (slots[first] === null) slots[first] = w;
    else slots[other] = w;
  }
  return { ...slots, natural };
}

function checkArmour(cat: Catalogue, pieces: readonly ArmourPiece[], rep: Reporter, path: Path): void {
  const seen = new Set<string>();
  pieces.forEach((p, i) => {
    if (seen.has(p.id)) rep.add([...path, i], `'${p.id}' is worn twice; no piece may be worn twice`);
    seen.add(p.id);
  });
  for (const zone of ['head', 'arms', 'body', 'legs'] as const) {
    const metal = pieces.filter((p) => p.kind === 'metal' && p.covers.includes(zone));
    if (metal.length <= 1) continue;
    const pairOk =
      metal.length === 2 &&
      cat.layerings.some(
        (l) =>
          (l.over.includes((metal[0] as ArmourPiece).id) && l.under.includes((metal[1] as ArmourPiece).id)) ||
          (l.over.includes((metal[1] as ArmourPiece).id) && l.under.includes((metal[0] as ArmourPiece).id)),
      );
    if (!pairOk) {
      rep.add(
        path,
        `${metal.map((p) => p.id).join(' and ')} all cover ${zone}: only these layerings are allowed: ` +
          cat.layerings.map((l) => `${l.over.join('/')} over ${l.under.join('/')}`).join('; '),
      );
    }
  }
}

function checkSkills(skills: readonly string[], cat: Catalogue, rep: Reporter, path: Path): string[] {
  const specialists = [
    ...new Set([...cat.weapons.values()].flatMap((w) => (w.specialist ? [w.specialist] : []))),
  ];
  const known = [...KNOWN_SKILLS, ...specialists.map(specialistSkill)];
  return skills.map((s, i) => {
    const n = normaliseSkill(s);
    if (!known.includes(n)) {
      const near = known.filter((k) => editDistance(k, n) <= 2);
      if (near.length > 0) rep.add([...path, i], `unknown skill '${s}'${didYouMean(n, near)}`);
    }
    return n;
  });
}

function bodyOf(
  doc: { body?: BodyPlan['kind']; heads?: number; tail?: boolean },
  creature: Creature | null,
): BodyPlan {
  return {
    kind: doc.body ?? creature?.body ?? 'humanoid',
    heads: doc.heads ?? creature?.heads ?? 1,
    tail: doc.tail ?? creature?.tail ?? false,
  };
}

function defaultAttacksWith(right: Weapon | null, left: Weapon | null, natural: readonly Weapon[]): string[] {
  const parts = new Set<string>();
  if (right && !right.shield) parts.add(PARTS.rightArm.id);
  if (left && !left.shield && left !== right) parts.add(PARTS.leftArm.id);
  for (const n of natural) {
    if (n.id === 'bite') parts.add(PARTS.head.id);
    else if (n.id === 'claw') {
      parts.add(PARTS.rightArm.id);
      parts.add(PARTS.leftArm.id);
    }
  }
  if (parts.size === 0) parts.add(PARTS.rightArm.id);
  return [...parts];
}

function buildFighter(
  cat: Catalogue,
  load: EncounterLoader<EncounterDoc>,
  path: Path,
  c: CombatantDoc,
  creature: Creature | null,
  ids: { id: string; name: string; side: number; mountId: string | null; riderId: string | null },
): FighterSpec | null {
  const rep = load.rep;
  const profile = mergeProfile(creature, c.profile, rep, path);
  const held = load.resolve(c.weapons ?? creature?.weapons ?? [], cat.weapons, 'weapon', [
    ...path,
    'weapons',
  ]);
  const carried = load.resolve(c.carried ?? [], cat.weapons, 'weapon', [...path, 'carried']);
  const armour = load.resolve(c.armour ?? creature?.armour ?? [], cat.armour, 'armour', [...path, 'armour']);
  checkArmour(cat, armour, rep, [...path, 'armour']);
  const skills = checkSkills([...(creature?.skills ?? []), ...(c.skills ?? [])], cat, rep, [
    ...path,
    'skills',
  ]);
  const leftHanded = c.leftHanded ?? false;
  const hands = assignHands(held, leftHanded, rep, [...path, 'weapons']);
  if (!profile) return null;
  const maxW = profile.W as number;
  if (c.wounds !== undefined && c.wounds > maxW)
    rep.add([...path, 'wounds'], `expected at most the profile's W (${maxW})`);
  const missiles = [...held, ...carried].filter((w) => w.missile);
  (c.loaded ?? []).forEach((id, i) => {
    const w = missiles.find((m) => m.id === id);
    if (!w) {
      rep.add(
        [...path, 'loaded', i],
        `'${id}' is not a missile weapon this combatant has${didYouMean(
          id,
          missiles.map((m) => m.id),
        )}`,
      );
      return;
    }
    if (w.missile?.ammo && (c.ammo?.[id] ?? 20) < 1) {
      rep.add(
        [...path, 'loaded', i],
        `cannot load the ${w.name.toLowerCase()}: no ${w.missile.ammo} (ammo 0)`,
      );
    }
  });
  for (const id of Object.keys(c.ammo ?? {})) {
    if (!missiles.some((m) => m.id === id)) {
      rep.add(
        [...path, 'ammo'],
        `ammo for '${id}', which is not a missile weapon this combatant has${didYouMean(
          id,
          missiles.map((m) => m.id),
        )}`,
        id,
      );
    }
  }
  (c.damp ?? []).forEach((id, i) => {
    if (!missiles.some((m) => m.id === id && m.missile?.kind === 'firearm')) {
      rep.add([...path, 'damp', i], `'${id}' is not a firearm this combatant has`);
    }
  });
  const own = [...held, ...carried];
  (c.magic ?? []).forEach((id, i) => {
    if (!own.some((w) => w.id === id))
      rep.add(
        [...path, 'magic', i],
        `'${id}' is not a weapon this combatant has${didYouMean(
          id,
          own.map((w) => w.id),
        )}`,
      );
  });
  const flying = c.flying ?? creature?.flying ?? false;
  const mountFlies = 'mount' in c && c.mount ? (cat.creatures.get(c.mount.use)?.flying ?? false) : false;
  if (c.altitude !== undefined && c.altitude > 0 && !flying && !mountFlies)
    rep.add([...path, 'altitude'], 'only fliers and riders of flying mounts can be off the ground');
  const sees = creature?.sees;
  return {
    ...ids,
    profile,
    W: Math.min(c.wounds ?? maxW, maxW),
    right: hands.right,
    left: hands.left,
    natural: hands.natural,
    carried,
    armour,
    skills,
    tactics: { ...DEFAULT_TACTICS, ...(c.tactics ?? {}) },
    parryGiven: c.tactics?.parry !== undefined,
    leftHanded,
    body: bodyOf(c, creature),
    height: c.height ?? creature?.height ?? 6,
    flying,
    mountSize: c.mountSize ?? creature?.mountSize ?? null,
    attacksWith: creature?.attacksWith ?? defaultAttacksWith(hands.right, hands.left, hands.natural),
    situation: {
      higherGround: c.situation?.higherGround ?? false,
      obstacle: c.situation?.obstacle ?? false,
      behind: c.situation?.behind ?? false,
    },
    asleep: c.asleep ?? false,
    pack: c.pack ? { enc: c.pack.enc, items: c.pack.items } : null,
    creature: creature?.id ?? null,
    at: c.at ?? null,
    altitude: c.altitude ?? 0,
    facing: c.facing ?? null,
    loaded: c.loaded ?? [],
    ammo: Object.fromEntries(
      missiles.map((m) => [
        m.id,
        c.ammo?.[m.id] ?? (m.missile?.ammo ? 20 : 1 + carried.filter((x) => x.id === m.id).length),
      ]),
    ),
    damp: c.damp ?? [],
    aiming: c.aiming ?? null,
    nightVision: sees === undefined ? 0 : (cat.nightVision.get(sees) ?? 0),
    cover: c.situation?.cover ?? null,
    lasting: 'lasting' in c ? (c.lasting ?? []) : [],
    magic: c.magic ?? [],
    immune: creature?.immune ?? null,
    drains: creature?.drains ?? null,
    living: !NOT_LIVING.has(creature?.group ?? ''),
  };
}

/** The bestiary's groups that are not alive: "Undead, Daemons, and other non-living creatures" (WFRP 1e (1986) bestiary: Wight). */
const NOT_LIVING: ReadonlySet<string> = new Set(['Undead', 'Daemons']);

function buildMount(
  cat: Catalogue,
  load: EncounterLoader<EncounterDoc>,
  path: Path,
  m: MountDoc,
  ids: { id: string; name: string; side: number; riderId: string },
): FighterSpec | null {
  const creature = load.lookup(m.use, cat.creatures, 'creature', [...path, 'use']);
  if (!creature) return null;
  const spec = buildFighter(cat, load, path, { ...m, name: ids.name }, creature, {
    id: ids.id,
    name: ids.name,
    side: ids.side,
    mountId: null,
    riderId: ids.riderId,
  });
  if (spec && spec.mountSize === null) {
    load.rep.add([...path, 'use'], `'${m.use}' cannot be ridden: it has no mountSize (horse or larger)`);
  }
  return spec;
}
