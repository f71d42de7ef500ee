#!/usr/bin/env node
// The long fuzz campaign: `npm run fuzz -- --cases 100000 [--seed N] [--cli-cases N] [--server-cases N]
// [--blocks N] [--pastes N]` (stat blocks: 20,000 of each ruleset unless given, and a tenth of that pasted).
// It runs test/fuzz.test.ts with that many cases (command lines: a hundredth, server requests: a
// thirtieth, unless given) and prints the counts of each outcome; it fails on any crash, unlocated
// refusal, refusal in foreign words, NaN, slow case, command that changed a file it refused to run
// or wrote outside its folder, raw escape code, or server answer that is a 5xx, in foreign words,
// or a refusal that changed the campaign.
import { spawnSync } from 'node:child_process';
import process from 'node:process';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const cases = flag('--cases', '100000');
const env = {
  ...process.env,
  FRAY_FUZZ_CASES: cases,
  FRAY_FUZZ_SEED: flag('--seed', String(Date.now() % 2 ** 31)),
  FRAY_FUZZ_CLI_CASES: flag('--cli-cases', String(Math.max(50, Math.round(Number(cases) / 100)))),
  FRAY_FUZZ_SERVER_CASES: flag('--server-cases', String(Math.max(300, Math.round(Number(cases) / 30)))),
  FRAY_FUZZ_BLOCKS: flag('--blocks', '20000'),
  FRAY_FUZZ_PASTES: flag('--pastes', '2000'),
};
const r = spawnSync('npx', ['vitest', 'run', 'test/fuzz.test.ts'], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
