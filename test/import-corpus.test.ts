// The corpus (data/blocks/corpus/): stat blocks as published books, adventures, web pages and public
// transcriptions lay them out, each with the numbers and gear its source prints. Every block is
// imported and checked number by number and gear by gear against them; whatever the block gives
// that Fray does not play or could not match must be warned of (its `warn:` words).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { importBlock } from '../src/files/import.js';
import { shippedOnlyEnv } from '../src/files/disk.js';
import { ROOT } from './helpers.js';

const DIR = join(ROOT, 'data', 'blocks', 'corpus');

interface Expected {
  readonly ruleset: string;
  readonly layout: string;
  readonly source: string;
  readonly name: string;
  readonly weapons?: readonly string[];
  readonly armour?: readonly string[] | string;
  readonly warn?: readonly string[];
  readonly noted?: readonly string[];
  readonly [field: string]: unknown;
}

/** Fields of the expectation that are about the file, not the entry. */
const ABOUT = new Set([
  'ruleset',
  'layout',
  'source',
  'warn',
  'noted',
  'choices',
  'card',
  'weapons',
  'armour',
]);

const blocks = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort();

describe('the corpus of blocks as others print them', () => {
  it('holds at least 40 blocks, each with its expectation, over all five rulesets', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(40);
    const rulesets = new Set(blocks.map((b) => expectation(b).ruleset));
    expect([...rulesets].sort()).toEqual([
      'ahq-house',
      'fantasy-wargaming',
      'openquest',
      'wfrp-cp',
      'wfrp1e',
    ]);
  });

  it.each(blocks)('%s: every number and every piece of gear as printed', (file) => {
    const want = expectation(file);
    const r = importBlock(want.ruleset, readFileSync(join(DIR, file), 'utf8'), file, {
      env: shippedOnlyEnv(),
    });
    const e = r.entry as Record<string, unknown>;
    expect(e.name, 'name').toBe(want.name);
    // An empty list expected is a field the entry leaves out.
    const none = (v: unknown) => (v === null || (Array.isArray(v) && v.length === 0) ? undefined : v);
    for (const [field, value] of Object.entries(want))
      if (!ABOUT.has(field) && field !== 'name') expect(e[field], field).toEqual(none(value));
    const held = [...((e.weapons as string[]) ?? []), ...((e.carried as string[]) ?? [])];
    expect([...new Set(held)].sort(), 'weapons, in hand and carried').toEqual(
      [...new Set(want.weapons ?? [])].sort(),
    );
    if (typeof want.armour === 'string' || e.armour === undefined || typeof e.armour === 'string')
      expect(e.armour, 'armour').toEqual(none(want.armour));
    else expect([...(e.armour as string[])].sort(), 'armour').toEqual([...(want.armour ?? [])].sort());
    const said = r.warnings
      .map((w) => w.message)
      .join('\n')
      .toLowerCase();
    for (const word of want.warn ?? [])
      expect(said, `a warning names '${word}'`).toContain(word.toLowerCase());
    // What does not matter to a fight (money, a career) is named among the lines not used.
    const noted = r.unused
      .map((u) => `${u.text} ${u.why}`)
      .join('\n')
      .toLowerCase();
    for (const word of want.noted ?? [])
      expect(noted, `a line not used names '${word}'`).toContain(word.toLowerCase());
  });
});

function expectation(file: string): Expected {
  return parse(readFileSync(join(DIR, file.replace(/\.txt$/, '.expect.yaml')), 'utf8')) as Expected;
}
