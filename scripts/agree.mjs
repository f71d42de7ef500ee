#!/usr/bin/env node
// Exact duels against the engine: `npm run agree [-- --runs 200000 --random 10 --seed N --only wfrp1e]`.
// For each ruleset listed below, each example duel the Markov chain of `fray odds` solves, and as
// many random duels from the ruleset's generator, it runs `fray sim` and checks that every side's
// share of wins and the share of draws fall within the 99.9% interval of the exact figure:
// p ± 3.29·sqrt(p(1 − p)/n). A figure of exactly 0 or 1 must be matched exactly. Exit 1 on any miss.
// Another ruleset's chain joins with a file in scripts/agree/: its duels and a generator.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import console from 'node:console';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rng } from './agree/common.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');
/** Two-sided 99.9%. */
const Z = 3.29;

/**
 * Each ruleset's example duels and generator of random duels: one file a ruleset in scripts/agree/
 * (its default export: { name, duels: [{ file, options }], random(rng) → YAML }).
 */
const RULESETS = await Promise.all(
  readdirSync(join(ROOT, 'scripts', 'agree'))
    .filter((f) => f.endsWith('.mjs') && f !== 'common.mjs')
    .sort()
    .map(async (f) => (await import(pathToFileURL(join(ROOT, 'scripts', 'agree', f)).href)).default),
);

function fray(args) {
  return JSON.parse(execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 }));
}

/** Whether `k` of `n` lies within the 99.9% interval of p; and the interval. */
function within(p, k, n) {
  const half = Z * Math.sqrt((p * (1 - p)) / n);
  const x = k / n;
  return { ok: p === 0 || p === 1 ? x === p : Math.abs(x - p) <= half, lo: p - half, hi: p + half, x };
}

/** One duel: the chain's figures, then the simulation's; a line for each figure. Returns the misses, or null when the chain refuses. */
function agree(file, options, runs, seed, label) {
  const opts = options.flatMap((o) => ['-o', o]);
  const odds = fray(['odds', file, ...opts, '--json']);
  if (!odds.duel) {
    console.log(`${label}: refused (${odds.duelMethod})`);
    return null;
  }
  const sim = fray(['sim', file, ...opts, '--runs', String(runs), '--seed', String(seed), '--json']);
  const figures = [
    ...odds.duel.sides.map((s, i) => [`${s.name} wins`, s.win, sim.sides[i].wins]),
    ['draw', odds.duel.draw, sim.draws],
  ];
  let misses = 0;
  for (const [what, p, k] of figures) {
    const w = within(p, k, runs);
    if (!w.ok) misses++;
    console.log(
      `${label}: ${what.padEnd(24)} exact ${(100 * p).toFixed(3)}%  simulated ${(100 * w.x).toFixed(3)}%  99.9% interval ${(100 * Math.max(0, w.lo)).toFixed(3)}–${(100 * Math.min(1, w.hi)).toFixed(3)}%  ${w.ok ? 'ok' : 'MISS'}`,
    );
  }
  return misses;
}

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const runs = Number(flag('--runs', '200000'));
const randomCount = Number(flag('--random', '10'));
const seed = Number(flag('--seed', String(Date.now() % 2 ** 31)));
const only = flag('--only', null);
const examplesToo = !args.includes('--random-only');
const onlyFiles = flag('--files', null)?.split(',');
console.log(`fray agree: ${runs.toLocaleString('en')} simulated fights a duel, seed ${seed}`);
const dir = mkdtempSync(join(tmpdir(), 'fray-agree-'));
let misses = 0;
let checked = 0;
for (const rs of RULESETS) {
  if (only && rs.name !== only) continue;
  if (examplesToo)
    for (const d of rs.duels) {
      if (onlyFiles && !onlyFiles.some((f) => d.file.endsWith(f))) continue;
      const m = agree(
        join(ROOT, d.file),
        d.options,
        runs,
        seed,
        `${d.file}${d.options.length ? ` ${d.options.join(' ')}` : ''}`,
      );
      if (m !== null) {
        checked++;
        misses += m;
      }
    }
  const r = rng(seed);
  for (let k = 0; k < randomCount; k++) {
    const file = join(dir, `${rs.name}-random-${k}.yaml`);
    writeFileSync(file, rs.random(r));
    const m = agree(file, [], runs, seed + k + 1, `${rs.name} random duel ${k} (${file})`);
    if (m !== null) {
      checked++;
      misses += m;
    }
  }
}
console.log(
  `${checked} duels checked, ${misses} figure${misses === 1 ? '' : 's'} outside the 99.9% interval`,
);
process.exit(misses === 0 && checked > 0 ? 0 : 1);
