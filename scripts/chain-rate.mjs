#!/usr/bin/env node
// The steps a second of a duel's exact chain, for its budget (docs/performance.md):
// `node scripts/chain-rate.mjs FILE [-o name=value ...]` solves the duel and prints the steps the
// chain took, the seconds, and their ratio; on Linux also the CPU the solve took, on this thread and
// on V8's others (its compiler, its collector's helpers), since a first solve in a new process is
// what `fray odds` pays (docs/performance.md, Issue 46: the exact chain). Build first (npm run build).
import console from 'node:console';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
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
/** Nanoseconds on the CPU so far of this thread and of the process's other threads (null: no /proc). */
const threads = () => {
  if (!existsSync('/proc/self/task')) return null;
  let main = 0;
  let others = 0;
  for (const t of readdirSync('/proc/self/task')) {
    const ns = Number(readFileSync(`/proc/self/task/${t}/schedstat`, 'utf8').split(' ')[0]);
    if (Number(t) === process.pid) main += ns;
    else others += ns;
  }
  return { main, others };
};
// What the loading left the compiler to do is done before the solve is timed.
await sleep(100);
const c0 = threads();
const t0 = process.hrtime.bigint();
const o = ruleset.odds(setup);
const s = Number(process.hrtime.bigint() - t0) / 1e9;
const c1 = threads();
const steps = o.duel?.steps ?? 0;
const ms = (ns) => (ns / 1e6).toFixed(0);
const cpu =
  c0 && c1
    ? `; CPU ${ms(c1.main - c0.main + c1.others - c0.others)} ms (this thread ${ms(c1.main - c0.main)}, the others ${ms(c1.others - c0.others)})`
    : '';
console.log(
  `${file}: ${o.duel ? 'solved' : o.duelMethod}; ${steps.toLocaleString('en')} steps in ${s.toFixed(3)} s: ${Math.round(steps / s).toLocaleString('en')} steps/s; ${o.duel?.states ?? '-'} states${cpu}`,
);
