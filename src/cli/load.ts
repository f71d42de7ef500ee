import { resolve } from 'node:path';
import { z } from 'zod';
import { SourceDoc, ValidationError, validate } from '../core/document.js';
import { loadPart, type Loaded } from '../core/encounter.js';
import type { Input } from '../core/request.js';
import type { Options } from '../core/ruleset.js';
import { RULESETS } from '../rulesets/index.js';
import { nodeEnv, readText } from '../node/files.js';

export const SAVE_MARK = 'fray-saved-fight';

/** A fight loaded from an encounter file or a save: the encounter, and the inputs so far. */
export interface FightFile {
  readonly loaded: Loaded;
  readonly inputs: readonly Input[];
  readonly seed: number | null;
  /** The encounter's file, for resolving its relative paths and for saves. */
  readonly encounterPath: string;
  readonly tables: Readonly<Record<string, string>>;
}

const saveSchema = z.strictObject({
  fray: z.literal(SAVE_MARK),
  version: z.literal(1, { error: 'expected version 1' }),
  encounterFile: z.string().optional(),
  seed: z.number().int().min(0).nullable(),
  tables: z.record(z.string(), z.string()).default({}),
  inputs: z.array(z.union([z.number().int(), z.string()], { error: 'expected a roll (number) or a choice (text)' })),
  encounter: z.unknown(),
});

/** Parses `-o name=value` and `--table name=FILE` lists. */
export function pairs(list: readonly string[] | undefined, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const m = /^([^=\s]+)=(.+)$/.exec(item);
    if (!m) throw new ValidationError([{ file: 'command line', path: what, message: `expected name=value, got '${item}'` }]);
    out[m[1] as string] = m[2] as string;
  }
  return out;
}

export function loadFightFile(path: string, overrides: Options, tables: Record<string, string>): FightFile {
  const f = readText(path);
  const doc = SourceDoc.parse(f.file, f.text);
  const data = doc.data as Record<string, unknown> | null;
  if (data && typeof data === 'object' && data.fray === SAVE_MARK) {
    const save = validate(saveSchema, doc, data);
    const encounterPath = save.encounterFile ?? resolve(path);
    const allTables = { ...save.tables, ...tables };
    const env = nodeEnv(encounterPath, allTables);
    const loaded = loadPart({ doc, base: ['encounter'], value: save.encounter }, RULESETS, env, overrides);
    return { loaded, inputs: save.inputs, seed: save.seed, encounterPath, tables: absolute(allTables) };
  }
  const env = nodeEnv(path, tables);
  const loaded = loadPart({ doc, base: [], value: doc.data }, RULESETS, env, overrides);
  return { loaded, inputs: [], seed: null, encounterPath: resolve(path), tables: absolute(tables) };
}

function absolute(tables: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tables).map(([k, v]) => [k, resolve(v)]));
}

/** The save: the encounter (with every option spelled out), the seed, and every input so far. */
export function saveText(ff: FightFile, inputs: readonly Input[], seed: number | null): string {
  const encounter = { ...(ff.loaded.source as Record<string, unknown>), options: { ...ff.loaded.options } };
  const doc = {
    fray: SAVE_MARK,
    version: 1,
    encounterFile: ff.encounterPath,
    seed,
    tables: ff.tables,
    inputs,
    encounter,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
