// The example encounters of every ruleset (data/RULESET/encounters and data/RULESET/examples, and
// their subfolders), in a fixed order: what the golden snapshot, the rates script, the benches and
// the tests walk through.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const isDir = (path) => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;

const walk = (dir, pattern) =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (isDir(path)) return walk(path, pattern);
      return pattern.test(name) ? [path] : [];
    });

/**
 * The example files under `root`/data, ruleset by ruleset: YAML, and JSON too with `json`.
 * `only` keeps the paths containing it.
 */
export function exampleFiles(root, { json = false, only = '' } = {}) {
  const pattern = json ? /\.(ya?ml|json)$/ : /\.ya?ml$/;
  const data = join(root, 'data');
  return readdirSync(data)
    .sort()
    .flatMap((ruleset) => ['encounters', 'examples'].map((sub) => join(data, ruleset, sub)))
    .filter(isDir)
    .flatMap((dir) => walk(dir, pattern))
    .filter((file) => file.includes(only));
}
