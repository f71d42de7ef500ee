// An OpenQuest encounter: sides, combatants from characteristics (or the bestiary), skills, kit.
import { z } from 'zod';
import { Reporter, ValidationError, validate, type Path } from '../../core/document.js';
import { didYouMean, slug } from '../../core/names.js';
import type { DocPart, FileText, LoadEnv, Options } from '../../core/ruleset.js';
import { flag, oneOf, text, whole } from '../../core/schema.js';
import { characteristicsSchema, readCatalogue, skillsSchema, type Catalogue, type Creature } from './data.js';
import { readOqOptions } from './options.js';
import { damageModifier, hitPoints, SKILLS, skillBase, type Characteristics, type Skill } from './rules.js';
import type { OqFighterSpec, OqSetup } from './state.js';
import { DEFAULT_TACTICS, tacticsSchema } from './tactics.js';

const combatantSchema = z.strictObject({
  name: text('a name').optional(),
  use: text('a creature from the bestiary').optional(),
  count: whole(1, 50, 'a count').optional(),
  characteristics: characteristicsSchema.partial().optional(),
  /** Skill percentages; left out, a skill is its base (facts, Skill bases). */
  skills: skillsSchema.optional(),
  weapons: z.array(text('a weapon id')).optional(),
  armour: z.array(text('an armour id')).optional(),
  /** Situational and magic modifiers to its combat tests, in % (Choose skills and apply modifiers). */
  modifier: whole(-100, 100, 'a modifier %').optional(),
  /** Hit points now, if already hurt. */
  hp: whole(-50, 100, 'hit points').optional(),
  /** Who Is Involved: a character who stays away from the fight. */
  standsAside: flag().optional(),
  tactics: tacticsSchema.optional(),
});

const schema = z.strictObject({
  ruleset: z.literal('openquest'),
  title: text('a title').optional(),
  options: z.record(z.string(), z.string()).optional(),
  maxRounds: whole(1, 100_000).optional(),
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
  sides: z
    .array(
      z.strictObject({
        name: text('a side name'),
        players: flag().optional(),
        combatants: z.array(combatantSchema).min(1, { error: 'expected at least one combatant' }),
      }),
    )
    .min(2, { error: 'expected two sides or more' }),
});

function table(
  env: LoadEnv,
  doc: DocPart['doc'],
  at: (...p: (string | number)[]) => Path,
  name: 'weapons' | 'armour' | 'bestiary',
  given: string | undefined,
): FileText {
  const cli = env.tables[name]?.();
  if (cli) return cli;
  if (given === undefined) return env.readData('openquest', `${name}.yaml`);
  try {
    return env.readFile(given);
  } catch (e) {
    throw new ValidationError([doc.issue(at('tables', name), (e as Error).message)]);
  }
}

export function loadOpenQuest(part: DocPart, options: Options, env: LoadEnv): OqSetup {
  const doc = part.doc;
  const enc = validate(schema, doc, part.value, part.base);
  const at = (...p: (string | number)[]): Path => [...part.base, ...p];
  const cat: Catalogue = readCatalogue({
    weapons: table(env, doc, at, 'weapons', enc.tables?.weapons),
    armour: table(env, doc, at, 'armour', enc.tables?.armour),
    bestiary: table(env, doc, at, 'bestiary', enc.tables?.bestiary),
  });
  const rep = new Reporter(doc);
  const used = new Set<string>();
  const uniqueId = (name: string) => {
    const base = slug(name) || 'combatant';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
  const fighters: OqFighterSpec[] = [];
  enc.sides.forEach((side, si) =>
    side.combatants.forEach((c, ci) => {
      const path = at('sides', si, 'combatants', ci);
      let creature: Creature | null = null;
      if (c.use !== undefined) {
        creature = cat.creatures.get(c.use) ?? null;
        if (!creature) {
          rep.add(
            [...path, 'use'],
            `no creature '${c.use}' in the bestiary${didYouMean(c.use, cat.creatures.keys())}; known: ${[...cat.creatures.keys()].join(', ')}`,
          );
          return;
        }
      }
      const chars = {
        ...(creature?.characteristics ?? {}),
        ...(c.characteristics ?? {}),
      } as Partial<Characteristics>;
      const missing = (['STR', 'CON', 'SIZ', 'DEX', 'INT', 'POW', 'CHA'] as const).filter(
        (k) => chars[k] === undefined,
      );
      if (missing.length) {
        rep.add(
          [...path, 'characteristics'],
          `missing ${missing.join(', ')} (give them, or use: a creature)`,
        );
        return;
      }
      const ch = chars as Characteristics;
      const skills = Object.fromEntries(
        SKILLS.map((s) => [s, c.skills?.[s] ?? creature?.skills[s] ?? skillBase(s, ch)]),
      ) as Record<Skill, number>;
      const weaponIds = c.weapons ?? creature?.weapons ?? ['fist'];
      const weapons = weaponIds.flatMap((id, k) => {
        const w = cat.weapons.get(id);
        if (!w) rep.add([...path, 'weapons', k], `no weapon '${id}'${didYouMean(id, cat.weapons.keys())}`);
        return w ? [w] : [];
      });
      const armour = (c.armour ?? creature?.armour ?? []).flatMap((id, k) => {
        const a = cat.armour.get(id);
        if (!a) rep.add([...path, 'armour', k], `no armour '${id}'${didYouMean(id, cat.armour.keys())}`);
        return a ? [a] : [];
      });
      const baseName = c.name ?? creature?.name;
      if (!baseName) {
        rep.add(path, 'needs a name, or use: naming a creature from the bestiary');
        return;
      }
      const count = c.count ?? 1;
      const maxHp = hitPoints(ch.SIZ, ch.CON);
      if (c.hp !== undefined && c.hp > maxHp)
        rep.add([...path, 'hp'], `expected at most ${maxHp}, the hit points (SIZ + CON) / 2 give`);
      for (let k = 1; k <= count; k++) {
        const name = count > 1 ? `${baseName} ${k}` : baseName;
        fighters.push({
          id: uniqueId(name),
          name,
          side: si,
          characteristics: ch,
          skills,
          weapons,
          armour,
          hp: c.hp ?? maxHp,
          maxHp,
          dm: damageModifier(ch.STR + ch.SIZ),
          tactics: { ...DEFAULT_TACTICS, ...(c.tactics ?? {}) },
          standsAside: c.standsAside ?? false,
          modifier: c.modifier ?? 0,
        });
      }
    }),
  );
  let surprise: OqSetup['surprise'] = null;
  if (enc.surprise) {
    const s = enc.sides.findIndex((x) => x.name === enc.surprise?.side);
    if (s < 0)
      rep.add(
        at('surprise', 'side'),
        `no side named '${enc.surprise.side}'${didYouMean(
          enc.surprise.side,
          enc.sides.map((x) => x.name),
        )}`,
      );
    else
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
    const s = enc.sides.findIndex((x) => x.name === enc.avoid?.side);
    if (s < 0)
      rep.add(
        at('avoid', 'side'),
        `no side named '${enc.avoid.side}'${didYouMean(
          enc.avoid.side,
          enc.sides.map((x) => x.name),
        )}`,
      );
    else if (surprise && surprise.side !== s)
      rep.add(at('avoid'), 'a side caught by a surprise attack cannot avoid the fight (Avoiding a Fight)');
    else
      avoid = {
        side: s,
        by: enc.avoid.by,
        chase: enc.avoid.chase ?? true,
        faster: enc.avoid.faster ?? false,
      };
  }
  rep.throwIfAny();
  return {
    title: enc.title ?? doc.file,
    maxRounds: enc.maxRounds ?? 100,
    sides: enc.sides.map((s, i) => ({
      name: s.name,
      players: s.players ?? (i === 0 && !enc.sides.some((x) => x.players === true)),
    })),
    fighters,
    opt: readOqOptions(options),
    distance: enc.distance ?? 'close',
    surprise,
    scouting,
    avoid,
  };
}
