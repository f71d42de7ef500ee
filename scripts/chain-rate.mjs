#!/usr/bin/env node
// The steps a second of a duel's exact chain, for its budget (docs/performance.md):
// `node scripts/chain-rate.mjs FILE [-o name=value ...]` solves the duel and prints the steps the
// chain took, the seconds, and their ratio. Build first (npm run build).
import console from 'node:console';
import process from 'node:process';
import { loadEncounterText } from '../dist/core/encounter.js';
import { nodeEnv, readText } from '../dist/files/disk.js';
import { RULESETS } from '../dist/rulesets/index.js';

const [file, ...rest] = process.argv.slice(2);
const options = {};
for (let i = 0; i < rest.length; i++)
  if (rest[i] === '-o') {
    const [k, v] = String(rest[++i]).split('=');
    options[k] = v;
  }
const f = readText(file);
const { ruleset, setup } = loadEncounterText(f.file, f.text, RULESETS, nodeEnv(file), options);
const t0 = process.hrtime.bigint();
const o = ruleset.odds(setup);
const s = Number(process.hrtime.bigint() - t0) / 1e9;
const steps = o.duel?.steps ?? 0;
console.log(
  `${file}: ${o.duel ? 'solved' : o.duelMethod}; ${steps.toLocaleString('en')} steps in ${s.toFixed(3)} s: ${Math.round(steps / s).toLocaleString('en')} steps/s; ${o.duel?.states ?? '-'} states`,
);
