// The files a fight lives in, for every way in (the command, the server): an encounter file or a
// save (the encounter, its seed and its input log), read and checked; a save written.
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { SourceDoc, ValidationError, validate } from '../core/document.js';
import { loadPart, type Loaded } from '../core/encounter.js';
import { InputError, type Input } from '../core/request.js';
import type { FileText, LoadEnv, Options } from '../core/ruleset.js';
import { byName } from '../core/names.js';
import { onFirstUse } from '../core/schema.js';
import { loadRulesets, REGISTRY } from '../rulesets/registry.js';
import { nodeEnv, readNamed, readSeen, reachOf, shippedOnlyEnv } from './disk.js';
import type { PartyUse } from '../core/party.js';

export const SAVE_MARK = 'fray-saved-fight';

/** A fight loaded from an encounter file or a save: the encounter, and the inputs so far. */
export interface FightFile {
  readonly loaded: Loaded;
  readonly inputs: readonly Input[];
  readonly seed: number | null;
  /** The round cap the fight was run under, when a save says so. */
  readonly maxRounds: number | null;
  /** The file read: a save's inputs are reported against it. */
  readonly doc: SourceDoc;
  readonly isSave: boolean;
  /** The encounter's file, for resolving its relative paths and for saves. */
  readonly encounterPath: string;
  /** The user's tables as read, by name: a save carries them, so that it names no file to follow. */
  readonly tables: Readonly<Record<string, FileText>>;
  /** Every file read, by its real path: no output may replace one. */
  readonly files: ReadonlySet<string>;
  /** The party files whose members fight (absolute paths), for `fray party apply`. */
  readonly parties: readonly PartyUse[];
}

// Built when a save is read: most commands read none.
const saveSchema = onFirstUse(() =>
  z.strictObject({
    fray: z.literal(SAVE_MARK),
    version: z.literal(1, { error: 'expected version 1' }),
    encounterFile: z.string({ error: 'expected the path of the encounter file' }).optional(),
    seed: z
      .number({ error: 'expected a seed (a whole number) or null' })
      .int({ error: 'expected a whole-number seed' })
      .min(0, { error: 'expected a seed of 0 or more' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'expected a seed up to 2^53 − 1' })
      .nullable(),
    maxRounds: z.number({ error: 'expected a round cap' }).int().min(1).max(100_000).nullable().default(null),
    // A table as read ({ file, text }); an older save's is a path, followed only inside the save's folder.
    tables: z
      .record(
        z.string(),
        z.union([z.string(), z.strictObject({ file: z.string(), text: z.string() })], {
          error: 'expected a table: { file, text }',
        }),
        { error: 'expected a map of table: { file, text }' },
      )
      .default({}),
    inputs: z.array(
      z.union([z.number().int(), z.string()], {
        error: 'expected a roll (a whole number) or a choice (text)',
      }),
      {
        error: 'expected the list of inputs',
      },
    ),
    encounter: z.custom<unknown>((v) => v !== undefined && v !== null, {
      error: 'expected the encounter (a map)',
    }),
    // The party files the encounter brought members from, and who: `fray party apply` writes back to them.
    party: z
      .array(
        z.strictObject({
          file: z.string({ error: 'expected the party file' }),
          side: z.number().int().min(0),
          members: z.array(z.strictObject({ member: z.string(), name: z.string() })),
        }),
        { error: 'expected the list of parties' },
      )
      .default([]),
  }),
);

/** What the command line wants of the file: any (fight, sim), or a save (--resume). */
export type FileKind = 'encounter' | 'save' | 'either';

/** Parses `-o name=value` and `--table name=FILE` lists. */
export function pairs(list: readonly string[] | undefined, what: string): Record<string, string> {
  // `-o __proto__=1` is a name like any other, refused as an unknown option.
  const out = byName<string>();
  for (const item of list ?? []) {
    const m = /^([^=\s]+)=(.+)$/.exec(item);
    if (!m)
      throw new ValidationError([
        { file: 'command line', path: what, message: `expected name=value, got '${item}'` },
      ]);
    out[m[1] as string] = m[2] as string;
  }
  return out;
}

export function loadFightFile(
  path: string,
  overrides: Options,
  tables: Record<string, string>,
  kind: FileKind = 'either',
  allow: readonly string[] = [],
): FightFile {
  return fightOf(readFight(path, kind), overrides, tables, allow);
}

/**
 * loadFightFile, with the ruleset the file names loaded first: how the command line reads a
 * fight, loading no other ruleset's code (src/rulesets/registry.ts).
 */
export async function importFightFile(
  path: string,
  overrides: Options,
  tables: Record<string, string>,
  kind: FileKind = 'either',
  allow: readonly string[] = [],
): Promise<FightFile> {
  const read = readFight(path, kind);
  await loadRulesets([rulesetNamed(read.doc.data)]);
  return fightOf(read, overrides, tables, allow);
}

/** The ruleset a document names: an encounter's `ruleset:`, or its encounter's in a save. */
export function rulesetNamed(data: unknown): unknown {
  const d = data as { fray?: unknown; ruleset?: unknown; encounter?: { ruleset?: unknown } } | null;
  if (d === null || typeof d !== 'object') return undefined;
  return d.fray === SAVE_MARK ? d.encounter?.ruleset : d.ruleset;
}

/** A fight file read and parsed, not yet loaded: what it is, and every file read for it. */
interface ReadFight {
  readonly path: string;
  readonly doc: SourceDoc;
  readonly isSave: boolean;
  readonly seen: Set<string>;
}

function readFight(path: string, kind: FileKind): ReadFight {
  const seen = new Set<string>();
  const f = readSeen(path, seen);
  const doc = SourceDoc.parse(f.file, f.text);
  const data = doc.data as Record<string, unknown> | null;
  const isSave = data !== null && typeof data === 'object' && data.fray === SAVE_MARK;
  if (kind === 'save' && !isSave) {
    throw new ValidationError([
      {
        file: doc.file,
        path: '',
        message: `not a saved fight (a save starts with fray: ${SAVE_MARK}); run an encounter with fray fight FILE`,
      },
    ]);
  }
  if (kind === 'encounter' && isSave) {
    throw new ValidationError([
      {
        file: doc.file,
        path: '',
        message: 'a saved fight, not an encounter: simulate the encounter it was made from',
      },
    ]);
  }
  return { path, doc, isSave, seen };
}

function fightOf(
  { path, doc, isSave, seen }: ReadFight,
  overrides: Options,
  tables: Record<string, string>,
  allow: readonly string[],
): FightFile {
  if (isSave) return loadSave(path, doc, tables, allow, seen, overrides);
  const used: Record<string, FileText> = {};
  const keep = (env: LoadEnv): LoadEnv => ({ ...env, onTable: (name, t) => (used[name] = t) });
  const env = nodeEnv(path, tables, { allow, seen });
  const loaded = loadPart({ doc, base: [], value: doc.data }, REGISTRY, keep(env), overrides);
  return {
    loaded,
    inputs: [],
    seed: null,
    maxRounds: null,
    doc,
    isSave,
    encounterPath: resolve(path),
    tables: used,
    files: seen,
    parties: loaded.parties.map((p) => ({ ...p, file: resolve(dirname(resolve(path)), p.file) })),
  };
}

/** A save's fight: its encounter as saved (options spelled out), its tables as read, its inputs. */
function loadSave(
  path: string,
  doc: SourceDoc,
  tables: Record<string, string>,
  allow: readonly string[],
  seen: Set<string>,
  overrides: Options,
): FightFile {
  const used: Record<string, FileText> = {};
  const keep = (env: LoadEnv): LoadEnv => ({ ...env, onTable: (name, t) => (used[name] = t) });
  const save = validate(saveSchema(), doc, doc.data);
  const encounterPath = resolve(dirname(resolve(path)), save.encounterFile ?? path);
  const env = nodeEnv(encounterPath, tables, { allow, save: path, seen });
  const saved = savedTables(doc, save.tables, path, allow, seen);
  const loaded = loadPart(
    { doc, base: ['encounter'], value: save.encounter },
    REGISTRY,
    keep({ ...env, tables: { ...saved, ...env.tables } }),
    overrides,
  );
  return {
    loaded,
    inputs: save.inputs,
    seed: save.seed,
    maxRounds: save.maxRounds,
    doc,
    isSave: true,
    encounterPath,
    tables: used,
    files: seen,
    parties: save.party,
  };
}

/**
 * The fight with one more combatant, written into its encounter with `enters: true` at the end
 * of side `side` (the GM's reinforcement), loaded again as its save would be, so that the save
 * carries it. Refused (ValidationError, or Error with the reason) when the entry does not load,
 * or when it would rename someone already in the fight (the input log refers to ids).
 */
export function withNewcomer(
  ff: FightFile,
  side: number,
  entry: Readonly<Record<string, unknown>>,
  /** Reads the save back: from its folder (the command), or from the text alone (the campaign store). */
  reload: (text: string) => FightFile = (text) =>
    loadSave(ff.doc.file, SourceDoc.parse(ff.doc.file, text), {}, [], new Set(ff.files), {}),
): { ff: FightFile; id: string } {
  const source = structuredClone(ff.loaded.source) as { sides: { combatants: unknown[] }[] };
  const s = source.sides[side];
  if (!s) throw new Error(`no side ${side + 1}`);
  s.combatants.push({ ...entry, enters: true });
  const text = saveText({ ...ff, loaded: { ...ff.loaded, source } }, ff.inputs, ff.seed, ff.maxRounds);
  const loaded = reload(text);
  const next: FightFile = { ...loaded, doc: ff.doc, isSave: ff.isSave, encounterPath: ff.encounterPath };
  const before = ff.loaded.ruleset.create(ff.loaded.setup).combatants;
  const after = next.loaded.ruleset.create(next.loaded.setup).combatants;
  const renamed = before.find((c) => !after.some((a) => a.id === c.id && a.name === c.name));
  if (renamed)
    throw new Error(
      `it would rename ${renamed.name}: give the newcomer a name of its own, or write it into the encounter with enters: true`,
    );
  const added = after.find((a) => !before.some((c) => c.id === a.id));
  if (!added) throw new Error('nobody new came of it');
  return { ff: next, id: added.id };
}

/** A save's tables, read when the ruleset asks: carried in the save, or (an older save's) a file in its folder. */
function savedTables(
  doc: SourceDoc,
  tables: Readonly<Record<string, string | FileText>>,
  savePath: string,
  allow: readonly string[],
  seen: Set<string>,
): Record<string, () => FileText> {
  const base = dirname(resolve(savePath));
  const reach = reachOf(savePath, { allow, save: savePath });
  const out = byName<() => FileText>();
  for (const [name, t] of Object.entries(tables)) {
    out[name] = () => {
      if (typeof t !== 'string') return t;
      try {
        return readNamed(base, t, reach, seen);
      } catch (e) {
        throw new ValidationError([doc.issue(['tables', name], (e as Error).message)]);
      }
    };
  }
  return out;
}

/** A save's input that does not fit its fight, reported at its place in the file. */
export function inputProblem(ff: FightFile, index: number, message: string): ValidationError {
  if (ff.isSave) return new ValidationError([ff.doc.issue(['inputs', index], message)]);
  return new ValidationError([{ file: ff.doc.file, path: `input ${index + 1}`, message }]);
}

/** Runs a replay, reporting a save's input that does not fit at its place in the file. */
export function replaying<T>(ff: FightFile, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof InputError && e.index !== null && e.index < ff.inputs.length)
      throw inputProblem(ff, e.index, e.message.replace(/^input \d+: /, ''));
    throw e;
  }
}

/** After a finished replay: every input of the save was used, or the first one left over is reported. */
export function checkAllUsed(ff: FightFile, used: number): void {
  if (used < ff.inputs.length) {
    throw inputProblem(
      ff,
      used,
      `the fight is over before this input: ${ff.inputs.length - used} input(s) left unused; was the save edited, or the round cap lowered?`,
    );
  }
}

/** The save: the encounter (with every option spelled out), the seed, and every input so far. */
export function saveText(
  ff: FightFile,
  inputs: readonly Input[],
  seed: number | null,
  maxRounds: number | null,
): string {
  const encounter = { ...(ff.loaded.source as Record<string, unknown>), options: { ...ff.loaded.options } };
  const head = {
    fray: SAVE_MARK,
    version: 1,
    encounterFile: ff.encounterPath,
    seed,
    maxRounds,
    tables: ff.tables,
    ...(ff.parties.length ? { party: ff.parties } : {}),
  };
  // One input per line would make a long file; twenty to a line keeps it short and readable.
  const rows: string[] = [];
  for (let i = 0; i < inputs.length; i += 20)
    rows.push(
      `    ${inputs
        .slice(i, i + 20)
        .map((x) => JSON.stringify(x))
        .join(', ')}`,
    );
  const headText = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  return `${headText},\n  "inputs": [\n${rows.join(',\n')}\n  ],\n  "encounter": ${JSON.stringify(encounter, null, 2).replace(/\n/g, '\n  ')}\n}\n`;
}

/**
 * An encounter given as text (a pasted or uploaded file), read as a fight to begin. It names no
 * file, unless `env` reads some (the campaign's party, for an encounter kept in the campaign).
 */
export function encounterFromText(
  name: string,
  text: string,
  seed: number | null = null,
  overrides: Options = {},
  env: LoadEnv = shippedOnlyEnv(),
): FightFile {
  return encounterOf(SourceDoc.parse(name, text), seed, overrides, env);
}

/**
 * An encounter made in memory (a character's check, a program's object), read as a fight to
 * begin, as its text would be; it names no file.
 */
export function encounterFromData(name: string, data: unknown, overrides: Options = {}): FightFile {
  return encounterOf(SourceDoc.made(name, data), null, overrides, shippedOnlyEnv());
}

function encounterOf(doc: SourceDoc, seed: number | null, overrides: Options, env: LoadEnv): FightFile {
  const name = doc.file;
  if ((doc.data as Record<string, unknown> | null)?.fray === SAVE_MARK)
    throw new ValidationError([
      { file: name, path: '', message: 'a saved fight, not an encounter: import it as a fight' },
    ]);
  const loaded = loadPart({ doc, base: [], value: doc.data }, REGISTRY, env, overrides);
  return {
    loaded,
    inputs: [],
    seed,
    maxRounds: null,
    doc,
    isSave: false,
    encounterPath: name,
    tables: {},
    files: new Set(),
    parties: loaded.parties,
  };
}

/** A save given as text (written by `fray fight --save` or exported): its tables must be in it. */
export function saveFromText(name: string, text: string): FightFile {
  const doc = SourceDoc.parse(name, text);
  if ((doc.data as Record<string, unknown> | null)?.fray !== SAVE_MARK)
    throw new ValidationError([
      { file: name, path: '', message: `not a saved fight (a save starts with fray: ${SAVE_MARK})` },
    ]);
  const save = validate(saveSchema(), doc, doc.data);
  const tables = byName<() => FileText>();
  const used: Record<string, FileText> = {};
  const issues = [];
  for (const [table, t] of Object.entries(save.tables)) {
    if (typeof t === 'string')
      issues.push(
        doc.issue(
          ['tables', table],
          'a table named by its path: import a save that carries its tables ({ file, text })',
        ),
      );
    else tables[table] = () => t;
  }
  if (issues.length) throw new ValidationError(issues);
  const env = { ...shippedOnlyEnv(), tables, onTable: (t: string, f: FileText) => (used[t] = f) };
  const loaded = loadPart({ doc, base: ['encounter'], value: save.encounter }, REGISTRY, env);
  return {
    loaded,
    inputs: save.inputs,
    seed: save.seed,
    maxRounds: save.maxRounds,
    doc,
    isSave: true,
    encounterPath: save.encounterFile ?? name,
    tables: used,
    files: new Set(),
    parties: save.party,
  };
}
