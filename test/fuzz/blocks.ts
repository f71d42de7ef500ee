// The importer's part of the fuzz campaign: stat blocks made from a grammar of how books, adventures,
// web pages and transcriptions print them (a name line, the profile in one of their layouts, gear,
// skill, combat and special lines, markup and prose around them), from the bestiaries' numbers,
// then spoiled: a value that is no whole number, a prototype's name for a rule or a weapon, a
// bracket left open, a line of 60 KB, layouts mixed. Each block must be imported (its entry loads
// and its sheet says no NaN) or refused cleanly: at its line, in our words. Never a crash or a hang.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { ValidationError } from '../../src/core/document.js';
import { characterSheet } from '../../src/files/character.js';
import { importBlock } from '../../src/files/import.js';
import { shippedOnlyEnv } from '../../src/files/disk.js';
import { packageRoot } from '../../src/node/root.js';
import { clocked, refusalOf } from './harness.js';

export type BlockOutcome =
  | 'imported' // read, its entry loads, its sheet computed
  | 'refused' // a clean refusal: located, in our words
  | 'crash' // anything thrown but a refusal
  | 'unlocated' // a refusal of something in the block that names no line
  | 'foreign words' // a refusal in the schema or YAML library's words
  | 'nan' // NaN or Infinity in the entry or its sheet
  | 'slow'; // over the time a block may take: a hang

export const BLOCK_RULESETS = ['wfrp1e', 'wfrp-cp', 'openquest', 'fantasy-wargaming', 'ahq-house'] as const;
export type BlockRuleset = (typeof BLOCK_RULESETS)[number];

/** What a ruleset's profile is made of, for the grammar. */
interface Shape {
  readonly headings: readonly string[];
  /** Profiles to draw numbers from (a bestiary's, or values within the bounds). */
  readonly rows: readonly Readonly<Record<string, number | string>>[];
  readonly names: readonly string[];
  readonly weapons: readonly string[];
  readonly armour: readonly string[];
}

const root = packageRoot();
const yaml = (ruleset: string, file: string) =>
  parse(readFileSync(join(root, 'data', ruleset, file), 'utf8')) as Record<
    string,
    { name: string; [k: string]: unknown }[]
  >;

function shapes(): Record<BlockRuleset, Shape> {
  const wb = yaml('wfrp1e', 'bestiary.yaml').creatures ?? [];
  const ww = [
    ...(yaml('wfrp1e', 'weapons.yaml').weapons ?? []),
    ...(yaml('wfrp1e', 'missiles.yaml').missiles ?? []),
  ];
  const wa = yaml('wfrp1e', 'armour.yaml').pieces ?? [];
  const ob = yaml('openquest', 'bestiary.yaml').creatures ?? [];
  const ow = yaml('openquest', 'weapons.yaml').weapons ?? [];
  const oa = yaml('openquest', 'armour.yaml').armour ?? [];
  const ab = yaml('ahq-house', 'bestiary.yaml').creatures ?? [];
  const aw = yaml('ahq-house', 'weapons.yaml').weapons ?? [];
  const aa = yaml('ahq-house', 'armour.yaml').armour ?? [];
  const fw = yaml('fantasy-wargaming', 'weapons.yaml').weapons ?? [];
  const fa = yaml('fantasy-wargaming', 'armour.yaml').armour ?? [];
  const profiles = (rows: { [k: string]: unknown }[], key: string) =>
    rows.map((r) => r[key]).filter((p): p is Record<string, number> => p !== null && typeof p === 'object');
  const wfrp = {
    headings: ['M', 'WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Dex', 'Ld', 'Int', 'Cl', 'WP', 'Fel'],
    rows: profiles(wb, 'profile'),
    names: wb.map((r) => r.name),
    weapons: ww.map((r) => r.name),
    armour: wa.map((r) => r.name),
  };
  const fwRow = (i: number) => ({
    physique: 8 + (i % 10),
    agility: 9 + ((i * 3) % 9),
    endurance: 10 + ((i * 7) % 8),
    intelligence: 7 + ((i * 5) % 11),
    bravery: 8 + ((i * 2) % 10),
    selfishness: 6 + (i % 12),
    CL: i % 8,
  });
  return {
    wfrp1e: wfrp,
    'wfrp-cp': { ...wfrp, headings: ['WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Int'] },
    openquest: {
      headings: ['STR', 'CON', 'DEX', 'SIZ', 'INT', 'POW', 'CHA'],
      rows: profiles(ob, 'characteristics'),
      names: ob.map((r) => r.name),
      weapons: ow.map((r) => r.name),
      armour: oa.map((r) => r.name),
    },
    'fantasy-wargaming': {
      headings: ['physique', 'agility', 'endurance', 'intelligence', 'bravery', 'selfishness', 'CL'],
      rows: Array.from({ length: 20 }, (_, i) => fwRow(i)),
      names: ['Wulfstan', 'Raoul the Norman', 'Bjorn', 'Aelfric', 'Sigurd'],
      weapons: fw.map((r) => r.name),
      armour: fa.map((r) => r.name),
    },
    'ahq-house': {
      headings: ['WS', 'BS', 'DS', 'T', 'W', 'Sp', 'St', 'Br'],
      rows: profiles(ab, 'profile'),
      names: ab.map((r) => r.name),
      weapons: aw.map((r) => r.name),
      armour: aa.map((r) => r.name),
    },
  };
}

/** Values that are no whole number, or odd ones, as a paste may hold them. */
const ODD_VALUES = [
  '12.5',
  '3.9',
  '1e309',
  '12abc',
  '',
  '-',
  '999999',
  '99999999999999999999',
  '-5',
  '٣',
  'NaN',
  'Infinity',
  '0x1F',
  '3/4',
  '2D6',
  '8-10',
  '33*',
  '55%',
  '+3',
  '1,000',
  '½',
];

/** Names that are an object's own in JavaScript, or hostile, as a weapon, rule or heading may be written. */
const ODD_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '((((',
  ')))',
  '\u202eevil',
  'a\u0000b',
  '\u001b[2J',
  'x'.repeat(300),
  '15 GCs',
  'Crossbow with 12 bolts',
  '2 daggers',
  'sword (magic, +10 to hit)',
  'rope',
  'lantern',
  'Buckler (1D4)',
  'Bite (1D6+1D4+poison)',
];

const GEAR_KEYS = [
  'Weapons',
  'Armour',
  'Possessions',
  'Trappings',
  'Equipment',
  'Gear',
  'Armed with',
  'Armor',
];

/** A choice made one time in eight, else none. */
function rarely<T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: a });
}

/** One block's recipe: every choice the grammar makes, drawn by fast-check. */
export const blockCase = fc.record({
  ruleset: fc.nat(),
  row: fc.nat(),
  name: fc.nat(),
  nameStyle: fc.constantFrom('plain', 'caps', 'md', 'adoc', 'bold', 'none', 'odd', 'lead'),
  layout: fc.constantFrom('columns', 'tabs', 'pipes', 'border', 'pairs', 'inline', 'adoc', 'words'),
  indent: fc.constantFrom('', '', '  ', '    ', '\t'),
  blankBetween: fc.boolean(),
  crlf: fc.boolean(),
  /** Values spoiled: [which heading, which odd value]. */
  spoil: fc.oneof(
    { weight: 3, arbitrary: fc.constant([] as [number, number][]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 2 }) },
  ),
  dropCell: rarely(fc.nat()),
  gear: fc.array(
    fc.record({
      key: fc.nat(),
      items: fc.array(
        fc.oneof(
          fc.nat().map((n) => ({ data: n })),
          fc.nat().map((n) => ({ odd: n })),
        ),
        {
          minLength: 1,
          maxLength: 5,
        },
      ),
      sep: fc.constantFrom(', ', '; ', ' and ', '/', ', '),
    }),
    { maxLength: 3 },
  ),
  extra: fc.array(fc.nat(), { maxLength: 4 }),
  hostile: rarely(
    fc.record({
      unit: fc.constantFrom(
        'a ',
        'a',
        ' ',
        '(',
        ',',
        '%',
        '1',
        '| ',
        '-',
        'WS ',
        'Dodge 40%, ',
        'a:',
        '#',
        '*',
        // Thousands of lines: a table's cell carried on, cells, markup, headings, emphasis.
        '|===\n|a\n',
        'b\n',
        '|a\n',
        '[cols="7*"]\n',
        '== a\n',
        '*_a_*\n',
        '**Gear:** a\n',
        'Weapons: (\n',
      ),
      size: fc.integer({ min: 1000, max: 60000 }),
      prefix: fc.constantFrom(
        '',
        'Weapons: ',
        'Close Combat 50%: ',
        'Resistances: ',
        'Swords ',
        'STR ',
        'DD ',
      ),
    }),
  ),
  givenName: rarely(fc.constantFrom('Grukk', 'Orc', 'constructor', ' ', 'x'.repeat(70))),
});
export type BlockCase = typeof blockCase extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(xs: readonly T[], n: number): T => xs[n % xs.length] as T;

/** Lines a ruleset's blocks print besides the profile and gear, some of them spoiled. */
function extraLines(ruleset: BlockRuleset, n: number, shape: Shape): string {
  const w = pick(shape.weapons, n);
  const odd = pick(ODD_VALUES, n);
  const byRuleset: Record<BlockRuleset, string[]> = {
    wfrp1e: [
      'Skills: Strike to Stun, Dodge Blow, Specialist Weapon - Flail',
      'Psychology: hates Dwarfs; causes fear',
      `Special Rules: regenerates; ${pick(ODD_NAMES, n)}`,
      'Career: Mercenary',
      `W ${odd}`,
    ],
    'wfrp-cp': [
      'Weapon Abilities:',
      `Swords ${odd}% (15% basic, +10 advance)`,
      `Daggers&Knives ${pick(['12% / 32%', '13% +10 = 23/43%', `${odd}%`], n)}`,
      `(he is a ${pick(['4th', '5th', '3.9th', '0th', 'xth'], n)} level mage)`,
      'Chain mail - 1AP on chest.',
    ],
    openquest: [
      `Resistances: Dodge ${odd}%, Persistence 40%, Resilience 35%.`,
      `Practical: Athletics: 40%*, Deception 50%, Perception\n40%.`,
      `Close Combat ${pick(['55', '60', odd], n)}%: ${w}, ${pick(['Shield', 'Buckler (1D4)', 'Target Shield\n(1D6)', 'Battleaxe (1D6)'], n)}`,
      `Unarmed Combat 60%: Claw (1D4+1D4), ${pick(ODD_NAMES, n)} (1D6+1D4+poison).`,
      `Ranged Combat 50%: Short Bow (1D8, 1 CR, ${pick(['75m', '80m', odd], n)}).`,
      'Hit Points | Damage Modifier | Magic Points | MR | Armour | Loot |\n12 | +1D4 | 11 | 20m Fly | Leather (2AP) | 1 |',
      'Special Rules\nGhoul Venom\nType: Ingested or smeared.\nPotency: 22.',
      'Personal Magic 40%: Heal 6, Protection 2',
    ],
    'fantasy-wargaming': [
      `Combat level ${pick(['3', '5', odd], n)}`,
      'Culture: Saxon',
      `Role: ${pick(['warrior', 'mage', 'cleric', 'poet', 'constructor'], n)}`,
      'Leader',
      'Piety: 12',
    ],
    'ahq-house': [
      `Special rules: ${pick(['backstab', 'run amok', 'large monster', 'constructor', '__proto__', 'toString', 'infestation'], n)}`,
      `DD ${pick(['2', '3', odd], n)}`,
      `Damage: ${pick(['3 dice', odd], n)}`,
      'Spells: fire ball',
    ],
  };
  return pick(byRuleset[ruleset], n);
}

/** The block a recipe makes. */
export function blockText(
  c: BlockCase,
  all = shapes(),
): { ruleset: BlockRuleset; text: string; name?: string } {
  const ruleset = pick(BLOCK_RULESETS, c.ruleset);
  const shape = all[ruleset];
  const row = pick(shape.rows, c.row);
  const headings = shape.headings.filter((h) => row[h] !== undefined || ruleset === 'fantasy-wargaming');
  const values = headings.map((h) => String(row[h] ?? '-'));
  for (const [at, v] of c.spoil) values[at % values.length] = pick(ODD_VALUES, v);
  if (c.dropCell !== undefined && values.length > 1) values.splice(c.dropCell % values.length, 1);
  const name = c.nameStyle === 'odd' ? pick(ODD_NAMES, c.name) : pick(shape.names, c.name);
  const lines: string[] = [];
  const named: Record<string, string> = {
    plain: name,
    caps: name.toUpperCase(),
    md: `## ${name}`,
    adoc: `== ${name}`,
    bold: `**${name}**`,
    none: '',
    odd: name,
    lead: '',
  };
  if (named[c.nameStyle]) lines.push(named[c.nameStyle] as string);
  const lead = c.nameStyle === 'lead' ? `${name}  ` : '';
  switch (c.layout) {
    case 'columns':
      lines.push(headings.join('  '), lead + values.join('  '));
      break;
    case 'words':
      lines.push(headings.join(' '), lead + values.join(' '));
      break;
    case 'tabs':
      lines.push(headings.join('\t'), lead + values.join('\t'));
      break;
    case 'pipes':
      lines.push(`${headings.join(' | ')} |`, `${values.join(' | ')} |`);
      break;
    case 'border':
      lines.push(
        `| ${headings.join(' | ')} |`,
        `|${headings.map(() => '---').join('|')}|`,
        `| ${values.join(' | ')} |`,
      );
      break;
    case 'pairs':
      lines.push(headings.map((h, i) => `${h} ${values[i] ?? ''}`).join(', '));
      break;
    case 'inline':
      lines.push(`${name}: ${headings.map((h, i) => `${h} ${values[i] ?? ''}`).join(', ')}.`);
      break;
    case 'adoc':
      lines.push(
        '*_Characteristics_*',
        '',
        `[width="100%",cols="${headings.length}*",]`,
        '|===',
        headings.map((h) => `|${h}`).join(' '),
        values.map((v) => `|${v}`).join(' '),
        '|===',
      );
      break;
  }
  for (const g of c.gear) {
    const items = g.items.map((it) =>
      'data' in it ? pick([...shape.weapons, ...shape.armour], it.data) : pick(ODD_NAMES, it.odd),
    );
    lines.push(`${pick(GEAR_KEYS, g.key)}: ${items.join(g.sep)}`);
  }
  for (const e of c.extra) lines.push(extraLines(ruleset, e, shape));
  if (c.hostile) {
    const h = c.hostile;
    lines.push(h.prefix + h.unit.repeat(Math.ceil(h.size / h.unit.length)).slice(0, h.size) + '!');
  }
  const physical = lines.flatMap((l) => l.split('\n')).map((l) => (l === '' ? l : c.indent + l));
  const text = physical.join(c.blankBetween ? (c.crlf ? '\r\n\r\n' : '\n\n') : c.crlf ? '\r\n' : '\n');
  return { ruleset, text, ...(c.givenName !== undefined ? { name: c.givenName } : {}) };
}

/** Refusals of the whole block, not of a place in it: nothing there to point at. */
const WHOLE_BLOCK =
  /^(no (WFRP 1e profile|OpenQuest characteristics|Fantasy Wargaming characteristics|profile) found|the text is [\d.]+ [KM]B|expected a name, not empty)/;

/** A number that is no finite number, or text saying NaN, anywhere in an entry; undefined when none. */
function oddValue(v: unknown, path = 'entry'): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : `${path}: ${v}`;
  if (typeof v === 'string') return /\bNaN\b|\[object /.test(v) ? `${path}: ${v}` : undefined;
  if (typeof v === 'function') return `${path}: a function`;
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) {
      const o = oddValue(x, `${path}[${i}]`);
      if (o) return o;
    }
    return undefined;
  }
  if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      const o = oddValue(x, `${path}.${k}`);
      if (o) return o;
    }
  return undefined;
}

/** Reads one block, classifies what happened. */
export function runBlock(
  b: { ruleset: string; text: string; name?: string },
  slowMs = 2000,
): { outcome: BlockOutcome; detail: string } {
  const done = clocked<BlockOutcome>(slowMs);
  let r;
  try {
    r = importBlock(b.ruleset, b.text, 'fuzz.txt', {
      env: shippedOnlyEnv(),
      ...(b.name !== undefined ? { name: b.name } : {}),
    });
  } catch (e) {
    if (!(e instanceof ValidationError)) return done('crash', `import: ${(e as Error).stack ?? e}`);
    const refused = refusalOf(e, 'fuzz.txt', WHOLE_BLOCK);
    return done(refused.outcome, refused.detail);
  }
  // NaN, Infinity or undefined said where the block did not say them.
  const words = [/\bNaN\b/, /Infinity/, /\[object /, /\bundefined\b/].filter((w) => !w.test(b.text));
  const odd =
    oddValue(r.entry) ??
    [...r.read.map((f) => f.value), ...r.warnings.map((w) => w.message)].find((t) =>
      words.some((w) => w.test(t)),
    );
  if (odd !== undefined) return done('nan', odd);
  try {
    const sheet = characterSheet(b.ruleset, { ...r.entry });
    const bad = [...sheet.lines, ...(sheet.warnings ?? [])].find((t) => words.some((w) => w.test(t)));
    if (bad) return done('nan', bad);
  } catch (e) {
    return done('crash', `sheet of an imported entry: ${(e as Error).stack ?? e}`);
  }
  return done('imported');
}

/** Runs `n` blocks of each ruleset from `seed`: the counts by outcome and the first few of each bad kind. */
export function blockCampaign(
  n: number,
  seed: number,
  only: readonly BlockRuleset[] = BLOCK_RULESETS,
): { counts: Record<BlockRuleset, Record<BlockOutcome, number>>; examples: string[] } {
  const all = shapes();
  const zero = (): Record<BlockOutcome, number> => ({
    imported: 0,
    refused: 0,
    crash: 0,
    unlocated: 0,
    'foreign words': 0,
    nan: 0,
    slow: 0,
  });
  const counts = Object.fromEntries(BLOCK_RULESETS.map((r) => [r, zero()])) as Record<
    BlockRuleset,
    Record<BlockOutcome, number>
  >;
  const examples: string[] = [];
  BLOCK_RULESETS.forEach((ruleset, k) => {
    if (!only.includes(ruleset)) return;
    for (const c of fc.sample(blockCase, { numRuns: n, seed: seed + k })) {
      const b = blockText({ ...c, ruleset: k }, all);
      const r = runBlock(b);
      counts[ruleset][r.outcome]++;
      if (r.outcome !== 'imported' && r.outcome !== 'refused' && examples.length < 20)
        examples.push(
          `${ruleset} ${r.outcome}: ${JSON.stringify(b.text.slice(0, 400))}\n  ${r.detail.split('\n').slice(0, 4).join('\n  ')}`,
        );
    }
  });
  return { counts, examples };
}
