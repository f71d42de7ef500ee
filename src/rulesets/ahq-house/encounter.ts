// A house-rules encounter: a map drawn as text, and each model's square and facing.
import { z } from 'zod';
import { ValidationError, type Path } from '../../core/document.js';
import {
  EncounterLoader,
  encounterFields,
  idsOf,
  placeOf,
  sidesSchema,
  type WrittenEntry,
} from '../../core/loader.js';
import type { DocPart, LoadEnv, Options } from '../../core/ruleset.js';
import { dataName, flag, oneOf, text, uniqueList, whole } from '../../core/schema.js';
import { footprint, MapError, parseBoard, passable, squareKey, type Facing } from '../../space/grid.js';
import type { Point } from '../../space/plane.js';
import {
  PROFILE_KEYS,
  profileSchema,
  readCatalogue,
  rulesSchema,
  spellsRefSchema,
  type Armour,
  type Creature,
  type Profile,
  type Spell,
  type Weapon,
} from './data.js';
import { readAhqOptions } from './options.js';
import { missileWeapon, type AhqSetup, type AhqSpec } from './state.js';
import { DEFAULT_TACTICS, tacticsSchema } from './tactics.js';

const square = z.union(
  [
    z.string().regex(/^[A-Za-z]$/, { error: 'expected a letter marked on the map' }),
    z.tuple([whole(0, 500, 'x'), whole(0, 500, 'y')]),
  ],
  { error: 'expected a letter marked on the map, or [x, y]' },
);
export const combatantSchema = z.strictObject({
  name: text('a name').optional(),
  use: dataName('creature', 'a creature from the bestiary').optional(),
  /** Not in the fight at the start: the GM brings it in (docs/table-play.md). */
  enters: flag().optional(),
  /** One square per model: several squares make several models of the same kind. */
  at: z.union([square, z.array(square).min(1)], {
    error: 'expected a square (a letter marked on the map, or [x, y]), or a list of them, one per model',
  }),
  facing: z
    .union([oneOf(['N', 'E', 'S', 'W']), z.array(oneOf(['N', 'E', 'S', 'W']))], {
      error: 'expected a facing, N, E, S or W, or a list of them, one per model',
    })
    .optional(),
  profile: profileSchema.partial().optional(),
  size: whole(1, 3, 'a size in squares').optional(),
  weapons: z.array(dataName('weapon', 'a weapon id')).optional(),
  armour: uniqueList(dataName('armour', 'an armour id')).optional(),
  dd: whole(0, 12, 'damage dice unarmed').optional(),
  /** The damage dice of its blows in close combat, whatever its weapon (a monster card's). */
  damage: whole(0, 20, 'damage dice').optional(),
  /** Its missile weapon's dice and longest range, as a monster card prints them. */
  ranged: z.strictObject({ dd: whole(0, 20, 'damage dice'), range: whole(1, 200, 'squares') }).optional(),
  /** A monster card's row of the D12 needed against a defender's skill 1 to 12. */
  toHit: z
    .array(whole(2, 12, 'a D12 needed'))
    .length(12, { error: 'expected 12 needs, against a skill of 1 to 12' })
    .optional(),
  rules: rulesSchema.optional(),
  spells: spellsRefSchema.optional(),
  beastmaster: whole(1, 50, 'squares').optional(),
  slavemaster: whole(1, 50, 'squares').optional(),
  /** Wounds now, if already hurt. */
  wounds: whole(0, 100, 'wounds').optional(),
  tactics: tacticsSchema.optional(),
});

export const encounterSchema = z.strictObject({
  ruleset: z.literal('ahq-house'),
  ...encounterFields(10_000),
  map: text('the map, drawn as text', true),
  tables: z
    .strictObject({
      weapons: text().optional(),
      armour: text().optional(),
      bestiary: text().optional(),
      spells: text().optional(),
    })
    .optional(),
  sides: sidesSchema(combatantSchema),
});

type Combatant = z.infer<typeof combatantSchema>;

/**
 * A model's weapons as it wields them: a monster card prints the dice of its blows and of its
 * missile, and those are the monster's, whatever the weapon table gives the weapon it carries
 * (the table stays for heroes and for monsters no card covers). The weapon struck with (the first
 * hand weapon) rolls `damage`; the first missile weapon takes the card's dice and range.
 */
function cardWeapons(
  weapons: readonly Weapon[],
  damage: number | null,
  source: string,
  ranged: { readonly dd: number; readonly range: number } | null,
): Weapon[] {
  const hand = weapons.find((w) => w.range === null);
  const missile = weapons.find((w) => w.range !== null);
  return weapons.map((w) =>
    w === hand && damage !== null && damage !== w.dd
      ? { ...w, dd: damage, source, tableDd: w.dd }
      : w === missile && ranged && (ranged.dd !== w.dd || ranged.range !== w.range)
        ? { ...w, dd: ranged.dd, range: ranged.range, source, tableDd: w.dd }
        : w,
  );
}

type Entry = WrittenEntry<Combatant, AhqSpec>;

const KINDS = { shield: 'shields', helmet: 'helmets', body: 'body armour' } as const;

/** What an entry says that is legal but likely not meant. */
function warnings(load: EncounterLoader<z.infer<typeof encounterSchema>>, e: Entry): void {
  const f = e.fighters[0];
  if (!f) return;
  const ids = idsOf(e);
  const place = (list: 'weapons' | 'armour', id: string): Path => placeOf(e, list, id);
  const m = missileWeapon(f);
  const shield = f.armour.find((a) => a.shield);
  if (m && m.hands === 2 && shield)
    load.warn(
      place('armour', shield.id),
      `the ${m.name} takes both hands, yet the ${shield.name}'s modifiers count all the time, shooting or not`,
      ids,
    );
  // The first hand weapon is the one used in close combat.
  const hand = f.weapons.filter((w) => w.range === null);
  for (const w of hand.slice(1))
    load.warn(
      place('weapons', w.id),
      `the ${w.name} is never used: only the first hand weapon strikes (the ${(hand[0] as Weapon).name})`,
      ids,
    );
  // Facts, house armour: every piece's modifiers add up, two of a kind too.
  for (const kind of ['shield', 'helmet', 'body'] as const) {
    const same = f.armour.filter((a) => (kind === 'body' ? !a.shield && !a.helmet : a[kind]));
    if (same.length > 1)
      load.warn(
        place('armour', (same[1] as Armour).id),
        `${same.map((a) => a.name).join(' and ')} are both ${KINDS[kind]}: their modifiers add up`,
        ids,
      );
  }
  if (f.wounds <= 0) load.warn([...e.path, 'wounds'], 'wounds 0: dead before the fight begins', ids);
}

export function loadAhq(part: DocPart, options: Options, env: LoadEnv): AhqSetup {
  const load = new EncounterLoader(part, encounterSchema, env, 'ahq-house');
  const { enc, rep, doc } = load;
  const at = load.at.bind(load);
  const tables = {
    weapons: load.table('weapons'),
    armour: load.table('armour'),
    bestiary: load.table('bestiary'),
    spells: load.table('spells'),
  };
  const cat = readCatalogue(tables);
  let parsed: ReturnType<typeof parseBoard>;
  try {
    parsed = parseBoard(enc.map);
  } catch (e) {
    if (!(e instanceof MapError)) throw e;
    throw new ValidationError([
      doc.issue(
        at('map'),
        `${e.row !== null ? `row ${e.row + 1}, column ${(e.col ?? 0) + 1}: ` : ''}${e.message}`,
      ),
    ]);
  }
  const { board, marks } = parsed;
  const taken = new Map<string, string>();
  const creatures = new Set<string>();
  const fighters: AhqSpec[] = [];
  // A model placed by [x, y] is drawn with a letter no map mark or other model uses: its initial if free (players' side upper case).
  const glyphs = new Set<string>(marks.keys());
  const freeGlyph = (name: string, side: number): string => {
    const first = name[0] ?? 'm';
    const initial = side === 0 ? first.toUpperCase() : first.toLowerCase();
    const pool = [initial, ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    const g = pool.find((x) => !glyphs.has(x)) ?? '?';
    glyphs.add(g);
    return g;
  };
  // A model per square: `at: [a, b, c]` makes "Goblin 1" … "Goblin 3".
  const models = (c: Combatant) => (Array.isArray(c.at) && typeof c.at[0] !== 'number' ? c.at.length : 1);
  for (const entry of load.combatants<Combatant, Creature>(cat.creatures, models)) {
    const { doc: c, side: si, path, creature } = entry;
    if (creature) creatures.add(creature.id);
    const prof = { ...(creature?.profile ?? {}), ...(c.profile ?? {}) } as Partial<Profile>;
    const missing = PROFILE_KEYS.filter((k) => prof[k] === undefined);
    if (missing.length) {
      rep.add([...path, 'profile'], `missing ${missing.join(', ')} (give them, or use: a creature)`);
      continue;
    }
    const weapons = cardWeapons(
      load.resolve(c.weapons ?? creature?.weapons ?? [], cat.weapons, 'weapon', [...path, 'weapons']),
      c.damage ?? creature?.damage ?? null,
      c.damage !== undefined || c.ranged !== undefined ? 'the entry (a card)' : (creature?.source ?? 'ours'),
      c.ranged ?? creature?.ranged ?? null,
    );
    const armour = load.resolve(c.armour ?? creature?.armour ?? [], cat.armour, 'armour', [
      ...path,
      'armour',
    ]);
    const spellRef = c.spells ?? creature?.spells ?? null;
    const spells: Spell[] = (spellRef?.list ?? []).flatMap((id, k) => {
      const s = load.lookup(id, cat.spells, 'spell', [...path, 'spells', 'list', k]);
      if (s && spellRef && s.college !== spellRef.college)
        rep.add(
          [...path, 'spells', 'list', k],
          `${s.name} is of the ${s.college} college, not ${spellRef.college}`,
        );
      return s ? [s] : [];
    });
    if (weapons.some((w) => w.hands === 2 && w.range === null) && armour.some((a) => a.shield))
      rep.add([...path, 'armour'], 'a two-handed weapon leaves no hand for a shield');
    const size = c.size ?? creature?.size ?? 1;
    const squares =
      Array.isArray(c.at) && (c.at.length === 0 || typeof c.at[0] !== 'number')
        ? (c.at as (string | [number, number])[])
        : [c.at as string | [number, number]];
    const facings = Array.isArray(c.facing) ? c.facing : null;
    if (facings && facings.length !== squares.length)
      rep.add([...path, 'facing'], `expected one facing per model (${squares.length})`);
    const maxW = (prof as Profile).W;
    if (c.wounds !== undefined && c.wounds > maxW)
      rep.add([...path, 'wounds'], `expected at most ${maxW}, the profile's W`);
    const before = fighters.length;
    squares.forEach((sq, k) => {
      const where: Path = squares.length > 1 ? [...path, 'at', k] : [...path, 'at'];
      let p: Point | undefined;
      if (typeof sq === 'string') {
        p = marks.get(sq);
        if (!p)
          return rep.add(where, `no '${sq}' on the map; marks: ${[...marks.keys()].join(', ') || 'none'}`);
      } else p = { x: sq[0], y: sq[1] };
      for (const q of footprint(p, size)) {
        if (!passable(board, q)) return rep.add(where, `square (${q.x}, ${q.y}) is not floor`);
        const other = taken.get(squareKey(q));
        if (other) return rep.add(where, `square (${q.x}, ${q.y}) is taken by ${other}`);
      }
      const full = entry.names[k] ?? entry.names[0]!;
      const id = load.uniqueId(full, entry.doc.enters);
      for (const q of footprint(p, size)) taken.set(squareKey(q), full);
      const facing = ((facings ? facings[k] : c.facing) ?? (si === 0 ? 'E' : 'W')) as Facing;
      fighters.push({
        id,
        name: full,
        side: si,
        glyph: typeof sq === 'string' ? sq : freeGlyph(full, si),
        size,
        profile: prof as Profile,
        weapons,
        armour,
        unarmedDd:
          c.dd ??
          (weapons.some((w) => w.range === null) ? null : (c.damage ?? creature?.damage)) ??
          creature?.dd ??
          cat.weapons.get('fist')?.dd ??
          1,
        cardHits: c.toHit ?? (c.profile?.WS !== undefined ? null : (creature?.toHit ?? null)),
        rules: c.rules ?? creature?.rules ?? [],
        beastmaster: c.beastmaster ?? creature?.beastmaster ?? null,
        slavemaster: c.slavemaster ?? creature?.slavemaster ?? null,
        spells,
        college: spellRef?.college ?? null,
        at: p,
        facing,
        wounds: c.wounds ?? maxW,
        tactics: { ...DEFAULT_TACTICS, ...(c.tactics ?? {}) },
        fromBestiary: creature ? { name: creature.name, source: creature.source } : null,
      });
    });
    warnings(load, { path, doc: c, fighters: fighters.slice(before) });
  }
  load.finish();
  const used = (ids: (s: AhqSpec) => readonly string[]) => new Set(fighters.flatMap(ids));
  // A weapon whose dice are a monster card's is no data of ours in that monster's hands.
  load.noteData(
    'weapons',
    tables.weapons,
    used((f) => f.weapons.filter((w) => w.tableDd === undefined).map((w) => w.id)),
  );
  load.noteData(
    'armour',
    tables.armour,
    used((f) => f.armour.map((a) => a.id)),
  );
  load.noteData('bestiary', tables.bestiary, creatures);
  load.noteData(
    'spells',
    tables.spells,
    used((f) => f.spells.map((s) => s.id)),
  );
  return {
    data: load.dataNotes(),
    entersLater: load.entersLater(),
    title: load.title(),
    maxRounds: enc.maxRounds ?? 60,
    warnings: load.warnings(),
    sides: load.sides(),
    fighters,
    board,
    opt: readAhqOptions(options),
  };
}
