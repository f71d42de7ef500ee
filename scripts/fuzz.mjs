#!/usr/bin/env node
// The long fuzz campaign: `npm run fuzz -- [--cases 100000] [--seed N] [--cli-cases N]
// [--server-cases N] [--blocks N] [--pastes N] [--only encounters,cli,server,blocks,pastes]
// [--rulesets wfrp1e,…]` (stat blocks: 20,000 of each ruleset unless given, a tenth of that pasted;
// command lines a hundredth of the cases, server requests a thirtieth). It prints the counts of each
// outcome and fails (exit 1) on any crash, unlocated refusal, refusal in foreign words, NaN, slow
// case, command that changed a file it refused to run or wrote outside its folder, raw escape code,
// or server answer that is a 5xx, in foreign words, or a refusal that changed the campaign.
// It is a program, not a test: test/fuzz/main.ts is bundled here and run by Node, so every campaign
// runs to its end and prints its counts however busy the machine is (a test's clock once stopped a
// campaign that had found nothing). The command line's campaign starts simulations on the built
// worker: build first (npm run build).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'dist', 'sim', 'worker.js'))) {
  process.stderr.write('fuzz: the build is missing (dist/): run npm run build first\n');
  process.exit(2);
}
// Inside node_modules, so the bundle finds the packages it leaves out where Node looks for them.
const out = join(root, 'node_modules', '.cache', 'fray-fuzz');
await build({
  cwd: root,
  input: { main: join(root, 'test', 'fuzz', 'main.ts') },
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
  logLevel: 'warn',
  output: { dir: out, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
});
const r = spawnSync(process.execPath, [join(out, 'main.mjs'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
