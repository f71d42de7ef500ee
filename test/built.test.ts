// `npm start` and `npm pack` build only when a file the build reads has changed since the last
// build (scripts/built.mjs, docs/architecture.md): the digest must move with any input and with
// nothing else, and prepack must take a current dist/ as it is.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputsDigest, isCurrent, record } from '../scripts/built.mjs';
import { ROOT } from './helpers.js';

/** A folder shaped like a checkout: a source, a data file, package.json and dist/. */
function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'fray-built-'));
  for (const dir of ['src/core', 'data/wfrp1e', 'dist', 'test'])
    mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'src/core/rule.ts'), 'export const WS = 31;\n');
  writeFileSync(join(root, 'data/wfrp1e/bestiary.yaml'), 'creatures: []\n');
  writeFileSync(join(root, 'package.json'), '{}\n');
  return root;
}

describe('the build is done again only when its inputs change', () => {
  it('a build recorded is current until a source, a data file or package.json changes', () => {
    const root = checkout();
    expect(isCurrent(root)).toBe(false);
    record(root);
    expect(isCurrent(root)).toBe(true);
    // What the build does not read: a test, and dist/ itself.
    writeFileSync(join(root, 'test/x.test.ts'), 'it();\n');
    writeFileSync(join(root, 'dist/index.js'), 'export {};\n');
    expect(isCurrent(root)).toBe(true);
    for (const [file, text] of [
      ['src/core/rule.ts', 'export const WS = 32;\n'],
      ['data/wfrp1e/bestiary.yaml', 'creatures: [goblin]\n'],
      ['package.json', '{ "name": "fray" }\n'],
      ['src/core/new.ts', '\n'],
    ] as const) {
      const before = inputsDigest(root);
      writeFileSync(join(root, file), text);
      expect(inputsDigest(root), file).not.toBe(before);
      expect(isCurrent(root), file).toBe(false);
      record(root);
    }
  });

  it('a file moved is a change, even with the same text', () => {
    const root = checkout();
    const before = inputsDigest(root);
    writeFileSync(join(root, 'src/core/rule.ts'), '');
    writeFileSync(join(root, 'src/core/rule2.ts'), 'export const WS = 31;\n');
    expect(inputsDigest(root)).not.toBe(before);
  });

  it('prepack packs a current dist/ as it is, and without the tools to build says why', () => {
    const root = checkout();
    mkdirSync(join(root, 'scripts'));
    for (const f of ['built.mjs', 'prepack.mjs'])
      copyFileSync(join(ROOT, 'scripts', f), join(root, 'scripts', f));
    const prepack = () =>
      spawnSync(process.execPath, [join(root, 'scripts/prepack.mjs')], { cwd: root, encoding: 'utf8' });
    // No dev dependencies and nothing built: the pack stops, saying what to run.
    let r = prepack();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('building it needs the dev dependencies');
    // No dev dependencies, but a dist/ built: packed as it is.
    mkdirSync(join(root, 'dist/cli'));
    writeFileSync(join(root, 'dist/cli/bin.js'), '');
    expect(prepack().status).toBe(0);
    // With the tools, and dist/ a build of the files as they are: nothing is built.
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    record(root);
    r = prepack();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('dist/ is built from the files as they are');
  });
});
