// A house-rules encounter: a map drawn as text, and each model's square and facing.
import { z } from 'zod';
import { Reporter, ValidationError, validate, type Path } from '../../core/document.js';
import { didYouMean, slug } from '../../core/names.js';
import type { DocPart, FileText, LoadEnv, Options } from '../../core/ruleset.js';
import { oneOf, text, whole } from '../../core/schema.js';
import { footprint, MapError, parseBoard, passable, squareKey, type Facing } from '../../space/grid.js';
import type { Point } from '../../space/plane.js';
import {
  PROFILE_KEYS,
  profileSchema,
  readCatalogue,
  rulesSchema,
  spellsRefSchema,
  type Creature,
  type Profile,
  type Spell,
} from './data.js';
import { readAhqOptions } from './options.js';
import type { AhqSetup, AhqSpec } from './state.js';
import { DEFAULT_TACTICS, tacticsSchema } from './tactics.js';

const square = z.union(
  [
    z.string().regex(/^[A-Za-z]$/, { error: 'expected a letter marked on the map' }),
    z.tuple([whole(0, 500, 'x'), whole(0, 500, 'y')]),
  ],
  { error: 'expected a letter marked on the map, or [x, y]' },
);
const combatantSchema = z.strictObject({
  name: text('a name').optional(),
  use: text('a creature from the bestiary').optional(),
  /** One square per model: several squares make several models of the same kind. */
  at: z.union([square, z.array(square).min(1)]),
  facing: z.union([oneOf(['N', 'E', 'S', 'W']), z.array(oneOf(['N', 'E', 'S', 'W']))]).optional(),
  profile: profileSchema.partial().optional(),
  size: whole(1, 3, 'a size in squares').optional(),
  weapons: z.array(text('a weapon id')).optional(),
  armour: z.array(text('an armour id')).optional(),
  dd: whole(0, 12, 'damage dice unarmed').optional(),
  rules: rulesSchema.optional(),
  spells: spellsRefSchema.optional(),
  beastmaster: whole(1, 50, 'squares').optional(),
  slavemaster: whole(1, 50, 'squares').optional(),
  /** Wounds now, if already hurt. */
  wounds: whole(0, 100, 'wounds').optional(),
  tactics: tacticsSchema.optional(),
});

const schema = z.strictObject({
  ruleset: z.literal('ahq-house'),
  title: text('a title').optional(),
  options: z.record(z.string(), z.string()).optional(),
  maxRounds: whole(1, 10_000).optional(),
  map: text('the map, drawn as text'),
  tables: z
    .strictObject({
      weapons: text().optional(),
      armour: text().optional(),
      bestiary: text().optional(),
      spells: text().optional(),
    })
    .optional(),
  sides: z
    .array(
      z.strictObject({
        name: text('a side name'),
        players: z.boolean().optional(),
        combatants: z.array(combatantSchema).min(1, { error: 'expected at least one combatant' }),
      }),
    )
    .min(2, { error: 'expected two sides or more' }),
});

function table(
  env: LoadEnv,
  doc: DocPart['doc'],
  at: (...p: (string | number)[]) => Path,
  name: 'weapons' | 'armour' | 'bestiary' | 'spells',
  given: string | undefined,
): FileText {
  const cli = env.tables[name]?.();
  if (cli) return cli;
  if (given === undefined) return env.readData('ahq-house', `${name}.yaml`);
  try {
    return env.readFile(given);
  } catch (e) {
    throw new ValidationError([doc.issue(at('tables', name), (e as Error).message)]);
  }
}

export function loadAhq(part: DocPart, options: Options, env: LoadEnv): AhqSetup {
  const doc = part.doc;
  const enc = validate(schema, doc, part.value, part.base);
  const at = (...p: (string | number)[]): Path => [...part.base, ...p];
  const cat = readCatalogue({
    weapons: table(env, doc, at, 'weapons', enc.tables?.weapons),
    armour: table(env, doc, at, 'armour', enc.tables?.armour),
    bestiary: table(env, doc, at, 'bestiary', enc.tables?.bestiary),
    spells: table(env, doc, at, 'spells', enc.tables?.spells),
  });
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
  const rep = new Reporter(doc);
  const taken = new Map<string, string>();
  const ids = new Set<string>();
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
  enc.sides.forEach((side, si) =>
    side.combatants.forEach((c, ci) => {
      const path = at('sides', si, 'combatants', ci);
      let creature: Creature | null = null;
      if (c.use !== undefined) {
        creature = cat.creatures.get(c.use) ?? null;
        if (!creature)
          return rep.add(
            [...path, 'use'],
            `no creature '${c.use}' in the bestiary${didYouMean(c.use, cat.creatures.keys())}; known: ${[...cat.creatures.keys()].join(', ')}`,
          );
      }
      const prof = { ...(creature?.profile ?? {}), ...(c.profile ?? {}) } as Partial<Profile>;
      const missing = PROFILE_KEYS.filter((k) => prof[k] === undefined);
      if (missing.length)
        return rep.add([...path, 'profile'], `missing ${missing.join(', ')} (give them, or use: a creature)`);
      const name = c.name ?? creature?.name;
      if (!name) return rep.add(path, 'needs a name, or use: naming a creature from the bestiary');
      const weapons = (c.weapons ?? creature?.weapons ?? []).flatMap((id, k) => {
        const w = cat.weapons.get(id);
        if (!w) rep.add([...path, 'weapons', k], `no weapon '${id}'${didYouMean(id, cat.weapons.keys())}`);
        return w ? [w] : [];
      });
      const armour = (c.armour ?? creature?.armour ?? []).flatMap((id, k) => {
        const a = cat.armour.get(id);
        if (!a) rep.add([...path, 'armour', k], `no armour '${id}'${didYouMean(id, cat.armour.keys())}`);
        return a ? [a] : [];
      });
      const spellRef = c.spells ?? creature?.spells ?? null;
      const spells: Spell[] = (spellRef?.list ?? []).flatMap((id, k) => {
        const s = cat.spells.get(id);
        if (!s)
          rep.add([...path, 'spells', 'list', k], `no spell '${id}'${didYouMean(id, cat.spells.keys())}`);
        else if (spellRef && s.college !== spellRef.college)
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
        const full = squares.length > 1 ? `${name} ${k + 1}` : name;
        let id = slug(full) || 'model';
        for (let n = 2; ids.has(id); n++) id = `${slug(full)}-${n}`;
        ids.add(id);
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
          unarmedDd: c.dd ?? creature?.dd ?? cat.weapons.get('fist')?.dd ?? 1,
          rules: c.rules ?? creature?.rules ?? [],
          beastmaster: c.beastmaster ?? creature?.beastmaster ?? null,
          slavemaster: c.slavemaster ?? creature?.slavemaster ?? null,
          spells,
          college: spellRef?.college ?? null,
          at: p,
          facing,
          wounds: c.wounds ?? maxW,
          tactics: { ...DEFAULT_TACTICS, ...(c.tactics ?? {}) },
        });
      });
    }),
  );
  rep.throwIfAny();
  return {
    title: enc.title ?? doc.file,
    maxRounds: enc.maxRounds ?? 60,
    sides: enc.sides.map((s, i) => ({
      name: s.name,
      players: s.players ?? (i === 0 && !enc.sides.some((x) => x.players === true)),
    })),
    fighters,
    board,
    opt: readAhqOptions(options),
  };
}
