// npm run bench: what a second worker costs (issue 46, part 3). The same demo fights played on one
// worker thread and on two, each a whole process, and a plain CPU loop of fixed work on one thread
// and on two: the CPU each used (Linux's accounting of the children) and the wall time, printed
// after the run with the ratios side by side. A second worker that did no extra work would cost
// the CPU of the loop's second thread. Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { childrenCpu } from './cpu.js';

const CHILD = join(import.meta.dirname, 'workers-child.mjs');
const measured = new Map<string, { cpu: number; wall: number; runs: number }>();

function run(name: string, args: readonly string[]): void {
  const before = childrenCpu();
  const start = performance.now();
  const r = spawnSync(process.execPath, [CHILD, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
  const kept = measured.get(name) ?? { cpu: 0, wall: 0, runs: 0 };
  kept.cpu += childrenCpu() - before;
  kept.wall += (performance.now() - start) / 1000;
  kept.runs++;
  measured.set(name, kept);
}

const CASES: readonly (readonly [string, readonly string[]])[] = [
  ['plain loop, one thread', ['loop', '1000000000', '1']],
  ['plain loop, two threads', ['loop', '1000000000', '2']],
  ['50,000 demo fights, one worker', ['sim', '50000', '1']],
  ['50,000 demo fights, two workers', ['sim', '50000', '2']],
  ['150,000 demo fights, one worker', ['sim', '150000', '1']],
  ['150,000 demo fights, two workers', ['sim', '150000', '2']],
];

describe('a second worker', () => {
  for (const [name, args] of CASES) bench(name, () => run(name, args), { iterations: 2, time: 0 });
});

afterAll(() => {
  const per = (name: string) => {
    const x = measured.get(name);
    return x ? { cpu: x.cpu / x.runs, wall: x.wall / x.runs } : { cpu: NaN, wall: NaN };
  };
  for (const [one, two] of [
    ['plain loop, one thread', 'plain loop, two threads'],
    ['50,000 demo fights, one worker', '50,000 demo fights, two workers'],
    ['150,000 demo fights, one worker', '150,000 demo fights, two workers'],
  ] as const) {
    const a = per(one);
    const b = per(two);
    console.log(
      `${two}: CPU ${b.cpu.toFixed(2)} s against ${a.cpu.toFixed(2)} s (${(b.cpu / a.cpu).toFixed(2)}×), wall ${b.wall.toFixed(2)} s against ${a.wall.toFixed(2)} s (${(a.wall / b.wall).toFixed(2)}× as fast)`,
    );
  }
});
