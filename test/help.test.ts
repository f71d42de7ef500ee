// Each command's --help ends with examples that run as printed, and says where the shipped data is,
// found from the module's own place: from src/ here, from the bundle (dist/cli/bin.js) once built.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { program } from '../src/cli/main.js';
import { DEFAULT_RUNS } from '../src/sim/defaults.js';
import { fray, ROOT } from './helpers.js';

/** Every command's words: [], ['fight'], …, ['party', 'apply']. */
function commandPaths(): string[][] {
  const walk = (c: Command, path: string[]): string[][] => [
    path,
    ...c.commands.flatMap((s) => walk(s, [...path, s.name()])),
  ];
  const none = { write: () => true };
  return walk(program({ out: none, err: none } as never), []);
}

/** The examples and the data line at the end of a help text. */
function tail(help: string): { examples: string[]; data: string | null } {
  const at = help.lastIndexOf('\nExamples:\n');
  const rest = at < 0 ? '' : help.slice(at);
  return {
    examples: [...rest.matchAll(/^ {2}\$ (fray .*)$/gm)].map((m) => m[1] as string),
    data:
      /\nThe shipped examples \(encounters, bestiaries, stat blocks\) are in (.+)\/\n+$/.exec(rest)?.[1] ??
      null,
  };
}

const paths = commandPaths();

describe('--help', () => {
  it('of every command ends with two or three examples and the shipped data folder, which exists', async () => {
    expect(paths.length).toBeGreaterThanOrEqual(14);
    for (const path of paths) {
      const r = await fray([...path, '--help']);
      expect(r.code).toBe(0);
      const t = tail(r.out);
      expect(t.examples.length, path.join(' ')).toBeGreaterThanOrEqual(2);
      expect(t.examples.length, path.join(' ')).toBeLessThanOrEqual(3);
      // Below the working folder (the repository here), it is named as the user would type it.
      expect(t.data, path.join(' ')).toBe('data');
      expect(existsSync(resolve(ROOT, t.data as string, 'wfrp1e/encounters/demo.yaml'))).toBe(true);
    }
  });

  it('of the built command names the data folder from the bundle, absolute from elsewhere', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-help-'));
    const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli/bin.js'), 'sim', '--help'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    const t = tail(r.stdout);
    expect(t.data).toBe(join(ROOT, 'data'));
    expect(t.examples[0]).toBe(`fray sim ${join(ROOT, 'data')}/wfrp1e/encounters/demo.yaml`);
  });

  it('of fray sim states the default number of fights', async () => {
    const help = (await fray(['sim', '--help'])).out.replace(/\s+/g, ' ');
    expect(help).toContain(
      `--runs <n> number of fights (with --until-ci, the most) (default: ${DEFAULT_RUNS})`,
    );
  });
});

describe('the examples of --help', () => {
  // Not run: the server (it runs until stopped), party apply (it would write to the shipped party
  // file) and completion (it writes into your home folder); each is run by its own tests.
  const skipped = (line: string) => / (serve|party apply|completion)\b/.test(line);

  it('run as printed, from a folder of their own (runs cut to 200)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-examples-'));
    // `fray` on the PATH: the built command, as installed.
    writeFileSync(
      join(dir, 'fray'),
      `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'dist/cli/bin.js')}" "$@"\n`,
    );
    chmodSync(join(dir, 'fray'), 0o755);
    const seen = new Set<string>();
    const lines: string[] = [];
    for (const path of paths) {
      const r = spawnSync(join(dir, 'fray'), [...path, '--help'], { cwd: dir, encoding: 'utf8' });
      for (const l of tail(r.stdout).examples) {
        if (seen.has(l) || skipped(l)) continue;
        seen.add(l);
        lines.push(l);
      }
    }
    expect(lines.length).toBeGreaterThan(15);
    const failed: string[] = [];
    for (const line of lines) {
      // The figures are not what is checked here: a few hundred fights show the command works.
      let run = line.replace(/--runs \d+/, '--runs 200');
      if (/^fray sim /.test(run) && !run.includes('--runs')) run += ' --runs 200';
      const r = spawnSync('bash', ['-c', run], {
        cwd: dir,
        encoding: 'utf8',
        input: '',
        env: { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}` },
      });
      if (r.status !== 0) failed.push(`${line}: exit ${r.status}: ${r.stderr}`);
    }
    expect(failed).toEqual([]);
    // The merge found the parts the sims before it wrote, in the folder.
    expect(existsSync(join(dir, 'part-2.json'))).toBe(true);
  }, 240_000);
});

describe('fray sim without --runs', () => {
  it(`plays the default ${DEFAULT_RUNS} fights and says so`, async () => {
    const duel = join(ROOT, 'data/openquest/encounters/duel.yaml');
    const j = JSON.parse((await fray(['sim', duel, '--seed', '1', '--json'])).out) as { runs: number };
    expect(j.runs).toBe(DEFAULT_RUNS);
    const doc = readFileSync(join(ROOT, 'docs/simulation.md'), 'utf8').replace(/\s+/g, ' ');
    expect(doc).toContain(`${DEFAULT_RUNS.toLocaleString('en')} fights when --runs is not given`);
  }, 60_000);
});
