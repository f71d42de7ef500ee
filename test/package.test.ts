// The package as npm would publish it: what `npm pack` puts in the tarball (what the command,
// the worker, the library, the page and the editors' schemas need, nothing of the repository's
// own, and no source map pointing at sources it does not carry), and the tarball installed into
// an empty folder giving a `fray` that runs the README's first commands.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
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
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(?:\.\.\/chunks\/|\.\/)([\w-]+\.js)"/g)) {
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
    // Every chunk the command and the worker load, and every schema the examples name.
    const chunks = new Set([...chunksOf('dist/cli/bin.js'), ...chunksOf('dist/sim/worker.js')]);
    expect(chunks.size).toBeGreaterThan(10);
    for (const c of chunks) expect(set.has(c), c).toBe(true);
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
    // Without install scripts: the database's native build is only `fray serve`'s (README, Install).
    const install = spawnSync(
      'npm',
      ['install', tarball, '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: app, encoding: 'utf8' },
    );
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).not.toContain('EBADENGINE');
    const fray = (...args: string[]) =>
      spawnSync(join(app, 'node_modules', '.bin', 'fray'), args, { cwd: app, encoding: 'utf8' });
    expect(fray('--version').stdout.trim()).toBe(pkg.version);
    // The README's Install commands, as printed (npx is the installed bin).
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /## Install\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
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
