// The API's part for a GM's own material (docs/bringing-your-own.md): a stat block read into an
// entry as `fray import` reads it, a character's sheet computed as it is being written (the
// builder's live values), what the builder's form offers for a ruleset, the bestiary by group,
// and the shipped examples of a ruleset loaded into an empty campaign in one call.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../core/document.js';
import { memberName, readParty } from '../core/party.js';
import { entryYaml, listedRows, importReport, type Asking, type Named } from '../core/statblock.js';
import { bestiary, BESTIARY_OF } from '../files/bestiary.js';
import { characterSheet, checkCharacter, entryFromText } from '../files/character.js';
import { encounterFromText } from '../files/fight-file.js';
import { importBlock } from '../files/import.js';
import { readText, shippedOnlyEnv } from '../files/disk.js';
import { packageRoot } from '../node/root.js';
import { RULESETS } from '../rulesets/index.js';
import { Refusal } from './fights.js';
import { guard, parseBody } from './http.js';
import type { Store } from './store.js';

const BODY = {
  import: z.strictObject({
    ruleset: z.string({ error: 'expected the ruleset the block is written for' }).max(60, {
      error: 'expected the id of a ruleset',
    }),
    text: z.string({ error: 'expected the stat block as text' }),
    name: z.string().max(60, { error: 'expected a name of at most 60 letters' }).optional(),
  }),
  sheet: z.strictObject({
    ruleset: z.string({ error: 'expected the ruleset the character is written for' }),
    entry: z
      .record(z.string(), z.unknown(), { error: 'expected the character: one combatant entry' })
      .optional(),
    text: z.string({ error: 'expected the character as YAML or JSON text' }).optional(),
  }),
  examples: z.strictObject({ ruleset: z.string({ error: 'expected the ruleset whose examples to load' }) }),
};

/** How the paste box names what is given besides the block, for its refusals and warnings. */
const PASTE_BOX: Asking = { name: 'the Name box', ruleset: 'ruleset', file: 'request body' };

/** The ruleset of a request, known, or a 404. */
function rulesetOf(id: string) {
  const r = RULESETS.get(id);
  if (!r) throw new Refusal(`no ruleset '${id}'; known: ${[...RULESETS.keys()].join(', ')}`, 404);
  return r;
}

export function registerMaterial(
  app: FastifyInstance,
  store: Store,
  changed: (fight: number | null, what: string) => void,
): void {
  // The creatures a ruleset's bestiary offers, by group, each with its source: the builder's picker.
  app.get(
    '/api/rulesets/:id/bestiary',
    guard((req) => bestiary(rulesetOf((req.params as { id: string }).id).id)),
  );

  // What the character builder's form offers: the entry's schema (JSON Schema) restricted to the
  // fields a character is made of, and the ids each list field takes, with their names.
  app.get(
    '/api/rulesets/:id/character',
    guard((req) => {
      const r = rulesetOf((req.params as { id: string }).id);
      if (!r.character) return { fields: [], schema: null, lists: {}, skills: [] };
      const schema = z.toJSONSchema(r.character.schema, { unrepresentable: 'any', io: 'input' }) as {
        properties?: Record<string, unknown>;
      };
      const properties = Object.fromEntries(
        r.character.fields.map((f) => [f, schema.properties?.[f] ?? null]).filter(([, v]) => v !== null),
      );
      const lists = Object.fromEntries(
        Object.entries(r.character.lists).map(([field, specs]) => [
          field,
          listedRows<Named>(shippedOnlyEnv(), r.id, specs).map((x) => ({ id: x.id, name: x.name })),
        ]),
      );
      // The skills a list of them may name: the ruleset's own, and each specialist weapon's.
      const specialists = listedRows<Named>(shippedOnlyEnv(), r.id, r.character.lists.weapons ?? [])
        .map((w) => (w as Named & { specialist?: string }).specialist)
        .filter((x): x is string => typeof x === 'string');
      return {
        fields: r.character.fields.filter((f) => f in properties),
        schema: { type: 'object', properties },
        lists,
        skills: [
          ...new Set([
            ...(r.character.skills ?? []),
            ...specialists.map((s) => `specialist weapon ${s.toLowerCase()}`),
          ]),
        ],
      };
    }),
  );

  // A stat block read into an entry, as `fray import` reads it; nothing is kept.
  app.post(
    '/api/import',
    guard((req) => {
      const b = parseBody(BODY.import, req.body);
      const r = importBlock(b.ruleset, b.text, 'paste', {
        ...(b.name !== undefined && b.name.trim() !== '' ? { name: b.name } : {}),
        env: shippedOnlyEnv(),
        asking: PASTE_BOX,
      });
      // The account as the command line prints it, line for line: the page shows the same.
      return { ...r, yaml: entryYaml(r.entry), report: importReport(r, 'the pasted block') };
    }),
  );

  // A character's sheet as the rules compute it, while it is being written (from the form's entry,
  // or from its YAML, problems at their lines); nothing is kept. The entry comes back with its YAML.
  app.post(
    '/api/characters/sheet',
    guard((req) => {
      const b = parseBody(BODY.sheet, req.body);
      const read = b.text !== undefined ? entryFromText(b.text) : null;
      const entry = read?.entry ?? b.entry;
      if (!entry)
        throw new ValidationError([
          { file: 'request body', path: 'entry', message: 'expected entry or text' },
        ]);
      return { entry, sheet: characterSheet(b.ruleset, entry, read?.doc), yaml: entryYaml(entry) };
    }),
  );

  // The shipped examples of a ruleset, for an empty campaign: its encounters (those the campaign
  // can hold: they name no file), and its party (the example party file, or the players' sides).
  app.post(
    '/api/examples',
    guard((req) => {
      const { ruleset } = parseBody(BODY.examples, req.body);
      const r = rulesetOf(ruleset);
      const dir = join(packageRoot(), 'data', r.id, 'encounters');
      const encounters: { title: string; text: string }[] = [];
      const members = new Map<string, Record<string, unknown>>();
      for (const name of readdirSync(dir)
        .filter((n) => /\.ya?ml$/.test(n))
        .sort()) {
        const { text } = readText(join(dir, name));
        let ff;
        try {
          ff = encounterFromText(name, text);
        } catch (e) {
          if (e instanceof ValidationError) continue;
          throw e;
        }
        encounters.push({ title: ff.loaded.setup.title, text });
        const source = ff.loaded.source as {
          sides?: { players?: boolean; combatants?: Record<string, unknown>[] }[];
        };
        for (const side of source.sides ?? [])
          if (side.players)
            for (const c of side.combatants ?? [])
              if (typeof c.name === 'string' && c.count === undefined && !members.has(c.name)) {
                const { at: _at, facing: _f, enters: _e, ...entry } = c;
                members.set(c.name, entry);
              }
      }
      // The example campaign's party file, where the ruleset has one (WFRP 1e's heroes.yaml).
      const partyFile = join(packageRoot(), 'data', BESTIARY_OF[r.id] ?? r.id, 'campaign', 'heroes.yaml');
      try {
        if (BESTIARY_OF[r.id] === undefined) {
          const { party } = readParty(readText(partyFile), r.id);
          for (const m of party.members) {
            const name = memberName(m);
            if (name !== null) members.set(name, m as Record<string, unknown>);
          }
        }
      } catch {
        // No party file for this ruleset: the players' sides stand for it.
      }
      const known = new Set(store.characters(r.id).map((c) => c.name));
      const characters = [...members]
        .filter(([name]) => !known.has(name))
        .map(([name, entry]) => ({ name, entry }))
        .filter(({ entry }) => {
          try {
            checkCharacter(r.id, entry);
            return true;
          } catch {
            return false;
          }
        });
      const had = new Set(store.encounters().map((e) => e.text));
      const added = encounters.filter((e) => !had.has(e.text));
      for (const e of added) store.addEncounter(e.title, r.id, e.text);
      if (characters.length > 0)
        store.addCharacters(
          characters.map((c) => ({ ruleset: r.id, name: c.name, party: true, entry: c.entry })),
        );
      changed(null, 'encounters');
      changed(null, 'characters');
      return { encounters: added.length, characters: characters.length };
    }),
  );
}
