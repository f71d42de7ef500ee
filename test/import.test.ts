// fray import (issue 30): a creature or character as a book or web page prints it, read into one
// combatant entry to the number; every line not used said with its reason; a block that is not
// one refused at its line, writing nothing. The blocks are in data/blocks (README: sources).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../src/cli/main.js';
import { importBlock } from '../src/files/import.js';
import { shippedOnlyEnv } from '../src/files/disk.js';
import { fray, ROOT } from './helpers.js';

const BLOCKS = join(ROOT, 'data', 'blocks');
const block = (name: string) => join(BLOCKS, name);
const env = shippedOnlyEnv();
const read = (ruleset: string, name: string, o: { name?: string } = {}) =>
  importBlock(ruleset, readFileSync(block(name), 'utf8'), name, { ...o, env });

/** The command's entry (stdout, YAML) and account (stderr). */
async function imported(args: string[]) {
  const r = await fray(['import', ...args]);
  return { ...r, entry: r.code === 0 ? (parse(r.out) as Record<string, unknown>) : null };
}

describe('fray import: WFRP 1e', () => {
  it('the rulebook’s layout: the name in capitals, the label, headings over values; the bestiary’s troll for what no profile prints', async () => {
    const r = await imported([block('wfrp1e-troll.txt'), '--ruleset', 'wfrp1e']);
    expect(r.code, r.err).toBe(0);
    expect(r.entry).toEqual({
      name: 'Troll',
      use: 'troll',
      profile: {
        M: 6,
        WS: 33,
        BS: 9,
        S: 5,
        T: 4,
        W: 18,
        I: 10,
        A: 3,
        Dex: 14,
        Ld: 14,
        Int: 14,
        Cl: 24,
        WP: 24,
        Fel: 6,
      },
    });
    expect(r.err).toContain(
      '  profile: M 6 WS 33 BS 9 S 5 T 4 W 18 I 10 A 3 Dex 14 Ld 14 Int 14 Cl 24 WP 24 Fel 6 (lines 3, 4)',
    );
    expect(r.err).toContain("line 2: 'Basic Profile' — a label of the profile");
    // What would matter to a fight and is not played is a warning, not a line left quietly aside.
    expect(r.err).toContain(
      "warning: line 5: 'Special Rules: regenerates; subject to stupidity.': special rules and psychology are not read",
    );
    expect(r.err).toContain("warning: the bestiary's troll has rules Fray does not play: causes fear");
  });

  it('tabs, a 0 and a "-" kept apart', () => {
    const r = read('wfrp1e', 'wfrp1e-amoeba.txt');
    expect(r.entry.profile).toEqual({
      M: 4,
      WS: 33,
      BS: 0,
      S: 3,
      T: 5,
      W: 11,
      I: 30,
      A: 3,
      Dex: '-',
      Ld: 0,
      Int: 0,
      Cl: 0,
      WP: 0,
      Fel: '-',
    });
    expect(r.entry.name).toBe('Amoeba');
  });

  it('a two-handed axe is the great axe; a name matched to a shorter row says which words were left out', () => {
    const text = (weapons: string) =>
      `Grimli\nM\tWS\tBS\tS\tT\tW\tI\tA\tDex\tLd\tInt\tCl\tWP\tFel\n3\t51\t25\t4\t5\t8\t30\t2\t28\t41\t30\t60\t45\t21\nWeapons: ${weapons}\n`;
    const axe = importBlock('wfrp1e', text('two-handed axe'), 'grimli.txt', { env });
    expect(axe.entry.weapons).toEqual(['great-axe']);
    const silver = importBlock('wfrp1e', text('silvered dagger'), 'grimli.txt', { env });
    expect(silver.entry.weapons).toEqual(['dagger']);
    expect(silver.warnings).toContainEqual({
      line: 4,
      message: "'silvered dagger' is read as the dagger, the data's nearest row ('silvered' left out)",
    });
  });

  it('the inline form: the name before the colon, each characteristic with its value', () => {
    const r = read('wfrp1e', 'wfrp1e-minotaur.txt');
    expect(r.entry).toMatchObject({
      name: 'Minotaur',
      profile: {
        M: 6,
        WS: 41,
        BS: 25,
        S: 4,
        T: 4,
        W: 17,
        I: 30,
        A: 2,
        Dex: 18,
        Ld: 66,
        Int: 18,
        Cl: 29,
        WP: 24,
        Fel: 10,
      },
    });
    expect(r.unused).toEqual([]);
    expect(r.warnings.map((w) => w.line)).toContain(2);
  });

  it('an adventure’s NPC: a | table, its armour, a shield held, a hand weapon read as the sword, the bow carried, skills played and not', () => {
    const r = read('wfrp1e', 'wfrp1e-orc-raider.txt');
    expect(r.entry).toEqual({
      name: 'Orc raider',
      profile: {
        M: 4,
        WS: 33,
        BS: 25,
        S: 3,
        T: 4,
        W: 7,
        I: 20,
        A: 1,
        Dex: 29,
        Ld: 29,
        Int: 18,
        Cl: 29,
        WP: 29,
        Fel: 18,
      },
      weapons: ['sword', 'shield'],
      carried: ['short-bow'],
      armour: ['leather-jerkin'],
      // "20 arrows" are the bow's shots.
      ammo: { 'short-bow': 20 },
      skills: ['strike to stun'],
    });
    expect(r.unused).toContainEqual({
      line: 4,
      text: 'Concealment Rural, Silent Move Rural',
      why: 'skills the combat rules do not play',
    });
    expect(r.warnings.map((w) => w.message)).toContain(
      "'hand weapon' is read as the sword (ours: the data has no row of that name)",
    );
  });

  it('--name names it; --out writes the entry (never over the block); - reads standard input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-import-'));
    const out = join(dir, 'troll.yaml');
    const r = await imported([
      block('wfrp1e-troll.txt'),
      '--ruleset',
      'wfrp1e',
      '--name',
      'Grok',
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe('');
    expect((parse(readFileSync(out, 'utf8')) as { name: string }).name).toBe('Grok');
    const copy = join(dir, 'troll.txt');
    writeFileSync(copy, readFileSync(block('wfrp1e-troll.txt')));
    const over = await imported([copy, '--ruleset', 'wfrp1e', '--out', copy]);
    expect(over.code).toBe(2);
    expect(over.err).toContain('that is the block this command reads');
    let stdout = '';
    let stderr = '';
    const sink = (put: (s: string) => void) =>
      new Writable({
        write(c, _e, cb) {
          put(String(c));
          cb();
        },
      });
    const code = await main(['node', 'fray', 'import', '-', '--ruleset', 'wfrp1e'], {
      out: sink((s) => (stdout += s)),
      err: sink((s) => (stderr += s)),
      input: Readable.from([readFileSync(block('wfrp1e-minotaur.txt'), 'utf8')]),
    });
    expect(code, stderr).toBe(0);
    expect((parse(stdout) as { name: string }).name).toBe('Minotaur');
    expect(stderr).toContain('read from standard input (wfrp1e)');
  });

  it('the entry fights: imported, it loads in an encounter as written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-import-'));
    const r = read('wfrp1e', 'wfrp1e-orc-raider.txt');
    const enc = join(dir, 'e.yaml');
    writeFileSync(
      enc,
      `ruleset: wfrp1e\nsides:\n  - name: A\n    combatants:\n      - ${JSON.stringify(r.entry)}\n  - name: B\n    combatants:\n      - { use: human }\n`,
    );
    const f = await fray(['fight', enc, '--seed', '1']);
    expect(f.code, f.err).toBe(0);
    expect(f.out).toContain('Orc raider');
  });
});

describe('fray import: OpenQuest', () => {
  it('the SRD’s web page copied: the dice row passed over, the values read, skills and combat lines, the weapon it lacks by its dice', () => {
    const r = read('openquest', 'oq-elf.txt');
    expect(r.entry).toEqual({
      name: 'Elf',
      characteristics: { STR: 10, CON: 11, SIZ: 10, DEX: 17, INT: 17, POW: 13, CHA: 11 },
      armour: ['leather'],
      weapons: ['longspear', 'short-bow'],
      skills: {
        close: 60,
        ranged: 80,
        dodge: 55,
        perception: 30,
        deception: 55,
        athletics: 55,
        resilience: 20,
        healing: 50,
        persistence: 55,
      },
    });
    // "Long spear" is the data's Longspear, spaced otherwise: nothing to warn of but its magic.
    expect(r.warnings.map((w) => w.line)).toEqual([17]);
    expect(r.warnings[0]?.message).toMatch(/magic is not played from a block/);
    // A weapon the data lacks, by its dice and skill.
    const thorn = importBlock(
      'openquest',
      readFileSync(block('oq-elf.txt'), 'utf8').replace('Long spear', 'Thornblade'),
      'oq-elf.txt',
      { env },
    );
    expect(thorn.entry.weapons).toEqual(['longsword', 'short-bow']);
    expect(thorn.warnings.map((w) => w.message).filter((m) => !/magic/.test(m))).toEqual([
      "'Thornblade (1D8)': no weapon of that name in the data; the longsword (1D8) is used, which has its dice",
    ]);
    expect(r.unused).toContainEqual({
      line: 4,
      text: '2D6+3 | 3D6 | 3D6+6 | 2D6+3 | 3D6+6 | 2D6+6 | 3D6 |',
      why: 'the dice the characteristics are rolled with: the values beneath are read',
    });
    expect(r.unused).toContainEqual({
      line: 11,
      text: 'Natural lore 80%',
      why: 'skills the fight does not use',
    });
  });

  it('copied as text: spaces between cells, the page’s own column order, natural armour by its points, the damage modifier taken off the dice', () => {
    const r = read('openquest', 'oq-gargoyle.txt');
    expect(r.entry).toMatchObject({
      name: 'Gargoyle',
      characteristics: { STR: 29, CON: 11, SIZ: 17, DEX: 11, INT: 4, POW: 11, CHA: 4 },
      armour: ['natural-6'],
      weapons: ['claw'],
      skills: { unarmed: 50, dodge: 25 },
    });
    // It flies, and its special rule is not played: both said, at their lines.
    expect(r.warnings).toEqual([
      {
        line: 12,
        message: "it flies ('20m flying if have wings'): flight is not played; it fights on the ground",
      },
      {
        line: 28,
        message:
          "'Statue-Like Stillness. Bonus to Deception when posing as …': special rules are not played from a block (under Special Rules): note it for the GM",
      },
    ]);
  });

  it('no armour, a poison and a special line noted, each with its reason', () => {
    const r = read('openquest', 'oq-ghoul.txt');
    expect(r.entry).toMatchObject({ name: 'Ghoul', skills: { unarmed: 60 } });
    expect(r.entry.armour).toBeUndefined();
    expect(r.read.find((f) => f.field === 'armour')?.value).toBe('(none)');
    const warned = new Map(r.warnings.map((w) => [w.line, w.message]));
    expect(warned.get(15)).toBe(
      "'Bite (1D6+1D4+poison)': its poison is not played: the bite does its dice only",
    );
    expect(warned.get(18)).toBe(
      "'Type: Ingested or smeared.' and 4 more lines (to line 22): part of a poison: not played",
    );
    expect(warned.get(17)).toMatch(/special rules are not played from a block \(under Special Rules\)/);
    expect(r.unused.find((u) => u.line === 16)?.why).toBe('a heading of the block');
  });

  it('a character sheet typed as plain text, its shield matched by dice to a shield', () => {
    const r = read('openquest', 'oq-orc-plain.txt');
    expect(r.entry).toEqual({
      name: 'Orc warrior',
      characteristics: { STR: 14, CON: 11, SIZ: 10, DEX: 14, INT: 11, POW: 10, CHA: 7 },
      armour: ['leather'],
      weapons: ['scimitar', 'medium-shield', 'short-bow'],
      skills: {
        close: 40,
        ranged: 50,
        dodge: 35,
        perception: 45,
        deception: 45,
        athletics: 35,
        resilience: 35,
        persistence: 35,
      },
    });
  });

  it('a spirit is refused at its values: spirit combat is not played', () => {
    expect(() => read('openquest', 'oq-disease-spirit.txt')).toThrow(
      'oq-disease-spirit.txt:5:1: no STR, CON, SIZ or DEX: a spirit, whose spirit combat Fray does not play',
    );
  });
});

describe('fray import: the Combat Points rules (the text’s own combat examples)', () => {
  it('Hans: the profile, his abilities as basic and advance, his chain mail as the mail shirt', () => {
    const r = read('wfrp-cp', 'cp-hans.txt');
    expect(r.entry).toEqual({
      name: 'Hans Breugmann',
      profile: { WS: 20, BS: 20, S: 3, T: 4, W: 7, I: 33, A: 2 },
      abilities: {
        swords: { base: 15, advance: 10 },
        bows: { base: 13, advance: 30 },
        'daggers-and-knives': { base: 12, advance: 0 },
      },
      armour: ['mail-shirt'],
    });
  });
  it('Tanalor: abilities written 13% +10 = 23/43%, his Int, a 4th level mage; the spell noted', () => {
    const r = read('wfrp-cp', 'cp-tanalor.txt');
    expect(r.entry).toMatchObject({
      profile: { WS: 20, BS: 30, S: 5, T: 4, W: 7, I: 97, A: 1, Int: 84 },
      abilities: { swords: { base: 13, advance: 10 }, unarmed: { base: 12, advance: 10 } },
      mage: { level: 4 },
    });
    expect(r.warnings.map((w) => w.message)).toContain(
      "'Cast spell Aura of Resistance - 1AP all locations' and 1 more line (to line 9): magic: the spells known and in effect are written into the entry by hand",
    );
  });
  it('the goblins: abilities written 13% / 33%, the bestiary’s goblin for the rest', () => {
    const r = read('wfrp-cp', 'cp-goblin.txt');
    expect(r.entry).toEqual({
      name: 'Goblin',
      use: 'goblin',
      profile: { WS: 20, BS: 20, S: 3, T: 2, W: 5, I: 28, A: 1 },
      abilities: { swords: 13, 'daggers-and-knives': 12 },
    });
  });
});

describe('fray import: Fantasy Wargaming (a character sheet’s layouts)', () => {
  it('pairs by name, the combat level, weapons, armour, culture; what is not combat noted', () => {
    const r = read('fantasy-wargaming', 'fw-wulfstan.txt');
    expect(r.entry).toEqual({
      name: 'Wulfstan, Saxon Thegn',
      characteristics: {
        physique: 14,
        agility: 12,
        endurance: 14,
        intelligence: 11,
        bravery: 13,
        selfishness: 9,
      },
      combatLevel: 3,
      weapons: ['broadsword', 'small-shield'],
      armour: 'mail',
      culture: 'Saxon',
    });
    expect(r.unused).toContainEqual({ line: 7, text: 'Piety: 12', why: 'not used in personal combat' });
  });
  it('abbreviations over values with the combat level among them; a role; a leader', () => {
    const r = read('fantasy-wargaming', 'fw-raoul.txt');
    expect(r.entry).toMatchObject({
      name: 'Raoul the Norman',
      characteristics: {
        physique: 13,
        agility: 13,
        endurance: 13,
        intelligence: 12,
        bravery: 12,
        selfishness: 11,
      },
      combatLevel: 3,
      weapons: ['mace', 'large-shield'],
      role: 'warrior',
      leader: true,
    });
  });
  it('a | table with greed and lust; the combat level on its own line; a Viking', () => {
    const r = read('fantasy-wargaming', 'fw-bjorn.txt');
    expect(r.entry).toMatchObject({
      characteristics: { physique: 16, greed: 10, lust: 9 },
      combatLevel: 5,
      culture: 'Viking',
      weapons: ['battle-axe'],
      armour: 'leather',
    });
  });
});

describe('fray import: the Advanced HeroQuest house rules', () => {
  it('a rulebook card: DS and St the house rules’ own (written, ours, with a warning), its armour taken out of T, Sp and BS, its damage dice its own', () => {
    const r = read('ahq-house', 'ahq-orc.txt');
    // BS 5 printed, with leather (−1) and a shield (−1) taken out: the card's BS never drops for a shield.
    expect(r.entry).toEqual({
      name: 'Orc',
      profile: { WS: 6, BS: 7, DS: 6, T: 5, W: 4, Sp: 7, St: 5, Br: 7 },
      weapons: ['sword'],
      armour: ['leather', 'shield'],
      damage: 3,
    });
    expect(r.warnings.map((w) => w.message).join('\n')).toContain(
      "the card's T, Sp and BS count its armour: T 5, Sp 7 and BS 7",
    );
  });
  it('a card read as the bestiary reads it: the Skaven Warrior to its row, DS and St aside', () => {
    const r = read('ahq-house', 'ahq-skaven-warrior.txt');
    const rows = (
      parse(readFileSync(join(ROOT, 'data', 'ahq-house', 'bestiary.yaml'), 'utf8')) as {
        creatures: { id: string; profile: Record<string, number> }[];
      }
    ).creatures;
    const row = rows.find((c) => c.id === 'skaven-warrior');
    const { DS: _ds, St: _st, ...printed } = r.entry.profile as Record<string, number>;
    const { DS: _rds, St: _rst, ...ours } = row?.profile ?? {};
    expect(printed).toEqual(ours);
    expect(printed).toEqual({ WS: 6, BS: 7, T: 5, W: 3, Sp: 11, Br: 6 });
    expect(r.entry.armour).toEqual(['leather', 'shield']);
  });
  it('a large monster with claws: its damage dice as its unarmed dice, 2 × 2, running amok', () => {
    const r = read('ahq-house', 'ahq-rat-ogre.txt');
    expect(r.entry).toEqual({
      name: 'Rat Ogre',
      profile: { WS: 7, BS: 3, DS: 7, T: 8, W: 7, Sp: 7, St: 5, Br: 8 },
      dd: 6,
      size: 2,
      rules: ['run-amok'],
    });
  });
  it("an animal's card: BS '-' written as the bestiary's animals write it, its bite's dice as its unarmed dice", () => {
    // AHQ monster card: Wolf, as the frankjmclarke/advancedheroquest project transcribes it.
    const text = 'Wolf\nWS BS S T Sp Br Int W\n8 - 4 7 9 8 7 4\nWeapons: bite\nDamage: 3 dice\n';
    const r = importBlock('ahq-house', text, 'wolf.txt', { env });
    expect(r.entry).toMatchObject({
      name: 'Wolf',
      profile: { WS: 8, BS: 1, DS: 8, T: 7, W: 4, Sp: 9, St: 5, Br: 8 },
      dd: 3,
    });
    expect(r.warnings.map((w) => w.message)).toContain(
      "BS '-' (it does not shoot) is written as BS 1 (ours), as the bestiary's animals",
    );
  });
  it('the house profile as written, nothing to warn of', () => {
    const r = read('ahq-house', 'ahq-gutter-runner.txt');
    expect(r.entry).toEqual({
      name: 'Gutter Runner',
      profile: { WS: 7, BS: 6, DS: 8, T: 4, W: 2, Sp: 8, St: 10, Br: 7 },
      weapons: ['dagger'],
      dd: 2,
      rules: ['backstab'],
    });
    expect(r.warnings).toEqual([]);
  });
});

describe('fray import refuses what is no stat block, at its line, writing nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fray-import-bad-'));
  const cases: [string, string, RegExp][] = [
    [
      'a heading without values',
      'Orc\nM WS BS S T W I A Dex Ld Int Cl WP Fel\n',
      /bad\.txt:2:1: the profile heading \(M WS BS S T W I A Dex Ld Int Cl WP Fel\) has no row of values beneath it/,
    ],
    [
      'a row one short',
      'Orc\nM WS BS S T W I A Dex Ld Int Cl WP Fel\n4 33 25 3 4 7 20 1 29 29 18 29 29\n',
      /bad\.txt:3:35: 13 values under 14 headings \(M WS BS S T W I A Dex Ld Int Cl WP Fel\): one is missing/,
    ],
    [
      'letters in a number',
      'Orc\nM WS BS S T W I A Dex Ld Int Cl WP Fel\n4 3x 25 3 4 7 20 1 29 29 18 29 29 18\n',
      /bad\.txt:3:3: '3x' is not a number under WS: expected a whole number/,
    ],
    ['nothing recognisable', 'Dear diary,\ntoday we met an orc.\n', /bad\.txt: no WFRP 1e profile found/],
    [
      'a 2 MB paste',
      `Orc\n${'x'.repeat(2 * 1024 * 1024)}\n`,
      /bad\.txt: the text is 2\.0 MB: a stat block is a few lines/,
    ],
    [
      'a value out of bounds',
      'Orc\nM WS BS S T W I A Dex Ld Int Cl WP Fel\n4 333 25 3 4 7 20 1 29 29 18 29 29 18\n',
      /bad\.txt:3:3 profile\.WS: /,
    ],
  ];
  it.each(cases)('%s', async (_what, text, said) => {
    const file = join(dir, 'bad.txt');
    writeFileSync(file, text);
    const out = join(dir, 'out.yaml');
    const r = await fray(['import', file, '--ruleset', 'wfrp1e', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(said);
    expect(r.out).toBe('');
    expect(existsSync(out)).toBe(false);
  });

  it('a ruleset that is not one, or none, is refused naming those that read blocks', async () => {
    const r = await fray(['import', block('wfrp1e-troll.txt'), '--ruleset', 'nope']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown ruleset 'nope'; these do: wfrp1e, ");
    const none = await fray(['import', block('wfrp1e-troll.txt')]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('--ruleset R');
  });
});

describe('the bestiaries (issue 30): fray sheet --ruleset lists them by group, each with its source', () => {
  it('WFRP 1e: 60 and more published profiles, OpenQuest 30 and more of the SRD, AHQ the monster cards', async () => {
    const { bestiary } = await import('../src/files/bestiary.js');
    const published = (r: string, re: RegExp) => bestiary(r).filter((x) => re.test(x.source)).length;
    expect(published('wfrp1e', /^WFRP 1e \(1986\) bestiary: /)).toBeGreaterThanOrEqual(60);
    expect(published('openquest', /^OpenQuest SRD: Creatures/)).toBeGreaterThanOrEqual(30);
    expect(published('ahq-house', /^AHQ monster card: /)).toBeGreaterThanOrEqual(30);
    for (const r of ['wfrp1e', 'openquest', 'ahq-house'])
      for (const row of bestiary(r)) {
        expect(row.source, `${r} ${row.id}`).not.toBe('');
        expect(row.group, `${r} ${row.id}`).not.toBe('Others');
      }
  });

  it('every creature of every bestiary has a sheet: it loads as the rules read it', async () => {
    const { bestiary, creatureSheet } = await import('../src/files/bestiary.js');
    for (const r of ['wfrp1e', 'openquest', 'ahq-house'])
      for (const row of bestiary(r)) {
        const { sheet } = creatureSheet(r, row.id);
        expect(sheet.lines.length, `${r} ${row.id}`).toBeGreaterThan(2);
        // What is not played is said, once.
        const said = (sheet.warnings ?? []).filter((w) => w.includes('not played by Fray'));
        expect(said.length, `${r} ${row.id}`).toBe(row.notPlayed ? 1 : 0);
      }
  }, 120_000);

  it('the command: the groups with their counts, one creature’s sheet, a creature that is not there', async () => {
    const list = await fray(['sheet', '--ruleset', 'openquest']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^The openquest bestiary: \d+ creatures/);
    expect(list.out).toMatch(/\nCreatures \(\d+\):\n/);
    expect(list.out).toMatch(/\nAnimals \(\d+\):\n/);
    expect(list.out).toContain('  Basilisk (basilisk) — OpenQuest SRD: Creatures; not played: ');
    const one = await fray(['sheet', '--ruleset', 'wfrp1e', '--creature', 'Minotaur']);
    expect(one.code, one.err).toBe(0);
    expect(one.out).toContain('Minotaur (minotaur, Humanoids: WFRP 1e (1986) bestiary: Minotaur)');
    expect(one.out).toContain('profile: M 6, WS 41, BS 25, S 4, T 4, W 17');
    const none = await fray(['sheet', '--ruleset', 'wfrp1e', '--creature', 'tarrasque']);
    expect(none.code).toBe(2);
    expect(none.err).toContain("no creature 'tarrasque' in the wfrp1e bestiary");
    const neither = await fray(['sheet']);
    expect(neither.code).toBe(2);
  });

  it('an imported entry’s sheet: fray import piped into fray sheet - --ruleset; a bad entry located; an encounter refused with --ruleset', async () => {
    const imported = await fray(['import', block('wfrp1e-orc-raider.txt'), '--ruleset', 'wfrp1e']);
    expect(imported.code, imported.err).toBe(0);
    const piped = await fray(['sheet', '-', '--ruleset', 'wfrp1e'], imported.out.split('\n'));
    expect(piped.code, piped.err).toBe(0);
    expect(piped.out).toMatch(/^Orc raider\n/);
    expect(piped.out).toContain('  shield (left hand): parry under WS 33 + 20 shield = 53');
    const bad = await fray(['sheet', '-', '--ruleset', 'wfrp1e'], ['name: X', 'profile: { WS: 200 }']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('standard input:2:16 profile.WS: expected a whole number 0..100');
    const encounter = await fray([
      'sheet',
      join(ROOT, 'data', 'wfrp1e', 'encounters', 'demo.yaml'),
      '--ruleset',
      'wfrp1e',
    ]);
    expect(encounter.code).toBe(2);
    expect(encounter.err).toContain(
      'is an encounter, which names its own ruleset: give it without --ruleset',
    );
  });
});
