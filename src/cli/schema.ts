// `fray schema`: the JSON Schema of a kind of file, for an editor (docs/editors.md). The same
// schemas are built into dist/schema/, where the shipped examples' first lines point. With
// `--table`, the names it lists (creatures, weapons, …) are those of the user's own tables.
import { resolve } from 'node:path';
import { jsonSchema, schemaKinds } from '../files/schema.js';
import { readText } from '../files/disk.js';
import { pairs } from '../files/fight-file.js';
import type { Io } from './io.js';
import { loadRulesets } from '../rulesets/registry.js';

export interface SchemaOpts {
  ruleset: string;
  list?: boolean;
  table?: string[];
}

export async function schemaCommand(io: Io, kind: string | undefined, o: SchemaOpts): Promise<void> {
  await loadRulesets([o.ruleset]);
  if (o.list || kind === undefined) {
    io.out.write(`${schemaKinds(o.ruleset).join('\n')}\n`);
    return;
  }
  const tables = Object.fromEntries(
    Object.entries(pairs(o.table, '--table')).map(([name, path]) => [name, readText(resolve(path))]),
  );
  io.out.write(`${JSON.stringify(jsonSchema(o.ruleset, kind, tables), null, 2)}\n`);
}
