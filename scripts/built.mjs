// Whether dist/ was built from the files as they are now. A whole build (tsc, the bundle, the pages,
// the docs) takes a minute or more, so `npm start` and `prepack` (before `npm pack` and `npm
// publish`) build only when something the build reads has changed since the last build;
// `npm run build` always builds, and records what it built from.
//
//   node scripts/built.mjs record   after a build: write the inputs' digest to dist/.built
//   node scripts/built.mjs ensure   build unless dist/.built matches the inputs as they are now
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const ROOT = join(import.meta.dirname, '..');
const stampOf = (root) => join(root, 'dist', '.built');
/** What the build reads: folders walked whole, and single files. */
const FOLDERS = ['src', 'web', 'data', 'docs', 'scripts'];
const FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'README.md',
  'CHANGELOG.md',
];

/** One digest of every input's path and content, in a fixed order. */
export function inputsDigest(root = ROOT) {
  const hash = createHash('sha256');
  const paths = [...FILES];
  for (const folder of FOLDERS) {
    if (!existsSync(join(root, folder))) continue;
    for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true }))
      if (entry.isFile()) paths.push(join(entry.parentPath, entry.name).slice(root.length + 1));
  }
  for (const path of paths.sort()) {
    if (!existsSync(join(root, path))) continue;
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether dist/ holds a build of the inputs as they are now. */
export function isCurrent(root = ROOT) {
  const stamp = stampOf(root);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === inputsDigest(root);
}

export function record(root = ROOT) {
  writeFileSync(stampOf(root), `${inputsDigest(root)}\n`);
}

/** Builds unless dist/ is current; the build's exit status, 0 when there was nothing to do. */
export function ensure() {
  if (isCurrent()) {
    process.stderr.write('dist/ is built from the files as they are (npm run build rebuilds it)\n');
    return 0;
  }
  return spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
}

if (process.argv[1] === import.meta.filename) {
  const what = process.argv[2];
  if (what === 'record') record();
  else if (what === 'ensure') process.exit(ensure());
  else {
    process.stderr.write('usage: node scripts/built.mjs record|ensure\n');
    process.exit(2);
  }
}
