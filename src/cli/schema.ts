// `fray schema`: the JSON Schema of a kind of file, for an editor (docs/editors.md). The same
// schemas are built into dist/schema/, where the shipped examples' first lines point.
import { jsonSchema, schemaKinds } from '../files/schema.js';
import type { Io } from './io.js';
import { loadRulesets } from '../rulesets/registry.js';

export interface SchemaOpts {
  ruleset: string;
  list?: boolean;
}

export async function schemaCommand(io: Io, kind: string | undefined, o: SchemaOpts): Promise<void> {
  await loadRulesets([o.ruleset]);
  if (o.list || kind === undefined) {
    io.out.write(`${schemaKinds(o.ruleset).join('\n')}\n`);
    return;
  }
  io.out.write(`${JSON.stringify(jsonSchema(o.ruleset, kind), null, 2)}\n`);
}
