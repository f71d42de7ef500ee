// Fray's shipped data files, parsed when Fray is built (scripts/bundle.mjs writes dist/parsed/),
// and each data file checked against its schema there too, so that a command or a worker thread
// neither parses the same YAML nor checks the same data again at every start: the bestiary's
// parse alone took about 0.4 s of a command's start-up, the checks some 30 ms. A text is looked up
// by its SHA-256, one small file each, so only a file exactly as shipped is answered from here
// and a command reads only the entries of the texts it reads; any other text (a user's file, a
// shipped file edited) is parsed and checked as before. Where a value stands is still found by
// parsing, on demand.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setKnown } from '../core/known.js';
import { packageRoot } from './root.js';

/** dist/parsed/<SHA-256 of the text>.json: the text's data as JSON, and its checked value by the data file whose schema checked it. */
export interface ParsedEntry {
  readonly json: string;
  readonly checked?: Readonly<Record<string, string>>;
}

let folder: string | null = null;

// A data file is looked up twice in a row, parsed and then checked: its entry is read once.
let last: { text: string; entry: ParsedEntry | undefined } | null = null;

function entryOf(text: string): ParsedEntry | undefined {
  if (last?.text === text) return last.entry;
  folder ??= join(packageRoot(), 'dist', 'parsed');
  let entry: ParsedEntry | undefined;
  try {
    const sha256 = createHash('sha256').update(text).digest('hex');
    entry = JSON.parse(readFileSync(join(folder, `${sha256}.json`), 'utf8')) as ParsedEntry;
  } catch {
    // Not a shipped text, or not built (tests run from src/ before a build): parsed as any text is.
    entry = undefined;
  }
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
