#!/usr/bin/env node
// The golden snapshot of the engine's behaviour: `fray sim --json` of every example encounter
// (seeds 1-3) and `fray fight --json` of each (seed 7), written to one file a line per run.
// A refactoring or a speed-up must leave it identical byte for byte:
//   node scripts/snapshot.mjs > before.txt; …change…; node scripts/snapshot.mjs > after.txt; cmp before.txt after.txt
// Options: --runs N (default 2000), --only SUBSTRING, --jobs N (threads, default one per core);
// --hashes prints a line per run, the SHA-256 of its output (first 16 hex digits) and its command,
// as test/golden/snapshot.txt keeps them (test/snapshot.test.ts compares;
// `node scripts/snapshot.mjs --hashes > test/golden/snapshot.txt` records a change that is meant).
//
// The commands run in this process, not a `node dist/cli/bin.js` each: the built CLI's `main`
// (dist/, `npm run build`) with its output caught, on a few threads of this script (this same
// file) that take the next command as they finish one. Each `sim` runs on its own thread
// (`--workers 1`): the totals are the same whatever the workers (test/sim.test.ts), and a pool of
// threads made for every command cost more than its fights. What is kept of a command is what
// `fray` would print: its standard output, or `exit N: ` and its standard output and error when
// it fails.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { exampleFiles } from './examples.mjs';

/** Runs `fray ARGV` with the built CLI in this thread: what the command would have printed. */
async function fray(argv) {
  const { runCaptured } = await import('../dist/cli/captured.js');
  // The shipped data as parsed at build time, as dist/cli/bin.js loads it.
  await import('../dist/node/parsed.js');
  const r = await runCaptured(argv);
  return r.code === 0 ? r.out : `exit ${r.code}: ${r.out}${r.err}`;
}

if (!isMainThread) {
  // A thread of the script: runs the commands it is given, one at a time.
  parentPort.on('message', async ({ index, argv }) => {
    parentPort.postMessage({ index, output: await fray(argv) });
  });
} else {
  const args = process.argv.slice(2);
  const flag = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const runs = flag('--runs', '2000');
  const only = flag('--only', '');
  const jobs = Math.max(1, Number(flag('--jobs', String(availableParallelism()))) || 1);
  const hashes = args.includes('--hashes');
  // Read through `head` or the like, which closes the pipe early: stop quietly.
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });

  /** Every command: the line naming it, and its arguments. */
  const commands = exampleFiles('.', { json: true, only }).flatMap((file) => [
    ...['1', '2', '3'].map((seed) => ({
      name: `sim ${file} --seed ${seed}`,
      argv: ['sim', file, '--runs', runs, '--seed', seed, '--json', '--workers', '1'],
    })),
    { name: `fight ${file} --seed 7`, argv: ['fight', file, '--seed', '7', '--json'] },
  ]);

  const show = (command, output) => {
    const text = output.trim();
    if (hashes) {
      const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
      process.stdout.write(`${digest} ${command}\n`);
    } else process.stdout.write(`${command}\n${text}\n`);
  };

  // The outputs are shown in the commands' order, each as soon as those before it are.
  const outputs = new Map();
  let shown = 0;
  const take = (index, output) => {
    outputs.set(index, output);
    for (; outputs.has(shown); shown++) {
      show(commands[shown].name, outputs.get(shown));
      outputs.delete(shown);
    }
  };
  let next = 0;
  for (let t = 0; t < Math.min(jobs, commands.length); t++) {
    const thread = new Worker(fileURLToPath(import.meta.url));
    const give = () => {
      if (next < commands.length) {
        const index = next++;
        thread.postMessage({ index, argv: commands[index].argv });
      } else void thread.terminate();
    };
    thread.on('message', ({ index, output }) => {
      take(index, output);
      give();
    });
    thread.on('error', (error) => {
      process.stderr.write(`snapshot: a thread failed: ${error.stack ?? error}\n`);
      process.exit(1);
    });
    give();
  }
}
