import {
  LineCounter,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Alias,
  type Document,
  type Node,
} from 'yaml';
import type { z } from 'zod';
import { didYouMean, printable } from './names.js';

export type Path = readonly (string | number)[];

/** One problem in a file a user handed in. */
export interface Issue {
  readonly file: string;
  readonly line?: number;
  readonly col?: number;
  readonly path: string;
  readonly message: string;
}

export function formatIssue(i: Issue): string {
  const at = i.line === undefined ? i.file : `${i.file}:${i.line}:${i.col ?? 1}`;
  const line = i.path === '' ? `${at}: ${i.message}` : `${at} ${i.path}: ${i.message}`;
  return printable(line);
}

/**
 * Something legal in a file that a GM would likely not mean (a flail without its skill): said
 * when the file is read, and nothing stops.
 */
export interface Warning extends Issue {
  /** The combatants it concerns (their ids), to show it on their sheets. */
  readonly about: readonly string[];
}

/** "f.yaml:12:9 sides[0].combatants[1].weapons[0]: warning: …" */
export function formatWarning(w: Warning): string {
  return formatIssue({ ...w, message: `warning: ${w.message}` });
}

/** Issues in the order of their file (checks find them in another order). */
export function inFileOrder<T extends Issue>(issues: readonly T[]): T[] {
  const at = (i: Issue) => (i.line ?? Infinity) * 1e6 + (i.col ?? 0);
  return [...issues].sort((a, b) => at(a) - at(b));
}

/** Bad input: nothing runs, nothing is written; the CLI exits with code 2. */
export class ValidationError extends Error {
  constructor(readonly issues: readonly Issue[]) {
    super(issues.map(formatIssue).join('\n'));
  }
}

/** How many problems of a file the document names are shown, and how much of it they may quote. */
const NAMED_FILE_ISSUES = 3;
const NAMED_FILE_QUOTE = 16;
const NAMED_FILE_PATH = 40;

/**
 * The problems to show of files a document only names (a user's table): the first few, quoting
 * at most a few characters of the file once, so that a document naming a file that is not a table
 * (a password file, a key) does not have it printed back line by line.
 */
export function quietIssues(issues: readonly Issue[], ownFiles: readonly string[]): Issue[] {
  const out: Issue[] = [];
  const count = new Map<string, number>();
  const quoted = new Set<string>();
  const quote = (file: string, q: string) => {
    const keep = quoted.has(file) ? 0 : NAMED_FILE_QUOTE;
    quoted.add(file);
    return `'${shortQuote(q, keep)}'`;
  };
  for (const i of issues) {
    if (ownFiles.includes(i.file)) {
      out.push(i);
      continue;
    }
    const n = (count.get(i.file) ?? 0) + 1;
    count.set(i.file, n);
    if (n > NAMED_FILE_ISSUES) continue;
    const message = i.message.replace(/'([^'\n]*)'/g, (_m, q: string) => quote(i.file, q));
    out.push({ ...i, path: shortQuote(i.path, NAMED_FILE_PATH), message });
  }
  for (const [file, n] of count)
    if (n > NAMED_FILE_ISSUES)
      out.push({ file, path: '', message: `and ${n - NAMED_FILE_ISSUES} more problem(s) in this file` });
  return out;
}

function shortQuote(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** "sides[0].combatants[2].profile.WS" */
export function formatPath(path: Path): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? p : `.${p}`;
  }
  return out;
}

/** How many problems a file's refusal lists before it says how many more there are. */
export const MAX_ISSUES = 20;
/** Uses of aliases a file may make: past this, a small file can stand for gigabytes ("billion laughs"). */
const MAX_ALIAS_USES = 100;

/** The first MAX_ISSUES issues, and a last one counting the rest. */
export function capIssues(issues: readonly Issue[]): Issue[] {
  if (issues.length <= MAX_ISSUES) return [...issues];
  const first = issues[0] as Issue;
  return [
    ...issues.slice(0, MAX_ISSUES),
    { file: first.file, path: '', message: `and ${issues.length - MAX_ISSUES} more problems like these` },
  ];
}

/**
 * Every map's keys, in one pass: each a plain name (not a list or map, which would be read as
 * text), none twice. Stops counting places after MAX_ISSUES (the rest are only counted).
 */
function checkKeys(doc: Document, at: (node: Node) => Omit<Issue, 'path' | 'message'>): Issue[] {
  const issues: Issue[] = [];
  let more = 0;
  const add = (node: Node, message: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ ...at(node), path: '', message });
    else more++;
  };
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        const key = pair.key as Node | null;
        if (key === null || !isScalar(key)) {
          if (key !== null) add(key, 'a key must be a plain name or number, not a list or map');
          continue;
        }
        const name = String(key.value);
        if (seen.has(name)) add(key, `the key '${name.slice(0, 40)}' appears twice in one map`);
        seen.add(name);
      }
    },
  });
  if (more > 0 && issues[0])
    issues.push({
      ...issues[0],
      line: undefined,
      col: undefined,
      message: `and ${more} more problems like these`,
    });
  return issues;
}

function firstAlias(doc: Document): Alias | null {
  let found: Alias | null = null;
  visit(doc, {
    Alias(_key, node) {
      found = node;
      return visit.BREAK;
    },
  });
  return found;
}

/** A parsed YAML or JSON file that can say where each of its values stands. */
export class SourceDoc {
  private constructor(
    readonly file: string,
    readonly data: unknown,
    private readonly root: Node | null,
    private readonly lines: LineCounter,
  ) {}

  /** Parses YAML (and so JSON, a subset of it); a syntax error is a ValidationError. */
  static parse(file: string, text: string): SourceDoc {
    const lines = new LineCounter();
    // Keys are checked below in one pass: the parser's own check of unique keys is quadratic.
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
    if (doc.errors.length > 0) {
      throw new ValidationError(
        doc.errors.map((e) => {
          const pos = e.linePos?.[0] ?? lines.linePos(Math.min(e.pos[0], text.length));
          const first = e.message.split('\n')[0] ?? e.message;
          return { file, line: pos?.line, col: pos?.col, path: '', message: `not valid YAML/JSON: ${first}` };
        }),
      );
    }
    const keyIssues = checkKeys(doc, (node) => {
      const pos = node.range ? lines.linePos(node.range[0]) : undefined;
      return { file, line: pos?.line, col: pos?.col };
    });
    if (keyIssues.length > 0) throw new ValidationError(capIssues(keyIssues));
    let data: unknown;
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIAS_USES });
    } catch (e) {
      const alias = firstAlias(doc);
      const pos = alias?.range ? lines.linePos(alias.range[0]) : undefined;
      const message = /alias/i.test((e as Error).message)
        ? `its aliases (*${alias?.source ?? 'name'}) repeat the same values more than ${MAX_ALIAS_USES} times over: write the values out, or use fewer aliases`
        : `cannot read: ${(e as Error).message}`;
      throw new ValidationError([{ file, line: pos?.line, col: pos?.col, path: '', message }]);
    }
    return new SourceDoc(file, data, doc.contents as Node | null, lines);
  }

  /** Line and column of the value at `path`, or of the nearest enclosing value that exists. */
  locate(path: Path, keyOf?: string): { line: number; col: number } | undefined {
    let node: Node | null = this.root;
    let found: Node | null = node;
    for (const step of path) {
      node = child(node, step);
      if (node === null) break;
      found = node;
    }
    if (keyOf !== undefined && node !== null && isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === keyOf);
      if (pair && isScalar(pair.key) && pair.key.range) return this.lines.linePos(pair.key.range[0]);
    }
    const range = found?.range;
    return range ? this.lines.linePos(range[0]) : undefined;
  }

  issue(path: Path, message: string, keyOf?: string): Issue {
    const pos = this.locate(path, keyOf);
    return { file: this.file, line: pos?.line, col: pos?.col, path: formatPath(path), message };
  }
}

function child(node: Node | null, step: string | number): Node | null {
  if (node === null) return null;
  if (isSeq(node) && typeof step === 'number') return (node.items[step] as Node | undefined) ?? null;
  if (isMap(node)) {
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step));
    return (pair?.value as Node | undefined) ?? null;
  }
  return null;
}

/** Collects issues against one document, then throws them all at once. */
export class Reporter {
  readonly issues: Issue[] = [];
  constructor(readonly doc: SourceDoc) {}

  add(path: Path, message: string, keyOf?: string): void {
    this.issues.push(this.doc.issue(path, message, keyOf));
  }

  /** Throws every issue, in the order of the file (checks run in another order). */
  throwIfAny(): void {
    if (this.issues.length === 0) return;
    throw new ValidationError(capIssues(inFileOrder(this.issues)));
  }
}

function valueAt(data: unknown, path: Path): unknown {
  let v = data;
  for (const step of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[step];
  }
  return v;
}

/** The field names an object schema allows at `path`, for "did you mean" on unknown fields. */
function fieldsAt(schema: z.ZodType, path: Path): string[] {
  let s: unknown = schema;
  const unwrap = (x: unknown): unknown => {
    for (let i = 0; i < 10; i++) {
      const def = (x as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
      if (!def) return x;
      if (def.innerType) x = def.innerType;
      else if (def.type === 'pipe' && def.in) x = def.in;
      else return x;
    }
    return x;
  };
  for (const step of path) {
    s = unwrap(s);
    const def = (s as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return [];
    if (typeof step === 'number' && def.type === 'array') s = def.element;
    else if (typeof step === 'string' && def.type === 'object') {
      s = (def.shape as Record<string, unknown>)[step];
    } else return [];
  }
  s = unwrap(s);
  const def = (s as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  return def?.type === 'object' ? Object.keys(def.shape as object) : [];
}

const KINDS: Readonly<Record<string, string>> = {
  array: 'a list',
  object: 'a map',
  string: 'a text',
  number: 'a number',
  boolean: 'true or false',
  undefined: 'nothing',
  null: 'null',
  nonoptional: 'a value',
};

/** zod's own wording, where a schema gives none of ours, in the words of the rest of the messages. */
function plain(message: string): string {
  let m = /^Invalid input: expected (\w+), received (.+)$/.exec(message);
  if (m) {
    if (m[1] === 'nonoptional') return 'missing';
    return `expected ${KINDS[m[1] as string] ?? m[1]}, got ${KINDS[m[2] as string] ?? m[2]}`;
  }
  m = /^Too small: expected \w+ to (?:be|have) >=?(\S+)/.exec(message);
  if (m) return `expected at least ${m[1]}`;
  m = /^Too big: expected \w+ to (?:be|have) <=?(\S+)/.exec(message);
  if (m) return `expected at most ${m[1]}`;
  m = /^Invalid input: expected (.+)$/.exec(message);
  if (m) return `expected ${(m[1] as string).replace(/"/g, '')}`;
  m = /^Invalid option: expected one of (.+)$/.exec(message);
  if (m) return `expected one of ${(m[1] as string).replace(/"/g, '').replace(/\|/g, ', ')}`;
  return message;
}

/** A union that gives no words of its own: what each of its forms expected ("expected one of N, E, S, W; or a list"). */
function eitherOf(zi: z.core.$ZodIssue): string {
  const branches = (zi as { errors?: readonly (readonly z.core.$ZodIssue[])[] }).errors ?? [];
  const said = [...new Set(branches.map((b) => (b[0] ? plain(b[0].message) : '')).filter((m) => m !== ''))];
  if (said.length === 0) return 'not a value this field takes';
  if (said.every((m) => m.startsWith('expected ')))
    return `expected ${said.map((m) => m.slice('expected '.length)).join(', or ')}`;
  return said.join('; or ');
}

/** Validates `value` (found at `base` in `doc`) against `schema`; issues name file, line and field. */
export function validate<T>(schema: z.ZodType<T>, doc: SourceDoc, value: unknown, base: Path = []): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issues: Issue[] = [];
  // Locating a problem walks the file: past MAX_ISSUES they are only counted, so a file of
  // forty thousand wrong keys is refused as fast as one with a single one.
  let more = 0;
  for (const zi of r.error.issues) {
    const path = [...base, ...(zi.path as (string | number)[])];
    if (zi.code === 'unrecognized_keys') {
      const allowed = fieldsAt(schema, zi.path as (string | number)[]);
      for (const key of zi.keys) {
        if (issues.length >= MAX_ISSUES) {
          more++;
          continue;
        }
        const close = didYouMean(key, allowed);
        // With no close match, the fields there are, if few enough to read.
        const listed =
          !close && allowed.length > 0 && allowed.length <= 30 ? `; fields: ${allowed.join(', ')}` : '';
        issues.push(doc.issue(path, `unknown field '${key}'${close}${listed}`, key));
      }
      continue;
    }
    if (issues.length >= MAX_ISSUES) {
      more++;
      continue;
    }
    const missing = valueAt(doc.data, path) === undefined;
    const message =
      zi.code === 'invalid_union' && zi.message === 'Invalid input' ? eitherOf(zi) : plain(zi.message);
    issues.push(
      doc.issue(path, missing ? (message === 'missing' ? message : `missing; ${message}`) : message),
    );
  }
  if (more > 0) issues.push({ file: doc.file, path: '', message: `and ${more} more problems like these` });
  throw new ValidationError(issues);
}
