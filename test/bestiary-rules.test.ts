// Every creature's own rules played or named (issue 43). For each creature of the WFRP 1e and
// OpenQuest bestiaries, test/fixtures/bestiary-rules.yaml lists the rules its source prints (facts,
// in our words); each is played, by a field of its row that a test shows, or named in the row's
// `notPlayed` (said when the creature fights), or outside what a Fray fight stages (water, darkness
// where the ruleset has none, what happens before or after the fight), with the reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './helpers.js';

interface Rule {
  readonly rule: string;
  readonly played?: string;
  readonly named?: string;
  readonly outside?: string;
}
interface Entry {
  readonly read?: string;
  readonly unread?: string;
  readonly ours?: string;
  readonly rules?: readonly Rule[];
}
type Fixture = Record<'wfrp1e' | 'openquest', Record<string, Entry>>;
interface Row {
  readonly id: string;
  readonly source: string;
  readonly notPlayed?: string;
  readonly [field: string]: unknown;
}

const FIXTURE = parse(readFileSync(join(ROOT, 'test', 'fixtures', 'bestiary-rules.yaml'), 'utf8')) as Fixture;
const rowsOf = (ruleset: string): Row[] =>
  (parse(readFileSync(join(ROOT, 'data', ruleset, 'bestiary.yaml'), 'utf8')) as { creatures: Row[] })
    .creatures;

/**
 * The rules a row's field plays, each with the fights that show it: the Bestiary's two
 * (test/wfrp1e/own-rules.test.ts), and
 * WFRP 1e's night vision and flight (test/wfrp1e/scene.test.ts, § Positioning and Detection: sight
 * in the dark; test/wfrp1e/creatures.test.ts, § Attacks From Flying Creatures).
 */
const PLAYED: Readonly<Record<string, (row: Row) => boolean>> = {
  immune: (row) => row.immune === 'non-magic',
  drains: (row) => row.drains === 'S',
  sees: (row) => typeof row.sees === 'string',
  flying: (row) => row.flying === true,
};

describe.each(['wfrp1e', 'openquest'] as const)(
  '%s: every creature’s own rules, played or named',
  (ruleset) => {
    const rows = rowsOf(ruleset);
    const fixture = FIXTURE[ruleset];

    it('the fixture has every row of the bestiary, and no other', () => {
      expect(Object.keys(fixture).sort()).toEqual(rows.map((r) => r.id).sort());
    });

    it('a row of ours prints no rules; an entry not read says why; a read one names where', () => {
      for (const row of rows) {
        const e = fixture[row.id] as Entry;
        const kinds = [e.read, e.unread, e.ours].filter((x) => x !== undefined);
        expect(kinds, row.id).toHaveLength(1);
        if (e.ours !== undefined) expect(row.source, row.id).toMatch(/^ours\b/);
        if (e.read === undefined) expect(e.rules, row.id).toBeUndefined();
        else expect(Array.isArray(e.rules), row.id).toBe(true);
      }
    });

    it.each(rows.map((r) => [r.id]))(
      '%s: each rule its source prints is played, named or outside a fight',
      (id) => {
        const row = rows.find((r) => r.id === id) as Row;
        const e = fixture[id] as Entry;
        const notPlayed = (row.notPlayed ?? '').toLowerCase();
        const problems: string[] = [];
        for (const r of e.rules ?? []) {
          const ways = [r.played, r.named, r.outside].filter((x) => x !== undefined);
          if (ways.length !== 1) problems.push(`${r.rule}: exactly one of played, named, outside`);
          if (r.played !== undefined) {
            const check = PLAYED[r.played];
            if (!check) problems.push(`${r.rule}: no test plays '${r.played}'`);
            else if (!check(row)) problems.push(`${r.rule}: played by '${r.played}', which the row lacks`);
          }
          if (r.named !== undefined && !notPlayed.includes(r.named.toLowerCase()))
            problems.push(`${r.rule}: notPlayed does not name "${r.named}"`);
          if (r.outside !== undefined && r.outside.length < 10)
            problems.push(`${r.rule}: why is it outside a fight?`);
        }
        // And the other way: a field that plays a rule plays one its source prints.
        for (const [key, check] of Object.entries(PLAYED))
          if (
            key !== 'sees' &&
            key !== 'flying' &&
            check(row) &&
            !(e.rules ?? []).some((r) => r.played === key)
          )
            problems.push(`the row plays '${key}', which the fixture does not find in its source`);
        expect(problems).toEqual([]);
      },
    );
  },
);
