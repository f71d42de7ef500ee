// The package as npm would publish it: what `npm pack` puts in the tarball (what the command,
// the worker, the library, the page and the editors' schemas need, nothing of the repository's
// own, and no source map pointing at sources it does not carry), and the tarball installed into
// an empty folder giving a `fray` that runs the README's first commands.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSchemas } from '../src/files/schema.js';
import { ROOT } from './helpers.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** The tarball's files, as `npm pack` lists them (its scripts skipped: the build is the test run's). */
function packed(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]?.files.map((f) => f.path) ?? [];
}

/** The chunks a bundled file imports, and theirs in turn. */
function chunksOf(file: string, seen = new Set<string>()): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8');
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(?:\.\.?\/chunks\/|\.\/)([\w-]+\.js)"/g)) {
    const name = `dist/chunks/${m[1] as string}`;
    if (seen.has(name)) continue;
    seen.add(name);
    chunksOf(name, seen);
  }
  return seen;
}

describe('the package', () => {
  it('is public, versioned as the command says, with its licence, changelog and repository', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')).toContain(`## [${pkg.version}]`);
    expect(pkg.repository.url).toMatch(/^git\+https:\/\//);
    expect(readFileSync(join(ROOT, 'src', 'cli', 'main.ts'), 'utf8')).toContain(`VERSION = '${pkg.version}'`);
  });

  it('packs what it needs and nothing of the repository’s own', () => {
    const files = packed();
    const set = new Set(files);
    const roots = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'];
    for (const f of files)
      expect(roots.includes(f) || /^(dist|data|docs)\//.test(f), `${f} should not be packed`).toBe(true);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const f of [
      ...roots,
      'dist/cli/bin.js',
      'dist/sim/worker.js',
      'dist/sim/worker.cjs',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/web/index.html',
      'dist/web/play.html',
    ])
      expect(set.has(f), f).toBe(true);
    // Every chunk the library, the command and the worker load, and every schema the examples name.
    const entries = ['dist/index.js', 'dist/cli/bin.js', 'dist/sim/worker.js'];
    const chunks = new Set(entries.flatMap((e) => [...chunksOf(e)]));
    expect(chunks.size).toBeGreaterThan(10);
    for (const c of chunks) expect(set.has(c), c).toBe(true);
    // The engine once: the library is an entry of the command's bundle, sharing its chunks, and
    // no JavaScript of tsc's (the repository's own) is packed beside it.
    const shared = [...chunksOf('dist/index.js')].filter((c) => chunksOf('dist/cli/bin.js').has(c));
    expect(
      shared.some((c) => /\/engine-/.test(c)),
      'the library and the command share the engine',
    ).toBe(true);
    const code = files.filter((f) => /^dist\/.*\.c?js$/.test(f) && !/^dist\/(web|docs)\//.test(f));
    expect(code.filter((f) => !entries.includes(f) && f !== 'dist/sim/worker.cjs' && !chunks.has(f))).toEqual(
      [],
    );
    // The library's declarations and no other: each packed one is reached from dist/index.d.ts.
    const declarations = files.filter((f) => f.endsWith('.d.ts'));
    expect(declarations).toContain('dist/index.d.ts');
    expect(declarations.filter((f) => /^dist\/(cli|server)\//.test(f))).toEqual([]);
    for (const s of allSchemas().keys()) expect(set.has(`dist/schema/${s}`), s).toBe(true);
    // The shipped data as parsed at build time.
    expect(files.filter((f) => f.startsWith('dist/parsed/')).length).toBeGreaterThan(70);
    // Every shipped data file.
    const data = execFileSync('git', ['ls-files', 'data'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(data.length).toBeGreaterThan(70);
    for (const d of data) expect(set.has(d), d).toBe(true);
    // No file points at a source map.
    for (const f of files.filter((x) => x.endsWith('.js')))
      expect(readFileSync(join(ROOT, f), 'utf8'), f).not.toContain('sourceMappingURL');
  });

  it('depends on what runs from it, and on nothing the bundle carries inside', () => {
    // The packages the shipped JavaScript imports (not its chunks, not Node's own), and those the
    // library's declarations name.
    const imported = new Set<string>();
    const bare = /(?:from|import\(?)\s*["']((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^"']*)?["']/g;
    for (const f of packed().filter((x) => /^dist\/(?!web\/|docs\/).*\.(c?js|d\.ts)$/.test(x)))
      // Doc comments' examples import 'fray' itself: only code counts.
      for (const m of readFileSync(join(ROOT, f), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .matchAll(bare))
        if (!/^(node:|\.)/.test(m[1] as string)) imported.add(m[1] as string);
    const runtime = Object.keys(pkg.dependencies as Record<string, string>);
    const optional = Object.keys(pkg.peerDependenciesMeta as Record<string, unknown>);
    expect([...imported].filter((d) => !runtime.includes(d) && !optional.includes(d))).toEqual([]);
    expect(runtime.filter((d) => !imported.has(d))).toEqual([]);
    for (const inside of ['commander', 'fastify', '@fastify/websocket', 'light-my-request'])
      expect(runtime, `${inside} is bundled`).not.toContain(inside);
    // Ranges an adopter's own copy can satisfy, not one exact version.
    for (const [d, range] of Object.entries(pkg.dependencies as Record<string, string>))
      expect(range, d).toMatch(/^\^/);
    // The database is only `fray serve`'s: an optional peer, installed by nobody who does not serve.
    expect(pkg.peerDependencies['better-sqlite3']).toMatch(/^\^12\./);
    expect(pkg.peerDependenciesMeta['better-sqlite3']).toEqual({ optional: true });
    expect(pkg.sideEffects).toContain('./dist/cli/bin.js');
  });

  it('installed from its tarball into an empty folder, runs the README’s first commands', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-pack-'));
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = join(dir, `fray-${pkg.version}.tgz`);
    const app = join(dir, 'app');
    execFileSync('npm', ['init', '-y'], { cwd: dir, stdio: 'ignore', env: { ...process.env } });
    execFileSync('mkdir', ['-p', app]);
    execFileSync('npm', ['init', '-y'], { cwd: app, stdio: 'ignore' });
    // The README's Install lines, as printed: the tarball's name is the one `npm pack` writes.
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /## Install\n[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(block).toMatch(/^npm ci && npm pack\b/m);
    expect(block).not.toMatch(/npm install fray\b/);
    const installLine = block.split('\n').find((l) => l.startsWith('npm install ')) ?? '';
    expect(installLine.split(/\s+/)[2]?.endsWith(`/fray-${pkg.version}.tgz`), installLine).toBe(true);
    // With its install scripts: nothing in it compiles, the database being only `fray serve`'s.
    const install = spawnSync('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).not.toContain('EBADENGINE');
    expect(install.stderr).not.toContain('install-scripts');
    expect(existsSync(join(app, 'node_modules', 'better-sqlite3'))).toBe(false);
    for (const inside of ['fastify', '@fastify/websocket', 'light-my-request'])
      expect(existsSync(join(app, 'node_modules', inside)), inside).toBe(false);
    const fray = (...args: string[]) =>
      spawnSync(join(app, 'node_modules', '.bin', 'fray'), args, { cwd: app, encoding: 'utf8' });
    expect(fray('--version').stdout.trim()).toBe(pkg.version);
    // Without the database, `fray serve` says in one line what to run, and starts nothing.
    const serve = fray('serve', '--port', '0');
    expect(serve.status).toBe(2);
    expect(serve.stderr.trim().split('\n')).toHaveLength(1);
    expect(serve.stderr).toContain('npm install better-sqlite3@12');
    expect(existsSync(join(app, 'fray-campaign.db'))).toBe(false);
    // The library, imported as an adopter's ES module would.
    writeFileSync(
      join(app, 'try.mjs'),
      `import { fight, loadEncounterFile } from 'fray';
const demo = loadEncounterFile(new URL(import.meta.resolve('fray/data/wfrp1e/encounters/demo.yaml')));
console.log(fight(demo, { seed: 7 }).outcome?.rounds);`,
    );
    const lib = spawnSync(process.execPath, ['try.mjs'], { cwd: app, encoding: 'utf8' });
    expect(lib.status, lib.stderr).toBe(0);
    expect(Number(lib.stdout.trim())).toBeGreaterThan(0);
    // The README's library example and what it says of TypeScript: in the CommonJS project
    // `npm init -y` makes, TS1470; with "type": "module", a strict nodenext program that checks.
    const example = /## As a library\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(example).toContain("from 'fray'");
    writeFileSync(join(app, 'example.ts'), example);
    const settings = /```json\n(\{ "compilerOptions"[^\n]*)\n```/.exec(readme)?.[1] ?? '{}';
    const options = JSON.parse(settings) as { compilerOptions: Record<string, unknown> };
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...options.compilerOptions,
          noEmit: true,
          typeRoots: [join(ROOT, 'node_modules', '@types')],
        },
        files: ['example.ts'],
      }),
    );
    const tsc = () =>
      spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], {
        cwd: app,
        encoding: 'utf8',
      });
    expect(tsc().stdout).toContain('TS1470');
    execFileSync('npm', ['pkg', 'set', 'type=module'], { cwd: app });
    const typed = tsc();
    expect(typed.status, typed.stdout).toBe(0);
    const commands = block.split('\n').filter((l) => l.startsWith('npx fray '));
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const line of commands) {
      const r = fray(...line.slice('npx fray '.length).split(/\s+/));
      expect(r.status, `${line}\n${r.stderr}`).toBe(0);
      expect(r.stdout.length, line).toBeGreaterThan(100);
    }
    const odds = fray('odds', 'node_modules/fray/data/wfrp1e/examples/reference-duel-sudden-death.yaml');
    expect(odds.stdout).toMatch(/Warrior\s+wins 51\.70%/);
    const schema = fray('schema', 'encounter', '--ruleset', 'wfrp1e');
    expect(JSON.parse(schema.stdout).title).toContain('encounter');
  }, 300_000);
});
