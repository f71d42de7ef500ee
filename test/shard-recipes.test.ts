// The recipes of docs/simulation.md that take a simulation past one machine (issue 32), run as
// printed: GNU parallel's line, the Kubernetes Job of deploy/k8s/fray-sim-job.yaml and Slurm's job
// script. They are read from the docs and the manifest, not copied here, so they cannot drift from
// what the test runs. What the test changes, and only this: `--runs` is cut to a few hundred; GNU
// parallel gets eight shards over two job slots instead of 64 over four; Slurm's `--workers` is 1
// (the totals do not depend on it); `npx fray`, and the image's /fray, are this checkout's build.
// GNU parallel is not optional: without it the test fails, and says so (.ci/run installs it).
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './helpers.js';

const DOCS = readFileSync(join(ROOT, 'docs', 'simulation.md'), 'utf8');
const MANIFEST = join('deploy', 'k8s', 'fray-sim-job.yaml');
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');
// A small encounter: a shard's time is nearly all fray's start, and this ruleset starts soonest.
const ENCOUNTER = join(ROOT, 'data', 'fantasy-wargaming', 'encounters', 'duel-bare.yaml');

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/**
 * A folder to run a recipe in: the encounter as enc.yaml, and on PATH an `npx` whose `npx fray`
 * is this checkout's build. A shard named in FRAY_KILL (K/N) is killed with SIGKILL as it starts,
 * before it can write its part, as a node lost or a process killed would leave it.
 */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fray-shards-'));
  made.push(dir);
  copyFileSync(ENCOUNTER, join(dir, 'enc.yaml'));
  const npx = join(dir, 'bin', 'npx');
  mkdirSync(join(dir, 'bin'));
  writeFileSync(
    npx,
    [
      '#!/bin/sh',
      '[ "$1" = fray ] || { echo "npx: only fray here" >&2; exit 127; }',
      'shift',
      `"${process.execPath}" "${BIN}" "$@" &`,
      'pid=$!',
      'case " $* " in *" --shard $FRAY_KILL "*) kill -KILL $pid ;; esac',
      'wait $pid',
      '',
    ].join('\n'),
  );
  chmodSync(npx, 0o755);
  return dir;
}

interface Ran {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/** Runs a script in `dir` with its npx, its own HOME (no user's GNU parallel settings) and `env`. */
function shell(dir: string, script: string, env: Record<string, string> = {}, sh = 'bash'): Promise<Ran> {
  const path = `${join(dir, 'bin')}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  const child = spawn(sh, ['-c', script], {
    cwd: dir,
    env: { ...process.env, PARALLEL: '', HOME: dir, PATH: path, FRAY_KILL: '', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, out, err })));
}

/** The lines of the first `sh` block after `heading` in docs/simulation.md, continuations joined. */
function recipe(heading: string): string[] {
  const at = DOCS.indexOf(heading);
  expect(at, `docs/simulation.md has no ${heading}`).toBeGreaterThan(-1);
  const block = /```sh\n([\s\S]*?)```/.exec(DOCS.slice(at));
  expect(block, `no sh block after ${heading}`).not.toBeNull();
  return ((block as RegExpExecArray)[1] as string)
    .replace(/\\\n\s*/g, '')
    .trimEnd()
    .split('\n');
}

/** The one number `re` finds in `text` (its first group). */
function number(text: string, re: RegExp): number {
  const m = re.exec(text);
  expect(m, `${re} in ${text}`).not.toBeNull();
  return Number((m as RegExpExecArray)[1]);
}

/** A part file's shard and range. */
function partOf(file: string): { shard: [number, number]; from: number; to: number; seed: number } {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** GNU parallel's job log: one row per job run, its exit value and command. */
function jobLog(file: string): { exit: number; signal: number; command: string }[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => {
      const cells = row.split('\t');
      return { exit: Number(cells[6]), signal: Number(cells[7]), command: cells.slice(8).join('\t') };
    });
}

describe('GNU parallel: the recipe of docs/simulation.md', () => {
  const [line, merge] = ((lines) => [
    lines.find((l) => l.startsWith('parallel ')) ?? '',
    lines.find((l) => l.startsWith('npx fray merge ')) ?? '',
  ])(recipe('**One host, GNU parallel**'));

  it('is one parallel line and one merge, each shard one worker on one fixed seed', () => {
    expect(line).toMatch(/^parallel --will-cite -j \d+ --joblog \S+ npx fray sim enc\.yaml /);
    expect(line).toMatch(/ --seed \d+ /);
    expect(line).toMatch(/ --workers 1 /);
    expect(line).toContain(' --out part-{}.json ');
    // The shards named are the shards run: --shard {}/N over 1 … N.
    expect(number(line, /--shard \{\}\/(\d+) /)).toBe(number(line, /::: \$\(seq 1 (\d+)\)$/));
    expect(merge).toBe('npx fray merge part-*.json');
  });

  it('eight shards over two job slots, one killed and run again alone, merge to the unsharded run', async () => {
    const version = spawnSync('parallel', ['--version'], { encoding: 'utf8' });
    if (version.error !== undefined || !/GNU parallel/.test(version.stdout))
      throw new Error(
        "GNU parallel is not installed, and this test runs the docs' recipe with it: install Debian's parallel (apt-get install parallel), as .ci/run does",
      );
    const dir = workspace();
    const shards = number(line, /--shard \{\}\/(\d+) /);
    const scaled = line
      .replace(/ -j \d+ /, ' -j 2 ')
      .replace(/--runs \d+/, '--runs 400')
      .replaceAll(`{}/${shards} `, '{}/8 ')
      .replace(/\$\(seq 1 \d+\)$/, '$(seq 1 8)');
    const log = join(dir, (/--joblog (\S+)/.exec(line) as RegExpExecArray)[1] as string);
    // The same run whole: the fray command of the line without its shard and part.
    const fray = scaled.slice(scaled.indexOf('npx fray'), scaled.indexOf(' :::'));
    const whole = await shell(dir, `${fray.replace(' --shard {}/8 --out part-{}.json', '')} --json`);
    expect(whole.code, whole.err).toBe(0);

    const first = await shell(dir, scaled, { FRAY_KILL: '3/8' });
    expect(first.code, first.err).toBe(1); // GNU parallel exits with the number of jobs that failed
    const ran = jobLog(log);
    const shardsRun = ran.map((j) => Number(j.command.match(/--shard (\d+)\/8 /)?.[1]));
    expect(shardsRun.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ran.filter((j) => j.exit !== 0 || j.signal !== 0).map((j) => j.command)).toEqual([
      expect.stringContaining('--shard 3/8 '),
    ]);
    expect(existsSync(join(dir, 'part-3.json'))).toBe(false);

    const refused = await shell(dir, merge);
    expect(refused.code).toBe(2);
    expect(refused.out).toBe('');
    expect(refused.err).toContain('shards missing: 3/8');

    const kept = [1, 2, 4, 5, 6, 7, 8].map((k) => statSync(join(dir, `part-${k}.json`)).mtimeMs);
    const again = await shell(dir, scaled.replace(/^parallel /, 'parallel --resume-failed '));
    expect(again.code, again.err).toBe(0);
    const rerun = jobLog(log).slice(ran.length);
    expect(rerun.map((j) => [j.exit, j.command.match(/--shard (\d+\/\d+)/)?.[1]])).toEqual([[0, '3/8']]);
    expect([1, 2, 4, 5, 6, 7, 8].map((k) => statSync(join(dir, `part-${k}.json`)).mtimeMs)).toEqual(kept);
    expect(partOf(join(dir, 'part-3.json'))).toMatchObject({ shard: [3, 8], from: 100, to: 150 });

    const json = await shell(dir, `${merge} --json`);
    expect(json.code, json.err).toBe(0);
    // The merge has the parts, not the encounter: all but the data note is the same, to the byte.
    const { data, ...rest } = JSON.parse(whole.out) as { data: unknown[]; runs: number };
    expect(Array.isArray(data)).toBe(true);
    expect(rest.runs).toBe(400);
    expect(json.out).toBe(`${JSON.stringify(rest)}\n`);
  }, 240_000);
});

interface Manifest {
  apiVersion: string;
  kind: string;
  spec: {
    completionMode: string;
    completions: number;
    parallelism: number;
    backoffLimitPerIndex?: number;
    template: {
      spec: {
        restartPolicy: string;
        containers: {
          image: string;
          workingDir: string;
          command: string[];
          resources: { requests: { cpu: string } };
          volumeMounts: { name: string; mountPath: string }[];
        }[];
        volumes: { name: string; persistentVolumeClaim?: { claimName: string } }[];
      };
    };
  };
}

describe(`Kubernetes: ${MANIFEST}`, () => {
  const text = readFileSync(join(ROOT, MANIFEST), 'utf8');
  const job = parse(text) as Manifest;
  const pod = job.spec.template.spec;
  const container = pod.containers[0] as Manifest['spec']['template']['spec']['containers'][number];

  it('is an Indexed Job of one pod per shard, each retried alone, writing to a shared volume', () => {
    expect([job.apiVersion, job.kind, job.spec.completionMode]).toEqual(['batch/v1', 'Job', 'Indexed']);
    const { completions, parallelism } = job.spec;
    expect(Number.isInteger(parallelism) && parallelism >= 1 && parallelism <= completions).toBe(true);
    // backoffLimitPerIndex retries a shard alone; Kubernetes accepts it only with restartPolicy Never.
    expect(job.spec.backoffLimitPerIndex).toBeGreaterThanOrEqual(1);
    expect(pod.restartPolicy).toBe('Never');
    expect(pod.containers).toHaveLength(1);
    const [sh, c, script] = container.command;
    expect([sh, c]).toEqual(['sh', '-c']);
    expect(number(script as string, /--shard \$K\/(\d+) /)).toBe(completions);
    expect(script).toMatch(/ --seed \d+ /);
    expect(script).toMatch(/ --out part-\$K\.json$/);
    expect(String(number(script as string, / --workers (\d+) /))).toBe(container.resources.requests.cpu);
    // The parts land on the claimed volume: the working folder is its mount.
    const mount = container.volumeMounts.find((m) => m.mountPath === container.workingDir);
    const volume = pod.volumes.find((v) => v.name === mount?.name);
    expect(volume?.persistentVolumeClaim?.claimName).toBeTruthy();
  });

  it('marks one line for the user to change, the image, and the docs point to the file', () => {
    const marked = text.split('\n').filter((l) => l.includes('<- change this line'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatch(/^\s+image: \S+ # /);
    expect(DOCS).toContain(`(../${MANIFEST})`);
    expect(DOCS).not.toMatch(/kind: Job/);
  });

  // The last index alone catches a slip of the base either way: shard N − 1, or N + 1 (refused).
  it('runs shard N at the last index, N − 1 (runs cut to 10 a shard)', async () => {
    const n = job.spec.completions;
    const dir = workspace();
    const script = (container.command[2] as string)
      .replaceAll(' /fray/', ` ${ROOT}/`)
      .replace(/--runs \d+/, `--runs ${10 * n}`);
    const r = await shell(dir, script, { JOB_COMPLETION_INDEX: String(n - 1) }, 'sh');
    expect(r.code, r.err).toBe(0);
    expect(partOf(join(dir, `part-${n}.json`))).toMatchObject({
      shard: [n, n],
      from: 10 * (n - 1),
      to: 10 * n,
    });
  });
});

describe('Slurm: the job array of docs/simulation.md', () => {
  const script = recipe('**Slurm, a job array**').join('\n');

  it('asks for the tasks 1 … N of --shard K/N, and as many cores as it uses', () => {
    expect(number(script, /^#SBATCH --array=1-(\d+)$/m)).toBe(
      number(script, /--shard \$\{SLURM_ARRAY_TASK_ID\}\/(\d+) /),
    );
    expect(number(script, /^#SBATCH --cpus-per-task=(\d+)$/m)).toBe(number(script, / --workers (\d+) /));
    expect(script).toMatch(/ --seed \d+ /);
    expect(script).toMatch(/ --out part-\$\{SLURM_ARRAY_TASK_ID\}\.json$/m);
  });

  it('runs shard N as task N (runs cut to 10 a shard, one worker)', async () => {
    const n = number(script, /^#SBATCH --array=1-(\d+)$/m);
    const dir = workspace();
    const scaled = script.replace(/--runs \d+/, `--runs ${10 * n}`).replace(/--workers \d+/, '--workers 1');
    const r = await shell(dir, scaled, { SLURM_ARRAY_TASK_ID: String(n) }, 'sh');
    expect(r.code, r.err).toBe(0);
    expect(partOf(join(dir, `part-${n}.json`))).toMatchObject({
      shard: [n, n],
      from: 10 * (n - 1),
      to: 10 * n,
    });
  });
});
