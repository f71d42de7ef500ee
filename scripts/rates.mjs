#!/usr/bin/env node
// Fights a second, one thread, for every example encounter, under one or more builds side by side:
//   node scripts/rates.mjs dist [OTHER/dist …] [--seconds S] [--only SUBSTRING] [--slices N] [--cpu]
// Each build plays each encounter in simulation mode for about S seconds (default 1) after a
// warm-up, the builds taking turns in N slices (default 4), so that a busy machine slows them
// alike. --cpu times the slices in this process's CPU time rather than by the clock: on a machine
// others share, a slice spent waiting for a core then counts for nothing. The table it prints
// (Markdown) is the one in docs/performance.md; the rate of a build without `words` (before issue
// 19) is measured the same way, its runFight ignoring the option.
import { relative, resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { exampleFiles } from './examples.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const seconds = Number(flag('--seconds', '1'));
const only = flag('--only', '');
const slices = Number(flag('--slices', '4'));
const cpu = args.includes('--cpu');
if (cpu) args.splice(args.indexOf('--cpu'), 1);
const builds = args.length > 0 ? args : ['dist'];

const load = async (dist) => {
  const at = (p) => import(pathToFileURL(resolve(dist, p)).href);
  const [{ loadEncounterText }, { RULESETS }, { nodeEnv, readText }, { AutoDriver }, { runFight }, dice] =
    await Promise.all([
      at('core/encounter.js'),
      at('rulesets/index.js'),
      at('files/disk.js'),
      at('core/context.js'),
      at('core/fight.js'),
      at('dice/index.js'),
    ]);
  return (file) => {
    const f = readText(file);
    const { ruleset, setup } = loadEncounterText(f.file, f.text, RULESETS, nodeEnv(file), {});
    const driver = new AutoDriver(new dice.SeededDice(dice.Rng.seeded(1)));
    // As fray sim plays: each run starts over on the last one's state (a build without `renew` builds anew).
    let reuse;
    return () => (reuse = runFight(ruleset, setup, { driver, words: false, reuse }).state);
  };
};

const files = exampleFiles('.', { only });

/** Fights a second: runs `fight` in batches until `ms` have gone by. */
const now = cpu
  ? () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    }
  : () => Number(process.hrtime.bigint()) / 1e6;
const rate = (fight, ms) => {
  let n = 0;
  const start = now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 20; i++) fight();
    n += 20;
    elapsed = now() - start;
  }
  return (n * 1000) / elapsed;
};

const print = (line) => process.stdout.write(`${line}\n`);

const loaders = await Promise.all(builds.map(load));
print(
  `| encounter | ${builds.map((b) => `${b} fights/s`).join(' | ')}${builds.length > 1 ? ' | ratio |' : ''}`,
);
print(`|---|${builds.map(() => '---:').join('|')}|${builds.length > 1 ? '---:|' : ''}`);
for (const file of files) {
  const fights = loaders.map((l) => l(file));
  for (const fight of fights) rate(fight, 200);
  const sums = fights.map(() => 0);
  // Builds take turns in slices, so that a busy moment falls on all of them.
  for (let slice = 0; slice < slices; slice++)
    fights.forEach((fight, k) => (sums[k] += rate(fight, (seconds * 1000) / slices)));
  const rates = sums.map((s) => s / slices);
  const ratio = builds.length > 1 ? ` | ${(rates[rates.length - 1] / rates[0]).toFixed(2)}× |` : '';
  print(
    `| ${relative('data', file)} | ${rates.map((r) => Math.round(r).toLocaleString('en')).join(' | ')}${ratio}`,
  );
}
