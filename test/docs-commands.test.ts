// Every `npx fray …` command printed in README.md and docs/ runs as printed: in a shell, from a
// folder with the repository's data/ (and the checkout as node_modules/fray), one after another (a merge finds the parts written before
// it). Three things are changed, and only these: FILE and enc.yaml (placeholders) become the demo
// encounter, `[--json]` (an optional flag) is given, and `--runs N` is cut to a few hundred so the
// whole takes seconds. Interactive commands are answered with "auto" (the tactics finish the
// fight). `fray serve` runs until it says where it listens, then is stopped (SIGTERM, exit 0).
// A command whose comment says it fails must exit 2; every other must exit 0. Commands for
// another machine (absolute paths, such as a cluster's /results) are not run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const RUNS_CAP = 200;

interface Printed {
  readonly where: string;
  readonly command: string;
  readonly fails: boolean;
}

function markdownFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? docs(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
    );
  return [join(ROOT, 'README.md'), ...docs(join(ROOT, 'docs'))];
}

/** The commands in a Markdown file: lines of its code blocks, and inline code, that begin `npx fray`. */
export function printedCommands(file: string, text: string): Printed[] {
  const out: Printed[] = [];
  const lines = text.split('\n');
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trimStart().startsWith('```')) {
      inBlock = !inBlock;
      continue;
    }
    if (inBlock) {
      if (!line.trimStart().startsWith('npx fray ')) continue;
      let command = line.trim();
      const at = i + 1;
      while (command.endsWith('\\') && i + 1 < lines.length)
        command = `${command.slice(0, -1)} ${lines[++i]?.trim()}`;
      // A template with shell variables (a job script) is not a command to run as it stands.
      if (command.includes('$')) continue;
      const comment = command.includes(' # ') ? command.slice(command.indexOf(' # ')) : '';
      out.push({ where: `${file}:${at}`, command, fails: /\bfails\b|exit 2/.test(comment) });
    }
  }
  // Inline code that is a whole command, perhaps wrapped over lines.
  const flat = text.replace(/```[\s\S]*?```/g, '');
  for (const m of flat.matchAll(/`(npx fray [^`]+)`/g)) {
    const at = text.slice(0, text.indexOf(m[1] as string)).split('\n').length;
    const command = (m[1] as string).replace(/\s+/g, ' ');
    if (/ \//.test(command)) continue;
    out.push({ where: `${file}:${at}`, command, fails: false });
  }
  return out;
}

/** What this test changes in a printed command, and nothing else. */
function runnable(command: string): string {
  return command
    .replace(/\bFILE\b/g, 'data/wfrp1e/encounters/demo.yaml')
    .replace(/\benc\.yaml\b/g, 'data/wfrp1e/encounters/demo.yaml')
    .replace(/\[(--[a-z-]+)\]/g, '$1')
    .replace(/--runs (\d+)/g, (_m, n: string) => `--runs ${Math.min(Number(n), RUNS_CAP)}`);
}

describe('every command printed in README.md and docs/ runs as printed', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'fray-docs-'));
  symlinkSync(join(ROOT, 'data'), join(cwd, 'data'));
  // The README's Install commands name the data as installed: this checkout stands for the package.
  mkdirSync(join(cwd, 'node_modules'));
  symlinkSync(ROOT, join(cwd, 'node_modules', 'fray'));
  const bin = join(ROOT, 'dist', 'cli', 'bin.js');
  const all = markdownFiles().flatMap((f) => printedCommands(relative(ROOT, f), readFileSync(f, 'utf8')));

  it('finds the commands (README.md and the docs print dozens)', () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all.some((c) => c.where.startsWith('README.md'))).toBe(true);
    expect(all.some((c) => c.where.startsWith('docs/rulesets/'))).toBe(true);
  });

  for (const { where, command, fails } of all) {
    it(`${where}: ${command.length > 90 ? `${command.slice(0, 87)}…` : command}`, () => {
      const script = `npx() { shift; node "${bin}" "$@"; }\n${runnable(command)}`;
      // A server runs until stopped: it passes when it says where it listens, and stops on SIGTERM.
      const serves = /^npx fray serve\b/.test(command);
      const r = spawnSync(
        'bash',
        ['-c', serves ? `(${script}) & pid=$!; sleep 4; pkill -TERM -P $pid; wait $pid` : script],
        {
          cwd,
          input: 'auto\n',
          encoding: 'utf8',
          timeout: 120_000,
        },
      );
      if (serves)
        expect(r.stdout).toMatch(/Open http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{32} in a browser/);
      const said = `${r.stdout.slice(-600)}\n${r.stderr.slice(-600)}`;
      expect(r.status, said).toBe(fails ? 2 : 0);
    });
  }
});
