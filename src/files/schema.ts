// JSON Schemas of the files a user writes, made from the zod schemas their loaders check them
// with, so that an editor (VS Code's YAML extension, or any other using yaml-language-server)
// completes fields and values and marks a mistake as it is typed. `fray schema` prints one; the
// build writes them all into dist/schema/<ruleset>/<kind>.json, which the shipped examples name.
// A schema says less than a loader checks (a table's rows covering every roll, a weapon's name
// found in the data), so a file an editor accepts may still be refused, at its line, when loaded.
import { z } from 'zod';
import { ValidationError } from '../core/document.js';
import { partySchemaFor } from '../core/party.js';
import type { Ruleset } from '../core/ruleset.js';
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

/** The JSON Schema (draft-07, what editors read best) of one kind of file of a ruleset. */
export function jsonSchema(ruleset: string, kind: string): Json {
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
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Json;
  const properties = json.properties as Json | undefined;
  if (kind === 'encounter') {
    if (properties?.options) properties.options = optionsSchema(r);
    const sides = properties?.sides as Json | undefined;
    if (sides?.items) withParty(sides.items as Json);
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
