#!/usr/bin/env node
// The golden snapshot of the engine's behaviour: `fray sim --json` of every example encounter
// (seeds 1-3) and `fray fight --json` of each (seed 7), written to one file a line per run.
// A refactoring or a speed-up must leave it identical byte for byte:
//   node scripts/snapshot.mjs > before.txt; …change…; node scripts/snapshot.mjs > after.txt; cmp before.txt after.txt
// Options: --runs N (default 2000), --only SUBSTRING; --hashes prints a line per run, the
// SHA-256 of its output (first 16 hex digits) and its command, as test/golden/snapshot.txt keeps
// them (test/snapshot.test.ts compares; `node scripts/snapshot.mjs --hashes > test/golden/snapshot.txt`
// records a change that is meant).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import process from 'node:process';
import { exampleFiles } from './examples.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = flag('--runs', '2000');
const only = flag('--only', '');
const hashes = args.includes('--hashes');

const files = exampleFiles('.', { json: true, only });

const fray = (...argv) => {
  try {
    return execFileSync(process.execPath, ['dist/cli/bin.js', ...argv], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
  } catch (error) {
    return `exit ${error.status}: ${error.stdout}${error.stderr}`;
  }
};

const show = (command, output) => {
  const text = output.trim();
  if (hashes) {
    const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
    process.stdout.write(`${digest} ${command}\n`);
  } else process.stdout.write(`${command}\n${text}\n`);
};

for (const file of files) {
  for (const seed of ['1', '2', '3']) {
    show(`sim ${file} --seed ${seed}`, fray('sim', file, '--runs', runs, '--seed', seed, '--json'));
  }
  show(`fight ${file} --seed 7`, fray('fight', file, '--seed', '7', '--json'));
}
