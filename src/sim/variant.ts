// A variant of an encounter: its file (or its text), rule options, replacement tables, and edits
// to the document ("sides[0].combatants[0].profile.WS=45"). Comparisons and sweeps are variants,
// and workers load them from this description, which crosses threads as plain data.
import { formatPath, parseYaml, SourceDoc, ValidationError, type Issue } from '../core/document.js';
import { loadPart, type Loaded } from '../core/encounter.js';
import { allLoaded, loadRulesets, REGISTRY } from '../rulesets/registry.js';
import { rulesetNamed } from '../files/fight-file.js';
import { nodeEnv, readSeen, shippedOnlyEnv } from '../files/disk.js';

/** A change to an encounter's document: a value set at a path, as `fray compare --b 'path=value'` writes it. */
export interface Edit {
  /** Where, in the encounter document: `sides[0].combatants[1].profile.WS`, `options.criticals`. */
  readonly path: string;
  /** The value set there (a number, a text, a list…), checked as the encounter's own would be. */
  readonly value: unknown;
  /** The flag it came from (`--vary`, `--b`), so that a value the encounter refuses is blamed on it. */
  readonly flag?: string;
}

export interface Variant {
  /** The encounter's file; with `text`, only the name the text goes by in messages. */
  readonly file: string;
  /**
   * The encounter's text, when it is not read from a file (an encounter kept in the campaign).
   * Read so, it may name no file of its own, as an encounter of the campaign store may not:
   * only Fray's shipped data is read, the same files a file on disk would read.
   */
  readonly text?: string;
  readonly options: Readonly<Record<string, string>>;
  readonly tables: Readonly<Record<string, string>>;
  readonly edits: readonly Edit[];
  /** More folders the encounter's own file references may reach (`--allow-path`). */
  readonly allow?: readonly string[];
}

export type Step = string | number;

/** `sides[0].combatants[1].profile.WS` → ['sides', 0, 'combatants', 1, 'profile', 'WS']. */
export function parseEditPath(path: string): Step[] {
  const steps: Step[] = [];
  const re = /([A-Za-z_][\w-]*)|\[(\d+)\]|(\.)/gy;
  let last = '';
  let m: RegExpExecArray | null;
  re.lastIndex = 0;
  while (re.lastIndex < path.length && (m = re.exec(path)) !== null) {
    if (m[1] !== undefined) {
      if (last === 'key' || last === 'index') throw new EditError(path, 'expected a dot before a name');
      if (['__proto__', 'constructor', 'prototype'].includes(m[1]))
        throw new EditError(path, `'${m[1]}' is not a field of an encounter`);
      steps.push(m[1]);
      last = 'key';
    } else if (m[2] !== undefined) {
      if (last === '' || last === 'dot') throw new EditError(path, 'an index follows a name');
      steps.push(Number(m[2]));
      last = 'index';
    } else {
      if (last === '' || last === 'dot') throw new EditError(path, 'a dot follows a name or an index');
      last = 'dot';
    }
  }
  if (re.lastIndex !== path.length || steps.length === 0 || last === 'dot')
    throw new EditError(path, 'expected a path such as sides[0].combatants[1].profile.WS');
  return steps;
}

export class EditError extends ValidationError {
  constructor(path: string, message: string) {
    super([{ file: 'command line', path, message }]);
  }
}

/** A value as written on the command line: YAML's reading of it (45 is a number, on a string, [a, b] a list). */
export function parseEditValue(text: string): unknown {
  try {
    const doc = parseYaml('command line', text);
    return doc.errors.length > 0 ? text : (doc.toJS() as unknown);
  } catch {
    return text;
  }
}

/** `path=value` → an edit. */
export function parseEdit(item: string, flag?: string): Edit {
  const eq = item.indexOf('=');
  if (eq <= 0) throw new EditError(item, 'expected path=value, such as sides[0].combatants[0].profile.WS=45');
  const path = item.slice(0, eq).trim();
  parseEditPath(path);
  return { path, value: parseEditValue(item.slice(eq + 1).trim()), ...(flag ? { flag } : {}) };
}

/** The document with the edits made: lists must already have the index; missing maps are made. */
export function applyEdits(data: unknown, edits: readonly Edit[]): unknown {
  const root = structuredClone(data);
  for (const e of edits) {
    const steps = parseEditPath(e.path);
    let node: unknown = root;
    steps.forEach((step, i) => {
      const lastStep = i === steps.length - 1;
      const where = steps
        .slice(0, i + 1)
        .map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`))
        .join('')
        .replace(/^\./, '');
      if (typeof step === 'number') {
        if (!Array.isArray(node)) throw new EditError(e.path, `${where}: not a list in the encounter`);
        if (step >= node.length)
          throw new EditError(e.path, `${where}: the encounter has ${node.length} there`);
        if (lastStep) node[step] = e.value;
        else node = node[step] as unknown;
        return;
      }
      if (node === null || typeof node !== 'object' || Array.isArray(node))
        throw new EditError(e.path, `${where}: not a map in the encounter`);
      const map = node as Record<string, unknown>;
      if (lastStep) map[step] = e.value;
      else {
        if (!Object.hasOwn(map, step) || map[step] === undefined)
          map[step] = typeof steps[i + 1] === 'number' ? [] : {};
        node = map[step];
      }
    });
  }
  return root;
}

/** The `fray fight` command that plays a run of this variant again (edits, which it cannot take, are named). */
export function replayOf(v: Variant, maxRounds?: number): string {
  const q = (s: string) => (/^[\w./=:@-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);
  const parts = ['fray fight', q(v.file)];
  for (const [k, val] of Object.entries(v.options)) parts.push('-o', q(`${k}=${val}`));
  for (const [k, f] of Object.entries(v.tables)) parts.push('--table', q(`${k}=${f}`));
  for (const d of v.allow ?? []) parts.push('--allow-path', q(d));
  if (maxRounds !== undefined) parts.push('--max-rounds', String(maxRounds));
  const edits = v.edits.length
    ? ` on the file edited: ${v.edits.map((e) => `${e.path}=${JSON.stringify(e.value)}`).join(', ')}`
    : '';
  return `${parts.join(' ')}${edits ? ` (${edits.trim()})` : ''}`;
}

/** A variant's file (or text), read and parsed. */
function variantDoc(v: Variant, seen?: Set<string>): SourceDoc {
  const f = v.text === undefined ? readSeen(v.file, seen) : { file: v.file, text: v.text };
  return SourceDoc.parse(f.file, f.text);
}

/**
 * Loads the rulesets the variants name (a file of their own, or an edit, may name another), so
 * that loadVariant finds them: the command line's way, which loads no other ruleset
 * (src/rulesets/registry.ts). Each file is read once; one that cannot be read or edited is
 * passed over.
 */
export async function loadVariantRulesets(variants: readonly Variant[]): Promise<void> {
  if (allLoaded()) return;
  const docs = new Map<string, SourceDoc>();
  const ids: unknown[] = [];
  for (const v of variants) {
    try {
      const key = v.text === undefined ? v.file : `${v.file}\u0000${v.text}`;
      const doc = docs.get(key) ?? variantDoc(v);
      docs.set(key, doc);
      ids.push(rulesetNamed(v.edits.length > 0 ? applyEdits(doc.data, v.edits) : doc.data));
    } catch {
      // loadVariant says what is wrong with it, in its turn.
    }
  }
  await loadRulesets(ids);
}

/** Loads a variant: the file read and validated with its edits, options and tables (each file read told to `seen`). */
export function loadVariant(v: Variant, seen?: Set<string>): Loaded {
  const doc = variantDoc(v, seen);
  const data = v.edits.length > 0 ? applyEdits(doc.data, v.edits) : doc.data;
  try {
    const env =
      v.text === undefined ? nodeEnv(v.file, { ...v.tables }, { allow: v.allow, seen }) : textEnv(v);
    return loadPart({ doc, base: [], value: data }, REGISTRY, env, { ...v.options });
  } catch (e) {
    if (!(e instanceof ValidationError) || v.edits.length === 0) throw e;
    throw new ValidationError(e.issues.map((i) => blameEdit(i, v.edits)));
  }
}

/** Where an encounter given as text reads its data: the shipped tables, and no file named by the user. */
function textEnv(v: Variant): ReturnType<typeof shippedOnlyEnv> {
  const named = Object.keys(v.tables);
  if (named.length > 0 || (v.allow ?? []).length > 0)
    throw new ValidationError([
      {
        file: v.file,
        path: named.length > 0 ? `tables.${named[0]}` : 'allow',
        message: 'an encounter given as text reads no file: put its tables in the encounter',
      },
    ]);
  return shippedOnlyEnv();
}

/** A problem in a value an edit put in the document is the command line's: its flag, path and value. */
function blameEdit(issue: Issue, edits: readonly Edit[]): Issue {
  for (const e of edits) {
    const at = formatPath(parseEditPath(e.path));
    if (issue.path !== at && !issue.path.startsWith(`${at}.`) && !issue.path.startsWith(`${at}[`)) continue;
    const inside = issue.path === at ? '' : ` (at ${issue.path})`;
    return {
      file: 'command line',
      path: e.flag ?? 'edit',
      message: `${e.path}=${typeof e.value === 'string' ? e.value : JSON.stringify(e.value)}${inside}: ${issue.message}`,
    };
  }
  return issue;
}
