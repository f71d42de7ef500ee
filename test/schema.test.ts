// The JSON Schemas an editor reads (src/files/schema.ts, `fray schema`, dist/schema/): every
// shipped data file names its schema on its first line and passes it under an independent
// validator (ajv), the built files are the ones the source makes, and a broken file is refused
// both by the schema and by Fray's own loader.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../src/core/document.js';
import { allSchemas, jsonSchema, schemaKinds } from '../src/files/schema.js';
import { RULESETS } from '../src/rulesets/index.js';
import { fray, loadText, ROOT } from './helpers.js';

const MARK = '# yaml-language-server: $schema=';

const shipped = readdirSync(join(ROOT, 'data'), { recursive: true })
  .map(String)
  // data/blocks holds stat blocks and what reading them must give (test/import-corpus.test.ts), no data files.
  .filter((f) => f.endsWith('.yaml') && !f.startsWith('blocks/'))
  .map((f) => join(ROOT, 'data', f));

const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
const compiled = new Map<string, ValidateFunction>();
function validatorOf(ruleset: string, kind: string): ValidateFunction {
  const key = `${ruleset}/${kind}`;
  let v = compiled.get(key);
  if (!v) compiled.set(key, (v = ajv.compile(jsonSchema(ruleset, kind))));
  return v;
}

/** The ruleset and kind a shipped file's first line names, and the file it points at. */
function modeline(file: string): { ruleset: string; kind: string; target: string } {
  const first = readFileSync(file, 'utf8').split('\n')[0] ?? '';
  expect(first.startsWith(MARK), `${relative(ROOT, file)} starts with its schema line`).toBe(true);
  const target = join(dirname(file), first.slice(MARK.length));
  const m = /dist\/schema\/([^/]+)\/([^/]+)\.json$/.exec(target);
  expect(m, `${first} points into dist/schema/<ruleset>/<kind>.json`).not.toBeNull();
  return { ruleset: m?.[1] as string, kind: m?.[2] as string, target };
}

describe('JSON Schemas for editors', () => {
  it('every ruleset has its encounter, party, character and data files, and the build wrote each as the source makes it', () => {
    for (const id of RULESETS.keys()) {
      const kinds = schemaKinds(id);
      expect(kinds.slice(0, 3)).toEqual(['encounter', 'party', 'character']);
      for (const t of RULESETS.get(id)?.tables ?? []) expect(kinds, `${id} table ${t}`).toContain(t);
    }
    const all = allSchemas();
    expect(all.size).toBeGreaterThanOrEqual(35);
    for (const [path, schema] of all) {
      const built = JSON.parse(readFileSync(join(ROOT, 'dist', 'schema', path), 'utf8'));
      expect(built, `dist/schema/${path} is stale: npm run build`).toEqual(schema);
    }
  });

  it('every shipped data file names its own schema on its first line, and ajv finds it valid', () => {
    expect(shipped.length).toBeGreaterThan(50);
    for (const file of shipped) {
      const { ruleset, kind, target } = modeline(file);
      // The file's own ruleset folder, and a schema the build writes.
      expect(relative(join(ROOT, 'data'), file).split('/')[0]).toBe(ruleset);
      expect(readFileSync(target, 'utf8').length).toBeGreaterThan(100);
      const data = parse(readFileSync(file, 'utf8'));
      expect(kind === 'encounter', relative(ROOT, file)).toBe(Array.isArray(data.sides));
      const validate = validatorOf(ruleset, kind);
      expect(validate(data) ? [] : validate.errors, relative(ROOT, file)).toEqual([]);
    }
  });

  it('a broken encounter is refused by the schema and by the loader, for the same field', () => {
    const demo = readFileSync(join(ROOT, 'data', 'wfrp1e', 'encounters', 'demo.yaml'), 'utf8');
    const validate = validatorOf('wfrp1e', 'encounter');
    const cases: [string, RegExp, RegExp][] = [
      [demo.replace(/WS: \d+/, 'WS: high'), /\/profile\/WS/, /profile\.WS: expected a whole number/],
      [demo.replace('title:', 'colour: red\ntitle:'), /additional/, /unknown field 'colour'/],
      [`${demo}\noptions: { criticals: sometimes }\n`, /\/options\/criticals/, /expected one of detailed/],
    ];
    for (const [text, schemaSays, loaderSays] of cases) {
      expect(validate(parse(text))).toBe(false);
      expect(JSON.stringify(validate.errors)).toMatch(schemaSays);
      expect(() => loadText(text)).toThrow(ValidationError);
      expect(() => loadText(text)).toThrow(loaderSays);
    }
  });

  it('a broken table is refused by both: a fumble entry on a roll that is no double', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-schema-'));
    const file = join(dir, 'fumbles.yaml');
    const ours = readFileSync(join(ROOT, 'data', 'wfrp1e', 'user-tables', 'my-fumbles.yaml'), 'utf8');
    const broken = ours.replace(/roll: 22\b/, 'roll: 23');
    expect(broken).not.toBe(ours);
    writeFileSync(file, broken);
    const validate = validatorOf('wfrp1e', 'fumbles');
    expect(validate(parse(broken))).toBe(false);
    const demo = readFileSync(join(ROOT, 'data', 'wfrp1e', 'encounters', 'demo.yaml'), 'utf8');
    expect(() => loadText(demo, {}, { fumbles: file })).toThrow(/roll: expected a double/);
  });

  it('fray schema prints a schema, lists the kinds, and refuses what it has not with exit 2', async () => {
    const r = await fray(['schema', 'encounter', '--ruleset', 'openquest']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(jsonSchema('openquest', 'encounter'));
    const kinds = await fray(['schema', '--ruleset', 'ahq-house']);
    expect(kinds.out.split('\n').filter(Boolean)).toEqual(schemaKinds('ahq-house'));
    const bad = await fray(['schema', 'fumbles', '--ruleset', 'openquest']);
    expect(bad.code).toBe(2);
    expect(bad.out).toBe('');
    expect(bad.err).toContain("no schema 'fumbles' for openquest; kinds: encounter, party, character");
  });
});
