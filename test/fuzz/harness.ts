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
import { nodeEnv } from '../../src/files/disk.js';
import { packageRoot } from '../../src/node/root.js';
import { RULESETS } from '../../src/rulesets/index.js';

/** Words of the schema or YAML libraries that a refusal in our words never uses. */
export const FOREIGN_WORDS =
  /Invalid input|Invalid option|received |Too (big|small)|expected (number|string|boolean|array|object|nonoptional)\b|Unrecognized|\[object |Maximum call stack/;

/**
 * A case's clock, started now: what happened, or 'slow' when the case took longer than `slowMs`
 * (a hang, for a crash is a crash however long it took).
 */
export function clocked<O extends string>(slowMs: number) {
  const t0 = performance.now();
  return (outcome: O, detail = ''): { outcome: O | 'slow'; detail: string } => {
    const ms = performance.now() - t0;
    return ms > slowMs && outcome !== 'crash'
      ? { outcome: 'slow', detail: `${ms.toFixed(0)} ms ${detail}` }
      : { outcome, detail };
  };
}

/**
 * A refusal of the file named `file`: clean, in the libraries' words, or naming no line (but for
 * the refusals `whole` says are of the whole file, with no line to point at).
 */
export function refusalOf(
  e: ValidationError,
  file: string,
  whole: RegExp,
): { outcome: 'refused' | 'foreign words' | 'unlocated'; detail: string } {
  const foreign = e.issues.map(formatIssue).find((l) => FOREIGN_WORDS.test(l));
  if (foreign) return { outcome: 'foreign words', detail: foreign };
  const unlocated = e.issues.find((i) => i.line === undefined && !whole.test(i.message) && i.file === file);
  if (unlocated) return { outcome: 'unlocated', detail: formatIssue(unlocated) };
  return { outcome: 'refused', detail: '' };
}

export type Outcome =
  | 'fought' // loaded and fought to its end
  | 'refused' // a clean refusal: every problem located and in our words
  | 'crash' // anything thrown but a refusal
  | 'unlocated' // a refusal naming no line
  | 'foreign words' // a refusal in the schema library's words
  | 'nan' // NaN or Infinity in what a fight said
  | 'slow'; // over the time a case may take

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
  const done = clocked<Outcome>(slowMs);
  const { file, text } = mutated(c, files);
  let loaded;
  try {
    loaded = loadEncounterText('fuzz.yaml', text, RULESETS, nodeEnv(join(dirname(file), 'fuzz.yaml')), {});
  } catch (e) {
    if (!(e instanceof ValidationError)) return done('crash', `load: ${(e as Error).stack ?? e}`);
    const r = refusalOf(e, 'fuzz.yaml', /^and \d+ more/);
    return done(r.outcome, r.detail);
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
