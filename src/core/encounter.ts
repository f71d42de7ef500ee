import { quietIssues, SourceDoc, ValidationError, type Path } from './document.js';
import { didYouMean } from './names.js';
import { expandParties, type PartyUse } from './party.js';
import {
  defaultOptions,
  type DocPart,
  type LoadEnv,
  type Options,
  type Ruleset,
  type SetupCore,
} from './ruleset.js';

/** An encounter read and checked: its ruleset, the setup the ruleset built, the options in force. */
export interface Loaded {
  /** The ruleset the encounter names, which plays it. */
  readonly ruleset: Ruleset;
  /** The encounter as the ruleset built it, checked: what runFight plays. */
  readonly setup: SetupCore;
  /** Every rule option's value, the defaults included. */
  readonly options: Options;
  /** The file it was read from, which can say where each of its values stands. */
  readonly doc: SourceDoc;
  /** The encounter as written (for saves), with its parties' members written in. */
  readonly source: unknown;
  /** The party files it brought members from (`party:` on a side, `use: FILE#Name`). */
  readonly parties: readonly PartyUse[];
}

/**
 * Where a loader finds the ruleset an encounter names: every id known (for "known: …"), and each
 * one's ruleset. A map of them all is one; the command line's loads each when it is needed.
 */
export interface Registry {
  keys(): Iterable<string>;
  get(id: string): Ruleset | undefined;
}

/** Refuses a `--table` the ruleset has not, naming those it has. */
export function checkTableNames(ruleset: Pick<Ruleset, 'id' | 'tables'>, names: readonly string[]): void {
  const unknownTables = names.filter((t) => !ruleset.tables.includes(t));
  if (unknownTables.length > 0) {
    throw new ValidationError(
      unknownTables.map((t) => ({
        file: 'command line',
        path: '--table',
        message: `${ruleset.id} has no table '${t}'${didYouMean(t, ruleset.tables)}; tables: ${ruleset.tables.join(', ') || 'none'}`,
      })),
    );
  }
}

/** Reads `options:` and command-line overrides against the ruleset's switches. */
export function resolveOptions(
  ruleset: { readonly options: Ruleset['options'] },
  part: DocPart,
  overrides: Options = {},
  overrideSource = 'command line',
): Options {
  const out = defaultOptions(ruleset.options);
  const issues = [];
  const names = ruleset.options.map((o) => o.name);
  const apply = (name: string, value: unknown, where: () => { path: Path; fromDoc: boolean }) => {
    const spec = ruleset.options.find((o) => o.name === name);
    const at = where();
    if (!spec) {
      const msg = `unknown option '${name}'${didYouMean(name, names)}; options: ${names.join(', ')}`;
      issues.push(
        at.fromDoc ? part.doc.issue(at.path, msg, name) : { file: overrideSource, path: name, message: msg },
      );
      return;
    }
    // A value YAML reads as a number (firstStrike: 4) is the option's word all the same.
    if (typeof value === 'number') value = String(value);
    if (typeof value !== 'string' || !spec.values.includes(value)) {
      const msg = `expected one of ${spec.values.join(', ')}`;
      issues.push(
        at.fromDoc
          ? part.doc.issue([...at.path, name], msg)
          : { file: overrideSource, path: name, message: msg },
      );
      return;
    }
    out[name] = value;
  };
  const raw = (part.value as Record<string, unknown> | null)?.options;
  if (raw !== undefined) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      issues.push(part.doc.issue([...part.base, 'options'], 'expected a map of option: value'));
    } else {
      for (const [k, v] of Object.entries(raw))
        apply(k, v, () => ({ path: [...part.base, 'options'], fromDoc: true }));
    }
  }
  for (const [k, v] of Object.entries(overrides)) apply(k, v, () => ({ path: [], fromDoc: false }));
  if (issues.length > 0) throw new ValidationError(issues);
  return out;
}

/** Picks the ruleset named by the document and lets it validate the rest. */
export function loadPart(part: DocPart, registry: Registry, env: LoadEnv, overrides: Options = {}): Loaded {
  const v = part.value;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw new ValidationError([
      part.doc.issue(part.base, 'expected an encounter: a map with ruleset and sides'),
    ]);
  }
  const id = (v as Record<string, unknown>).ruleset;
  const known = [...registry.keys()];
  if (typeof id !== 'string') {
    throw new ValidationError([
      part.doc.issue(
        [...part.base, 'ruleset'],
        `${id === undefined ? 'missing; ' : ''}expected one of ${known.join(', ')}`,
      ),
    ]);
  }
  const ruleset = registry.get(id);
  if (!ruleset) {
    throw new ValidationError([
      part.doc.issue(
        [...part.base, 'ruleset'],
        `unknown ruleset '${id}'${didYouMean(id, known)}; known: ${known.join(', ')}`,
      ),
    ]);
  }
  checkTableNames(ruleset, Object.keys(env.tables));
  const options = resolveOptions(ruleset, part, overrides);
  const { value, parties, partyFiles, locate } = expandParties(part, ruleset.id, env);
  let setup: SetupCore;
  try {
    setup = ruleset.load({ ...part, value }, options, env);
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    // A party file is the user's own, like the encounter: its problems are shown in full.
    throw new ValidationError(quietIssues(locate(e.issues), [part.doc.file, 'command line', ...partyFiles]));
  }
  return { ruleset, setup, options, doc: part.doc, source: value, parties };
}

export function loadEncounterText(
  file: string,
  text: string,
  registry: Registry,
  env: LoadEnv,
  overrides: Options = {},
): Loaded {
  const doc = SourceDoc.parse(file, text);
  return loadPart({ doc, base: [], value: doc.data }, registry, env, overrides);
}
