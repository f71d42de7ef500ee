// Part files are not trusted: fray merge checks every sum, the roster and the digest, and a part
// that does not add up is refused, naming the file and the field. The property tests tamper with
// a real part at random: an edit is refused, or changes nothing; an edit with its digest made
// again is refused or merges to figures that make sense (never NaN, rates within 0..1).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, partDigest, type PartFile } from '../src/sim/part.js';
import { wilson } from '../src/sim/stats.js';
import { encounterPath, fray } from './helpers.js';

const demo = encounterPath('demo.yaml');
const dir = mkdtempSync(join(tmpdir(), 'fray-parts-'));
const partA = join(dir, 'a.json');
const partB = join(dir, 'b.json');
let textA = '';
let merged = '';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

beforeAll(async () => {
  for (const [p, k] of [
    [partA, '1/2'],
    [partB, '2/2'],
  ] as const) {
    const r = await fray([
      'sim',
      demo,
      '--runs',
      '300',
      '--seed',
      '5',
      '--shard',
      k,
      '--out',
      p,
      '--workers',
      '1',
    ]);
    expect(r.code).toBe(0);
  }
  textA = readFileSync(partA, 'utf8');
  const m = await fray(['merge', partA, partB, '--json']);
  expect(m.code).toBe(0);
  merged = m.out;
});

const partOf = (text: string) => JSON.parse(text) as PartFile & Record<string, Json>;

/** Writes an edited copy of part A (its digest made again if `reseal`), and merges it with part B. */
let written = 0;
async function mergeEdited(
  edit: (p: Record<string, Json>) => void,
  reseal: boolean,
  args: string[] = ['--json'],
) {
  const p = partOf(textA) as unknown as Record<string, Json>;
  edit(p);
  if (reseal) p.digest = partDigest(p as unknown as PartFile);
  const file = join(dir, `edited-${written++}.json`);
  // YAML reads JSON, and .nan and .inf besides: a part may hold what JSON cannot.
  writeFileSync(file, JSON.stringify(p).replace(/"@(\.nan|\.inf|-\.inf)"/g, '$1'));
  return { file, ...(await fray(['merge', file, partB, ...args])) };
}

/** A refusal: exit 2, nothing printed, the file named. */
function expectRefused(r: { file: string; code: number; out: string; err: string }): void {
  expect(r.code, r.err).toBe(2);
  expect(r.out).toBe('');
  expect(r.err).toMatch(/^fray: /);
  expect(r.err).toContain(basename(r.file));
  expect(r.err).not.toMatch(/\n\s+at |internal error/);
}

describe('fray merge refuses a part that does not add up', () => {
  it('wins raised by 30: the sum named, and the digest', async () => {
    const r = await mergeEdited((p) => {
      ((p.totals as { wins: number[] }).wins[0] as number) += 30;
    }, false);
    expectRefused(r);
    expect(r.err).toMatch(
      /totals\.wins: the wins \(\d+, \d+\) and draws \(\d+\) add up to \d+ fights, not the 150 runs/,
    );
    expect(r.err).toContain('digest: does not match the contents');
    expect(r.err).not.toContain('NaN');
  });

  // Each edit made with its digest made again: the sums alone must catch it.
  const cases: [string, (p: Record<string, Json>) => void, string | RegExp][] = [
    [
      'draws raised',
      (p) => ((p.totals as { draws: number }).draws += 1),
      /totals\.wins: .* add up to 151 fights, not the 150 runs/,
    ],
    [
      'a round length raised',
      (p) => {
        const r = (p.totals as { rounds: number[] }).rounds;
        r[r.length - 1] = (r[r.length - 1] as number) + 1;
      },
      'totals.rounds: the fights by length add up to 151, not the 150 runs',
    ],
    [
      'a side dropped from the roster with its wins',
      (p) => {
        (p.roster as { sides: string[] }).sides.pop();
        (p.totals as { wins: number[] }).wins.pop();
      },
      /roster\.combatants\[\d\]\.side: side 1, but the roster has 1 side/,
    ],
    [
      'a side dropped from the roster',
      (p) => (p.roster as { sides: string[] }).sides.pop(),
      'totals.wins: wins of 2 sides, but the roster has 1',
    ],
    [
      'a combatant dropped from the roster',
      (p) => (p.roster as { combatants: unknown[] }).combatants.pop(),
      'totals.combatants: counts of 5 combatants, but the roster has 4',
    ],
    [
      'more standing than fights',
      (p) => ((p.totals as { combatants: { survived: number }[] }).combatants[0]!.survived = 151),
      /totals\.combatants\[0\]: standing at the end in 151 fights, fled in \d+ and down in \d+/,
    ],
    [
      'a side wiped out more often than it was beaten',
      (p) => ((p.totals as { sides: { wiped: number }[] }).sides[0]!.wiped = 151),
      /totals\.sides\[0\]: wiped out in 151 fights and fled in \d+, but beaten in only \d+/,
    ],
    [
      'someone dead more often than someone down',
      (p) => {
        const side = (p.totals as { sides: { someDown: number; someDead: number }[] }).sides[1]!;
        side.someDead = side.someDown + 1;
      },
      /totals\.sides\[1\]\.someDead: someone dead in \d+ fights but someone down in only \d+/,
    ],
    [
      'a histogram that does not match its sums',
      (p) => {
        const h = (p.totals as { combatants: { hist: Record<string, number[]> }[] }).combatants[1]!.hist
          .woundsTaken!;
        h[0] = (h[0] as number) + 1;
        h[1] = (h[1] as number) - 1;
      },
      /totals\.combatants\[1\]\.hist\.woundsTaken: its values add up to \d+ \(squares \d+\), but stats\.woundsTaken says/,
    ],
    [
      'a sum of squares no whole counts give',
      (p) => ((p.totals as { tallies: { squares: number }[] }).tallies[0]!.squares = 0),
      /totals\.tallies\[0\]: a sum of \d+ and a sum of squares of 0 cannot come from whole counts over 150 runs/,
    ],
    [
      'a histogram with a trailing 0',
      (p) => (p.totals as { rounds: number[] }).rounds.push(0),
      'a histogram that ends in 0',
    ],
    [
      'runs of another shard',
      (p) => (p.from = 10),
      'from: shard 1/2 of 300 runs holds runs 0..149, not from 10 to 150',
    ],
    ['a shard past the count', (p) => (p.shard = [3, 2]), 'shard: shard 3 of 2: K is at most N'],
    [
      'a fractional count',
      (p) => ((p.totals as { draws: number }).draws = 0.5),
      'totals.draws: expected a whole number, 0 or more',
    ],
    [
      'a NaN count',
      (p) => ((p.totals as { draws: Json }).draws = '@.nan'),
      'totals.draws: expected a whole number, 0 or more',
    ],
    ['another seed', (p) => (p.seed = 6), 'not a part of the same run as'],
    ['another title', (p) => (p.title = 'x'), 'title "The bridge at Grissenwald", not "x"'],
    [
      'a renamed combatant',
      (p) => ((p.roster as { combatants: { name: string }[] }).combatants[0]!.name = 'Hans'),
      'the roster (sides and combatants) differs',
    ],
  ];
  for (const [what, edit, said] of cases)
    it(`${what}, even with its digest made again`, async () => {
      const r = await mergeEdited(edit, true);
      expectRefused(r);
      if (typeof said === 'string') expect(r.err).toContain(said);
      else expect(r.err).toMatch(said);
    });

  it('an edit that leaves the sums right is refused by the digest', async () => {
    const r = await mergeEdited((p) => {
      const t = p.totals as { wins: number[]; sides: { wiped: number; fled: number }[] };
      t.wins[0] = (t.wins[0] as number) - 1;
      t.wins[1] = (t.wins[1] as number) + 1;
      // How the sides ended moves with the win, so that every sum still adds up.
      const [won, lost] = [t.sides[0], t.sides[1]] as [
        { wiped: number; fled: number },
        { wiped: number; fled: number },
      ];
      const how = lost.wiped > 0 ? 'wiped' : 'fled';
      lost[how]--;
      won[how]++;
    }, false);
    expectRefused(r);
    expect(r.err).toMatch(
      /^fray: \S+edited-\d+\.json:1:\d+ digest: does not match the contents: the part was changed after fray sim wrote it/,
    );
  });

  it('a part of the old format is refused by its version, saying what to do', async () => {
    const r = await mergeEdited((p) => {
      p.version = 1;
      delete p.digest;
    }, false);
    expectRefused(r);
    expect(r.err).toContain(
      'version: a part of version 1, written by an older fray; this one reads version 3: run the shard again with fray sim --shard K/N --out FILE',
    );
  });

  it('names every file that does not add up, not only the first', async () => {
    const bad = join(dir, 'bad-b.json');
    writeFileSync(bad, readFileSync(partB, 'utf8').replace('"draws":', '"draws":1,"x":'));
    const a = join(dir, 'bad-a.json');
    writeFileSync(a, textA.replace('"seed":5', '"seed":6'));
    const r = await fray(['merge', a, bad]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('bad-a.json:1:');
    expect(r.err).toContain('bad-b.json:1:');
  });

  it('reformatting a part (spaces, key order) changes nothing', async () => {
    const p = partOf(textA);
    const file = join(dir, 'pretty.json');
    const reversed = Object.fromEntries(Object.entries(p).reverse());
    writeFileSync(file, JSON.stringify(reversed, null, 2));
    const r = await fray(['merge', file, partB, '--json']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(merged);
  });

  it('the digest is over canonical JSON: key order and spacing do not change it', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: 'x' }], a: null })).toBe('{"a":null,"b":[1,{"c":"x","d":2}]}');
    const p = partOf(textA);
    expect(p.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(partDigest(p)).toBe(p.digest);
  });
});

// ------------------------------------------------------------------ properties

/** Every path to a value in a JSON document, containers included. */
function pathsOf(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(v)) return [...here, ...v.flatMap((x, i) => pathsOf(x, [...at, i]))];
  if (v !== null && typeof v === 'object')
    return [...here, ...Object.entries(v).flatMap(([k, x]) => pathsOf(x, [...at, k]))];
  return here;
}

function parentOf(root: Json, path: readonly (string | number)[]): Record<string | number, Json> {
  let v: Json = root;
  for (const step of path.slice(0, -1)) v = (v as Record<string | number, Json>)[step] as Json;
  return v as Record<string | number, Json>;
}

type Change =
  | { kind: 'number'; by: number }
  | { kind: 'value'; value: Json }
  | { kind: 'drop' }
  | { kind: 'copy' }
  | { kind: 'add' };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    kind: fc.constant('number' as const),
    by: fc.integer({ min: -40, max: 40 }).filter((x) => x !== 0),
  }),
  fc.record({
    kind: fc.constant('value' as const),
    value: fc.constantFrom<Json>(
      0,
      -1,
      0.5,
      1e300,
      2 ** 60,
      9007199254740991,
      null,
      '',
      'x',
      [],
      {},
      true,
      '@.nan',
      '@.inf',
      '@-.inf',
    ),
  }),
  fc.record({ kind: fc.constant('drop' as const) }),
  fc.record({ kind: fc.constant('copy' as const) }),
  fc.record({ kind: fc.constant('add' as const) }),
);

/** Makes `c` at the `pick`-th path of the document (outside the totals half the time: the identity and roster). */
function tamper(p: Record<string, Json>, pick: number, outside: boolean, c: Change): void {
  const all = pathsOf(p).filter((x) => x.length > 0 && (!outside || x[0] !== 'totals'));
  const path = all[pick % all.length] as (string | number)[];
  const parent = parentOf(p, path);
  const key = path[path.length - 1] as string | number;
  const v = parent[key] as Json;
  switch (c.kind) {
    case 'number':
      parent[key] = typeof v === 'number' ? v + c.by : c.by;
      break;
    case 'value':
      parent[key] = c.value;
      break;
    case 'drop':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case 'copy':
      if (Array.isArray(parent)) parent.splice(key as number, 0, structuredClone(v));
      else parent[`${key}2`] = structuredClone(v);
      break;
    case 'add':
      if (Array.isArray(v))
        v.push(
          Array.isArray(v[0]) ? [] : typeof v[0] === 'object' && v[0] !== null ? structuredClone(v[0]) : 1,
        );
      else if (v !== null && typeof v === 'object') v.extra = 1;
      else parent[key] = [v];
  }
}

/** Figures that make sense: every number finite, every rate and interval within 0..1, the counts adding up. */
function expectSane(s: {
  runs: number;
  draws: number;
  sides: { wins: number; winRate: number; ci95: [number, number] }[];
  drawRate: { rate: number; ci95: [number, number] };
  rounds: { distribution: { fights: number }[] };
  combatants: {
    survived: { rate: number; ci95: [number, number] };
    fled: { rate: number; ci95: [number, number] };
  }[];
}): void {
  const numbers = (v: unknown): number[] =>
    typeof v === 'number'
      ? [v]
      : v !== null && typeof v === 'object'
        ? Object.values(v).flatMap(numbers)
        : [];
  for (const x of numbers(s)) expect(Number.isFinite(x)).toBe(true);
  const rates = [
    ...s.sides.map((x) => ({ rate: x.winRate, ci95: x.ci95 })),
    s.drawRate,
    ...s.combatants.flatMap((c) => [c.survived, c.fled]),
  ];
  for (const r of rates) {
    expect(0 <= r.ci95[0] && r.ci95[0] <= r.rate && r.rate <= r.ci95[1] && r.ci95[1] <= 1).toBe(true);
  }
  expect(s.sides.reduce((a, x) => a + x.wins, 0) + s.draws).toBe(s.runs);
  expect(s.rounds.distribution.reduce((a, d) => a + d.fights, 0)).toBe(s.runs);
}

describe('fray merge shows what a part says as text, never as commands to the terminal (issue 29)', () => {
  /** Both parts edited alike and sealed again, as a hand with the checksum's recipe could. */
  function resealedPair(edit: (p: Record<string, Json>) => void): [string, string] {
    return [partA, partB].map((f, k) => {
      const p = partOf(readFileSync(f, 'utf8')) as unknown as Record<string, Json>;
      edit(p);
      p.digest = partDigest(p as unknown as PartFile);
      const out = join(dir, `resealed-${written++}-${k}.json`);
      writeFileSync(out, JSON.stringify(p));
      return out;
    }) as [string, string];
  }

  it('titles and names with escape codes, direction overrides and zero-width characters are printed escaped', async () => {
    const evil = 'Evil\u001b[2J\u001b]0;pwned\u0007\u202eRED\u200b\nline';
    const files = resealedPair((p) => {
      p.title = evil;
      const roster = p.roster as { sides: string[]; combatants: { name: string }[] };
      roster.sides[0] = `Side${evil}`;
      roster.combatants[0]!.name = `Who${evil}`;
    });
    const r = await fray(['merge', ...files]);
    expect(r.code, r.err).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(r.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e\u200b]/);
    expect(r.out).toContain('Evil\\x1b[2J\\x1b]0;pwned\\x07\\u{202e}RED\\u{200b}\\x0aline');
    expect(r.out).toContain('SideEvil\\x1b');
    expect(r.out).toContain('WhoEvil\\x1b');
    // Every summary line is one line: a name's line break does not start another.
    expect(r.out.split('\n').filter((l) => l.startsWith('line')).length).toBe(0);
  });

  it('parts keeping other counts are refused naming the count and the field', async () => {
    const [a, b] = resealedPair((p) => {
      const c = (p.totals as { combatants: { stats: Record<string, Json>; hist: Record<string, Json> }[] })
        .combatants[2]!;
      delete c.stats.fumbles;
      delete c.hist.fumbles;
    });
    const r = await fray(['merge', a, partB]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `${basename(partB)} totals.combatants[2].stats: keeps the count 'fumbles', which`,
    );
    expect(r.err).toContain(`${a} does not keep`);
    const swapped = await fray(['merge', partA, b]);
    expect(swapped.err).toContain(
      `totals.combatants[2].stats: lacks the count 'fumbles', which ${partA} keeps`,
    );
  });
});

describe('properties of fray merge', () => {
  it('any edit of a part is refused naming the file, or changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.boolean(), change, async (pick, outside, c) => {
        const r = await mergeEdited((p) => tamper(p, pick, outside, c), false);
        if (r.code === 0) expect(r.out).toBe(merged);
        else expectRefused(r);
      }),
      { numRuns: 300 },
    );
  });

  it('an edit with its digest made again is refused naming the file, or merges to figures that make sense', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.boolean(), change, async (pick, outside, c) => {
        const r = await mergeEdited((p) => tamper(p, pick, outside, c), true);
        if (r.code !== 0) {
          expectRefused(r);
          return;
        }
        expect(r.out).not.toMatch(/NaN|Infinity/);
        expectSane(JSON.parse(r.out));
      }),
      { numRuns: 300 },
    );
  });

  it('the printed summary of a merge never says NaN', async () => {
    const r = await fray(['merge', partA, partB]);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('NaN');
  });

  it('Wilson intervals of whole counts k ≤ n are finite, within 0..1 and hold k/n', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 2_000_000_000 })
          .chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n))),
        ([k, n]) => {
          const [lo, hi] = wilson(k, n);
          expect(Number.isFinite(lo) && Number.isFinite(hi)).toBe(true);
          expect(0 <= lo && lo <= k / n && k / n <= hi && hi <= 1).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
    // Counts that cannot be are a bug to stop at, not NaN to print.
    for (const [k, n] of [
      [45, 20],
      [-1, 20],
      [NaN, 20],
      [3, Infinity],
    ] as const)
      expect(() => wilson(k, n)).toThrow(RangeError);
  });
});
