// Every citation leads somewhere a reader has: a rules text and a section docs/sources.md lists,
// a heading of the page of our docs it names, or an entry of the table file it names. Fights of
// every example encounter, on a few seeds and with random choices, print most of what can be cited.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AutoDriver, type Driver } from '../src/core/context.js';
import { formatCite, type Cite } from '../src/core/events.js';
import { runFight } from '../src/core/fight.js';
import type { Loaded } from '../src/core/encounter.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { RULESETS } from '../src/rulesets/index.js';
import * as ahqCite from '../src/rulesets/ahq-house/cite.js';
import * as fwCite from '../src/rulesets/fantasy-wargaming/cite.js';
import * as oqCite from '../src/rulesets/openquest/cite.js';
import * as cpCite from '../src/rulesets/wfrp-cp/cite.js';
import * as w1Cite from '../src/rulesets/wfrp1e/cite.js';
import { loadFile, RandomChoices, ROOT } from './helpers.js';

/** The headings of a Markdown file, without their #s; fenced code is skipped (`#!/bin/sh` is not one). */
function headings(text: string): Set<string> {
  const found = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.+?)\s*$/.exec(line);
    if (m) found.add(m[1] as string);
  }
  return found;
}

/** The texts docs/sources.md lists: each `##` heading with a table of sections; the rows' first cells. */
function listedTexts(markdown: string): Map<string, Set<string>> {
  const texts = new Map<string, Set<string>>();
  let source: string | null = null;
  for (const line of markdown.split('\n')) {
    const h = /^## (.+?)\s*$/.exec(line);
    if (h) source = h[1] as string;
    const row = /^\| ([^|]+?) \|/.exec(line);
    if (!source || !row || row[1] === 'section' || /^-+$/.test(row[1] as string)) continue;
    const sections = texts.get(source) ?? new Set<string>();
    sections.add(row[1] as string);
    texts.set(source, sections);
  }
  return texts;
}

const SOURCES_MD = 'docs/sources.md';
const TEXTS = listedTexts(readFileSync(join(ROOT, SOURCES_MD), 'utf8'));

/** Why a citation leads nowhere, or null when it leads somewhere. */
function broken(c: Cite): string | null {
  const listed = TEXTS.get(c.source);
  if (listed) return listed.has(c.section) ? null : `${SOURCES_MD} lists no such section of ${c.source}`;
  const path = join(ROOT, c.source);
  if (!existsSync(path)) return `no text of that name in ${SOURCES_MD}, and no such file`;
  const text = readFileSync(path, 'utf8');
  if (c.source.endsWith('.md')) return headings(text).has(c.section) ? null : 'no such heading';
  const entry = /^entry (\d\d)$/.exec(c.section);
  if (/\.ya?ml$/.test(c.source) && entry) {
    const roll = Number(entry[1]) || 100;
    const entries = (parse(text) as { entries?: { roll: number }[] }).entries ?? [];
    return entries.some((e) => e.roll === roll) ? null : 'no such entry';
  }
  return 'not a section this test knows how to find';
}

/** The files under a folder whose names match, in order. */
function filesUnder(dir: string, name: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return filesUnder(path, name);
      return name.test(entry) ? [path] : [];
    });
}

const EXAMPLES = readdirSync(join(ROOT, 'data'))
  .sort()
  .flatMap((ruleset) =>
    ['encounters', 'examples'].flatMap((sub) =>
      filesUnder(join(ROOT, 'data', ruleset, sub), /\.(ya?ml|json)$/),
    ),
  );

/** Every citation printed by one fight, each with the first line that printed it. */
function citations(loaded: Loaded, driver: Driver, into: Map<string, { cite: Cite; line: string }>): void {
  const result = runFight(loaded.ruleset, loaded.setup, { driver, explain: true, record: false });
  for (const e of result.events)
    if (e.cite && !into.has(formatCite(e.cite))) into.set(formatCite(e.cite), { cite: e.cite, line: e.text });
}

function brokenOf(found: Map<string, { cite: Cite; line: string }>): string[] {
  return [...found.values()].flatMap(({ cite, line }) => {
    const why = broken(cite);
    return why ? [`[${formatCite(cite)}] ${why} (cited by "${line.slice(0, 80)}")`] : [];
  });
}

describe('citations', () => {
  it('resolve only what exists: the old file names and a missing heading fail', () => {
    expect(broken({ source: 'wfrp1e-combat.txt', section: 'Combat Procedure' })).not.toBeNull();
    expect(broken({ source: 'rules/README.md', section: 'WFRP 1e: Armour' })).not.toBeNull();
    expect(broken({ source: 'WFRP 1e (1986), Combat', section: 'No Such Section' })).not.toBeNull();
    expect(broken({ source: 'docs/rulesets/wfrp1e.md', section: 'ours: picking up' })).not.toBeNull();
    expect(broken({ source: 'data/wfrp1e/fumbles.yaml', section: 'entry 12' })).not.toBeNull();
    expect(broken({ source: 'WFRP 1e (1986), Combat', section: 'Combat Procedure' })).toBeNull();
    expect(broken({ source: 'docs/rulesets/wfrp1e.md', section: 'Picking up' })).toBeNull();
    expect(broken({ source: 'data/wfrp1e/fumbles.yaml', section: 'entry 00' })).toBeNull();
  });

  it('docs/sources.md lists every text a ruleset names, and those texts only', () => {
    const named = new Set([...RULESETS.values()].flatMap((r) => r.texts));
    expect([...TEXTS.keys()].sort()).toEqual([...named].sort());
  });

  it('docs/sources.md lists exactly the sections the code cites', () => {
    const listed = [...TEXTS].flatMap(([source, sections]) => [...sections].map((s) => `${source} § ${s}`));
    const cited = citationsInCode()
      .map(({ cite }) => cite)
      .filter((c) => TEXTS.has(c.source))
      .map(formatCite);
    expect([...new Set(listed)].sort()).toEqual([...new Set(cited)].sort());
  });

  it("every option's citation leads somewhere", () => {
    const cites = [...RULESETS.values()].flatMap((r) => r.options.map((o) => o.cite));
    expect(cites.flatMap((c) => (broken(c) ? [`[${formatCite(c)}] ${broken(c)}`] : []))).toEqual([]);
  });

  it('every citation written in the code with its section leads somewhere, printed in a fight or not', () => {
    const found = citationsInCode();
    expect(found.length).toBeGreaterThan(150);
    expect(
      found.flatMap(({ cite, where }) =>
        broken(cite) ? [`${where}: [${formatCite(cite)}] ${broken(cite)}`] : [],
      ),
    ).toEqual([]);
  });

  it.each(EXAMPLES.map((f) => [f.slice(ROOT.length + 1)]))(
    'every citation %s prints leads somewhere',
    (file) => {
      const path = join(ROOT, file);
      // The grid fights draw their board two ways; the plain one is the default.
      const variants: Record<string, string>[] = file.includes('ahq-house') ? [{}, { board: 'zones' }] : [{}];
      const found = new Map<string, { cite: Cite; line: string }>();
      for (const options of variants) {
        const loaded = loadFile(path, options);
        for (const seed of [1, 2, 3])
          citations(loaded, new AutoDriver(new SeededDice(Rng.seeded(seed))), found);
        for (const seed of [4, 5]) citations(loaded, new RandomChoices(seed), found);
      }
      expect(found.size).toBeGreaterThan(0);
      expect(brokenOf(found)).toEqual([]);
    },
  );

  it("every citation printed under each option's other values leads somewhere", () => {
    const found = new Map<string, { cite: Cite; line: string }>();
    for (const r of RULESETS.values()) {
      const first = EXAMPLES.find((f) => f.includes(join('data', r.id, 'encounters')));
      if (!first) continue;
      for (const o of r.options)
        for (const value of o.values.filter((v) => v !== o.default))
          citations(loadFile(first, { [o.name]: value }), new RandomChoices(1), found);
    }
    expect(brokenOf(found)).toEqual([]);
  });
});

const CITE_MODULES: Record<string, Record<string, unknown>> = {
  'ahq-house/cite.ts': ahqCite,
  'fantasy-wargaming/cite.ts': fwCite,
  'openquest/cite.ts': oqCite,
  'wfrp-cp/cite.ts': cpCite,
  'wfrp1e/cite.ts': w1Cite,
};

/**
 * Every call of a ruleset's cite functions with its section written out (`cite('Parrying')`,
 * `rule(7)`, `text(rear ? 'REAR ATTACKS' : 'FACING')`: the literals a ternary may yield, not those
 * of its condition), made into the citation it gives; and the table of WFRP 1e's sections.
 * Sections computed at run time (a fumble table's entries) are left to the fights.
 */
function citationsInCode(): { cite: Cite; where: string }[] {
  const rulesets = join(ROOT, 'src', 'rulesets');
  const found = Object.entries(w1Cite.CITES).map(([key, cite]) => ({ cite, where: `CITES.${key}` }));
  for (const file of filesUnder(rulesets, /\.ts$/)) {
    const code = readFileSync(file, 'utf8');
    for (const imp of code.matchAll(/import \{([^}]*)\} from '([^']*cite\.js)'/g)) {
      const module =
        CITE_MODULES[relative(rulesets, resolve(dirname(file), imp[2] as string)).replace(/\.js$/, '.ts')];
      if (!module) continue;
      for (const name of (imp[1] as string).split(',').map((n) => n.trim())) {
        const cite = module[name];
        if (typeof cite !== 'function') continue;
        for (const call of code.matchAll(new RegExp(`\\b${name}\\(((?:'[^']*'|"[^"]*"|[^()'"])*)\\)`, 'g'))) {
          const args = call[1] as string;
          const sections =
            name === 'rule'
              ? [...args.matchAll(/^\d+$/g)].map((m) => Number(m[0]))
              : [...args.matchAll(/(?:^|[?:])\s*(?:'([^']*)'|"([^"]*)")\s*(?=$|[?:])/g)].map(
                  (m) => m[1] ?? m[2],
                );
          const where = `${relative(ROOT, file)}:${code.slice(0, call.index).split('\n').length}`;
          for (const section of sections)
            found.push({ cite: (cite as (s: unknown) => Cite)(section), where });
        }
      }
    }
  }
  return found;
}
