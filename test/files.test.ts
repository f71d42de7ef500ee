// Files: nothing read that should not be (a file an encounter or save names stays in its folder,
// and only a regular file of sane size is read at all), nothing overwritten by accident (no
// output over an input or over another output), and no temporaries left to pile up.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeAtomic } from '../src/node/files.js';
import { encounterPath, fray, ROOT } from './helpers.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'fray-files-'));
const demoText = readFileSync(encounterPath('demo.yaml'), 'utf8');
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');

/** The demo encounter with a `tables:` entry naming `fumbles`. */
function withFumbles(path: string): string {
  return `${demoText}\ntables: { fumbles: '${path}' }\n`;
}

/**
 * Runs the built CLI in a child process, killed after `ms`: a regression that reads /dev/zero or
 * waits on a FIFO fails this test instead of hanging the run.
 */
function frayChild(
  args: string[],
  cwd: string,
  ms = 30_000,
): { code: number | null; err: string; timedOut: boolean } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: ms,
    killSignal: 'SIGKILL',
    maxBuffer: 1024 * 1024,
  });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return { code: r.status, err: r.stderr ?? '', timedOut };
}

function mkfifo(path: string): boolean {
  return spawnSync('mkfifo', [path]).status === 0;
}
const HAVE_MKFIFO = (() => {
  const d = tmp();
  return mkfifo(join(d, 'probe'));
})();

// ------------------------------------------------------------------ only regular files, and not huge ones

describe('only a regular file of at most 16 MB is read', () => {
  it('refuses a device, a FIFO, a folder and a huge file at once, in every place a file is read', () => {
    if (!HAVE_MKFIFO) throw new Error('mkfifo is needed for this test (coreutils)');
    const dir = tmp();
    const fifo = join(dir, 'pipe.yaml');
    expect(mkfifo(fifo)).toBe(true);
    const big = join(dir, 'big.yaml');
    writeFileSync(big, 'ruleset: wfrp1e\n');
    truncateSync(big, 17 * 1024 * 1024);
    const enc = join(dir, 'enc.yaml');
    writeFileSync(enc, demoText);
    const cases: [string[], string][] = [
      [['fight', '/dev/zero'], '/dev/zero: cannot read: not a regular file: a device'],
      [['merge', '/dev/zero'], '/dev/zero: cannot read: not a regular file: a device'],
      [
        ['fight', enc, '--table', 'fumbles=/dev/urandom'],
        '/dev/urandom: cannot read: not a regular file: a device',
      ],
      [['fight', 'pipe.yaml'], 'pipe.yaml: cannot read: not a regular file: a named pipe (FIFO)'],
      [
        ['sim', 'pipe.yaml', '--runs', '5'],
        'pipe.yaml: cannot read: not a regular file: a named pipe (FIFO)',
      ],
      [['fight', 'big.yaml'], 'big.yaml: cannot read: too large (17.0 MB); Fray reads files up to 16 MB'],
      [['merge', dir], 'cannot read: is a folder'],
    ];
    for (const [args, message] of cases) {
      const r = frayChild(args, dir);
      expect(r.timedOut, `${args.join(' ')} did not finish`).toBe(false);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain(message);
      expect(r.err).not.toContain('    at ');
    }
  });

  it('property: whatever special file stands wherever a file is read, the command refuses it promptly with exit 2', () => {
    if (!HAVE_MKFIFO) throw new Error('mkfifo is needed for this test (coreutils)');
    const dir = tmp();
    mkfifo(join(dir, 'fifo'));
    writeFileSync(join(dir, 'big'), '');
    truncateSync(join(dir, 'big'), 16 * 1024 * 1024 + 1);
    mkdirSync(join(dir, 'folder'));
    symlinkSync('/dev/zero', join(dir, 'zero'));
    symlinkSync('/dev/urandom', join(dir, 'urandom'));
    writeFileSync(join(dir, 'enc.yaml'), demoText);
    const special = fc.constantFrom(
      ['fifo', 'a named pipe (FIFO)'],
      ['big', 'too large'],
      ['folder', 'is a folder'],
      ['zero', 'a device'],
      ['urandom', 'a device'],
    );
    const place = fc.constantFrom(
      (f: string) => ['fight', f],
      (f: string) => ['sim', f, '--runs', '5'],
      (f: string) => ['odds', f],
      (f: string) => ['merge', f],
      (f: string) => ['fight', 'enc.yaml', '--table', `fumbles=${f}`],
      (f: string) => ['compare', 'enc.yaml', '--b', `file=${f}`, '--runs', '5'],
      (f: string) => {
        writeFileSync(join(dir, `names-${f}.yaml`), withFumbles(f));
        return ['fight', `names-${f}.yaml`];
      },
    );
    fc.assert(
      fc.property(special, place, ([name, kind], argsOf) => {
        const r = frayChild(argsOf(name), dir, 20_000);
        expect(r.timedOut).toBe(false);
        expect(r.code).toBe(2);
        expect(r.err).toContain('cannot read');
        expect(r.err).toContain(kind);
      }),
      { numRuns: 12 },
    );
  });
});

// ------------------------------------------------------------------ temporaries of killed writers

/** A process id that no process has: above the kernel's largest. */
function deadPid(extra = 1): number {
  let max = 4_194_304;
  try {
    max = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
  } catch {
    // Not Linux: 2^22 is above every pid_max there is.
  }
  return max + extra;
}

describe('temporaries a killed writer left are cleaned up on the next write', () => {
  it('a kill -9 between writing the temporary and the rename leaves nothing the next save keeps', async () => {
    const dir = tmp();
    const target = join(dir, 's.json');
    // A writer that makes its temporary and is killed before it can rename it.
    const child = spawn(process.execPath, [
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(target)} + '.tmp-' + process.pid, 'half'); setInterval(() => {}, 1000);`,
    ]);
    const pid = child.pid as number;
    const tmpFile = `${target}.tmp-${pid}`;
    for (let i = 0; i < 200 && !existsSync(tmpFile); i++) await new Promise((r) => setTimeout(r, 25));
    expect(existsSync(tmpFile)).toBe(true);
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGKILL');
    await exited;
    const r = await fray(['fight', encounterPath('demo.yaml'), '--seed', '1', '--save', target]);
    expect(r.code).toBe(0);
    expect(readdirSync(dir)).toEqual(['s.json']);
  });

  it('property: exactly the dead writers’ temporaries of the same file go; live ones and others stay', () => {
    const live = spawn('sleep', ['60']);
    try {
      const livePid = live.pid as number;
      const entry = fc.record({
        target: fc.constantFrom('s.json', 'other.json', 's.json.bak'),
        pid: fc.oneof(
          fc.integer({ min: 1, max: 1000 }).map((k) => String(deadPid(k))),
          fc.constant(String(livePid)),
          fc.constant(String(process.pid)),
          fc.constantFrom('abc', '12x', '', '-5'),
        ),
      });
      fc.assert(
        fc.property(
          fc.uniqueArray(entry, { selector: (e) => `${e.target}${e.pid}`, maxLength: 8 }),
          (entries) => {
            const dir = tmp();
            const names = entries.map((e) => `${e.target}.tmp-${e.pid}`);
            for (const n of names) writeFileSync(join(dir, n), 'left over');
            writeAtomic(join(dir, 's.json'), 'new');
            const dead = (e: (typeof entries)[number]) =>
              e.target === 's.json' && /^\d+$/.test(e.pid) && e.pid !== String(livePid);
            const expected = [
              's.json',
              ...entries.filter((e) => !dead(e)).map((e) => `${e.target}.tmp-${e.pid}`),
            ];
            expect(readdirSync(dir).sort()).toEqual(expected.sort());
            expect(readFileSync(join(dir, 's.json'), 'utf8')).toBe('new');
          },
        ),
        { numRuns: 100 },
      );
    } finally {
      live.kill('SIGKILL');
    }
  });
});
