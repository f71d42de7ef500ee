// The JSON Schemas an editor reads (src/files/schema.ts, `fray schema`, dist/schema/): every
// shipped data file names its schema on its first line and passes it under an independent
// validator (ajv), the built files are the ones the source makes, and a broken file is refused
// both by the schema and by Fray's own loader. The names a combatant gives (creatures, weapons,
// armour, spells) are listed as the loader's catalogue has them, or as a user's table has them.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../src/core/document.js';
import { allSchemas, jsonSchema, schemaKinds } from '../src/files/schema.js';
import { shippedOnlyEnv } from '../src/files/disk.js';
import { RULESETS } from '../src/rulesets/index.js';
import { readCatalogue as ahqCatalogue } from '../src/rulesets/ahq-house/data.js';
import { readCatalogue as fwCatalogue } from '../src/rulesets/fantasy-wargaming/data.js';
import { readCatalogue as oqCatalogue } from '../src/rulesets/openquest/data.js';
import { parseSpells } from '../src/rulesets/wfrp-cp/data.js';
import type { W1Setup } from '../src/rulesets/wfrp1e/encounter.js';
import { fray, loadFile, loadText, ROOT } from './helpers.js';

const MARK = '# yaml-language-server: $schema=';

const shipped = readdirSync(join(ROOT, 'data'), { recursive: true })
  .map(String)
  // data/blocks holds stat blocks and what reading them must give (test/import-corpus.test.ts), no data files.
  .filter((f) => f.endsWith('.yaml') && !f.startsWith('blocks/'))
  .map((f) => join(ROOT, 'data', f));

const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
// Said beside each name for the editors that show it (VS Code's JSON and YAML servers); no check.
ajv.addKeyword({ keyword: 'enumDescriptions', schemaType: 'array' });
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

/** What lies at a path of keys in a schema, or undefined. */
function at(schema: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
    schema,
  );
}

/** The names a field of an encounter's combatant entry lists, in order of id. */
function listed(schema: unknown, ...field: string[]): string[] {
  const combatant = at(
    schema,
    'properties',
    'sides',
    'items',
    'properties',
    'combatants',
    'items',
    'properties',
  );
  const names = at(combatant, ...field, 'enum');
  expect(Array.isArray(names), `${field.join('.')} lists names`).toBe(true);
  return [...(names as string[])].sort();
}

const ids = (m: ReadonlyMap<string, unknown>) => [...m.keys()].sort();

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

  it("every ruleset's schema lists the names of the catalogue its loader builds, no more and no fewer", () => {
    const env = shippedOnlyEnv();
    const read = (ruleset: string, name: string) => env.readData(ruleset, `${name}.yaml`);
    const w1 = (loadFile(join(ROOT, 'data', 'wfrp1e', 'encounters', 'demo.yaml')).setup as W1Setup).catalogue;
    const oq = oqCatalogue({
      weapons: read('openquest', 'weapons'),
      armour: read('openquest', 'armour'),
      bestiary: read('openquest', 'bestiary'),
    });
    const ahq = ahqCatalogue({
      weapons: read('ahq-house', 'weapons'),
      armour: read('ahq-house', 'armour'),
      bestiary: read('ahq-house', 'bestiary'),
      spells: read('ahq-house', 'spells'),
    });
    const fw = fwCatalogue({
      weapons: read('fantasy-wargaming', 'weapons'),
      armour: read('fantasy-wargaming', 'armour'),
    });
    const cpSpells = parseSpells(read('wfrp-cp', 'spells'));
    const cases: [string, string[], string[]][] = [
      ['wfrp1e', ['use', 'anyOf', '0'], ids(w1.creatures)],
      ['wfrp1e', ['mount', 'properties', 'use'], ids(w1.creatures)],
      ['wfrp1e', ['weapons', 'items'], ids(w1.weapons)],
      ['wfrp1e', ['carried', 'items'], ids(w1.weapons)],
      ['wfrp1e', ['loaded', 'items'], ids(w1.weapons)],
      ['wfrp1e', ['armour', 'items'], ids(w1.armour)],
      ['wfrp-cp', ['use', 'anyOf', '0'], ids(w1.creatures)],
      ['wfrp-cp', ['weapons', 'items'], ids(w1.weapons)],
      ['wfrp-cp', ['armour', 'items'], ids(w1.armour)],
      ['wfrp-cp', ['mage', 'properties', 'spells', 'items'], ids(cpSpells)],
      ['wfrp-cp', ['active', 'items'], ids(cpSpells)],
      ['openquest', ['use', 'anyOf', '0'], ids(oq.creatures)],
      ['openquest', ['weapons', 'items'], ids(oq.weapons)],
      ['openquest', ['armour', 'items'], ids(oq.armour)],
      ['ahq-house', ['use', 'anyOf', '0'], ids(ahq.creatures)],
      ['ahq-house', ['weapons', 'items'], ids(ahq.weapons)],
      ['ahq-house', ['armour', 'items'], ids(ahq.armour)],
      ['ahq-house', ['spells', 'properties', 'list', 'items'], ids(ahq.spells)],
      ['fantasy-wargaming', ['weapons', 'items'], ids(fw.weapons)],
      ['fantasy-wargaming', ['favoured', 'items'], ids(fw.weapons)],
      ['fantasy-wargaming', ['armour'], ids(fw.armour)],
    ];
    for (const [ruleset, field, catalogue] of cases) {
      expect(catalogue.length, `${ruleset} ${field[0]}`).toBeGreaterThan(2);
      expect(listed(jsonSchema(ruleset, 'encounter'), ...field), `${ruleset} ${field.join('.')}`).toEqual(
        catalogue,
      );
    }
    // Each name is said with what it is, for the editor to show as it completes.
    const use = at(jsonSchema('wfrp1e', 'character'), 'properties', 'use') as {
      enum: string[];
      enumDescriptions: string[];
    };
    expect(use.enumDescriptions).toHaveLength(use.enum.length);
    expect(use.enumDescriptions[use.enum.indexOf('goblin')]).toBe('Goblin (Humanoids; facts: Profiles)');
  });

  it('a misspelt creature, weapon or armour is refused by the schema and by the loader, at the same field', () => {
    const demo = readFileSync(join(ROOT, 'data', 'wfrp1e', 'encounters', 'demo.yaml'), 'utf8');
    const validate = validatorOf('wfrp1e', 'encounter');
    const cases: [string, string, RegExp][] = [
      [
        demo.replace('{ use: goblin }', '{ use: goblinn }'),
        '/sides/1/combatants/1/use',
        /unknown creature 'goblinn' \(did you mean goblin/,
      ],
      [
        demo.replace('weapons: [sword]', 'weapons: [swrod]'),
        '/sides/0/combatants/1/weapons/0',
        /unknown weapon 'swrod' \(did you mean sword/,
      ],
      [
        demo.replace('helmet]', 'helmett]'),
        '/sides/0/combatants/0/armour/1',
        /unknown armour 'helmett' \(did you mean helmet/,
      ],
    ];
    for (const [text, field, loaderSays] of cases) {
      expect(text).not.toBe(demo);
      expect(validate(parse(text))).toBe(false);
      const wrong = (validate.errors ?? []).map((e) => e.instancePath);
      expect(wrong, field).toContain(field);
      expect(() => loadText(text)).toThrow(loaderSays);
    }
    // A party's member, brought in by `use:`, is no creature and passes; a file without a member does not.
    expect(validate(parse(demo.replace('{ use: goblin }', '{ use: ../campaign/heroes.yaml#Helmut }')))).toBe(
      true,
    );
    expect(validate(parse(demo.replace('{ use: goblin }', '{ use: heroes.yaml }')))).toBe(false);
  });

  it("fray schema --table lists the names of the user's own table in place of ours, as the loader takes them", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-schema-'));
    const ours = readFileSync(join(ROOT, 'data', 'openquest', 'bestiary.yaml'), 'utf8');
    // Our bestiary with the orc renamed: a marsh orc is the user's, an orc is no longer anyone's.
    const mine = ours.replace('- id: orc\n', '- id: marsh-orc\n');
    expect(mine).not.toBe(ours);
    const file = join(dir, 'my-bestiary.yaml');
    writeFileSync(file, mine);
    const r = await fray(['schema', 'encounter', '--ruleset', 'openquest', '--table', `bestiary=${file}`]);
    expect(r.code, r.err).toBe(0);
    const schema = JSON.parse(r.out);
    const names = listed(schema, 'use', 'anyOf', '0');
    expect(names).toContain('marsh-orc');
    expect(names).not.toContain('orc');
    expect(
      at(
        schema,
        'properties',
        'sides',
        'items',
        'properties',
        'combatants',
        'items',
        'properties',
        'use',
        'anyOf',
        '0',
        'description',
      ),
    ).toBe('a creature from the bestiary: one of your my-bestiary.yaml');
    const duel = readFileSync(join(ROOT, 'data', 'openquest', 'encounters', 'duel.yaml'), 'utf8');
    const theirs = duel.replace('{ use: orc }', '{ use: marsh-orc }');
    const withMine = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(withMine(parse(theirs)), JSON.stringify(withMine.errors)).toBe(true);
    expect(withMine(parse(duel))).toBe(false);
    expect(validatorOf('openquest', 'encounter')(parse(theirs))).toBe(false);
    expect(loadText(theirs, {}, { bestiary: file }).setup.title).toBe('Swordsman and orc');
    // A table the ruleset has not, and a table the loader would refuse, are refused with exit 2.
    const none = await fray(['schema', 'encounter', '--ruleset', 'wfrp1e', '--table', `bestiary=${file}`]);
    expect(none.code).toBe(2);
    expect(none.err).toContain("wfrp1e has no table 'bestiary'; tables: fumbles");
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, mine.replace('table: openquest-bestiary', 'table: my-bestiary'));
    const refused = await fray([
      'schema',
      'encounter',
      '--ruleset',
      'openquest',
      '--table',
      `bestiary=${broken}`,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/broken\.yaml:\d+:\d+ table: expected table: openquest-bestiary/);
  });
});
