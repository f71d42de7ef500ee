// An OpenQuest creature or character as the SRD's web pages print it (a characteristics table: the
// headings, a row of dice, a row of values; the attributes table; skill lines; one combat line a
// skill with its weapons and their damage), or as plain text (`STR 10 CON 11 …`, `HP 11 AP 2`).
import type { ImportOptions } from '../../core/ruleset.js';
import {
  dataRows,
  listOf,
  matchName,
  plainName,
  sameName,
  type BlockLine,
  type Headings,
  type Imported,
  type Named,
  type StatBlock,
} from '../../core/statblock.js';
import { parseDice } from '../../dice/index.js';
import { damageModifier, formatDice, hitPoints, SKILLS, weaponDice, type Skill } from './rules.js';

const CHARACTERISTICS = ['STR', 'CON', 'SIZ', 'DEX', 'INT', 'POW', 'CHA'] as const;

export const OQ_HEADINGS: Headings = {
  names: {
    ...Object.fromEntries(CHARACTERISTICS.map((c) => [c.toLowerCase(), c])),
    strength: 'STR',
    constitution: 'CON',
    size: 'SIZ',
    dexterity: 'DEX',
    intelligence: 'INT',
    power: 'POW',
    charisma: 'CHA',
  },
  atLeast: 5,
  what: 'the characteristics',
};

/** A weapon row of the data: its damage as written (1D8, 1D4+1) and the skill it is used with. */
interface WeaponRow extends Named {
  readonly damage: string;
  readonly skill: string;
  readonly shield?: boolean;
}

interface ArmourRow extends Named {
  readonly ap: number;
}

/** The skill a combat line names: Close Combat → close. */
const COMBAT: Readonly<Record<string, Skill>> = { close: 'close', ranged: 'ranged', unarmed: 'unarmed' };

/** Skills as the SRD's lines name them, when not as Fray does. */
const SKILL_NAMES: Readonly<Record<string, Skill>> = {
  ...Object.fromEntries(SKILLS.map((s) => [s, s])),
  'close combat': 'close',
  'ranged combat': 'ranged',
  'unarmed combat': 'unarmed',
};

/** Why a line is not used, by what it begins with. */
const NOT_USED: readonly [RegExp, string][] = [
  [
    /^(magic|personal magic|divine magic|sorcery|spells?)\b/i,
    'magic is not played from a block: Fray plays OpenQuest’s combat without spells',
  ],
  [
    /^(special rules?|notes)\b/i,
    'special rules are not played (a gaze, a breath, a poison): note them for the GM',
  ],
  [/^(type|delay|potency|full effect|duration)\s*:/i, 'part of a poison: not played'],
  [/^spirit combat\b/i, 'spirit combat is not played'],
  [/^(loot|treasure|habitat|description|organisation|organization)\b/i, 'not used in combat'],
  [/^(characteristics|attributes|skills|combat)$/i, 'a heading of the block'],
];

/** "1D8+2D6" with the damage modifier +2D6 → "1D8": the weapon's own dice, as the data writes them. */
function ownDice(printed: string, dm: string | null): string {
  let d = printed
    .replace(/\s+/g, '')
    .replace(/[–−]/g, '-')
    .replace(/\+?poison.*$/i, '');
  if (dm && dm !== '0' && d.toUpperCase().endsWith(dm.toUpperCase().replace(/\s+/g, '')))
    d = d.slice(0, d.length - dm.replace(/\s+/g, '').length);
  return d.toUpperCase();
}

/** A weapon's dice, written as the data writes them, or null when they are not dice. */
function diceOf(s: string): string | null {
  try {
    return weaponDice({ ...parseDice(s), sign: 1 });
  } catch {
    return null;
  }
}

/** `fray import --ruleset openquest`. */
export function importOpenQuest(block: StatBlock, o: ImportOptions): Imported {
  const p = block.profileOrRefuse(
    OQ_HEADINGS,
    'no OpenQuest characteristics found: expected STR CON SIZ DEX INT POW CHA with their values (a heading row with a row of values beneath, or STR 10 CON 11 …)',
  );
  const entry: Record<string, unknown> = { name: block.entryName(o.name, p, 'the characteristics') };
  const ch: Record<string, number> = {};
  const lacking: string[] = [];
  for (const c of CHARACTERISTICS) {
    const v = p.values[c];
    if (typeof v === 'number') ch[c] = v;
    else lacking.push(c);
  }
  if (['STR', 'CON', 'SIZ', 'DEX'].every((c) => lacking.includes(c)))
    throw block.refuse(
      p.lines.at(-1) as number,
      'no STR, CON, SIZ or DEX: a spirit, whose spirit combat Fray does not play',
    );
  if (lacking.length > 0)
    throw block.refuse(
      p.lines.at(-1) as number,
      `the characteristics lack ${lacking.join(', ')}: all seven are needed (0 for INT, POW or CHA a mindless creature lacks)`,
    );
  entry.characteristics = ch;
  block.said('characteristics', CHARACTERISTICS.map((c) => `${c} ${ch[c]}`).join(' '), p.lines);
  const dm = formatDice(damageModifier((ch.STR as number) + (ch.SIZ as number))).replace('−', '-');
  readAttributes(block, o, entry, ch, dm);
  const skills: Partial<Record<Skill, number>> = {};
  readSkills(block, skills);
  readCombat(block, o, entry, skills, dm === 'none' ? null : dm);
  if (Object.keys(skills).length > 0) {
    entry.skills = Object.fromEntries(
      SKILLS.filter((s) => skills[s] !== undefined).map((s) => [s, skills[s]]),
    );
    block.said(
      'skills',
      Object.entries(entry.skills as object)
        .map(([k, v]) => `${k} ${v}%`)
        .join(', '),
      [],
    );
  }
  block.leftOver(oqNotUsed);
  return block.result('openquest', entry);
}

/** Hit points and damage modifier checked against what the rules compute; the armour read into a piece. */
function readAttributes(
  block: StatBlock,
  o: ImportOptions,
  entry: Record<string, unknown>,
  ch: Record<string, number>,
  dm: string,
): void {
  const armour = dataRows<ArmourRow>(o.env, 'openquest', 'armour.yaml', 'armour');
  const hp = hitPoints(ch.SIZ as number, ch.CON as number);
  const free = block.free();
  // The attributes table: its heading row, and what is beneath it up to the next section.
  const head = free.find((l) => /hit points/i.test(l.text) && /armou?r/i.test(l.text));
  const rows: BlockLine[] = [];
  if (head) {
    block.use(head.n, 'attributes');
    for (const l of free.filter((x) => x.n > head.n).slice(0, 3)) {
      if (/^(skills|resistances|knowledge|practical|combat)\b/i.test(l.text)) break;
      rows.push(l);
    }
  } else {
    // Plain text: "HP 11 DM 0 MP 13 MR 15m AP 2 (Leather)".
    const l = free.find(
      (x) => /\b(HP|hit points)\s*:?\s*\d+/i.test(x.text) || /\bAP\s*:?\s*\d+/i.test(x.text),
    );
    if (l) rows.push(l);
  }
  if (rows.length === 0) return;
  const text = rows.map((l) => l.text).join(' ');
  const lines = [...(head ? [head.n] : []), ...rows.map((l) => l.n)];
  for (const l of rows) block.use(l.n, 'attributes');
  const printedHp = head ? /^\|?\s*(\d+)/.exec(text) : /\b(?:HP|hit points)\s*:?\s*(\d+)/i.exec(text);
  if (printedHp && Number(printedHp[1]) !== hp)
    block.warn(
      rows[0]?.n ?? null,
      `the block prints ${printedHp[1]} hit points; the rules give ${hp} ((SIZ + CON) / 2, rounded up), and Fray uses ${hp}: set hp: by hand if this one is hurt`,
    );
  // The armour's name is the word or two before its points: "Tough Hide (AP 6)", "Leather (2AP)".
  const ap =
    /([A-Za-z‘’']+(?:\s+[A-Za-z‘’']+)?)\s*\(\s*(?:AP\s*)?(\d+)\s*(?:AP|pts?|points?)?\s*\)/i.exec(text) ??
    /\bAP\s*:?\s*(\d+)\s*(?:\(([^)]*)\))?/i.exec(text);
  if (ap) {
    const [kind, points] = /^AP/i.test(ap[0])
      ? [ap[2] ?? '', Number(ap[1])]
      : [(ap[1] as string).trim(), Number(ap[2])];
    const named = kind ? matchName(kind, armour) : null;
    const piece = named && named.ap === points ? named : armour.find((a) => a.id === `natural-${points}`);
    if (piece) {
      entry.armour = [piece.id];
      block.said('armour', `${piece.id} (${kind || 'armour'}, ${points} AP)`, lines);
    } else if (points > 0)
      block.warn(
        rows[0]?.n ?? null,
        `'${kind} ${points} AP': no armour of ${points} AP in the data; left out`,
      );
  } else if (/\bnone\b/i.test(text)) block.said('armour', '(none)', lines);
  else block.warn(rows[0]?.n ?? null, 'no armour read in the attributes: none is worn');
  const printedDm = head
    ? /^\|?\s*\d+\s*\|?\s*([+-]?\s*\d*D\d+|0|none)/i.exec(text)
    : /\bDM\s*:?\s*([+-]?\s*\d*D\d+|0)/i.exec(text);
  if (printedDm) {
    const given = (printedDm[1] as string).replace(/\s+/g, '').toUpperCase();
    const ours = dm === 'none' ? '0' : dm.toUpperCase();
    if (given !== ours && !(given === 'NONE' && ours === '0'))
      block.warn(
        rows[0]?.n ?? null,
        `the block prints a damage modifier of ${given}; the rules give ${ours} from STR + SIZ, and Fray uses ${ours}`,
      );
  }
}

/** `Resistances: Dodge 55%, Persistence 55%.` and the like: the skills the fight uses; the rest noted. */
function readSkills(block: StatBlock, skills: Partial<Record<Skill, number>>): void {
  for (const l of block.free()) {
    const m = /^(resistances|knowledge|practical|skills|combat skills)\s*:\s*(.*)$/i.exec(l.text);
    if (!m) continue;
    block.use(l.n, 'skills');
    const left: string[] = [];
    for (const item of (m[2] as string).split(/,(?![^(]*\))/)) {
      const s = /^\s*([A-Za-z][A-Za-z ()'-]*?)\s*:?\s*(\d{1,3})\s*%/.exec(item);
      const skill = s ? SKILL_NAMES[(s[1] as string).trim().toLowerCase()] : undefined;
      if (s && skill) skills[skill] = Number(s[2]);
      else if (item.trim().replace(/\.$/, '') !== '') left.push(item.trim().replace(/\.$/, ''));
    }
    if (left.length > 0)
      block.unused.push({ line: l.n, text: left.join(', '), why: 'skills the fight does not use' });
  }
}

/** `Close Combat 60%: Long spear (1D8).`: the skill, and each weapon matched to the data by name, then by dice. */
function readCombat(
  block: StatBlock,
  o: ImportOptions,
  entry: Record<string, unknown>,
  skills: Partial<Record<Skill, number>>,
  dm: string | null,
): void {
  const rows = dataRows<WeaponRow>(o.env, 'openquest', 'weapons.yaml', 'weapons');
  const weapons: string[] = [];
  for (const l of block.free()) {
    const m = /^(close|ranged|unarmed)\s+combat\s+(\d{1,3})\s*%\s*(?:\(([^)]*)\))?\s*:?\s*(.*)$/i.exec(
      l.text,
    );
    if (!m) continue;
    block.use(l.n, 'combat');
    const skill = COMBAT[(m[1] as string).toLowerCase()] as Skill;
    skills[skill] = Number(m[2]);
    const read: string[] = [];
    for (const a of (m[4] as string).matchAll(/([A-Za-z‘’'][A-Za-z‘’' -]*?)\s*\(([^)]*)\)/g)) {
      const name = (a[1] as string).trim();
      const dice = diceOf(ownDice((a[2] as string).split(',')[0] as string, dm));
      const row = weaponFor(name, dice, skill, rows);
      if (!row) {
        block.warn(
          l.n,
          `'${name}${dice ? ` (${dice})` : ''}': no weapon of that name in the data, nor one with its dice; left out`,
        );
        continue;
      }
      if (!sameName(row.name, name) || (dice !== null && diceOf(row.damage) !== dice))
        block.warn(
          l.n,
          sameName(row.name, name) || matchName(name, [row])
            ? `'${name}' is ${dice} in the block; the data's ${row.name.toLowerCase()} (${row.damage}) is used`
            : `'${name}${dice ? ` (${dice})` : ''}': no weapon of that name in the data; the ${row.name.toLowerCase()} (${row.damage}) is used, which has its dice`,
        );
      if (!weapons.includes(row.id)) weapons.push(row.id);
      read.push(row.id);
    }
    block.said(`${skill} combat`, `${m[2]}%${read.length ? `: ${read.join(', ')}` : ''}`, [l.n]);
  }
  // A weapon named in a plain `Weapons:` line, as a character sheet writes them.
  const w = block.field(/^(weapons?|armed with)$/i, 'weapons');
  if (w)
    for (const item of listOf(w.value)) {
      const row = matchName(item, rows);
      if (row && !weapons.includes(row.id)) weapons.push(row.id);
      else if (!row)
        block.warn(
          w.n,
          `'${item}': no weapon of that name in the data (data/openquest/weapons.yaml); left out`,
        );
    }
  if (weapons.length > 0) entry.weapons = weapons;
}

/** The data's row for a weapon the block names: by name (the one with its dice first), else by its dice and skill. */
function weaponFor(
  name: string,
  dice: string | null,
  skill: Skill,
  rows: readonly WeaponRow[],
): WeaponRow | null {
  const byName = rows.filter(
    (r) => sameName(r.name, name) || sameName(r.name.replace(/\s*\(.*\)$/, ''), name),
  );
  const same = byName.find((r) => dice === null || diceOf(r.damage) === dice);
  if (same) return same;
  const loose = matchName(name, rows);
  if (loose && (dice === null || diceOf(loose.damage) === dice)) return loose;
  if (dice !== null) {
    // The rows with its dice, used with its skill; a row sharing a word of its name first (a target shield: a shield).
    const words = new Set(plainName(name).split(' '));
    const shared = (r: WeaponRow) =>
      plainName(r.name)
        .split(' ')
        .filter((w) => words.has(w)).length;
    const kind = rows
      .filter((r) => diceOf(r.damage) === dice && r.skill === skill)
      .sort((a, b) => shared(b) - shared(a));
    if (kind[0]) return kind[0];
  }
  return byName[0] ?? loose;
}

/** Why a line is not used, for the summary. */
export function oqNotUsed(l: BlockLine): string | null {
  for (const [re, why] of NOT_USED) if (re.test(l.text)) return why;
  return null;
}
