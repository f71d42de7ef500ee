// Fray's shipped data parsed at build time (src/node/parsed.ts, dist/parsed/): only a text
// exactly as shipped is answered from it, with the data parsing gives, a fresh copy each time, and
// a document so read still says where each value stands. Needs `npm run build`.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SourceDoc, validate } from '../src/core/document.js';
import type { DataSchema } from '../src/core/data-file.js';
import { setKnown } from '../src/core/known.js';
import { shippedCheck, shippedParse } from '../src/node/parsed.js';
import { RULESETS } from '../src/rulesets/index.js';
import { ROOT } from './helpers.js';

const BESTIARY = join(ROOT, 'data', 'wfrp1e', 'bestiary.yaml');

describe('shipped data parsed at build time', () => {
  it('answers a shipped text with the data parsing gives, and nothing else', () => {
    const text = readFileSync(BESTIARY, 'utf8');
    setKnown(null);
    const parsed = SourceDoc.parse('bestiary.yaml', text);
    setKnown({ parse: shippedParse, check: shippedCheck });
    const known = shippedParse(text);
    expect(known).toEqual(parsed.data);
    // A fresh copy each time: a loader that changes what it read changes nothing for the next.
    (known as { creatures?: unknown[] }).creatures?.pop();
    expect(shippedParse(text)).toEqual(parsed.data);
    // The same length, one letter changed: parsed as any text is.
    const edited = text.replace('Orc', 'Orx');
    expect(edited.length).toBe(text.length);
    expect(shippedParse(edited)).toBeUndefined();
    expect(shippedParse('a: 1\n')).toBeUndefined();
  });

  it('a document read from it still says where each value stands', () => {
    const text = readFileSync(BESTIARY, 'utf8');
    setKnown(null);
    const parsed = SourceDoc.parse('bestiary.yaml', text);
    setKnown({ parse: shippedParse, check: shippedCheck });
    const known = SourceDoc.parse('bestiary.yaml', text);
    expect(known.data).toEqual(parsed.data);
    for (const path of [['creatures', 3, 'profile', 'WS'], ['creatures', 0, 'name'], ['nowhere']])
      expect(known.locate(path)).toEqual(parsed.locate(path));
    expect(known.locate(['creatures', 3, 'profile', 'WS'])?.line).toBeGreaterThan(1);
  });
});

describe('the build (scripts/bundle.mjs)', () => {
  it('bundles the command and the worker, and parses every shipped YAML file', () => {
    const bin = readFileSync(join(ROOT, 'dist', 'cli', 'bin.js'), 'utf8');
    // A bundle: it imports its own chunks, packages and Node's modules, no module tsc wrote.
    const relative = [...bin.matchAll(/from\s*"(\.[^"]+)"/g)].map((m) => m[1] as string);
    expect(relative.length).toBeGreaterThan(0);
    expect(relative.every((r) => r.startsWith('../chunks/'))).toBe(true);
    expect([...bin].every((c) => c.charCodeAt(0) < 128)).toBe(true);
    // Every shipped YAML file has its entry, named by its text's SHA-256, and nothing else has one.
    const yaml = readdirSync(join(ROOT, 'data'), { recursive: true }).filter((f) =>
      String(f).endsWith('.yaml'),
    );
    const hashes = yaml.map((f) =>
      createHash('sha256')
        .update(readFileSync(join(ROOT, 'data', String(f)), 'utf8'))
        .digest('hex'),
    );
    expect(new Set(readdirSync(join(ROOT, 'dist', 'parsed')))).toEqual(
      new Set(hashes.map((h) => `${h}.json`)),
    );
  });

  it('--version, the help, fray rulesets and completion read neither yaml nor zod; a fight reads a dozen files', () => {
    const chunks = join(ROOT, 'dist', 'chunks');
    /** The files a bundled file loads before it runs: itself and its static imports, all the way down. */
    const closure = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^import\s[^;]*?from\s*"(\.[^"]+)"|^import\s*"(\.[^"]+)"/gm))
        closure(join(dirname(file), (m[1] ?? m[2]) as string), seen);
      return seen;
    };
    /** The chunk of the bundle holding a module of src/. */
    const chunkOf = (module: string) =>
      join(
        chunks,
        readdirSync(chunks).find((f) =>
          readFileSync(join(chunks, f), 'utf8').includes(`\n// src/${module}\n`),
        ) as string,
      );
    const packages = (files: Set<string>) =>
      [...files].flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/^\/\/ .*node_modules\/(yaml|zod)\//gm)].map((m) => m[1]),
      );
    const bin = join(ROOT, 'dist', 'cli', 'bin.js');
    for (const command of ['cli/rulesets.ts', 'cli/completion.ts'])
      expect(packages(closure(chunkOf(command), closure(bin))), command).toEqual([]);
    const fight = closure(
      chunkOf('rulesets/wfrp1e/index.ts'),
      closure(chunkOf('cli/fight.ts'), closure(bin)),
    );
    expect(new Set(packages(fight))).toEqual(new Set(['yaml', 'zod']));
    expect(fight.size).toBeLessThan(16);
  });

  it('checks every shipped data file against its schema, giving what the check at run time gives', () => {
    // One schema for each shipped file: the build's result is found by the file's name.
    const byFile = new Map<string, DataSchema>();
    for (const r of RULESETS.values())
      for (const ds of Object.values(r.files.data)) {
        expect(byFile.get(ds.file) ?? ds).toBe(ds);
        byFile.set(ds.file, ds);
      }
    expect(byFile.size).toBeGreaterThan(15);
    for (const [file, ds] of byFile) {
      const text = readFileSync(join(ROOT, 'data', file), 'utf8');
      setKnown(null);
      const doc = SourceDoc.parse(file, text);
      const checked = validate(ds.schema, doc, doc.data);
      setKnown({ parse: shippedParse, check: shippedCheck });
      expect(shippedCheck(text, file), file).toEqual(checked);
      // Another file's schema, or the text edited, is no answer.
      expect(shippedCheck(text, 'wfrp1e/nothing.yaml')).toBeUndefined();
      expect(shippedCheck(`${text}\n`, file)).toBeUndefined();
    }
  });
});
