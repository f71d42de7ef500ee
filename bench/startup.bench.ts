// npm run bench: how long a `fray` command takes before it does anything (issue 32), side by side
// with a bare `node -e ''` in one run. Each iteration is a whole process, as a user's shell starts
// it. The target is set in CPU (≤ 3× the bare node for --version and rulesets), which vitest does
// not measure: the CPU the children used (Linux's accounting of reaped children, /proc/self/stat)
// is printed after the run, per command, with its ratio to the floor. Then, in wall time: `fray
// sim` of the demo on one worker and on two (target: two ≥ 1.9× one), and `fray serve` from its
// start to its first answer (target: within 1 s). Needs `npm run build`.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, bench, describe } from 'vitest';

const BIN = join(import.meta.dirname, '..', 'dist', 'cli', 'bin.js');
/** Clock ticks a second, as /proc counts them (USER_HZ). */
const TICKS = 100;

/** CPU seconds used so far by this process's children that have been waited for (user + system). */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After the name: state is field 3, cutime and cstime are fields 16 and 17.
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

const used = new Map<string, { seconds: number; runs: number }>();

function run(name: string, args: readonly string[]): void {
  const before = childrenCpu();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
  const kept = used.get(name) ?? { seconds: 0, runs: 0 };
  kept.seconds += childrenCpu() - before;
  kept.runs++;
  used.set(name, kept);
}

const CASES: readonly (readonly [string, readonly string[]])[] = [
  ["node -e '' (the floor)", ['-e', '']],
  ['fray --version', [BIN, '--version']],
  ['fray rulesets', [BIN, 'rulesets']],
];

describe('start-up', () => {
  for (const [name, args] of CASES) bench(name, () => run(name, args), { iterations: 20, time: 0 });
});

const DEMO = join(import.meta.dirname, '..', 'data', 'wfrp1e', 'encounters', 'demo.yaml');

describe('fray sim of the demo, 50,000 fights', () => {
  for (const workers of [1, 2])
    bench(
      `${workers} worker${workers === 1 ? '' : 's'}`,
      () => {
        const r = spawnSync(
          process.execPath,
          [BIN, 'sim', DEMO, '--runs', '50000', '--seed', '1', '--workers', String(workers), '--json'],
          { encoding: 'utf8' },
        );
        if (r.status !== 0) throw new Error(`fray sim failed: ${r.stderr}`);
      },
      { iterations: 3, time: 0 },
    );
});

/** `fray serve` on a new campaign, from the spawn to the GM's page answered (the address it prints). */
async function firstAnswer(): Promise<void> {
  const campaign = join(tmpdir(), `fray-bench-${process.pid}.db`);
  const server = spawn(process.execPath, [BIN, 'serve', '--campaign', campaign, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const address = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /http:\/\/\S+/.exec(out);
        if (m) resolve(m[0]);
      });
      server.on('exit', (code) => reject(new Error(`fray serve ended (${code}) before it listened`)));
    });
    const page = await fetch(address);
    if (!page.ok) throw new Error(`the GM's page answered ${page.status}`);
    await page.text();
  } finally {
    server.kill();
    await new Promise((r) => server.once('exit', r));
    for (const end of ['', '-wal', '-shm']) rmSync(`${campaign}${end}`, { force: true });
  }
}

describe('fray serve', () => {
  bench('start to first answer', firstAnswer, { iterations: 5, time: 0 });
});

afterAll(() => {
  const floor = used.get(CASES[0]?.[0] ?? '');
  if (!floor) return;
  const per = (x: { seconds: number; runs: number }) => x.seconds / x.runs;
  for (const [name, x] of used)
    console.log(
      `${name}: ${(per(x) * 1000).toFixed(0)} ms CPU a run (${x.runs} runs), ${(per(x) / per(floor)).toFixed(2)}× the floor`,
    );
});
