// Every script the docs quote still runs (issue 31: one they quoted had stopped running, and no
// test said so). A `node scripts/X.mjs` named in README.md or docs/ must exist and be run by a
// test (this one, or the test named for it below); an `npm run X` must be one of package.json's
// scripts. The long ones run here as a short slice.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];
const text = DOCS.map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');

/** Where each quoted script is run by a test, and how (a slice of a long one). */
const RUN_BY: Readonly<Record<string, string>> = {
  'snapshot.mjs': 'test/snapshot.test.ts',
  'rates.mjs': 'test/scripts.test.ts',
  'soak.mjs': 'test-browser/soak.test.ts',
  'fuzz.mjs': 'test/scripts.test.ts',
  'prompts.mjs': 'test/scripts.test.ts',
  'chain-rate.mjs': 'test/scripts.test.ts',
  // agreeSlice, which each ruleset's test/<ruleset>/exact-duel.test.ts calls.
  'agree.mjs': 'test/helpers.ts',
  // npm run build runs it before every test; the test checks what it made.
  'bundle.mjs': 'test/parsed.test.ts',
  // npm run build runs it; the test renders the help and checks every page and link.
  'docs.mjs': 'test/docs.test.ts',
  // npm run build records with it, npm start and prepack ensure with it.
  'built.mjs': 'test/built.test.ts',
  'prepack.mjs': 'test/built.test.ts',
};

describe('the scripts the docs quote', () => {
  const quoted = [...new Set([...text.matchAll(/scripts\/([a-z-]+\.mjs)/g)].map((m) => m[1] as string))];
  const npm = [...new Set([...text.matchAll(/npm run ([a-z:]+)/g)].map((m) => m[1] as string))];
  const scripts = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;

  it('finds the docs and what they quote', () => {
    expect(quoted).toContain('snapshot.mjs');
    expect(npm).toContain('soak');
  });

  it.each(quoted)('scripts/%s exists, and a test runs it', (name) => {
    expect(existsSync(join(ROOT, 'scripts', name)), `scripts/${name}`).toBe(true);
    const by = RUN_BY[name];
    expect(by, `no test runs scripts/${name}: name the one that does in RUN_BY`).toBeDefined();
    expect(readFileSync(join(ROOT, by as string), 'utf8')).toContain(name);
  });

  it.each(npm)(
    'npm run %s is a script of package.json; the script it runs exists, and a test runs it',
    (name) => {
      expect(scripts[name], `npm run ${name}`).toBeDefined();
      for (const m of (scripts[name] ?? '').matchAll(/node scripts\/([a-z-]+\.mjs)/g)) {
        const file = m[1] as string;
        expect(existsSync(join(ROOT, 'scripts', file))).toBe(true);
        const by = RUN_BY[file];
        expect(by, `no test runs scripts/${file}: name the one that does in RUN_BY`).toBeDefined();
        expect(readFileSync(join(ROOT, by as string), 'utf8')).toContain(file);
      }
    },
  );

  it('chain-rate.mjs solves a duel and prints its steps a second', () => {
    const out = execFileSync(
      process.execPath,
      [join(ROOT, 'scripts', 'chain-rate.mjs'), 'data/wfrp1e/examples/reference-duel-sudden-death.yaml'],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    expect(out).toMatch(
      /reference-duel-sudden-death\.yaml: solved; [\d,]+ steps in [\d.]+ s: [\d,]+ steps\/s; \d+ states/,
    );
  });

  it('prompts.mjs counts the questions of every example encounter, a line each', () => {
    const out = execFileSync(process.execPath, [join(ROOT, 'scripts', 'prompts.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(out).toMatch(/data\/wfrp1e\/encounters\/demo\.yaml +wfrp1e +GM +[\d.]+ \[/);
  });

  it('fuzz.mjs runs its campaign (a slice: a few dozen cases) and prints the counts', () => {
    const out = execFileSync(
      process.execPath,
      [
        join(ROOT, 'scripts', 'fuzz.mjs'),
        ...['--cases', '40', '--cli-cases', '3', '--server-cases', '10', '--blocks', '10', '--pastes', '4'],
        ...['--seed', '20261123'],
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 300_000 },
    );
    expect(out).toMatch(/fuzz counts \(40 cases, seed 20261123\)/);
    expect(out).toMatch(/fuzz server counts \(10 requests, seed 20261123\)/);
    expect(out).toMatch(/fuzz blocks counts \(10 a ruleset, seed 20261123\)/);
    expect(out).toMatch(/fuzz pastes counts \(4 blocks, seed 20261123\)/);
    expect(out).toContain('fuzz: nothing wrong found');
  }, 300_000);

  it('fuzz.mjs is a program, not a timed test: one campaign alone, of one ruleset; a flag it does not know is refused (exit 2)', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [join(ROOT, 'scripts', 'fuzz.mjs'), ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 300_000,
      });
    const one = run('--only', 'blocks', '--rulesets', 'ahq-house', '--blocks', '5', '--seed', '3');
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toMatch(
      /fuzz blocks counts \(5 a ruleset, seed 3\): \{"wfrp1e":\{"imported":0,"refused":0,/,
    );
    expect(one.stdout).toMatch(/"ahq-house":\{"imported":\d,"refused":\d,"crash":0/);
    expect(one.stdout).not.toContain('fuzz counts');
    const bad = run('--only', 'everything');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      "fuzz: --only: 'everything' is none of encounters, cli, server, strangers, blocks, pastes\n",
    );
  }, 300_000);

  it('rates.mjs prints its table for a build, a slice of a second an encounter', () => {
    const out = execFileSync(
      process.execPath,
      [join(ROOT, 'scripts', 'rates.mjs'), 'dist', '--seconds', '0.05', '--only', 'demo'],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    expect(out).toMatch(/demo/);
    expect(out).toMatch(/\|/);
  });

  it('rates.mjs times its slices in CPU time with --cpu, in as many turns as --slices says', () => {
    const out = execFileSync(
      process.execPath,
      [
        join(ROOT, 'scripts', 'rates.mjs'),
        'dist',
        '--seconds',
        '0.05',
        '--only',
        'demo',
        '--cpu',
        '--slices',
        '2',
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    const row = out.split('\n').find((line) => line.includes('demo.yaml'));
    expect(row).toBeDefined();
    expect(Number(row?.split('|')[2]?.trim().replaceAll(',', ''))).toBeGreaterThan(0);
  });
});
