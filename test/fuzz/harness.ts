// The fuzz campaign's pieces: mutations of the example encounters, a case run in-process, and the
// class of its outcome. `test/fuzz.test.ts` runs a few thousand in `npm test`; `npm run fuzz --
// --cases N` runs as many as asked and prints the counts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { AutoDriver } from '../../src/core/context.js';
import { formatIssue, SourceDoc, ValidationError } from '../../src/core/document.js';
import { loadEncounterText } from '../../src/core/encounter.js';
import { runFight } from '../../src/core/fight.js';
import { Rng, SeededDice } from '../../src/dice/index.js';
import { nodeEnv, packageRoot } from '../../src/node/files.js';
import { RULESETS } from '../../src/rulesets/index.js';

export type Outcome =
  | 'fought' // loaded and fought to its end
  | 'refused' // a clean refusal: every problem located and in our words
  | 'crash' // anything thrown but a refusal
  | 'unlocated' // a refusal naming no line
  | 'foreign words' // a refusal in the schema library's words
  | 'nan' // NaN or Infinity in what a fight said
  | 'slow'; // over the time a case may take

/** Words of the schema or YAML libraries that a refusal in our words never uses. */
const FOREIGN =
  /Invalid input|Invalid option|received |Too (big|small)|expected (number|string|boolean|array|object|nonoptional)\b|Unrecognized|\[object /;

export function exampleFiles(): string[] {
  const root = packageRoot();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) return walk(p);
      return /\.ya?ml$/.test(n) ? [p] : [];
    });
  return readdirSync(join(root, 'data')).flatMap((r) =>
    ['encounters', 'examples'].flatMap((sub) => {
      try {
        return walk(join(root, 'data', r, sub));
      } catch {
        return [];
      }
    }),
  );
}

export type Mutation =
  | { readonly op: 'set'; readonly at: number; readonly value: unknown }
  | { readonly op: 'delete'; readonly at: number }
  | { readonly op: 'add'; readonly at: number; readonly key: string; readonly value: unknown }
  | { readonly op: 'repeat'; readonly at: number };

const odd = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.constantFrom(0, -1, 1, 100, 101, 2 ** 53, -(2 ** 53), 1e300, -1e300, 0.5, NaN, Infinity, -Infinity),
  fc.double({ noNaN: false }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    'x'.repeat(5000),
    '\u001b[2J',
    'A\u001b]0;pwned\u0007',
    '../../../etc/passwd',
    '/dev/zero',
  ),
  fc.constantFrom('human', 'orc', 'goblin', 'sword', 'bow', 'D6', '2D6+1', 'detailed', 'close', 'N'),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer({ min: -5, max: 200 }), fc.string({ maxLength: 6 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.integer({ min: -5, max: 200 }), { maxKeys: 3 }),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: odd }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      at: fc.nat(),
      key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('count', 'use', 'tables', 'options', 'at')),
      value: odd,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('repeat' as const), at: fc.nat() }) },
);

export const fuzzCase = fc.record({
  file: fc.nat(),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
  seed: fc.nat(),
});
export type FuzzCase = typeof fuzzCase extends fc.Arbitrary<infer T> ? T : never;

type Holder = Record<string, unknown> | unknown[];

/** Every place in the document: the holder and the key, the root first. */
function places(data: unknown): { holder: Holder; key: string | number }[] {
  const out: { holder: Holder; key: string | number }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v))
      v.forEach((x, i) => {
        out.push({ holder: v, key: i });
        walk(x);
      });
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        out.push({ holder: v as Record<string, unknown>, key: k });
        walk(x);
      }
  };
  walk(data);
  return out;
}

/** The example file with the mutations made, as YAML text. */
export function mutated(c: FuzzCase, files: readonly string[]): { file: string; text: string } {
  const file = files[c.file % files.length] as string;
  // The YAML reading the engine itself uses, so that a mutation starts from the data a user's file gives.
  const data = SourceDoc.parse('example.yaml', readFileSync(file, 'utf8')).data;
  for (const m of c.mutations) {
    const all = places(data);
    if (all.length === 0) break;
    const p = all[m.at % all.length] as { holder: Holder; key: string | number };
    const h = p.holder as Record<string | number, unknown>;
    if (m.op === 'set') h[p.key] = m.value;
    else if (m.op === 'delete') {
      if (Array.isArray(h)) h.splice(p.key as number, 1);
      else delete h[p.key];
    } else if (m.op === 'add') {
      const target = h[p.key];
      if (target !== null && typeof target === 'object' && !Array.isArray(target))
        (target as Record<string, unknown>)[m.key] = m.value;
      else if (Array.isArray(target)) target.push(m.value);
      else h[p.key] = { [m.key]: m.value };
    } else if (Array.isArray(h)) h.push(structuredClone(h[p.key as number]));
  }
  return { file, text: stringify(data) };
}

/** Runs one case: load, and if it loads, fight; classifies what happened. */
export function runCase(
  c: FuzzCase,
  files: readonly string[],
  slowMs = 5000,
): { outcome: Outcome; detail: string } {
  const t0 = performance.now();
  const { file, text } = mutated(c, files);
  const done = (outcome: Outcome, detail = '') => {
    const ms = performance.now() - t0;
    return ms > slowMs && outcome !== 'crash'
      ? { outcome: 'slow' as const, detail: `${ms.toFixed(0)} ms ${detail}` }
      : { outcome, detail };
  };
  let loaded;
  try {
    loaded = loadEncounterText('fuzz.yaml', text, RULESETS, nodeEnv(join(dirname(file), 'fuzz.yaml')), {});
  } catch (e) {
    if (!(e instanceof ValidationError)) return done('crash', `load: ${(e as Error).stack ?? e}`);
    const lines = e.issues.map(formatIssue);
    const foreign = lines.find((l) => FOREIGN.test(l));
    if (foreign) return done('foreign words', foreign);
    const unlocated = e.issues.find(
      (i) => i.line === undefined && !/^and \d+ more/.test(i.message) && i.file === 'fuzz.yaml',
    );
    if (unlocated) return done('unlocated', formatIssue(unlocated));
    return done('refused');
  }
  try {
    const r = runFight(loaded.ruleset, loaded.setup, {
      driver: new AutoDriver(new SeededDice(Rng.seeded(c.seed))),
      explain: true,
      record: false,
      maxRounds: 20,
    });
    if (!r.outcome) return done('crash', 'no outcome');
    const said = [...r.events.map((e) => e.text), ...(r.state ? loaded.ruleset.describe(r.state) : [])];
    const bad = said.find((t) => /\bNaN\b|Infinity/.test(t));
    if (bad) return done('nan', bad);
    return done('fought');
  } catch (e) {
    return done('crash', `fight: ${(e as Error).stack ?? e}`);
  }
}

/** Runs `n` cases from `seed`: the counts by outcome and the first few of each bad kind. */
export function campaign(n: number, seed: number): { counts: Record<Outcome, number>; examples: string[] } {
  const files = exampleFiles();
  const counts: Record<Outcome, number> = {
    fought: 0,
    refused: 0,
    crash: 0,
    unlocated: 0,
    'foreign words': 0,
    nan: 0,
    slow: 0,
  };
  const examples: string[] = [];
  for (const c of fc.sample(fuzzCase, { numRuns: n, seed })) {
    const r = runCase(c, files);
    counts[r.outcome]++;
    if (r.outcome !== 'fought' && r.outcome !== 'refused' && examples.length < 20)
      examples.push(`${r.outcome}: ${JSON.stringify(c)}\n  ${r.detail.split('\n').slice(0, 4).join('\n  ')}`);
  }
  return { counts, examples };
}

// ------------------------------------------------------------------ the command line

import { mkdtempSync, copyFileSync, readdirSync as list, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable, Writable } from 'node:stream';
import { main } from '../../src/cli/main.js';

export type CliOutcome = 'ran' | 'refused' | 'crash' | 'stack' | 'changed' | 'unsaid';

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
const FLAGS: readonly (readonly [string, fc.Arbitrary<string> | null])[] = [
  ['--seed', value],
  ['--runs', fc.constantFrom('1', '5', '20', '0', '-1', 'abc', '2.5', '')],
  ['--workers', fc.constantFrom('1', '0', '2', '9999', 'x')],
  ['--max-rounds', value],
  ['--json', null],
  ['--option', fc.constantFrom('criticals=sudden-death', 'criticals=x', 'nope=1', 'x', '=', 'firstStrike=4')],
  [
    '--table',
    fc.constantFrom('fumbles=my.yaml', 'fumbles=enc.yaml', 'nope=my.yaml', 'fumbles=missing.yaml', 'x'),
  ],
  ['--save', fc.constantFrom('out.json', 'enc.yaml', 'my.yaml', 'sub/none.json')],
  ['--out', fc.constantFrom('part.json', 'enc.yaml', 'report.html')],
  ['--report', fc.constantFrom('report.html', 'enc.yaml', 'part.json')],
  ['--shard', fc.constantFrom('1/2', '2/2', '3/2', '0/1', 'x')],
  ['--until-ci', fc.constantFrom('0.05', '0', '2', 'x')],
  ['--dice', fc.constantFrom('60,22,1', '101', 'x', '', '3 4')],
  [
    '--vary',
    fc.constantFrom(
      'sides[0].combatants[0].profile.WS=30,40',
      'options.criticals=detailed',
      'x=1..3',
      'sides[9].x=1',
    ),
  ],
  ['--a', fc.constantFrom('criticals=detailed', 'file=enc.yaml', 'x')],
  ['--b', fc.constantFrom('criticals=sudden-death', 'sides[0].combatants[0].profile.WS=700', 'file=my.yaml')],
  ['--csv', fc.constantFrom('t.csv', 'enc.yaml')],
  ['--svg', fc.constantFrom('p.svg', 't.csv')],
  ['--allow-path', fc.constantFrom('.', '/nowhere', '..')],
];

export const cliCase = fc.record({
  command: fc.constantFrom('fight', 'sim', 'odds', 'sheet', 'compare', 'sweep', 'merge', 'rulesets', 'nope'),
  file: fc.constantFrom(
    'enc.yaml',
    'enc.yaml',
    'enc.yaml',
    'enc.yaml',
    'my.yaml',
    'missing.yaml',
    'part.json',
    '.',
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

function snapshot(dir: string): string {
  return list(dir)
    .sort()
    .map((n) => {
      try {
        return `${n}:${readFileSync(join(dir, n), 'utf8')}`;
      } catch {
        return `${n}:(folder)`;
      }
    })
    .join('\n');
}

/** A folder with an encounter, a user table and a part file, for commands to read and write. */
export function cliFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fray-fuzz-'));
  const root = packageRoot();
  copyFileSync(join(root, 'data', 'wfrp1e', 'encounters', 'demo.yaml'), join(dir, 'enc.yaml'));
  copyFileSync(join(root, 'data', 'wfrp1e', 'user-tables', 'my-fumbles.yaml'), join(dir, 'my.yaml'));
  writeFileSync(join(dir, 'part.json'), '{"fray": "nope"}\n');
  return dir;
}

const FILE_FLAGS = new Set(['--save', '--out', '--report', '--csv', '--svg']);

/** A flag's file names made paths in the case's folder, as a user working there would write them. */
function inDir(flag: string, v: string, dir: string): string {
  if (FILE_FLAGS.has(flag)) return join(dir, v);
  if (flag === '--allow-path') return v === '/nowhere' ? v : join(dir, v);
  if (flag === '--table' || flag === '--a' || flag === '--b') {
    const m = /^(\w+)=([\w.-]+\.(yaml|json))$/.exec(v);
    if (m && (flag === '--table' || m[1] === 'file')) return `${m[1]}=${join(dir, m[2] as string)}`;
  }
  return v;
}

/** Runs one command in-process in `dir`; a refusal (exit 2) must say why plainly and change nothing. */
export async function runCli(c: CliCase, dir: string): Promise<{ outcome: CliOutcome; detail: string }> {
  const argv = [
    c.command,
    join(dir, c.file),
    ...c.flags.flatMap(([name, v]) =>
      v === undefined ? [name as string] : [name as string, inDir(name as string, v, dir)],
    ),
  ];
  const before = snapshot(dir);
  let out = '';
  let err = '';
  const sink = (put: (t: string) => void) =>
    new Writable({
      write(chunk, _enc, cb) {
        put(String(chunk));
        cb();
      },
    });
  let code: number;
  try {
    code = await main(['node', 'fray', ...argv], {
      out: sink((t) => (out += t)),
      err: sink((t) => (err += t)),
      input: Readable.from(['quit\n']),
    });
  } catch (e) {
    return { outcome: 'crash', detail: `${argv.join(' ')}: ${(e as Error).stack}` };
  }
  const shown = `${argv.join(' ')} → ${code}: ${err.slice(0, 300)}`;
  if (/\n\s+at /.test(err)) return { outcome: 'stack', detail: shown };
  if (code === 1) return { outcome: 'crash', detail: shown };
  if (code === 2) {
    if (!err.trim()) return { outcome: 'unsaid', detail: shown };
    if (snapshot(dir) !== before) return { outcome: 'changed', detail: shown };
    return { outcome: 'refused', detail: '' };
  }
  void out;
  return { outcome: 'ran', detail: '' };
}

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
  };
  const examples: string[] = [];
  for (const c of fc.sample(cliCase, { numRuns: n, seed })) {
    const r = await runCli(c, cliFolder());
    counts[r.outcome]++;
    if (r.outcome !== 'ran' && r.outcome !== 'refused' && examples.length < 20)
      examples.push(`${r.outcome}: ${r.detail}`);
  }
  return { counts, examples };
}
