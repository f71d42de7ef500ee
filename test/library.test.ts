// The library (src/index.ts, the package's "." export): its functions give what the command gives,
// its reference (docs/library/, npm run docs:library) is what typedoc makes of the source now and
// names every export and no other, and the README's example and the reference's examples
// type-check strictly against the built package and run.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import {
  exactOdds,
  fight,
  loadEncounter,
  loadEncounterFile,
  replay,
  rulesets,
  simulate,
  simulateAsync,
  ValidationError,
  type Encounter,
  type EncounterDocument,
} from '../src/index.js';
import { fray, ROOT } from './helpers.js';

const DEMO = join(ROOT, 'data/wfrp1e/encounters/demo.yaml');
const DUEL = join(ROOT, 'data/openquest/encounters/duel.yaml');

/** The names src/index.ts exports, read from its text (a parse, not a type-check: cheap). */
function exportedNames(): string[] {
  const file = join(ROOT, 'src/index.ts');
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const st of src.statements) {
    if (ts.isExportDeclaration(st)) {
      // `export *` would export what nobody chose: the library names each export.
      if (!st.exportClause || !ts.isNamedExports(st.exportClause))
        throw new Error('export * in src/index.ts');
      for (const e of st.exportClause.elements) names.push(e.name.text);
      continue;
    }
    const exported =
      ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations) names.push(d.name.getText());
    else if ('name' in st && st.name) names.push((st.name as ts.Identifier).text);
  }
  return names.sort();
}

const LIB = join(ROOT, 'docs/library');
const KINDS = ['functions', 'classes', 'interfaces', 'type-aliases', 'variables'];

/** Every file under a folder, by its path from there, with its bytes. */
function filesUnder(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const path = join(e.parentPath, e.name);
      out.set(path.slice(dir.length + 1), readFileSync(path));
    }
  return out;
}

/** The ```ts blocks of the reference's pages that use the package, by the page they are on. */
function referenceExamples(): { page: string; code: string }[] {
  const out: { page: string; code: string }[] = [];
  for (const [page, bytes] of filesUnder(LIB))
    for (const m of bytes.toString('utf8').matchAll(/```ts\n([\s\S]*?)```/g))
      if (m[1]?.includes("from 'fray'")) out.push({ page, code: m[1] });
  return out;
}

describe('the reference, docs/library/', () => {
  const names = exportedNames();
  const pages = KINDS.flatMap((k) =>
    existsSync(join(LIB, k))
      ? readdirSync(join(LIB, k)).map((f) => ({ kind: k, name: f.replace(/\.md$/, '') }))
      : [],
  );

  it('is what typedoc makes of the source now, byte for byte, every type it reaches exported (npm run docs:library after a change)', () => {
    const out = mkdtempSync(join(tmpdir(), 'fray-reference-'));
    try {
      // Warnings fail it: a type the API reaches but does not export, a link to nothing.
      execFileSync(
        process.execPath,
        [join(ROOT, 'node_modules/typedoc/bin/typedoc'), '--out', out, '--treatWarningsAsErrors'],
        { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' },
      );
      const made = filesUnder(out);
      const committed = filesUnder(LIB);
      expect([...committed.keys()].sort()).toEqual([...made.keys()].sort());
      const differ = [...made].filter(([page, bytes]) => !committed.get(page)?.equals(bytes)).map(([p]) => p);
      expect(differ).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('has a page for every export of src/index.ts and for nothing else (npm run docs:library after a change)', () => {
    expect(names).toContain('fight');
    expect(pages.map((p) => p.name).sort()).toEqual(names);
  });

  it('lists every export in its index, which the README links', () => {
    const index = readFileSync(join(LIB, 'README.md'), 'utf8');
    for (const p of pages) expect(index).toContain(`](${p.kind}/${p.name}.md)`);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('(docs/library/README.md)');
  });

  it("says what each export is: a line of prose under each page's title", () => {
    const bare = pages.filter((p) => {
      const text = readFileSync(join(LIB, p.kind, `${p.name}.md`), 'utf8');
      const head = text.split(/^## /m)[0] ?? '';
      return !head.split('\n').some((l) => /^[A-Za-z`[]/.test(l));
    });
    expect(bare).toEqual([]);
  });
});

/** The doc comment of each function, interface and type declared in src/index.ts, as plain text. */
function ownComments(): { name: string; text: string }[] {
  const file = join(ROOT, 'src/index.ts');
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: { name: string; text: string }[] = [];
  for (const st of src.statements) {
    if (!ts.isFunctionDeclaration(st) && !ts.isInterfaceDeclaration(st) && !ts.isTypeAliasDeclaration(st))
      continue;
    if (!st.name || !ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const doc = ts.getJSDocCommentsAndTags(st).find(ts.isJSDoc);
    const text = ts.getTextOfJSDocComment(doc?.comment) ?? '';
    out.push({
      name: st.name.text,
      text: text
        .replace(/\{@link ([^}]+)\}/g, '$1')
        .replace(/\s+/g, ' ')
        .trim(),
    });
  }
  return out;
}

describe('the reference says what the source says', () => {
  it('has the doc comment of each function and type of src/index.ts as it is now (npm run docs:library after a change)', () => {
    const own = ownComments();
    expect(own.map((o) => o.name)).toContain('simulate');
    const stale = own.filter(({ name, text }) => {
      const kind = KINDS.find((k) => existsSync(join(LIB, k, `${name}.md`)));
      const page = readFileSync(join(LIB, kind ?? '', `${name}.md`), 'utf8')
        .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
        .replace(/\\(.)/g, '$1')
        .replace(/\s+/g, ' ');
      return text === '' || !page.includes(text);
    });
    expect(stale.map((o) => o.name)).toEqual([]);
  });
});

describe('the library gives what the command gives', () => {
  const demo = loadEncounterFile(DEMO);

  it('loads an encounter with its ruleset, options and title', () => {
    expect(demo.ruleset).toBe('wfrp1e');
    expect(demo.title).toBe('The bridge at Grissenwald');
    expect(demo.options.criticals).toBe('detailed');
    expect(demo.saved).toBeNull();
    const sudden = loadEncounterFile(new URL(`file://${DEMO}`), { options: { criticals: 'sudden-death' } });
    expect(sudden.options.criticals).toBe('sudden-death');
  });

  it('fights as fray fight --seed does, and replays the log to the same end', async () => {
    const r = fight(demo, { seed: 7 });
    const cli = JSON.parse((await fray(['fight', DEMO, '--seed', '7', '--json'])).out) as {
      inputs: unknown[];
      outcome: { rounds: number };
    };
    expect(r.log).toEqual(cli.inputs);
    expect(r.outcome?.rounds).toBe(cli.outcome.rounds);
    expect(r.events.at(-1)?.type).toBe('outcome');
    const again = replay(demo, r.log);
    expect(again.events.map((e) => e.text)).toEqual(r.events.map((e) => e.text));
  });

  it('replays part of a log to the request that comes next, and refuses a log longer than its fight', () => {
    const r = fight(demo, { seed: 7 });
    const part = replay(demo, r.log.slice(0, 5));
    expect(part.outcome).toBeNull();
    expect(part.pending).not.toBeNull();
    expect(() => replay(demo, [...r.log, 1])).toThrow(ValidationError);
  });

  it('reads a save, replays its inputs, and reports one that does not fit at its place in the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-library-'));
    const save = join(dir, 'fight.json');
    expect((await fray(['fight', DEMO, '--seed', '7', '--save', save])).code).toBe(0);
    const saved = loadEncounterFile(save);
    expect(saved.saved?.seed).toBe(7);
    const inputs = saved.saved?.inputs ?? [];
    expect(replay(saved, inputs).outcome).toEqual(fight(demo, { seed: 7 }).outcome);
    // A fight over at its last input plays on no further: the save's fight as it ended.
    expect(fight(saved, { seed: 99 }).log).toEqual(inputs);
    writeFileSync(
      save,
      readFileSync(save, 'utf8').replace(/"inputs": \[\n\s*/, '"inputs": [\n    "nonsense", '),
    );
    const edited = loadEncounterFile(save);
    expect(() => replay(edited, edited.saved?.inputs ?? [])).toThrow(/fight\.json:\d+:\d+ inputs\[0\]/);
    // Any other log is reported by its place in the log.
    expect(() => replay(demo, ['nonsense'])).toThrow(/^input 1: "nonsense" is not/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('fights with scripted dice, and says when they run out', () => {
    expect(() => fight(demo, { dice: [50] })).toThrow(/dice script ran out after 1 rolls/);
  });

  it('simulates as fray sim does, on the same seed', async () => {
    const s = simulate(demo, { runs: 300, seed: 3 });
    const cli = JSON.parse(
      (await fray(['sim', DEMO, '--runs', '300', '--seed', '3', '--workers', '1', '--json'])).out,
    ) as { sides: unknown };
    expect(s.runs).toBe(300);
    expect(s.sides).toEqual(cli.sides);
  });

  it('solves the odds as fray odds does', async () => {
    const duel = loadEncounterFile(DUEL);
    const cli = JSON.parse((await fray(['odds', DUEL, '--json'])).out) as { duel: unknown };
    expect(exactOdds(duel).duel).toEqual(cli.duel);
    expect(() =>
      exactOdds({
        ...duel,
        loaded: { ...duel.loaded, ruleset: { ...duel.loaded.ruleset, odds: undefined } },
      } as Encounter),
    ).toThrow(/no exact odds/);
  });

  it('lists the rulesets as fray rulesets --json does', async () => {
    expect(rulesets()).toEqual(JSON.parse((await fray(['rulesets', '--json'])).out));
  });

  it('reports a bad encounter text with its file, line and field', () => {
    let err: unknown;
    try {
      loadEncounter('ruleset: wfrp1e\nsides: 3\n', { name: 'mine.yaml' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).issues[0]).toMatchObject({ file: 'mine.yaml', line: 2, path: 'sides' });
  });
});

describe('an encounter given as data', () => {
  const duelData = parse(readFileSync(DUEL, 'utf8')) as EncounterDocument;

  it('is the encounter its file is: the same fights, the same options over it', () => {
    const fromData = loadEncounter(duelData, { name: 'duel', options: { reactions: 'unlimited' } });
    const fromFile = loadEncounterFile(DUEL, { options: { reactions: 'unlimited' } });
    expect(fromData.options.reactions).toBe('unlimited');
    expect(fromData.title).toBe('Swordsman and orc');
    expect(fromData.options).toEqual(fromFile.options);
    expect(fight(fromData, { seed: 4 }).log).toEqual(fight(fromFile, { seed: 4 }).log);
  });

  it('is checked as its text is: a bad field is a ValidationError at its path, with no line to point at', () => {
    const bad = structuredClone(duelData) as unknown as {
      sides: { combatants: Record<string, unknown>[] }[];
    };
    const swordsman = bad.sides[0]?.combatants[0] as { characteristics: Record<string, unknown> };
    swordsman.characteristics.STR = 'strong';
    const problems = (source: unknown): unknown => {
      try {
        loadEncounter(source as EncounterDocument, { name: 'mine' });
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationError);
        return (e as ValidationError).issues.map((i) => ({ path: i.path, message: i.message }));
      }
      throw new Error('loaded');
    };
    const fromData = problems(bad) as { path: string }[];
    expect(fromData[0]?.path).toBe('sides[0].combatants[0].characteristics.STR');
    // The text of the same data says the same, at a line; the data's issues have none.
    expect(problems(JSON.stringify(bad))).toEqual(fromData);
    let err: unknown;
    try {
      loadEncounter(bad as unknown as EncounterDocument, { name: 'mine' });
    } catch (e) {
      err = e;
    }
    expect((err as ValidationError).issues[0]).toEqual({
      file: 'mine',
      path: 'sides[0].combatants[0].characteristics.STR',
      message: expect.any(String) as string,
    });
    expect(problems({ ruleset: 'openquest', sides: 3 })).toEqual([
      { path: 'sides', message: expect.stringMatching(/expected/) as string },
    ]);
  });
});

/** The threads of this process (Linux): a worker thread is one of them while it runs. */
function threads(): number {
  return readdirSync('/proc/self/task').length;
}

describe('simulateAsync, on worker threads', () => {
  const demo = loadEncounterFile(DEMO);

  it('gives what simulate gives, and fray sim, on the same seed, telling each block added up', async () => {
    const told: [number, number][] = [];
    const s = await simulateAsync(demo, {
      runs: 3000,
      seed: 3,
      workers: 2,
      onProgress: (done, total) => told.push([done, total]),
    });
    expect(s).toEqual(simulate(demo, { runs: 3000, seed: 3 }));
    expect(told).toEqual([
      [1000, 3000],
      [2000, 3000],
      [3000, 3000],
    ]);
    const cli = JSON.parse(
      (await fray(['sim', DEMO, '--runs', '3000', '--seed', '3', '--workers', '2', '--json'])).out,
    ) as typeof s;
    expect(s.sides).toEqual(cli.sides);
    expect(s.combatants).toEqual(cli.combatants);
    expect(s.rounds).toEqual(cli.rounds);
  });

  it('plays an encounter given as text or as data the same as its file', async () => {
    const text = readFileSync(DUEL, 'utf8');
    const expected = simulate(loadEncounterFile(DUEL), { runs: 1500, seed: 9, untilCi: 0.5 });
    expect(expected.untilCi).toEqual({ target: 0.5, reached: true });
    expect(expected.runs).toBe(1000);
    for (const duel of [loadEncounter(text), loadEncounter(parse(text) as EncounterDocument)])
      expect(await simulateAsync(duel, { runs: 1500, seed: 9, untilCi: 0.5, workers: 1 })).toEqual(expected);
  });

  it('stops when its signal is aborted: rejects with an AbortError, and leaves no thread running', async () => {
    const before = threads();
    const stop = new AbortController();
    let during = 0;
    const run = simulateAsync(demo, {
      runs: 50_000_000,
      seed: 1,
      workers: 2,
      signal: stop.signal,
      onProgress: () => {
        during = threads();
        stop.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(during).toBeGreaterThan(before);
    // Every thread it started has ended by the time it rejects, none started in their place.
    expect(threads()).toBeLessThanOrEqual(before);
    await new Promise((wait) => setTimeout(wait, 1500));
    expect(threads()).toBeLessThanOrEqual(before);
    // Aborted before it starts, it starts nothing.
    await expect(simulateAsync(demo, { runs: 1000, signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('refuses a save, and an encounter the loaders did not make', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-library-'));
    const save = join(dir, 'fight.json');
    expect((await fray(['fight', DEMO, '--seed', '7', '--save', save])).code).toBe(0);
    await expect(simulateAsync(loadEncounterFile(save), { runs: 1000 })).rejects.toThrow(
      /a saved fight, not an encounter/,
    );
    rmSync(dir, { recursive: true, force: true });
    await expect(simulateAsync({ ...demo }, { runs: 1000 })).rejects.toThrow(/from loadEncounter or/);
  });
});

describe('the package', () => {
  it('exports its shipped data as fray/data/…', () => {
    // The package refers to itself by name from inside its own folder.
    const req = createRequire(join(ROOT, 'package.json'));
    expect(req.resolve('fray/data/wfrp1e/encounters/demo.yaml')).toBe(DEMO);
    expect(req.resolve('fray/package.json')).toBe(join(ROOT, 'package.json'));
  });
});

/**
 * The types a program reads the library's results through, used as a strict program would: each
 * one named, so that one the package stops exporting fails to compile here.
 */
const TYPES_PROGRAM = `import {
  exactOdds,
  loadEncounter,
  loadEncounterFile,
  simulateAsync,
  ValidationError,
  type EncounterDocument,
  type FollowingDice,
  type OddsDuel,
  type RollRequest,
  type SimSummary,
  type SimulateAsyncOptions,
  type Warning,
} from 'fray';

const doc: EncounterDocument = {
  ruleset: 'openquest',
  sides: [
    { name: 'Left', combatants: [{ use: 'orc' }] },
    { name: 'Right', combatants: [{ use: 'orc' }] },
  ],
};
const orcs = loadEncounter(doc);
const warnings: readonly Warning[] = orcs.loaded.setup.warnings ?? [];
const duel: OddsDuel | null = exactOdds(orcs).duel;
const then = (r: RollRequest): FollowingDice | undefined => r.then;
const opts: SimulateAsyncOptions = { runs: 1000, seed: 2, workers: 1, onProgress: (done, total) => console.log(done, total) };
const summary: SimSummary = await simulateAsync(orcs, opts);
loadEncounterFile(new URL(import.meta.resolve('fray/data/openquest/encounters/duel.yaml')));
try {
  loadEncounter({ ...doc, ruleset: 'openquest', sides: [] });
} catch (e) {
  console.log('a ValidationError:', e instanceof ValidationError);
}
console.log(warnings.length, duel !== null, typeof then, summary.runs);
`;

describe("the README's library example and the reference's examples", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('type-check strictly (nodenext) against the built package and run', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## As a library'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code).toContain("from 'fray'");
    const examples = referenceExamples();
    // The main functions' pages each show one.
    for (const f of ['loadEncounterFile', 'loadEncounter', 'fight', 'replay', 'simulate', 'simulateAsync'])
      expect(examples.map((e) => e.page)).toContain(join('functions', `${f}.md`));
    for (const f of ['exactOdds', 'rulesets', 'runFight'])
      expect(examples.map((e) => e.page)).toContain(join('functions', `${f}.md`));
    // A user's project: its own folder, the package installed under node_modules/fray.
    const dir = mkdtempSync(join(tmpdir(), 'fray-readme-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'fray'), 'dir');
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(dir, 'example.ts'), code as string);
    writeFileSync(join(dir, 'types.ts'), TYPES_PROGRAM);
    const pages = examples.map((e, i) => {
      const file = `reference-${i}.ts`;
      writeFileSync(join(dir, file), e.code);
      return { ...e, file };
    });
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const compile = () =>
      execFileSync(
        process.execPath,
        [
          tsc,
          '--strict',
          '--noUncheckedIndexedAccess',
          '--exactOptionalPropertyTypes',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2022',
          '--skipLibCheck',
          '--typeRoots',
          join(ROOT, 'node_modules/@types'),
          '--types',
          'node',
          'example.ts',
          'types.ts',
          ...pages.map((p) => p.file),
        ],
        { cwd: dir, encoding: 'utf8' },
      );
    try {
      compile();
    } catch (e) {
      // tsc names the file; say which page's example it is.
      const named = pages.map((p) => `${p.file}: ${p.page}`).join('\n');
      throw new Error(`${(e as { stdout?: string }).stdout ?? String(e)}\n${named}`);
    }
    const out = execFileSync(process.execPath, ['example.js'], { cwd: dir, encoding: 'utf8' });
    expect(out).toMatch(/^The bridge at Grissenwald\./m);
    expect(out).toContain('replayed alike: true');
    expect(out).toMatch(/^Adventurers: \d+\.\d% of 2000$/m);
    expect(out).toMatch(/^Swordsman: 95\.96%$/m);
    expect(out).toContain('wfrp1e (17 options), wfrp-cp (12 options)');
    const typed = execFileSync(process.execPath, ['types.js'], { cwd: dir, encoding: 'utf8' });
    expect(typed).toMatch(/^1000 1000$/m);
    expect(typed).toContain('a ValidationError: true');
    for (const p of pages) {
      const said = execFileSync(process.execPath, [p.file.replace(/\.ts$/, '.js')], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(said.length, p.page).toBeGreaterThan(0);
    }
  }, 120_000);
});
