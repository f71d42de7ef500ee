// Files: nothing read that should not be (a file an encounter or save names stays in its folder,
// and only a regular file of sane size is read at all), nothing overwritten by accident (no
// output over an input or over another output), and no temporaries left to pile up.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeAtomic } from '../src/files/disk.js';
import { encounterPath, fray, ROOT } from './helpers.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'fray-files-'));
const demoText = readFileSync(encounterPath('demo.yaml'), 'utf8');
const myFumbles = readFileSync(join(ROOT, 'data', 'wfrp1e', 'user-tables', 'my-fumbles.yaml'), 'utf8');
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');

/** The demo encounter with a `tables:` entry naming `fumbles`. */
function withFumbles(path: string): string {
  return `${demoText}\ntables: { fumbles: '${path}' }\n`;
}

/** A file of `key: value` lines, as a secrets or system file reads: what must never be echoed. */
function secretLines(keys: readonly string[]): string {
  return keys.map((k, i) => `${k}: value-${i}`).join('\n');
}

/** Every file below `dir` with its bytes and modification time, to show that a refusal changed none. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile())
        out.set(relative(dir, p), `${statSync(p).mtimeMs} ${readFileSync(p).toString('base64')}`);
      else out.set(relative(dir, p), e.isSymbolicLink() ? 'link' : 'other');
    }
  };
  walk(dir);
  return out;
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

// ------------------------------------------------------------------ references stay in their folder

describe('a file an encounter names stays in its folder', () => {
  it('refuses a table that climbs out, is absolute, or links out, naming the encounter and the line, echoing nothing of the file', async () => {
    const outer = tmp();
    const secret = join(outer, 'secrets.yaml');
    writeFileSync(secret, secretLines(['root', 'secret_api_key', 'db_password']));
    const dir = join(outer, 'enc');
    mkdirSync(dir);
    symlinkSync(secret, join(dir, 'innocent.yaml'));
    for (const given of ['../secrets.yaml', secret, 'innocent.yaml', './sub/../../secrets.yaml']) {
      const enc = join(dir, 'enc.yaml');
      writeFileSync(enc, withFumbles(given));
      const r = await fray(['fight', enc, '--seed', '1']);
      expect(r.code, given).toBe(2);
      expect(r.err).toMatch(/enc\.yaml:\d+:\d+ tables\.fumbles: '.*' is outside the encounter's folder/);
      expect(r.err).toContain('--allow-path');
      for (const leaked of ['root', 'secret_api_key', 'db_password', 'value-'])
        expect(r.err, given).not.toContain(leaked);
      expect(r.out).toBe('');
    }
  });

  it('--allow-path lets the encounter reach another folder; a table beside the encounter needs nothing', async () => {
    const outer = tmp();
    mkdirSync(join(outer, 'tables'));
    mkdirSync(join(outer, 'enc'));
    writeFileSync(join(outer, 'tables', 'my.yaml'), myFumbles);
    writeFileSync(join(outer, 'enc', 'my.yaml'), myFumbles);
    const far = join(outer, 'enc', 'far.yaml');
    writeFileSync(far, withFumbles('../tables/my.yaml'));
    expect((await fray(['fight', far, '--seed', '1'])).code).toBe(2);
    const allowed = await fray(['fight', far, '--seed', '1', '--allow-path', join(outer, 'tables')]);
    expect(allowed.code, allowed.err).toBe(0);
    const near = join(outer, 'enc', 'near.yaml');
    writeFileSync(near, withFumbles('my.yaml'));
    expect((await fray(['fight', near, '--seed', '1'])).code).toBe(0);
    const missing = await fray(['fight', far, '--allow-path', join(outer, 'nowhere')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`fray: --allow-path ${join(outer, 'nowhere')}: not a folder\n`);
  });

  it('the command line’s --table may name any file: the user typed it', async () => {
    const outer = tmp();
    writeFileSync(join(outer, 'my.yaml'), myFumbles);
    const dir = join(outer, 'enc');
    mkdirSync(dir);
    const enc = join(dir, 'enc.yaml');
    writeFileSync(enc, demoText);
    const r = await fray(['fight', enc, '--seed', '1', '--table', `fumbles=${join(outer, 'my.yaml')}`]);
    expect(r.code, r.err).toBe(0);
  });

  it('sim, compare, sweep, odds and sheet refuse it too, and the workers honour --allow-path', async () => {
    const outer = tmp();
    writeFileSync(join(outer, 'my.yaml'), myFumbles);
    const dir = join(outer, 'enc');
    mkdirSync(dir);
    const enc = join(dir, 'enc.yaml');
    writeFileSync(enc, withFumbles('../my.yaml'));
    const vary = ['--vary', 'sides[0].combatants[0].profile.WS=40,50'];
    for (const args of [
      ['sim', enc, '--runs', '10'],
      ['compare', enc, '--b', 'criticals=sudden-death', '--runs', '10'],
      ['sweep', enc, ...vary, '--runs', '10'],
      ['odds', enc],
      ['sheet', enc],
    ]) {
      const r = await fray(args);
      expect(r.code, args[0]).toBe(2);
      expect(r.err, args[0]).toContain("is outside the encounter's folder");
    }
    const ok = await fray([
      'sim',
      enc,
      '--runs',
      '40',
      '--workers',
      '2',
      '--seed',
      '1',
      '--allow-path',
      outer,
    ]);
    expect(ok.code, ok.err).toBe(0);
  });

  it('a save carries its tables, so it is resumed from any folder without following a path', async () => {
    const a = tmp();
    const b = tmp();
    writeFileSync(join(a, 'my.yaml'), myFumbles);
    const enc = join(a, 'enc.yaml');
    writeFileSync(enc, withFumbles('my.yaml'));
    const save = join(b, 's.json');
    const first = await fray(['fight', enc, '--seed', '4', '--save', save]);
    expect(first.code, first.err).toBe(0);
    const saved = JSON.parse(readFileSync(save, 'utf8')) as { tables: Record<string, { text: string }> };
    expect(saved.tables.fumbles?.text).toBe(myFumbles);
    writeFileSync(join(a, 'my.yaml'), 'edited since: the save keeps the table it was played with\n');
    const again = await fray(['fight', '--resume', save]);
    expect(again.code, again.err).toBe(0);
    const result = (s: string) => s.split('\n').find((l) => l.startsWith('Result:'));
    expect(result(again.out)).toBe(result(first.out));
  });

  it('a save’s own paths (an older save’s tables, its encounterFile) stay in the save’s folder', async () => {
    const outer = tmp();
    const secret = join(outer, 'secrets.yaml');
    writeFileSync(secret, secretLines(['secret_api_key']));
    const dir = join(outer, 'saves');
    mkdirSync(dir);
    const enc = join(dir, 'enc.yaml');
    writeFileSync(enc, demoText);
    const save = join(dir, 's.json');
    expect((await fray(['fight', enc, '--seed', '2', '--save', save])).code).toBe(0);
    const j = JSON.parse(readFileSync(save, 'utf8')) as Record<string, unknown>;
    writeFileSync(save, JSON.stringify({ ...j, tables: { fumbles: secret } }, null, 2));
    const old = await fray(['fight', '--resume', save]);
    expect(old.code).toBe(2);
    expect(old.err).toMatch(
      /s\.json:\d+:\d+ tables\.fumbles: '.*secrets\.yaml' is outside the save's folder/,
    );
    expect(old.err).not.toContain('secret_api_key');
    // The encounter inside names a table beside a made-up encounterFile elsewhere.
    const enc2 = { ...(j.encounter as Record<string, unknown>), tables: { fumbles: 'secrets.yaml' } };
    writeFileSync(
      save,
      JSON.stringify({ ...j, encounterFile: join(outer, 'x.yaml'), encounter: enc2 }, null, 2),
    );
    const moved = await fray(['fight', '--resume', save]);
    expect(moved.code).toBe(2);
    expect(moved.err).toMatch(/tables\.fumbles: 'secrets\.yaml' is outside the save's folder/);
    expect(moved.err).not.toContain('secret_api_key');
  });

  it('a table file that is no table is named with at most a few problems and one short quote', async () => {
    const dir = tmp();
    const keys = [
      'root:x:0:0:root:/root:/bin/bash',
      'daemon_secret_token_abcdef',
      'third_key',
      'fourth',
      'fifth',
    ];
    writeFileSync(join(dir, 'passwd.yaml'), secretLines(keys));
    const enc = join(dir, 'enc.yaml');
    writeFileSync(enc, withFumbles('passwd.yaml'));
    const r = await fray(['fight', enc]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('passwd.yaml');
    expect(r.err).toMatch(/passwd\.yaml: and \d+ more problem\(s\) in this file/);
    expect(r.err.split('\n').filter((l) => l.includes('passwd.yaml')).length).toBeLessThanOrEqual(4);
    for (const k of keys.filter((x) => x.length > 16)) expect(r.err).not.toContain(k);
  });

  it('property: any path that leaves the folder is refused, the encounter named, no line of the file echoed', async () => {
    const outer = tmp();
    const dir = join(outer, 'a', 'b');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'enc.yaml'), demoText);
    const key = fc.stringMatching(/^[a-z][a-z0-9_]{5,20}$/);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(key, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('climb', 'absolute', 'link', 'climb-through-sub'),
        fc.integer({ min: 1, max: 3 }),
        async (keys, how, up) => {
          // The secret sits `up` folders above the encounter's folder; its name says nothing of its keys.
          const name = `secret-${++run}.yaml`;
          const above = join(dir, ...Array<string>(up).fill('..'));
          const secret = join(above, name);
          writeFileSync(secret, secretLines(keys));
          const link = `link-${run}.yaml`;
          if (how === 'link') symlinkSync(secret, join(dir, link));
          const given = {
            climb: `${'../'.repeat(up)}${name}`,
            'climb-through-sub': `sub/${'../'.repeat(up + 1)}${name}`,
            absolute: secret,
            link,
          }[how];
          const enc = join(dir, 'enc.yaml');
          writeFileSync(enc, withFumbles(given));
          const r = await fray(['fight', enc, '--seed', '1']);
          expect(r.code).toBe(2);
          expect(r.err).toMatch(
            /^fray: .*enc\.yaml:\d+:\d+ tables\.fumbles: .* is outside the encounter's folder/,
          );
          for (const line of secretLines(keys).split('\n')) expect(r.err).not.toContain(line);
          for (const k of keys) expect(r.err).not.toContain(k);
        },
      ),
      { numRuns: 40 },
    );
  });
});

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
        // A link named by an encounter that leads out of its folder is refused before it is read.
        if (r.err.includes("outside the encounter's folder")) return;
        expect(r.err).toContain('cannot read');
        expect(r.err).toContain(kind);
      }),
      { numRuns: 12 },
    );
  });
});

// ------------------------------------------------------------------ no output over an input or another output

describe('a file nested thousands of levels deep is refused, and the process lives on (issue 44)', () => {
  it('fray merge of two files of 2,000 [ exits 2 with the refusal, in fresh processes each time', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'a.json'), '['.repeat(2000));
    writeFileSync(join(dir, 'b.json'), '['.repeat(2000));
    // A second deep parse in one process is what aborted V8 (exit 134) after the first ran out of stack.
    for (let i = 0; i < 3; i++) {
      const r = frayChild(['merge', 'a.json', 'b.json'], dir);
      expect(r.code).toBe(2);
      expect(r.err).toContain('a.json:1:65: nested too deeply');
      expect(r.err).not.toMatch(/FATAL|Maximum call stack/);
    }
  });
});

describe('an output never replaces an input or another output', () => {
  function setup() {
    const dir = tmp();
    const enc = join(dir, 'enc.yaml');
    writeFileSync(enc, demoText);
    const table = join(dir, 'my.yaml');
    writeFileSync(table, myFumbles);
    symlinkSync(enc, join(dir, 'alias.yaml'));
    return { dir, enc, table };
  }
  const vary = ['--vary', 'sides[0].combatants[0].profile.WS=40,50'];

  it('refuses each with exit 2, writing nothing', async () => {
    const { dir, enc, table } = setup();
    const t = `fumbles=${table}`;
    const cases: [string[], string][] = [
      [['fight', enc, '--save', enc], `--save ${enc}: that is a file this command reads`],
      [['fight', enc, '--save', join(dir, 'alias.yaml')], 'cannot write: a symbolic link'],
      [['fight', enc, '--table', t, '--save', table], 'that is a file this command reads'],
      [['sim', enc, '--runs', '5', '--out', enc], 'that is a file this command reads'],
      [['sim', enc, '--runs', '5', '--table', t, '--report', table], 'that is a file this command reads'],
      [
        ['sim', enc, '--runs', '5', '--out', join(dir, 'x'), '--report', join(dir, 'x')],
        `--report ${join(dir, 'x')}: --out writes there too; give each output a file of its own`,
      ],
      [['sweep', enc, ...vary, '--runs', '5', '--csv', enc], 'that is a file this command reads'],
      [
        ['sweep', enc, ...vary, '--runs', '5', '--table', t, '--svg', table],
        'that is a file this command reads',
      ],
      [
        ['sweep', enc, ...vary, '--runs', '5', '--csv', join(dir, 'y'), '--svg', `${dir}/./y`],
        '--csv writes there too',
      ],
    ];
    for (const [args, message] of cases) {
      const before = snapshot(dir);
      const r = await fray(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain(message);
      expect(r.out).toBe('');
      expect(snapshot(dir)).toEqual(before);
    }
  });

  it('a fight goes on in its own save; a resumed save is not written over its encounter', async () => {
    const { dir, enc } = setup();
    const save = join(dir, 's.json');
    expect((await fray(['fight', enc, '--seed', '3', '--save', save, '--max-rounds', '1'])).code).toBe(0);
    expect((await fray(['fight', '--resume', save, '--save', save, '--max-rounds', '2'])).code).toBe(0);
    expect((await fray(['fight', save, '--save', save, '--max-rounds', '3'])).code).toBe(0);
    const i = await fray(['fight', '--resume', save, '-i', '--max-rounds', '4'], ['', 'save', 'quit']);
    expect(i.code, i.err).toBe(0);
    const before = snapshot(dir);
    const r = await fray(['fight', '--resume', save, '--save', enc]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--save ${enc}: that is the encounter this fight was made from`);
    expect(snapshot(dir)).toEqual(before);
  });

  it('property: any output chosen among the command’s inputs and other outputs is refused, and no file changes', async () => {
    const { dir } = setup();
    const spellings = (name: string) => [join(dir, name), `${dir}/./${name}`, `${dir}/sub/../${name}`];
    mkdirSync(join(dir, 'sub'));
    const inputs = fc
      .constantFrom('enc.yaml', 'my.yaml', 'alias.yaml')
      .chain((n) => fc.constantFrom(...spellings(n)));
    const fresh = fc.constantFrom('out-a', 'out-b').chain((n) => fc.constantFrom(...spellings(n)));
    const enc = join(dir, 'enc.yaml');
    const command = fc.constantFrom(
      { base: ['fight', enc, '--seed', '1'], flags: ['--save'] },
      { base: ['sim', enc, '--runs', '5', '--workers', '1'], flags: ['--out', '--report'] },
      { base: ['sweep', enc, ...vary, '--runs', '5', '--workers', '1'], flags: ['--csv', '--svg'] },
    );
    await fc.assert(
      fc.asyncProperty(command, inputs, fresh, fc.boolean(), async (c, input, other, clash) => {
        // One output is an input; or (with two outputs) both name one new file.
        const outs =
          c.flags.length === 2 && clash
            ? [c.flags[0], other, c.flags[1], other.replace('/./', '/')]
            : c.flags.length === 2
              ? [c.flags[0], other, c.flags[1], input]
              : [c.flags[0], input];
        const before = snapshot(dir);
        const r = await fray([
          ...c.base,
          '--table',
          `fumbles=${join(dir, 'my.yaml')}`,
          ...(outs as string[]),
        ]);
        expect(r.code).toBe(2);
        expect(r.err).toMatch(
          /that is a file this command reads|writes there too|cannot write: a symbolic link/,
        );
        expect(snapshot(dir)).toEqual(before);
      }),
      { numRuns: 40 },
    );
  });
});

describe('an output is a regular file or a new name: never a link, a device or a pipe; - is standard output', () => {
  const vary = ['--vary', 'sides[0].combatants[0].profile.WS=40,50'];
  function setup() {
    const dir = tmp();
    const enc = join(dir, 'enc.yaml');
    writeFileSync(enc, demoText);
    // What a link would lead to: a file elsewhere that must come through untouched.
    const elsewhere = join(tmp(), 'precious.txt');
    writeFileSync(elsewhere, 'keep me\n');
    symlinkSync(elsewhere, join(dir, 'out-link'));
    symlinkSync(join(dir, 'no-such-target'), join(dir, 'dangling'));
    return { dir, enc, elsewhere };
  }
  const commands = (enc: string) => [
    { base: ['fight', enc, '--seed', '1'], flags: ['--save'] },
    { base: ['sim', enc, '--runs', '5', '--workers', '1'], flags: ['--out', '--report'] },
    { base: ['sweep', enc, ...vary, '--runs', '5', '--workers', '1'], flags: ['--csv', '--svg'] },
  ];

  it('refuses a link (to a file, or dangling) at every output flag: exit 2, the link and its target unchanged', async () => {
    const { dir, enc, elsewhere } = setup();
    for (const c of commands(enc))
      for (const flag of c.flags)
        for (const name of ['out-link', 'dangling']) {
          const before = snapshot(dir);
          const r = await fray([...c.base, flag, join(dir, name)]);
          expect(r.code, `${c.base[0]} ${flag} ${name}`).toBe(2);
          expect(r.err).toContain(`${flag} ${join(dir, name)}: cannot write: a symbolic link`);
          expect(r.out).toBe('');
          expect(snapshot(dir)).toEqual(before);
          expect(readFileSync(elsewhere, 'utf8')).toBe('keep me\n');
          expect(lstatSync(join(dir, name)).isSymbolicLink()).toBe(true);
        }
  });

  it('refuses a device, /dev/stdout (a link) and a FIFO, naming what it is', async () => {
    const { dir, enc } = setup();
    const r = await fray(['fight', enc, '--seed', '1', '--save', '/dev/null']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--save /dev/null: cannot write: not a regular file: a device');
    const s = await fray(['fight', enc, '--seed', '1', '--save', '/dev/stdout']);
    expect(s.code).toBe(2);
    expect(s.err).toContain('a symbolic link');
    expect(s.err).toContain('or - for standard output');
    expect(lstatSync('/dev/stdout').isSymbolicLink()).toBe(true);
    if (HAVE_MKFIFO) {
      const fifo = join(dir, 'pipe');
      mkfifo(fifo);
      const f = await fray(['sim', enc, '--runs', '5', '--workers', '1', '--out', fifo]);
      expect(f.code).toBe(2);
      expect(f.err).toContain('not a regular file: a named pipe (FIFO)');
    }
  });

  it('a link put at the name after the command began is refused when it writes, not followed', () => {
    const { dir, elsewhere } = setup();
    expect(() => writeAtomic(join(dir, 'out-link'), 'over it')).toThrow(/cannot write: a symbolic link/);
    expect(readFileSync(elsewhere, 'utf8')).toBe('keep me\n');
    expect(lstatSync(join(dir, 'out-link')).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('- writes the output alone on standard output, the printout on stderr, for every output flag', async () => {
    const { dir, enc } = setup();
    const save = await fray(['fight', enc, '--seed', '1', '--save', '-']);
    expect(save.code, save.err).toBe(0);
    expect(JSON.parse(save.out).fray).toBe('fray-saved-fight');
    expect(save.err).toContain('seed 1');
    const file = join(dir, 'from-stdout.json');
    writeFileSync(file, save.out);
    const resumed = await fray(['fight', '--resume', file]);
    expect(resumed.code, resumed.err).toBe(0);

    const part = await fray(['sim', enc, '--runs', '20', '--seed', '2', '--workers', '1', '--out', '-']);
    expect(part.code, part.err).toBe(0);
    expect(JSON.parse(part.out).fray).toBe('fray-sim-part');
    expect(part.err).toContain('20 fights');
    writeFileSync(join(dir, 'p.json'), part.out);
    expect((await fray(['merge', join(dir, 'p.json')])).code).toBe(0);

    const report = await fray(['sim', enc, '--runs', '20', '--workers', '1', '--report', '-', '--json']);
    expect(report.out.startsWith('<!doctype html>')).toBe(true);
    expect(JSON.parse(report.err.slice(report.err.indexOf('{'))).runs).toBe(20);

    const csv = await fray(['sweep', enc, ...vary, '--runs', '5', '--workers', '1', '--csv', '-']);
    expect(csv.code, csv.err).toBe(0);
    expect(csv.out.split('\n')[0]).toContain('win rate');
    const svg = await fray(['sweep', enc, ...vary, '--runs', '5', '--workers', '1', '--svg', '-']);
    expect(svg.out.trimStart().startsWith('<svg')).toBe(true);
  });

  it('two outputs on standard output, or an interactive save there, are refused before anything runs', async () => {
    const { enc } = setup();
    const two = await fray(['sim', enc, '--runs', '5', '--out', '-', '--report', '-']);
    expect(two.code).toBe(2);
    expect(two.err).toContain('--report -: --out writes to standard output too');
    const i = await fray(['fight', enc, '-i', '--save', '-'], ['auto']);
    expect(i.code).toBe(2);
    expect(i.err).toContain('an interactive fight is saved after every answer');
    expect(i.out).toBe('');
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
