// Fray's shipped data files, parsed when Fray is built (scripts/bundle.mjs writes dist/parsed.json),
// so that a command or a worker thread does not parse the same YAML again at every start: the
// bestiary alone took about 0.4 s of a command's start-up. A text is looked up by its SHA-256, so
// only a file exactly as shipped is answered from here; any other text (a user's file, a shipped
// file edited) is parsed as before. Where a value stands is still found by parsing, on demand.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setKnownParse } from '../core/known.js';
import { packageRoot } from './root.js';

/** dist/parsed.json: each shipped text's length and hash, and its data as JSON. */
export interface ParsedIndex {
  readonly schema: 'fray-parsed/1';
  readonly entries: readonly { readonly length: number; readonly sha256: string; readonly json: string }[];
}

let index: { lengths: Set<number>; byHash: Map<string, string> } | null = null;

function load(): NonNullable<typeof index> {
  const byHash = new Map<string, string>();
  const lengths = new Set<number>();
  try {
    const parsed = JSON.parse(
      readFileSync(join(packageRoot(), 'dist', 'parsed.json'), 'utf8'),
    ) as ParsedIndex;
    for (const e of parsed.entries) {
      byHash.set(e.sha256, e.json);
      lengths.add(e.length);
    }
  } catch {
    // Not built (tests run from src/ before a build): every text is parsed.
  }
  return { lengths, byHash };
}

/** The data of a text as shipped, a fresh copy each time; undefined for any other text. */
export function shippedParse(text: string): unknown {
  index ??= load();
  if (!index.lengths.has(text.length)) return undefined;
  const json = index.byHash.get(createHash('sha256').update(text).digest('hex'));
  return json === undefined ? undefined : (JSON.parse(json) as unknown);
}

setKnownParse(shippedParse);
