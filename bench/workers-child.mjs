// A child process for bench/workers.bench.ts: `sim RUNS WORKERS` plays RUNS demo fights on WORKERS
// worker threads (0: on this thread), as fray sim deals them; `loop UNITS THREADS` spins a plain
// CPU loop of the same total work on THREADS threads: the floor for how two threads scale here.
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

const [kind, amount, threads] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const root = join(import.meta.dirname, '..');

if (kind === 'sim') {
  const { makePool, runJob } = await import(join(root, 'dist', 'sim', 'parallel.js'));
  const file = join(root, 'data', 'wfrp1e', 'encounters', 'demo.yaml');
  const variants = [{ file, text: readFileSync(file, 'utf8'), options: {}, tables: {}, edits: [] }];
  const pool = threads > 0 ? makePool(threads) : undefined;
  await runJob({
    variants,
    seed: 1,
    from: 0,
    to: amount,
    workers: Math.max(1, threads),
    ...(pool ? { pool } : {}),
  });
  await pool?.destroy();
} else {
  // xorshift rounds: integer work with no memory to share between threads.
  const body = `const { workerData, parentPort } = require('node:worker_threads');
    let s = 1 | 0;
    for (let i = 0; i < workerData; i++) { s ^= s << 13; s ^= s >>> 17; s ^= s << 5; }
    parentPort.postMessage(s);`;
  const each = Math.floor(amount / threads);
  await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise((resolve, reject) => {
          const w = new Worker(body, { eval: true, workerData: each });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
}
