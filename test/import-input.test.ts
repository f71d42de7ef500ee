// Issue 42: what the GM gives is what fights. A block reads the same whatever the layout it was
// copied in; a number is read whole or refused at its line and column, never cut; every line of
// gear is read, each item matched, named as left out, or warned of; what is not played is warned
// of at its line; a name that is an object's own in JavaScript is no rule; the limit counts bytes;
// the page's paste box says what the command line says, in the page's words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../src/core/document.js';
import { importReport } from '../src/core/statblock.js';
import { characterSheet } from '../src/files/character.js';
import { shippedOnlyEnv } from '../src/files/disk.js';
import { importBlock } from '../src/files/import.js';
import { closeApps, startApp } from './app.js';
import { fray, ROOT } from './helpers.js';

const env = shippedOnlyEnv();
const shipped = (name: string) => readFileSync(join(ROOT, 'data', 'blocks', name), 'utf8');
const imp = (ruleset: string, text: string, o: { name?: string } = {}) =>
  importBlock(ruleset, text, 'block.txt', { ...o, env });

/** The refusal of a block: its one issue, located. */
function refusal(ruleset: string, text: string): { line?: number; col?: number; message: string } {
  try {
    imp(ruleset, text);
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    expect(e.issues).toHaveLength(1);
    const i = e.issues[0] as { line?: number; col?: number; message: string };
    return { ...(i.line !== undefined ? { line: i.line, col: i.col } : {}), message: i.message };
  }
  throw new Error('the block was not refused');
}

const ORC_PROFILE =
  'M  WS  BS  S  T  W  I  A  Dex  Ld  Int  Cl  WP  Fel\n4  33  25  3  4  7  20  1  29  29  18  29  29  18';

describe('layouts a published block uses read as the block itself', () => {
  const layouts: [string, (t: string) => string][] = [
    ['indented by two spaces', (t) => t.replace(/^/gm, '  ')],
    ['indented by a tab', (t) => t.replace(/^/gm, '\t')],
    ['a blank line after every line', (t) => t.replace(/\n/g, '\n\n')],
    ['CRLF line ends', (t) => t.replace(/\n/g, '\r\n')],
    [
      'CRLF, a blank line after every line, indented',
      (t) => t.replace(/^/gm, '    ').replace(/\n/g, '\r\n\r\n'),
    ],
  ];
  const blocks: [string, string][] = [
    ['wfrp1e', 'wfrp1e-orc-raider.txt'],
    ['openquest', 'oq-elf.txt'],
    ['openquest', 'oq-ghoul.txt'],
    ['wfrp-cp', 'cp-hans.txt'],
    ['fantasy-wargaming', 'fw-bjorn.txt'],
    ['ahq-house', 'ahq-rat-ogre.txt'],
  ];
  for (const [ruleset, file] of blocks)
    it.each(layouts)(`${file}, %s: the same entry and the same warnings`, (_what, lay) => {
      const plain = imp(ruleset, shipped(file));
      const laid = imp(ruleset, lay(shipped(file)));
      expect(laid.entry).toEqual(plain.entry);
      // The same words, but for the lines they name (a blank line after every line moves them).
      const words = (r: typeof plain) => r.warnings.map((w) => w.message.replace(/line \d+/g, 'line N'));
      expect(words(laid)).toEqual(words(plain));
    });

  it('a name in a Markdown or AsciiDoc heading, in bold, or in capitals is the name', () => {
    for (const head of ['## Orc Boss', '== Orc Boss', '**Orc Boss**', 'ORC BOSS', '# Orc Boss #'])
      expect(imp('wfrp1e', `${head}\n${ORC_PROFILE}\nWeapons: axe`).entry.name).toBe('Orc Boss');
  });

  it('a Markdown table with its separator row, and a | table with a border', () => {
    const md =
      '| M | WS | BS | S | T | W | I | A | Dex | Ld | Int | Cl | WP | Fel |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n| 4 | 33 | 25 | 3 | 4 | 7 | 20 | 1 | 29 | 29 | 18 | 29 | 29 | 18 |';
    const r = imp('wfrp1e', `Orc\n${md}\nWeapons: axe`);
    expect(r.entry.profile).toMatchObject({ M: 4, WS: 33, Fel: 18 });
    expect(r.unused.find((u) => u.line === 3)?.why).toMatch(/markup of the page/);
  });

  it('the SRD as its AsciiDoc transcription stores it: a wrapped cell, a blank line in a table, a wrapped attack line, "20m Fly"', () => {
    const adoc = [
      '== Chreker',
      '',
      '*_Characteristics_*',
      '',
      '[width="99%",cols="14%,17%,16%,15%,12%,14%,12%",]',
      '|===',
      '|STR |DEX |CON |SIZ |INT |POW |CHA',
      '|2D6 |4D6+6 |2D6+3 |2D6+3 |3D6 |3D6 |2D6',
      '|7 |20 |10 |10 |11 |11 |7',
      '|===',
      '',
      '*_Attributes_*',
      '',
      '[width="100%",cols="21%,20%,16%,11%,19%,13%",]',
      '|===',
      '|Hit Points |Damage Modifier |Magic Points |MR |Armour |Loot',
      '',
      '|10 |0 |11 |20m Fly |Tough hide +',
      '(2AP) |0',
      '|===',
      '',
      '*_Combat_*',
      '',
      'Close Combat 50%: Shortsword (1D6), Club (1D6), Target Shield',
      '(1D6).',
    ].join('\n');
    const r = imp('openquest', adoc);
    expect(r.entry).toMatchObject({
      name: 'Chreker',
      characteristics: { STR: 7, DEX: 20, CON: 10, SIZ: 10, INT: 11, POW: 11, CHA: 7 },
      armour: ['natural-2'],
      weapons: ['shortsword', 'club', 'medium-shield'],
      skills: { close: 50 },
    });
    expect(r.warnings.map((w) => w.message)).toContain(
      "it flies ('20m Fly'): flight is not played; it fights on the ground",
    );
  });
});

describe('numbers are read whole or refused at their line and column, never cut', () => {
  it.each([
    [
      'W 12.5 in a line of pairs',
      'wfrp1e',
      'Orc\nM 4, WS 33, BS 25, S 3, T 4, W 12.5, I 20, A 1',
      2,
      32,
      "'12.5' is not a whole number under W",
    ],
    [
      '12.5 in a table',
      'wfrp1e',
      'Orc\nM WS BS S T W I A\n4 33 25 3 4 12.5 20 1',
      3,
      13,
      "'12.5' is not a whole number under W",
    ],
    [
      '1e309',
      'wfrp1e',
      'Orc\nM WS BS S T W I A\n4 33 25 3 4 1e309 20 1',
      3,
      13,
      "'1e309' is not a number under W",
    ],
    [
      'Combat level 3.9',
      'fantasy-wargaming',
      'Bjorn\nPhysique 14, Agility 12, Endurance 14, Intelligence 11, Bravery 13\nCombat level 3.9',
      3,
      14,
      "'3.9' is not a whole number under Combat level",
    ],
    [
      'CL 12abc',
      'fantasy-wargaming',
      'Bjorn\nPHY AGI END INT BRA CL\n14 12 14 11 13 12abc',
      3,
      16,
      "'12abc' is not a number under CL",
    ],
    [
      'a skill of 55.5%',
      'openquest',
      'Orc\nSTR 14 CON 11 SIZ 10 DEX 14 INT 11 POW 10 CHA 7\nResistances: Dodge 55.5%, Persistence 35%',
      3,
      20,
      "'55.5' is not a whole number for Dodge",
    ],
    [
      'an ability of 1x%',
      'wfrp-cp',
      'Hans\nWS BS S T W I A\n20 20 3 4 7 33 2\nSwords 1x% / 33%',
      4,
      8,
      "'1x' is not a number for the swords ability",
    ],
    [
      'a mage level of 3.5',
      'wfrp-cp',
      'Tanalor\nWS BS S T W I A\n20 30 5 4 7 97 1\n(he is a 3.5th level mage)',
      4,
      10,
      "'3.5' is not a whole number for the mage's level",
    ],
    [
      'DD 2.5',
      'ahq-house',
      'Runner\nWS BS DS T W Sp St Br\n7 6 8 4 2 8 10 7\nDD 2.5',
      4,
      4,
      "'2.5' is not a whole number for the damage dice",
    ],
  ] as const)('%s', (_what, ruleset, text, line, col, said) => {
    const r = refusal(ruleset, text);
    expect(r).toMatchObject({ line, col });
    expect(r.message).toContain(said);
  });

  it('bounds are refused at the line they were read from: a skill over 300%, a mage level over 4', () => {
    const oq = refusal(
      'openquest',
      'Orc\nSTR 14 CON 11 SIZ 10 DEX 14 INT 11 POW 10 CHA 7\nResistances: Dodge 350%',
    );
    expect(oq).toMatchObject({ line: 3 });
    const cp = refusal(
      'wfrp-cp',
      'Tanalor\nWS BS S T W I A\n20 30 5 4 7 97 1\nAcP 5 (he is a 5th level mage)',
    );
    expect(cp).toMatchObject({ line: 4, col: 16 });
    expect(cp.message).toMatch(/mage level 0\.\.4/);
  });
});

describe('every line of gear is read; what is left out or not played is said at its line', () => {
  it("a WFRP 1e NPC's Possessions line: weapons held and carried, armour worn, the bolts for the crossbow, the money named", () => {
    const r = imp(
      'wfrp1e',
      `Sergeant\n${ORC_PROFILE}\nPossessions: Sword, Shield, Mail Shirt, Crossbow with 12 bolts, 15 GCs`,
    );
    expect(r.entry).toMatchObject({
      weapons: ['sword', 'shield'],
      carried: ['crossbow'],
      armour: ['mail-shirt'],
      ammo: { crossbow: 12 },
    });
    expect(r.warnings).toContainEqual({
      line: 4,
      message: "left out of Possessions: '15 GCs' (money: not used in a fight)",
    });
  });

  it.each(['Trappings', 'Equipment', 'Gear', 'Armed with', 'Weapons'])('%s: read as gear', (key) => {
    const r = imp('wfrp1e', `Orc\n${ORC_PROFILE}\n${key}: axe, shield`);
    expect(r.entry.weapons).toEqual(['axe', 'shield']);
  });

  it('OpenQuest weapons named without dice are the weapon table’s; printed dice that differ are said; a buckler is a shield', () => {
    const base = 'Dwarf\nSTR 14 CON 19 SIZ 10 DEX 11 INT 13 POW 11 CHA 11\n';
    expect(imp('openquest', `${base}Close Combat 55%: Battleaxe, Shield`).entry.weapons).toEqual([
      'battleaxe',
      'medium-shield',
    ]);
    const axe = imp('openquest', `${base}Close Combat 65%: Battleaxe (1D6), Buckler (1D4)`);
    expect(axe.entry.weapons).toEqual(['battleaxe', 'small-shield']);
    expect(axe.warnings.map((w) => w.message)).toContain(
      "'Battleaxe' is 1D6 in the block; the data's battleaxe (1D8) is used: a different weapon of the same name goes into the data (docs/bringing-your-own.md)",
    );
  });

  it("a ghoul's poison and a block with no weapon are warned of", () => {
    const ghoul = imp('openquest', shipped('oq-ghoul.txt'));
    expect(ghoul.warnings.map((w) => w.message)).toContain(
      "'Bite (1D6+1D4+poison)': its poison is not played: the bite does its dice only",
    );
    for (const [ruleset, text] of [
      ['wfrp1e', `Sergeant\n${ORC_PROFILE}`],
      ['openquest', 'Orc\nSTR 14 CON 11 SIZ 10 DEX 14 INT 11 POW 10 CHA 7'],
      [
        'fantasy-wargaming',
        'Bjorn\nPhysique 14, Agility 12, Endurance 14, Intelligence 11, Bravery 13\nCombat level 3',
      ],
      ['ahq-house', 'Runner\nWS BS DS T W Sp St Br\n7 6 8 4 2 8 10 7'],
    ] as const)
      expect(
        imp(ruleset, text)
          .warnings.map((w) => w.message)
          .join('\n'),
        ruleset,
      ).toMatch(/no weapon read from the block: .* will fight (unarmed|with its fists)/);
  });

  it('a name given keeps the bestiary match of the block’s own name', () => {
    const r = imp('wfrp1e', shipped('wfrp1e-troll.txt'), { name: 'Grukk' });
    expect(r.entry).toMatchObject({ name: 'Grukk', use: 'troll' });
    expect(r.unused).toContainEqual({
      line: 1,
      text: 'Troll',
      why: "the block's name: 'Grukk' is the name given (--name)",
    });
  });
});

describe('names that are an object’s own in JavaScript are no rule, weapon or heading', () => {
  it('"Special rules: constructor" is a rule not played, said; the command answers 0', async () => {
    const r = imp(
      'ahq-house',
      'Ogre\nWS BS DS T W Sp St Br\n7 6 8 4 2 8 10 7\nWeapons: sword\nSpecial rules: constructor, __proto__, toString',
    );
    expect(r.entry.rules).toBeUndefined();
    expect(r.warnings.map((w) => w.message)).toContain(
      "'constructor', '__proto__', 'toString': rules the house rules do not give monsters, not played",
    );
    const dir = (await import('node:fs')).mkdtempSync(
      join((await import('node:os')).tmpdir(), 'fray-proto-'),
    );
    const file = join(dir, 'ogre.txt');
    (await import('node:fs')).writeFileSync(
      file,
      'Ogre\nWS BS DS T W Sp St Br\n7 6 8 4 2 8 10 7\nSpecial rules: constructor\n',
    );
    const cli = await fray(['import', file, '--ruleset', 'ahq-house']);
    expect(cli.code).toBe(0);
    expect(cli.err).toContain("'constructor': a rule the house rules do not give monsters, not played");
  });

  it('weapons and headings named so are left out, said', () => {
    const r = imp('wfrp1e', `Orc\n${ORC_PROFILE}\nWeapons: constructor, __proto__, hasOwnProperty, axe`);
    expect(r.entry.weapons).toEqual(['axe']);
    const oq = imp(
      'openquest',
      'Orc\nSTR CON SIZ DEX INT POW CHA constructor\n14 11 10 14 11 10 7 3\nClose Combat 40%: toString (1D6), valueOf',
    );
    expect(oq.entry.characteristics).toEqual({
      STR: 14,
      CON: 11,
      SIZ: 10,
      DEX: 14,
      INT: 11,
      POW: 10,
      CHA: 7,
    });
  });
});

describe('the limit of a pasted block counts bytes', () => {
  it('60,000 accented letters are 120,000 bytes: refused; 100,000 plain ones are not refused for size', () => {
    expect(refusal('wfrp1e', 'é'.repeat(60_000)).message).toMatch(
      /^the text is 118 KB: a stat block is a few lines/,
    );
    const plain = `Orc\n${ORC_PROFILE}\n${'a'.repeat(100 * 1024 - 200)}`;
    expect(imp('wfrp1e', plain).unused.at(-1)?.why).toMatch(/longer than any line of a stat block/);
  });
});

describe('the page says what the command line says, in its own words', () => {
  afterAll(closeApps);
  it('/api/import: the account line for line as fray import prints it; refusals name the page’s boxes', async () => {
    const s = await startApp('import-words');
    const text = shipped('wfrp1e-orc-raider.txt');
    const got = await s.gm('POST', '/api/import', { ruleset: 'wfrp1e', text });
    expect(got.status).toBe(200);
    const report = (got.body as { report: string[] }).report;
    const cli = importReport(imp('wfrp1e', text), 'x');
    expect(report.slice(1)).toEqual(cli.slice(1));
    const unknown = await s.gm('POST', '/api/import', { ruleset: 'nope', text });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).not.toMatch(/--ruleset|command line/);
    const nameless = await s.gm('POST', '/api/import', { ruleset: 'wfrp1e', text: ORC_PROFILE });
    expect(JSON.stringify(nameless.body)).toContain('give one with the Name box');
    expect(JSON.stringify(nameless.body)).not.toContain('--name');
  });
});

describe('what the character builder sends is checked as written', () => {
  it('an AHQ character of size 3 has a sheet; a character lacking characteristics is told just that', () => {
    const big = characterSheet('ahq-house', {
      name: 'Big',
      profile: { WS: 7, BS: 6, DS: 8, T: 4, W: 2, Sp: 8, St: 10, Br: 7 },
      size: 3,
    });
    expect(big.lines[0]).toBe('profile: WS 7, BS 6, DS 8, T 4, W 2, Sp 8, St 10, Br 7');
    try {
      characterSheet('openquest', { name: 'Half', characteristics: { STR: 10 } });
      throw new Error('not refused');
    } catch (e) {
      expect((e as ValidationError).issues.map((i) => i.message)).toEqual([
        'missing CON, SIZ, DEX, INT, POW, CHA (give them, or use: a creature)',
      ]);
    }
  });
});
