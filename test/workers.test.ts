// Workers that fail: one that dies and one that spins are reported plainly, with the run they were
// on and the command that plays it again, and a spinning one is stopped by the watchdog. The
// faults come from a test hook read only by the worker (FRAY_TEST_WORKER_FAULT).
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stalledFlight, watchdogSeconds, WATCHDOG_SECONDS } from '../src/sim/parallel.js';
import { markStarting, progressCell, underWay } from '../src/sim/progress.js';
import { encounterPath, fray, ROOT } from './helpers.js';

const demo = encounterPath('demo.yaml');

/** Runs `fray` with these variables set in this process (the worker threads copy them as they start). */
async function withEnv(env: Record<string, string>, args: string[]) {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await fray(args);
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** A plain report: one message, no stack trace, nothing on stdout. */
function expectPlain(r: { code: number; out: string; err: string }): void {
  expect(r.code).toBe(1);
  expect(r.out).toBe('');
  expect(r.err).toMatch(/^fray: /);
  expect(r.err).not.toContain('internal error');
  expect(r.err).not.toMatch(/\n\s+at /);
}

describe('a worker that spins or dies', () => {
  it('a fight that never ends is stopped by the watchdog, named, and its replay given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-watchdog-'));
    const out = join(dir, 'part.json');
    const r = await withEnv({ FRAY_TEST_WORKER_FAULT: 'loop:run=5', FRAY_WATCHDOG_SECONDS: '1' }, [
      'sim',
      demo,
      '--runs',
      '3000',
      '--seed',
      '3',
      '--workers',
      '2',
      '--out',
      out,
    ]);
    expectPlain(r);
    // The wait it reports is the one configured: the run was stopped by the watchdog, not by luck.
    expect(r.err).toMatch(
      /^fray: a worker made no progress for 1 s on run 5 of seed 3: the simulation is stopped/,
    );
    expect(r.err).toMatch(/runs in flight: 0\.\.999 \(on run 5\)/);
    expect(r.err).toContain(`play run 5 again with: fray fight ${demo} --seed 3 --run 5`);
    expect(r.err).toContain('FRAY_WATCHDOG_SECONDS');
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the variant that spun in a comparison', async () => {
    const r = await withEnv({ FRAY_TEST_WORKER_FAULT: 'loop:run=7', FRAY_WATCHDOG_SECONDS: '1' }, [
      'compare',
      demo,
      '--b',
      'criticals=sudden-death',
      '--runs',
      '2000',
      '--seed',
      '4',
      '--workers',
      '2',
    ]);
    expectPlain(r);
    expect(r.err).toContain('no progress for 1 s on run 7 of seed 4 (variant A)');
    expect(r.err).toContain('0..999 (on run 7)');
    expect(r.err).toContain(`fray fight ${demo} --seed 4 --run 7`);
  });

  it('a worker thread that dies is named with its run, plainly, exit code 1', async () => {
    const r = await withEnv({ FRAY_TEST_WORKER_FAULT: 'exit:run=9' }, [
      'sim',
      demo,
      '--runs',
      '2000',
      '--seed',
      '2',
      '--workers',
      '2',
    ]);
    expectPlain(r);
    expect(r.err).toMatch(/^fray: a worker thread died \(worker exited with code: 3\) on run 9 of seed 2/);
    expect(r.err).toContain('runs in flight: 0..999 (on run 9)');
    expect(r.err).toContain(`play run 9 again with: fray fight ${demo} --seed 2 --run 9`);
  });

  it('refuses a watchdog wait that is not a number of seconds, before anything runs', async () => {
    const r = await withEnv({ FRAY_WATCHDOG_SECONDS: 'soon' }, [
      'sim',
      demo,
      '--runs',
      '10',
      '--workers',
      '2',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "fray: environment FRAY_WATCHDOG_SECONDS: expected the seconds a worker may spend on one fight (0 for no watchdog), got 'soon'\n",
    );
    expect(watchdogSeconds({})).toBe(WATCHDOG_SECONDS);
    expect(watchdogSeconds({ FRAY_WATCHDOG_SECONDS: '0' })).toBe(0);
    expect(watchdogSeconds({ FRAY_WATCHDOG_SECONDS: '2.5' })).toBe(2.5);
  });
});

describe("the worker's door", () => {
  it('piscina require()s only CommonJS: with require(esm) turned off the door loads, and its four tasks reach the worker', () => {
    // A require() that loads an ES module aborted a loaded test run when a task came mid-load.
    const script = `
      const door = require(${JSON.stringify(join(ROOT, 'dist', 'sim', 'worker.cjs'))});
      let esm = 'loaded';
      try { require(${JSON.stringify(join(ROOT, 'dist', 'sim', 'worker.js'))}); } catch (e) { esm = e.code; }
      door.check({ variants: [] })
        .then((r) => console.log(JSON.stringify({ esm, kinds: ['default', 'check', 'odds', 'exact'].map((k) => typeof door[k]), r })))
        .catch((e) => console.log(JSON.stringify({ esm, failed: String(e) })));`;
    const r = spawnSync(process.execPath, ['--no-experimental-require-module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const said = JSON.parse(r.stdout) as { esm: string; kinds: string[]; failed?: string; r: unknown };
    // The worker itself is an ES module: require() of it is what the door keeps piscina from.
    expect(said.esm).toBe('ERR_REQUIRE_ESM');
    expect(said.kinds).toEqual(['function', 'function', 'function', 'function']);
    expect(said.failed).toBeUndefined();
    expect(said.r).toEqual({ issues: [] });
  });
});

describe('the watchdog', () => {
  const flight = (from: number) => ({ from, to: from + 1000, cell: progressCell(), seen: 0, since: 0 });

  it('stops a block whose worker stays on one fight for the wait, not one still queued or moving', () => {
    const stuck = flight(0);
    const moving = flight(1000);
    const queued = flight(2000);
    const all = [queued, moving, stuck];
    markStarting(stuck.cell, 0, 1, 5, 0);
    markStarting(moving.cell, 1000, 1, 1000, 0);
    expect(stalledFlight(all, 0, 1000)).toBeNull();
    markStarting(moving.cell, 1000, 1, 1001, 0);
    expect(stalledFlight(all, 999, 1000)).toBeNull();
    markStarting(moving.cell, 1000, 1, 1002, 0);
    // A queued block (its cell still 0) never counts as stuck, however long it waits.
    expect(stalledFlight(all, 1000, 1000)).toBe(stuck);
    expect(underWay(stuck.cell, 0, 1)).toEqual({ run: 5, variant: 0 });
    expect(underWay(queued.cell, 2000, 1)).toBeNull();
  });

  it('knows the run and the variant of two run side by side', () => {
    const cell = progressCell();
    markStarting(cell, 3000, 2, 3417, 1);
    expect(underWay(cell, 3000, 2)).toEqual({ run: 3417, variant: 1 });
  });

  it('the fault hook is read by the worker and nowhere else in src', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? files(p) : [p];
      });
    const readers = files(join(ROOT, 'src')).filter((f) =>
      readFileSync(f, 'utf8').includes('FRAY_TEST_WORKER_FAULT'),
    );
    expect(readers.map((f) => f.slice(ROOT.length + 1))).toEqual(['src/sim/worker.ts']);
  });
});
