import {
  CST,
  Composer,
  LineCounter,
  Parser,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  visit,
  YAMLParseError,
  type Alias,
  type Document,
  type Node,
} from 'yaml';
import type { z } from 'zod';
import { knownParse } from './known.js';
import { didYouMean, printable } from './names.js';

/** Where a value stands in a document, step by step: `['sides', 0, 'combatants']`. */
export type Path = readonly (string | number)[];

/** One problem in a file a user handed in. */
export interface Issue {
  /** The file (or the name given to text, or `command line` for a flag or an option). */
  readonly file: string;
  /** The line the value stands on, from 1; left out where there is no text to point at. */
  readonly line?: number;
  /** Its column, from 1. */
  readonly col?: number;
  /** The field, as `sides[0].combatants[1].weapons[0]`; empty for the whole file. */
  readonly path: string;
  /** What is wrong, and where it helps, what was expected. */
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
  constructor(
    /** Every problem found, in the order of the file; the message has them one a line. */
    readonly issues: readonly Issue[],
  ) {
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

/** How deep lists and maps may nest in a file: an encounter needs about ten levels. */
export const MAX_DEPTH = 64;
export const TOO_DEEP = `nested too deeply: lists and maps within each other more than ${MAX_DEPTH} levels down; no Fray file needs that many`;

/** The first list or map nested deeper than MAX_DEPTH, found without recursion (the file may be deep), or null. */
function tooDeep(root: Node | null): Node | null {
  const stack: [Node, number][] = root ? [[root, 1]] : [];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [Node, number];
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth > MAX_DEPTH) return node;
    for (const item of node.items) {
      if (isPair(item)) {
        if (item.key && typeof item.key === 'object') stack.push([item.key as Node, depth + 1]);
        if (item.value && typeof item.value === 'object') stack.push([item.value as Node, depth + 1]);
      } else if (item && typeof item === 'object') stack.push([item as Node, depth + 1]);
    }
  }
  return null;
}

/**
 * The first list or map of the parser's token stream nested deeper than MAX_DEPTH, or null. The
 * token parser keeps its own stack; building the document from the tokens recurses once a level,
 * so the depth is counted here, without recursion, before anything recurses: a file of thousands
 * of '[' ran V8 out of stack, and the second such file in a process aborted it.
 */
function tooDeepTokens(tokens: readonly CST.Token[]): CST.Token | null {
  const stack: [CST.Token, number][] = tokens.map((t) => [t, 0]);
  while (stack.length > 0) {
    const [token, depth] = stack.pop() as [CST.Token, number];
    if (token.type === 'document') {
      if (token.value) stack.push([token.value, depth]);
      continue;
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection')
      continue;
    if (depth + 1 > MAX_DEPTH) return token;
    for (const item of token.items) {
      if (item.key) stack.push([item.key, depth + 1]);
      if (item.value) stack.push([item.value, depth + 1]);
    }
  }
  return null;
}

/**
 * What `parseDocument` of the yaml library does, with the nesting counted between the token
 * parser and the document's building (see tooDeepTokens): a ValidationError at the first list or
 * map too deep.
 */
export function parseYaml(
  file: string,
  text: string,
  options: { readonly lineCounter?: LineCounter; readonly uniqueKeys?: boolean } = {},
): Document {
  const lines = options.lineCounter ?? new LineCounter();
  const tokens = [...new Parser(lines.addNewLine).parse(text)];
  const deep = tooDeepTokens(tokens);
  if (deep) {
    const pos = lines.linePos(deep.offset);
    throw new ValidationError([{ file, line: pos.line, col: pos.col, path: '', message: TOO_DEEP }]);
  }
  const composer = new Composer({ uniqueKeys: options.uniqueKeys ?? true });
  let doc: Document | null = null;
  for (const next of composer.compose(tokens, true, text.length)) {
    if (!doc) doc = next;
    else {
      doc.errors.push(
        new YAMLParseError(
          [next.range[0], next.range[1]],
          'MULTIPLE_DOCS',
          'the text holds more than one document (a line of --- starts another)',
        ),
      );
      break;
    }
  }
  return doc as Document;
}

/** Whether a value (a parsed JSON body) nests lists and objects deeper than MAX_DEPTH: found without recursion. */
export function nestedTooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_DEPTH) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push([x, depth + 1]);
  }
  return false;
}

/** The first alias whose anchor is not set before it (`*name` with no `&name` above), or null. */
function unresolvedAlias(doc: Document): Alias | null {
  const anchors = new Set<string>();
  let found: Alias | null = null;
  visit(doc, (_key, node) => {
    if (isAlias(node)) {
      if (!anchors.has(node.source)) {
        found = node;
        return visit.BREAK;
      }
    } else if ((isScalar(node) || isMap(node) || isSeq(node)) && node.anchor) anchors.add(node.anchor);
    return undefined;
  });
  return found;
}

/**
 * The data of a text that is a JSON object or list with no key twice in one object and nested no
 * deeper than MAX_DEPTH, as JSON.parse reads it; undefined for any other text, which the YAML
 * parser reads and judges. JSON is YAML, so both give the same data, but the YAML parser took some
 * 30 ms over its first file (a save, a part), most of `fray merge`'s start.
 */
function jsonData(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  return keysOnceAndShallow(text) ? data : undefined;
}

/**
 * Whether a text JSON.parse reads has no key twice in one object (JSON.parse keeps the last; the
 * YAML reading refuses them) and nests no deeper than MAX_DEPTH. A key with escapes is compared
 * as JSON reads it.
 */
function keysOnceAndShallow(text: string): boolean {
  // Each open object's keys (null for a list), and whether its next string is a key.
  const open: (Set<string> | null)[] = [];
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const keys = open.at(-1);
      if (keyNext && keys) {
        const raw = text.slice(i, j + 1);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (keys.has(key)) return false;
        keys.add(key);
        keyNext = false;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      open.push(c === '{' ? new Set() : null);
      if (open.length > MAX_DEPTH) return false;
      keyNext = c === '{';
    } else if (c === '}' || c === ']') open.pop();
    else if (c === ',') keyNext = open.length > 0 && open.at(-1) !== null;
  }
  return true;
}

/** A parsed YAML or JSON file that can say where each of its values stands. */
export class SourceDoc {
  private constructor(
    /** The file's name or path, as its problems are reported under. */
    readonly file: string,
    /** Its content, parsed. */
    readonly data: unknown,
    private tree: { readonly root: Node | null; readonly lines: LineCounter } | string,
  ) {}

  /** Parses YAML (and so JSON, a subset of it); a syntax error is a ValidationError. */
  static parse(file: string, text: string): SourceDoc {
    const known = knownParse(text) ?? jsonData(text);
    if (known !== undefined) return new SourceDoc(file, known, text);
    const { data, root, lines } = SourceDoc.read(file, text);
    return new SourceDoc(file, data, { root, lines });
  }

  /**
   * A document made in memory rather than read (a character's check): its data as plain JSON
   * data, and the JSON as the text a value is found in, parsed only when a place is asked for.
   */
  static made(file: string, data: unknown): SourceDoc {
    const text = JSON.stringify(data, null, 1);
    return new SourceDoc(file, JSON.parse(text) as unknown, text);
  }

  /** The parse itself: the data, and the tree that says where each value stands. */
  private static read(file: string, text: string): { data: unknown; root: Node | null; lines: LineCounter } {
    const lines = new LineCounter();
    // Keys are checked below in one pass: the parser's own check of unique keys is quadratic.
    const doc = parseYaml(file, text, { lineCounter: lines, uniqueKeys: false });
    if (doc.errors.length > 0) {
      throw new ValidationError(
        doc.errors.map((e) => {
          const pos = e.linePos?.[0] ?? lines.linePos(Math.min(e.pos[0], text.length));
          const first = e.message.split('\n')[0] ?? e.message;
          return { file, line: pos?.line, col: pos?.col, path: '', message: `not valid YAML/JSON: ${first}` };
        }),
      );
    }
    const deep = tooDeep(doc.contents as Node | null);
    if (deep) {
      const pos = deep.range ? lines.linePos(deep.range[0]) : undefined;
      throw new ValidationError([{ file, line: pos?.line, col: pos?.col, path: '', message: TOO_DEEP }]);
    }
    const keyIssues = checkKeys(doc, (node) => {
      const pos = node.range ? lines.linePos(node.range[0]) : undefined;
      return { file, line: pos?.line, col: pos?.col };
    });
    if (keyIssues.length > 0) throw new ValidationError(capIssues(keyIssues));
    const unresolved = unresolvedAlias(doc);
    if (unresolved) {
      const pos = unresolved.range ? lines.linePos(unresolved.range[0]) : undefined;
      throw new ValidationError([
        {
          file,
          line: pos?.line,
          col: pos?.col,
          path: '',
          message: `the alias *${unresolved.source} names no anchor (&${unresolved.source}) above it`,
        },
      ]);
    }
    let data: unknown;
    try {
      // The library refuses at its limit, not past it: one more, so that exactly MAX_ALIAS_USES pass.
      data = doc.toJS({ maxAliasCount: MAX_ALIAS_USES + 1 });
    } catch (e) {
      const alias = firstAlias(doc);
      const pos = alias?.range ? lines.linePos(alias.range[0]) : undefined;
      const message = /Excessive alias count/.test((e as Error).message)
        ? `its aliases (*${alias?.source ?? 'name'}) repeat the same values more than ${MAX_ALIAS_USES} times over: write the values out, or use fewer aliases`
        : `cannot read: ${(e as Error).message}`;
      throw new ValidationError([{ file, line: pos?.line, col: pos?.col, path: '', message }]);
    }
    return { data, root: doc.contents as Node | null, lines };
  }

  /** Line and column of the value at `path`, or of the nearest enclosing value that exists. */
  locate(
    path: Path,
    keyOf?: string,
  ):
    | {
        /** From 1. */
        readonly line: number;
        /** From 1. */
        readonly col: number;
      }
    | undefined {
    if (typeof this.tree === 'string') {
      const { root, lines } = SourceDoc.read(this.file, this.tree);
      this.tree = { root, lines };
    }
    const { root, lines } = this.tree;
    let node: Node | null = root;
    let found: Node | null = node;
    for (const step of path) {
      node = child(node, step);
      if (node === null) break;
      found = node;
    }
    if (keyOf !== undefined && node !== null && isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === keyOf);
      if (pair && isScalar(pair.key) && pair.key.range) return lines.linePos(pair.key.range[0]);
    }
    const range = found?.range;
    return range ? lines.linePos(range[0]) : undefined;
  }

  /** An Issue at `path` in this file, at its line where it has one (at its key, with `keyOf`). */
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
  int: 'a whole number',
  array: 'a list',
  object: 'a map',
  string: 'a text',
  number: 'a number',
  boolean: 'true or false',
  undefined: 'nothing',
  null: 'null',
  nonoptional: 'a value',
};

/** What a size is counted in, for zod's "expected string to have <=200 characters". */
const UNITS: Readonly<Record<string, string>> = {
  string: 'characters',
  array: 'items',
  set: 'items',
  map: 'entries',
};

/** zod's own wording, where a schema gives none of ours, in the words of the rest of the messages. */
function plain(message: string): string {
  let m = /^Invalid input: expected (\w+), received (.+)$/.exec(message);
  if (m) {
    if (m[1] === 'nonoptional') return 'missing';
    return `expected ${KINDS[m[1] as string] ?? m[1]}, got ${KINDS[m[2] as string] ?? m[2]}`;
  }
  m = /^Too (small|big): expected (\w+) to (?:be|have) ([<>]=?)(\S+)(?: \w+)?$/.exec(message);
  if (m) {
    const [, size, kind, op, n] = m as unknown as [string, string, string, string, string];
    const unit = UNITS[kind] ? ` ${UNITS[kind]}` : '';
    const strict = op.length === 1;
    if (size === 'small') return strict ? `expected more than ${n}${unit}` : `expected at least ${n}${unit}`;
    return strict ? `expected fewer than ${n}${unit}` : `expected at most ${n}${unit}`;
  }
  m = /^Invalid input: expected (.+)$/.exec(message);
  if (m) return `expected ${(m[1] as string).replace(/"/g, '')}`;
  m = /^Invalid option: expected one of (.+)$/.exec(message);
  if (m) return `expected one of ${(m[1] as string).replace(/"/g, '').replace(/\|/g, ', ')}`;
  if (/^Invalid (input|option|key|element)$/.test(message)) return 'not a value this field takes';
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

/** One of zod's issues in our words, at its path; `key`: the unknown field it is about. */
export interface PlainIssue {
  readonly path: Path;
  readonly message: string;
  readonly key?: string;
}

/**
 * zod's issues in the words of every other message: an unknown field with "did you mean" (or the
 * fields there are), a union by what each of its forms expected, a missing value as missing, the
 * rest made plain. Past MAX_ISSUES they are only counted (`more`): locating each walks the file.
 */
export function plainIssues(
  schema: z.ZodType,
  error: z.ZodError,
  value: unknown,
): { issues: PlainIssue[]; more: number } {
  const issues: PlainIssue[] = [];
  let more = 0;
  for (const zi of error.issues) {
    const path = zi.path as (string | number)[];
    if (zi.code === 'unrecognized_keys') {
      const allowed = fieldsAt(schema, path);
      for (const key of zi.keys) {
        if (issues.length >= MAX_ISSUES) {
          more++;
          continue;
        }
        const close = didYouMean(key, allowed);
        // With no close match, the fields there are, if few enough to read.
        const listed =
          !close && allowed.length > 0 && allowed.length <= 30 ? `; fields: ${allowed.join(', ')}` : '';
        issues.push({ path, message: `unknown field '${key}'${close}${listed}`, key });
      }
      continue;
    }
    if (issues.length >= MAX_ISSUES) {
      more++;
      continue;
    }
    const missing = valueAt(value, path) === undefined;
    const message =
      zi.code === 'invalid_union' && zi.message === 'Invalid input' ? eitherOf(zi) : plain(zi.message);
    issues.push({
      path,
      message: missing ? (message === 'missing' ? message : `missing; ${message}`) : message,
    });
  }
  return { issues, more };
}

/** Validates `value` (found at `base` in `doc`) against `schema`; issues name file, line and field. */
export function validate<T>(schema: z.ZodType<T>, doc: SourceDoc, value: unknown, base: Path = []): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const { issues, more } = plainIssues(schema, r.error, value);
  const located = issues.map((i) => doc.issue([...base, ...i.path], i.message, i.key));
  if (more > 0) located.push({ file: doc.file, path: '', message: `and ${more} more problems like these` });
  throw new ValidationError(located);
}
