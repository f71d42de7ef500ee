// The command line's part of the fuzz campaign: commands with flags drawn at random, run in-process
// in a folder of their own, beside a "victim" folder that nothing may touch. Among the files: a save
// whose party file lies in the victim's folder, outputs that are links to the victim's files, a
// part re-sealed by hand with escape codes in its title, an encounter of 250 against 250; among
// the flags, run indices up to 2^53 − 1. A command runs, or is refused saying why (exit 2) with
// every file as it was; none writes outside its folder unless told to, prints a raw escape code,
// or takes long.
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
  lstatSync,
  readlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import fc from 'fast-check';
import { main } from '../../src/cli/main.js';
import { packageRoot } from '../../src/node/root.js';
import { partDigest, type PartFile } from '../../src/sim/part.js';

export type CliOutcome =
  | 'ran'
  | 'refused'
  | 'crash' // exit 1: an internal error
  | 'stack' // a stack trace on stderr
  | 'changed' // refused, and a file changed anyway
  | 'unsaid' // refused without a word
  | 'escaped' // a file outside the folder changed, or a link there was replaced
  | 'raw' // an escape code or an invisible character reached the terminal
  | 'formula' // a CSV cell a spreadsheet would run as a formula
  | 'slow'; // past the time a command may take

/** How long one command may take: a run index of 2^53 − 1 or a huge encounter must not hang. */
const SLOW_MS = 30_000;

const value = fc.constantFrom(
  '1',
  '5',
  '20',
  '0',
  '-1',
  'abc',
  '2.5',
  '',
  '1e3',
  '7',
  '1/2',
  '3/2',
  'x=y',
  '=',
);
const OUTPUT = ['out.json', 'enc.yaml', 'my.yaml', 'sub/none.json', 'link.json', 'dangling', '-'] as const;
const FLAGS: readonly (readonly [string, fc.Arbitrary<string> | null])[] = [
  ['--seed', value],
  ['--runs', fc.constantFrom('1', '5', '20', '0', '-1', 'abc', '2.5', '')],
  ['--workers', fc.constantFrom('1', '0', '2', '9999', 'x')],
  ['--max-rounds', value],
  ['--json', null],
  ['--option', fc.constantFrom('criticals=sudden-death', 'criticals=x', 'nope=1', 'x', '=', '__proto__=1')],
  [
    '--table',
    fc.constantFrom('fumbles=my.yaml', 'fumbles=enc.yaml', 'nope=my.yaml', 'fumbles=missing.yaml', 'x'),
  ],
  ['--save', fc.constantFrom(...OUTPUT)],
  ['--out', fc.constantFrom('part.json', 'enc.yaml', 'report.html', 'link.json', 'dangling', '-')],
  ['--report', fc.constantFrom('report.html', 'enc.yaml', 'part.json', 'link.json', '-')],
  ['--shard', fc.constantFrom('1/2', '2/2', '3/2', '0/1', 'x', '100000/100000')],
  ['--until-ci', fc.constantFrom('0.05', '0', '2', 'x')],
  ['--dice', fc.constantFrom('60,22,1', '101', 'x', '', '3 4')],
  ['--run', fc.constantFrom('0', '7', '123456789012', '9007199254740991', '9007199254740992', 'x')],
  [
    '--vary',
    fc.constantFrom(
      'sides[0].combatants[0].profile.WS=30,40',
      'options.criticals=detailed',
      'x=1..3',
      'sides[9].x=1',
      'sides[1].name=@SUM(A1),+cmd,-2+3',
    ),
  ],
  ['--a', fc.constantFrom('criticals=detailed', 'file=enc.yaml', 'x', '__proto__=1')],
  ['--b', fc.constantFrom('criticals=sudden-death', 'sides[0].combatants[0].profile.WS=700', 'file=my.yaml')],
  ['--csv', fc.constantFrom('t.csv', 'enc.yaml', 'link.json', '-')],
  ['--svg', fc.constantFrom('p.svg', 't.csv', 'dangling', '-')],
  ['--allow-path', fc.constantFrom('.', '/nowhere', '..')],
  ['--party', fc.constantFrom('heroes.yaml', 'enc.yaml')],
  ['--yes', null],
];

export const cliCase = fc.record({
  command: fc.constantFrom(
    'fight',
    'sim',
    'odds',
    'sheet',
    'compare',
    'sweep',
    'merge',
    'party',
    'rulesets',
    'nope',
  ),
  file: fc.constantFrom(
    'enc.yaml',
    'enc.yaml',
    'enc.yaml',
    'my.yaml',
    'missing.yaml',
    'part.json',
    '.',
    'foreign.json',
    'resealed.json',
    'big.yaml',
    'link.json',
    'deep.json',
    'deep.yaml',
    'formula.yaml',
  ),
  flags: fc.array(
    fc.constantFrom(...FLAGS.keys()).chain((k) => {
      const [name, arb] = FLAGS[k] as readonly [string, fc.Arbitrary<string> | null];
      return arb ? arb.map((v): string[] => [name, v]) : fc.constant<string[]>([name]);
    }),
    { maxLength: 3 },
  ),
});
export type CliCase = typeof cliCase extends fc.Arbitrary<infer T> ? T : never;

/** Every file below `dir` (links as where they lead, not followed), as text to compare. */
function snapshot(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out.push(`${p} -> ${readlinkSync(p)}`);
      else if (st.isDirectory()) walk(p);
      else out.push(`${p}:${readFileSync(p, 'utf8')}`);
    }
  };
  walk(dir);
  return out.join('\n');
}

/** What every case's folder is made from: made once a campaign. */
export interface CliTemplate {
  /** The folder holding the cases' folders and the victim's. */
  readonly base: string;
  /** What nothing may touch: a party file, a precious file the links lead to. */
  readonly victim: string;
  readonly files: ReadonlyMap<string, string>;
}

async function quiet(argv: string[]): Promise<number> {
  const sink = new Writable({ write: (_c, _e, cb) => cb() });
  return main(['node', 'fray', ...argv], { out: sink, err: sink, input: Readable.from([]) });
}

/** The victim's folder, a save that names its party file, a part re-sealed by hand, a huge encounter. */
export async function cliTemplate(): Promise<CliTemplate> {
  const root = packageRoot();
  const base = mkdtempSync(join(tmpdir(), 'fray-fuzz-'));
  const victim = join(base, 'victim');
  mkdirSync(victim);
  for (const f of ['heroes.yaml', 'ambush.yaml'])
    copyFileSync(join(root, 'data', 'wfrp1e', 'campaign', f), join(victim, f));
  writeFileSync(join(victim, 'precious.txt'), 'keep me\n');
  const tpl = join(base, 'template');
  mkdirSync(tpl);
  const files = new Map<string, string>();
  files.set('enc.yaml', readFileSync(join(root, 'data', 'wfrp1e', 'encounters', 'demo.yaml'), 'utf8'));
  files.set('my.yaml', readFileSync(join(root, 'data', 'wfrp1e', 'user-tables', 'my-fumbles.yaml'), 'utf8'));
  files.set('part.json', '{"fray": "nope"}\n');
  // A save received from someone: its party file is the victim's.
  if (
    (await quiet(['fight', join(victim, 'ambush.yaml'), '--seed', '4', '--save', join(tpl, 's.json')])) !== 0
  )
    throw new Error('the template save was not made');
  files.set('foreign.json', readFileSync(join(tpl, 's.json'), 'utf8'));
  // A part whose title and names were edited to escape codes, its checksum made again.
  writeFileSync(join(tpl, 'enc.yaml'), files.get('enc.yaml') as string);
  if (
    (await quiet([
      'sim',
      join(tpl, 'enc.yaml'),
      '--runs',
      '20',
      '--seed',
      '1',
      '--workers',
      '1',
      '--out',
      join(tpl, 'p.json'),
    ])) !== 0
  )
    throw new Error('the template part was not made');
  const part = JSON.parse(readFileSync(join(tpl, 'p.json'), 'utf8')) as PartFile & {
    title: string;
    digest: string;
  };
  const evil = '\u001b[2J\u001b]0;pwned\u0007\u202eRED\u200b';
  const edited = {
    ...part,
    title: `${part.title}${evil}`,
    roster: { ...part.roster, sides: part.roster.sides.map((s) => `${s}${evil}`) },
  };
  files.set('resealed.json', JSON.stringify({ ...edited, digest: partDigest(edited as PartFile) }));
  const army = (name: string, use: string) =>
    `  - name: ${name}\n    combatants:\n${[100, 100, 50].map((n) => `      - { use: ${use}, count: ${n} }`).join('\n')}\n`;
  files.set(
    'big.yaml',
    `ruleset: wfrp1e\ntitle: Two armies\nsides:\n${army('Men', 'human')}${army('Orcs', 'orc')}`,
  );
  // Issue 44: nested past any stack, and a side whose name starts a spreadsheet formula.
  files.set('deep.json', '['.repeat(3000));
  files.set('deep.yaml', `ruleset: wfrp1e\nsides:\n${'- '.repeat(3000)}x\n`);
  files.set(
    'formula.yaml',
    (files.get('enc.yaml') as string).replace('- name: Adventurers', '- name: \'=HYPERLINK("http://x")\''),
  );
  return { base, victim, files };
}

/** A cell of a CSV that a spreadsheet would run: it starts =, +, -, @, a tab or CR, and is no number. */
export function formulaCell(csv: string): string | null {
  for (const line of csv.split('\n'))
    for (const cell of line.match(/("([^"]|"")*"|[^,]*)/g) ?? []) {
      const text = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) return text;
    }
  return null;
}

/** A case's folder: the template's files, a link to the victim's precious file, a dangling link. */
export function cliFolder(t: CliTemplate): string {
  const dir = mkdtempSync(join(t.base, 'case-'));
  for (const [name, text] of t.files) writeFileSync(join(dir, name), text);
  symlinkSync(join(t.victim, 'precious.txt'), join(dir, 'link.json'));
  symlinkSync(join(t.base, 'no-such-file'), join(dir, 'dangling'));
  return dir;
}

const FILE_FLAGS = new Set(['--save', '--out', '--report', '--csv', '--svg', '--party']);

/** A flag's file names made paths in the case's folder, as a user working there would write them. */
function inDir(flag: string, v: string, dir: string): string {
  if (FILE_FLAGS.has(flag)) return v === '-' ? v : join(dir, v);
  if (flag === '--allow-path') return v === '/nowhere' ? v : join(dir, v);
  if (flag === '--table' || flag === '--a' || flag === '--b') {
    const m = /^(\w+)=([\w.-]+\.(yaml|json))$/.exec(v);
    if (m && (flag === '--table' || m[1] === 'file')) return `${m[1]}=${join(dir, m[2] as string)}`;
  }
  return v;
}

/** The command line of a case: the huge encounter only where it is cheap to refuse (odds, sheet). */
function argvOf(c: CliCase, dir: string): string[] {
  const command = c.file === 'big.yaml' && c.command !== 'sheet' ? 'odds' : c.command;
  const head = command === 'party' ? ['party', 'apply'] : [command];
  return [
    ...head,
    join(dir, c.file),
    ...c.flags.flatMap(([name, v]) =>
      v === undefined ? [name as string] : [name as string, inDir(name as string, v, dir)],
    ),
  ];
}

// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

/** Runs one command in-process in its folder; a refusal (exit 2) must say why plainly and change nothing. */
export async function runCli(c: CliCase, t: CliTemplate): Promise<{ outcome: CliOutcome; detail: string }> {
  const dir = cliFolder(t);
  const argv = argvOf(c, dir);
  const before = snapshot(dir);
  const victimBefore = snapshot(t.victim);
  let out = '';
  let err = '';
  const sink = (put: (t: string) => void) =>
    new Writable({
      write(chunk, _enc, cb) {
        put(String(chunk));
        cb();
      },
    });
  const t0 = performance.now();
  let code: number;
  try {
    code = await main(['node', 'fray', ...argv], {
      out: sink((x) => (out += x)),
      err: sink((x) => (err += x)),
      input: Readable.from(['quit\n']),
    });
  } catch (e) {
    return { outcome: 'crash', detail: `${argv.join(' ')}: ${(e as Error).stack}` };
  }
  const ms = performance.now() - t0;
  const shown = `${argv.join(' ')} → ${code}: ${err.slice(0, 300)}`;
  const allowedOut =
    argv.includes('--allow-path') && argv[argv.indexOf('--allow-path') + 1] === join(dir, '..');
  if (ms > SLOW_MS) return { outcome: 'slow', detail: `${ms.toFixed(0)} ms: ${shown}` };
  if (/\n\s+at /.test(err)) return { outcome: 'stack', detail: shown };
  if (code === 1) return { outcome: 'crash', detail: shown };
  if (!allowedOut && snapshot(t.victim) !== victimBefore) return { outcome: 'escaped', detail: shown };
  if (
    !lstatSync(join(dir, 'link.json')).isSymbolicLink() ||
    !lstatSync(join(dir, 'dangling')).isSymbolicLink()
  )
    return { outcome: 'escaped', detail: `a link replaced: ${shown}` };
  if (RAW.test(out) || RAW.test(err)) return { outcome: 'raw', detail: shown };
  const csvAt = argv.indexOf('--csv');
  if (code === 0 && csvAt >= 0) {
    const target = argv[csvAt + 1] as string;
    const csv = target === '-' ? out : readFileSync(target, 'utf8');
    const cell = formulaCell(csv);
    if (cell !== null) return { outcome: 'formula', detail: `${cell}: ${shown}` };
  }
  if (code === 2) {
    if (!err.trim()) return { outcome: 'unsaid', detail: shown };
    if (snapshot(dir) !== before) return { outcome: 'changed', detail: shown };
    return { outcome: 'refused', detail: '' };
  }
  return { outcome: 'ran', detail: '' };
}

/**
 * One of each class the second campaign found, run first in every campaign: a received save's
 * party file, a link as every kind of output, the largest run index and the last shard of 10^8
 * runs, odds of 250 against 250, a part re-sealed with escape codes; and (issue 44) files nested
 * 3,000 deep and a sweep whose side names start spreadsheet formulas.
 */
export const DIRECTED: readonly CliCase[] = [
  { command: 'merge', file: 'deep.json', flags: [] },
  { command: 'fight', file: 'deep.yaml', flags: [] },
  {
    command: 'sweep',
    file: 'formula.yaml',
    flags: [
      ['--runs', '5'],
      ['--vary', 'sides[1].name=@SUM(A1),+cmd,-2+3'],
      ['--csv', '-'],
    ],
  },
  { command: 'party', file: 'foreign.json', flags: [['--yes']] },
  { command: 'party', file: 'foreign.json', flags: [['--yes'], ['--allow-path', '.']] },
  { command: 'fight', file: 'enc.yaml', flags: [['--save', 'link.json']] },
  { command: 'fight', file: 'enc.yaml', flags: [['--save', 'dangling']] },
  {
    command: 'sim',
    file: 'enc.yaml',
    flags: [
      ['--runs', '5'],
      ['--out', 'link.json'],
    ],
  },
  {
    command: 'sim',
    file: 'enc.yaml',
    flags: [
      ['--runs', '5'],
      ['--report', 'link.json'],
    ],
  },
  {
    command: 'sweep',
    file: 'enc.yaml',
    flags: [
      ['--runs', '5'],
      ['--vary', 'sides[0].combatants[0].profile.WS=30,40'],
      ['--csv', 'link.json'],
    ],
  },
  {
    command: 'sweep',
    file: 'enc.yaml',
    flags: [
      ['--runs', '5'],
      ['--vary', 'sides[0].combatants[0].profile.WS=30,40'],
      ['--svg', 'dangling'],
    ],
  },
  {
    command: 'fight',
    file: 'enc.yaml',
    flags: [
      ['--seed', '1'],
      ['--run', '9007199254740991'],
    ],
  },
  {
    command: 'sim',
    file: 'enc.yaml',
    flags: [
      ['--runs', '100000000'],
      ['--shard', '100000/100000'],
      ['--out', 'out.json'],
    ],
  },
  { command: 'odds', file: 'big.yaml', flags: [] },
  { command: 'merge', file: 'resealed.json', flags: [] },
];

/** Runs `n` command lines from `seed`: the counts by outcome and the first few of each bad kind. */
export async function cliCampaign(
  n: number,
  seed: number,
): Promise<{ counts: Record<CliOutcome, number>; examples: string[] }> {
  const counts: Record<CliOutcome, number> = {
    ran: 0,
    refused: 0,
    crash: 0,
    stack: 0,
    changed: 0,
    unsaid: 0,
    escaped: 0,
    raw: 0,
    formula: 0,
    slow: 0,
  };
  const examples: string[] = [];
  const t = await cliTemplate();
  for (const c of [...DIRECTED, ...fc.sample(cliCase, { numRuns: n, seed })]) {
    const r = await runCli(c, t);
    counts[r.outcome]++;
    if (r.outcome !== 'ran' && r.outcome !== 'refused' && examples.length < 20)
      examples.push(`${r.outcome}: ${r.detail}`);
  }
  return { counts, examples };
}
