#!/usr/bin/env node
// Questions a round at the table: plays every example encounter as `fray fight --interactive`
// would, always taking the suggested answer (Enter), and counts the questions put to the person,
// round by round: with the GM answering for everyone, and with the monsters (every side but the
// players') left to the tactics and the dice. It asks by the same rules as the terminal
// (src/core/asking.ts). `npm run prompts [-- --markdown] [-- --all-asked]`; --all-asked counts
// every request, as the terminal asked before those rules.
/* global console, URL */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import process from 'node:process';
// The question counter is internal to the engine; the encounter is read through the library.
import { countQuestions, DEFAULT_POLICY } from '../dist/core/asking.js';
import { loadEncounterFile } from '../dist/index.js';

const markdown = process.argv.includes('--markdown');
const allAsked = process.argv.includes('--all-asked');
const root = new URL('..', import.meta.url).pathname;

const walk = (dir) =>
  readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) return walk(p);
      return /\.ya?ml$/.test(n) ? [p] : [];
    });
const files = readdirSync(join(root, 'data'))
  .sort()
  .flatMap((r) => {
    try {
      return walk(join(root, 'data', r, 'encounters'));
    } catch {
      return [];
    }
  });

/** Questions a round with the GM answering all, or with every side but the players' automated. */
function play(loaded, automateMonsters) {
  const { ruleset, setup } = loaded;
  const autoSides = new Set(automateMonsters ? setup.sides.flatMap((s, i) => (s.players ? [] : [i])) : []);
  return countQuestions(ruleset, setup, { ...DEFAULT_POLICY, autoSides }, 7, allAsked);
}

const rows = [];
for (const file of files) {
  const { loaded } = loadEncounterFile(file);
  const gm = play(loaded, false);
  const auto = play(loaded, true);
  const mean = (p) => p.mean;
  const first = (p) =>
    [...p.perRound.entries()]
      .filter(([k]) => k >= 1)
      .sort((a, b) => a[0] - b[0])
      .slice(0, 5)
      .map(([, v]) => v)
      .join(', ');
  rows.push({
    file: relative(root, file),
    ruleset: loaded.ruleset.id,
    gm: mean(gm),
    gmFirst: first(gm),
    auto: mean(auto),
    autoFirst: first(auto),
  });
}
if (markdown) {
  console.log(
    '| encounter | ruleset | GM answers all: a round (rounds 1–5) | monsters automated (rounds 1–5) |',
  );
  console.log('|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.file.replace(/^data\//, '')} | ${r.ruleset} | ${r.gm.toFixed(1)} (${r.gmFirst}) | ${r.auto.toFixed(1)} (${r.autoFirst}) |`,
    );
} else
  for (const r of rows)
    console.log(
      `${r.file.padEnd(58)} ${r.ruleset.padEnd(18)} GM ${r.gm.toFixed(1).padStart(5)} [${r.gmFirst}]   auto ${r.auto.toFixed(1).padStart(5)} [${r.autoFirst}]`,
    );
