// Fray's shipped data files, parsed when Fray is built (scripts/bundle.mjs writes dist/parsed.json),
// and each data file checked against its schema there too, so that a command or a worker thread
// neither parses the same YAML nor checks the same data again at every start: the bestiary's
// parse alone took about 0.4 s of a command's start-up, the checks some 30 ms. A text is looked up
// by its SHA-256, so only a file exactly as shipped is answered from here; any other text (a
// user's file, a shipped file edited) is parsed and checked as before. Where a value stands is
// still found by parsing, on demand.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setKnown } from '../core/known.js';
import { packageRoot } from './root.js';

/** One shipped text: its length and hash, its data as JSON, and its checked value by the data file whose schema checked it. */
export interface ParsedEntry {
  readonly length: number;
  readonly sha256: string;
  readonly json: string;
  readonly checked?: Readonly<Record<string, string>>;
}

/** dist/parsed.json. */
export interface ParsedIndex {
  readonly schema: 'fray-parsed/2';
  readonly entries: readonly ParsedEntry[];
}

let index: { lengths: Set<number>; byHash: Map<string, ParsedEntry> } | null = null;

function load(): NonNullable<typeof index> {
  const byHash = new Map<string, ParsedEntry>();
  const lengths = new Set<number>();
  try {
    const parsed = JSON.parse(
      readFileSync(join(packageRoot(), 'dist', 'parsed.json'), 'utf8'),
    ) as ParsedIndex;
    if (parsed.schema === 'fray-parsed/2')
      for (const e of parsed.entries) {
        byHash.set(e.sha256, e);
        lengths.add(e.length);
      }
  } catch {
    // Not built (tests run from src/ before a build): every text is parsed.
  }
  return { lengths, byHash };
}

// A data file is looked up twice in a row, parsed and then checked: its hash is worked out once.
let last: { text: string; entry: ParsedEntry | undefined } | null = null;

function entryOf(text: string): ParsedEntry | undefined {
  if (last?.text === text) return last.entry;
  index ??= load();
  const entry = index.lengths.has(text.length)
    ? index.byHash.get(createHash('sha256').update(text).digest('hex'))
    : undefined;
  last = { text, entry };
  return entry;
}

/** The data of a text as shipped, a fresh copy each time; undefined for any other text. */
export function shippedParse(text: string): unknown {
  const json = entryOf(text)?.json;
  return json === undefined ? undefined : (JSON.parse(json) as unknown);
}

/** A text as shipped checked against the schema of the data file `file`, a fresh copy each time; else undefined. */
export function shippedCheck(text: string, file: string): unknown {
  const checked = entryOf(text)?.checked;
  const json = checked && Object.hasOwn(checked, file) ? checked[file] : undefined;
  return json === undefined ? undefined : (JSON.parse(json) as unknown);
}

setKnown({ parse: shippedParse, check: shippedCheck });
