// JSON Schemas of the files a user writes, made from the zod schemas their loaders check them
// with, so that an editor (VS Code's YAML extension, or any other using yaml-language-server)
// completes fields and values and marks a mistake as it is typed. `fray schema` prints one; the
// build writes them all into dist/schema/<ruleset>/<kind>.json, which the shipped examples name.
// The names a combatant gives (`use:`, `weapons:`, `armour:`, spells) are listed as the ruleset's
// data has them, each with what it is, so that an editor completes them and marks `use: goblinn`;
// a user's own bestiary or weapons put in place of ours (`--table`) give their names instead.
// A schema says less than a loader checks (a table's rows covering every roll, two combatants of
// one name), so a file an editor accepts may still be refused, at its line, when loaded.
import { basename } from 'node:path';
import { z } from 'zod';
import { readDataFile } from '../core/data-file.js';
import { ValidationError } from '../core/document.js';
import { checkTableNames } from '../core/encounter.js';
import { MEMBER_USE_PATTERN, partySchemaFor } from '../core/party.js';
import type { FileText, Ruleset } from '../core/ruleset.js';
import { NAMED_IN_DATA, onFirstUse, type NameKind } from '../core/schema.js';
import { listedRows, type Named } from '../core/statblock.js';
import { shippedOnlyEnv } from './disk.js';
import { REGISTRY } from '../rulesets/registry.js';

/** The kinds every ruleset has, before its data files. */
const FILE_KINDS = ['encounter', 'party', 'character'] as const;

type Json = Record<string, unknown>;

function rulesetOf(id: string): Ruleset {
  const r = REGISTRY.get(id);
  if (!r)
    throw new ValidationError([
      {
        file: 'command line',
        path: '--ruleset',
        message: `unknown ruleset '${id}'; known: ${[...REGISTRY.keys()].join(', ')}`,
      },
    ]);
  return r;
}

/** The kinds of file a ruleset has a schema for: encounter, party, character, then its data files by name. */
export function schemaKinds(ruleset: string): string[] {
  return [...FILE_KINDS, ...Object.keys(rulesetOf(ruleset).files.data).sort()];
}

/** The encounter's `options:` as the ruleset lists them: each name with its values, default and summary. */
function optionsSchema(r: Ruleset): Json {
  const properties: Json = {};
  for (const o of r.options) {
    // YAML reads `firstStrike: 4` as a number; the loader takes it as the option's word.
    const numbers = o.values.filter((v) => /^-?\d+$/.test(v)).map(Number);
    properties[o.name] = {
      enum: [...o.values, ...numbers],
      default: o.default,
      description: `${o.summary} (default: ${o.default})`,
    };
  }
  return { type: 'object', properties, additionalProperties: false };
}

/**
 * A side may bring a party file in whole (`party: heroes.yaml`), in place of its combatants or
 * beside them: core/party.ts writes the members in before the ruleset's schema reads the side, so
 * the schema of the file as a user writes it has that field too.
 */
function withParty(side: Json): void {
  const properties = side.properties as Json | undefined;
  if (!properties?.combatants) return;
  properties.party = {
    type: 'string',
    minLength: 1,
    description: 'a party file whose members join this side (docs/table-play.md, The party that goes on)',
  };
  side.required = ((side.required as string[] | undefined) ?? []).filter((k) => k !== 'combatants');
  side.anyOf = [{ required: ['combatants'] }, { required: ['party'] }];
}

/** A row of the data as an editor offers it: its id, which a file writes, and what it is. */
interface NameChoice {
  readonly id: string;
  readonly about: string;
}

/** A data row that a name names, with what the files may say of it besides its name. */
type DataRow = Named & { readonly group?: unknown; readonly source?: unknown };

/** "Goblin (Humanoids; facts: Profiles)": its name, then its group and source where the row gives them. */
function aboutRow(row: DataRow): string {
  const more = [row.group, row.source].filter((x): x is string => typeof x === 'string' && x !== '');
  return more.length > 0 ? `${row.name} (${more.join('; ')})` : row.name;
}

/**
 * The names a ruleset's files may give, by kind, read from the lists its loader reads them from,
 * with the user's tables in place of ours (the same names, by the table's name, as `--table`
 * takes); each id once, as the first list gives it (a spear is a hand weapon and a missile).
 */
function namesOf(r: Ruleset, tables: Readonly<Record<string, FileText>>): Map<NameKind, NameChoice[]> {
  const shipped = shippedOnlyEnv();
  const yours = (from: string, file: string): FileText | undefined => {
    const table = file.replace(/\.yaml$/, '');
    return from === r.id && Object.hasOwn(tables, table) ? tables[table] : undefined;
  };
  const reader = {
    readData: (from: string, file: string) => yours(from, file) ?? shipped.readData(from, file),
  };
  const out = new Map<NameKind, NameChoice[]>();
  for (const [kind, specs] of Object.entries(r.files.names) as [NameKind, readonly string[]][]) {
    const seen = new Set<string>();
    const choices: NameChoice[] = [];
    for (const row of listedRows<DataRow>(reader, r.id, specs)) {
      if (typeof row.id !== 'string' || seen.has(row.id)) continue;
      seen.add(row.id);
      choices.push({ id: row.id, about: aboutRow(row) });
    }
    out.set(kind, choices);
  }
  return out;
}

/** The user's tables, each checked as its loader checks it, so that a schema lists no names from a file Fray would refuse. */
function checkedTables(r: Ruleset, tables: Readonly<Record<string, FileText>>): void {
  checkTableNames(r, Object.keys(tables));
  for (const [name, file] of Object.entries(tables)) {
    const ds = r.files.data[name];
    if (ds) readDataFile(ds, file);
  }
}

/** Where a kind of name comes from, as a description says it: ours by folder and file, a user's table by its file's name. */
function namedFrom(r: Ruleset, kind: NameKind, tables: Readonly<Record<string, FileText>>): string {
  const files = (r.files.names[kind] ?? []).map((spec) => {
    const path = spec.split('#')[0] as string;
    const table = path.replace(/\.yaml$/, '');
    if (Object.hasOwn(tables, table)) return `your ${basename((tables[table] as FileText).file)}`;
    return path.startsWith('../') ? path.slice(3) : `${r.id}/${path}`;
  });
  return files.join(' or ');
}

/**
 * In an encounter, `use:` may also bring one member of a party file (`use: heroes.yaml#Helmut`):
 * core/party.ts writes the member in before the ruleset's schema reads the entry, so the schema of
 * the file as a user writes it takes that too, beside the bestiary's names.
 */
function withMemberUse(side: Json): void {
  const combatant = (side.properties as Json | undefined)?.combatants as Json | undefined;
  const fields = (combatant?.items as Json | undefined)?.properties as Json | undefined;
  if (!fields?.use) return;
  fields.use = {
    anyOf: [
      fields.use,
      {
        type: 'string',
        pattern: MEMBER_USE_PATTERN,
        description: 'a member of a party file: FILE#Name (docs/table-play.md, The party that goes on)',
      },
    ],
  };
}

function zodOf(r: Ruleset, kind: string): z.ZodType | undefined {
  if (kind === 'encounter') return r.files.encounter;
  if (kind === 'character') return r.character?.schema;
  if (kind === 'party') return r.character ? partySchemaFor(r.id, r.character.schema) : undefined;
  return Object.hasOwn(r.files.data, kind) ? r.files.data[kind]?.schema : undefined;
}

const DESCRIBED: Readonly<Record<string, string>> = {
  encounter: 'an encounter file: who fights whom, and how',
  party: 'a party file: the characters who go on from fight to fight',
  character: 'one combatant entry, as a party member or fray import writes it',
};

/**
 * The JSON Schema (draft-07, what editors read best) of one kind of file of a ruleset; `tables`:
 * the user's files in place of the ruleset's tables, by name, whose names it lists in place of ours.
 */
export function jsonSchema(
  ruleset: string,
  kind: string,
  tables: Readonly<Record<string, FileText>> = {},
): Json {
  const r = rulesetOf(ruleset);
  const schema = zodOf(r, kind);
  if (!schema)
    throw new ValidationError([
      {
        file: 'command line',
        path: 'kind',
        message: `no schema '${kind}' for ${r.id}; kinds: ${schemaKinds(r.id).join(', ')}`,
      },
    ]);
  checkedTables(r, tables);
  // Read when a field asks: a table's schema (fumbles) names nothing, and reads no bestiary.
  const names = onFirstUse(() => namesOf(r, tables));
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: field }) => {
      const named = NAMED_IN_DATA.get(zodSchema);
      const choices = named && names().get(named.kind);
      // A ruleset with no such list (or an empty table) leaves the field a plain text.
      if (!named || !choices || choices.length === 0) return;
      field.description = `${named.what}: one of ${namedFrom(r, named.kind, tables)}`;
      field.enum = choices.map((c) => c.id);
      // What VS Code's JSON and YAML language servers show beside each name as it is completed.
      (field as Json).enumDescriptions = choices.map((c) => c.about);
    },
  }) as Json;
  const properties = json.properties as Json | undefined;
  if (kind === 'encounter') {
    if (properties?.options) properties.options = optionsSchema(r);
    const sides = properties?.sides as Json | undefined;
    if (sides?.items) {
      withParty(sides.items as Json);
      withMemberUse(sides.items as Json);
    }
  }
  const { $schema, ...rest } = json;
  return {
    $schema,
    title: `Fray, ${r.title}: ${kind}`,
    description: `${r.id}: ${DESCRIBED[kind] ?? `the data file ${kind}.yaml, or a table of your own in its place`}. Made from the checks Fray runs on load, which may refuse more (at the line) than this schema says.`,
    ...rest,
  };
}

/** Every ruleset's schemas, by the path the build writes each to under dist/schema/. */
export function allSchemas(): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const id of REGISTRY.keys())
    for (const kind of schemaKinds(id)) out.set(`${id}/${kind}.json`, jsonSchema(id, kind));
  return out;
}
