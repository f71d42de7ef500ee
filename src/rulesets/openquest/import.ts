// An OpenQuest creature or character as the SRD prints it (a characteristics table: the headings,
// a row of dice, a row of values; the attributes table; skill lines; one combat line a skill with
// its weapons and their damage), as its web page copies, as the AsciiDoc transcription stores it,
// or as plain text (`STR 10 CON 11 …`, `HP 11 AP 2`), with gear lines a character sheet adds.
import type { ImportOptions } from '../../core/ruleset.js';
import { GEAR_KEYS, isMoney, itemsOf, readGear, type Item, type Taken } from '../../core/gear.js';
import {
  dataRows,
  lookup,
  matchName,
  placeOf,
  plainName,
  sameName,
  type At,
  type BlockLine,
  type Cell,
  type FieldLine,
  type Headings,
  type Imported,
  type LeftOver,
  type Named,
  type StatBlock,
} from '../../core/statblock.js';
import { lineCells } from '../../core/block-text.js';
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
  readonly natural?: boolean;
  readonly range?: number | string;
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

/**
 * Shields as the SRD's creatures and players' sheets name them, read as the data's shield of the
 * same damage (ours: the SRD's shield table names small, medium and large shields).
 */
const SHIELDS: Readonly<Record<string, string>> = {
  buckler: 'small-shield',
  'target shield': 'medium-shield',
  target: 'medium-shield',
  shield: 'medium-shield',
  'round shield': 'medium-shield',
  'heater shield': 'medium-shield',
  'kite shield': 'large-shield',
  'tower shield': 'large-shield',
  'great shield': 'large-shield',
};

/** Why a line is not used, by what it begins with; `warn`: it would matter to a fight. */
const NOT_USED: readonly [RegExp, string, boolean][] = [
  [
    /^(magic|personal magic|divine magic|sorcery|spells?)\b/i,
    'magic is not played from a block: Fray plays OpenQuest’s combat without spells (healingMagic: true in the entry if it can heal a mortal wound)',
    true,
  ],
  [
    /^(special rules?|notes?)\b/i,
    'special rules are not played (a gaze, a breath, a poison): note them for the GM',
    true,
  ],
  [/^(type|delay|potency|full effect|duration) ?:/i, 'part of a poison: not played', true],
  [/^spirit combat\b/i, 'spirit combat is not played', true],
  [/^(close|ranged|unarmed) combat\b/i, 'a combat line with no percentage Fray can read: not played', true],
  [/^(loot|treasure|habitat|description|organisation|organization)\b/i, 'not used in a fight', false],
];

/** A weapon's dice, written as the data writes them, or null when they are not dice. */
function diceOf(s: string): string | null {
  const t = s.replace(/ /g, '');
  if (t.length === 0 || t.length > 16) return null;
  try {
    return weaponDice({ ...parseDice(t), sign: 1 });
  } catch {
    return null;
  }
}

/** A ranged weapon's reload and range, as the SRD prints them after its dice ("1 CR", "75m"). */
const PROPERTY = /^(\d{1,2}(\/\d{1,2})? ?CR|\d{1,4} ?m|range:? ?\d{1,4} ?m?)$/i;

/**
 * What a weapon's bracket says: its own dice (the creature's damage modifier taken off: "1D6+1D4"
 * with +1D4 is 1D6), its range, and what else it holds ("poison", "1D6 Magic Point drain").
 */
function damageOf(
  note: string,
  dm: string | null,
): { dice: string | null; range: number | null; rest: string[] } {
  const [first = '', ...others] = note.split(',').map((x) => x.trim());
  const range = others.map((x) => /^(?:range:? ?)?(\d{1,4}) ?m$/i.exec(x)?.[1]).find((x) => x !== undefined);
  const rest: string[] = others.filter((x) => x !== '' && !PROPERTY.test(x));
  // The terms of the damage, each with its sign: "1D6", "+1D4", "-1D6", "+poison", "+1D6 Magic Point drain".
  const terms = first
    .replace(/[–−]/g, '-')
    .split(/(?=[+-])/)
    .map((t) => t.replace(/ /g, ''))
    .filter((t) => t !== '' && t !== '+' && t !== '-');
  const own: string[] = [];
  let droppedDm = false;
  const modifier = dm && dm !== '0' ? dm.replace(/ /g, '').toUpperCase() : null;
  for (const [i, t] of terms.entries()) {
    const signed = /^[+-]/.test(t) ? t.toUpperCase() : `+${t.toUpperCase()}`;
    if (i > 0 && !droppedDm && modifier && (signed === modifier || signed === `+${modifier}`)) {
      droppedDm = true;
      continue;
    }
    if (/^[+-]?\d{0,2}D\d{1,3}$/i.test(t) && own.length === 0) own.push(t.replace(/^\+/, ''));
    else if (/^[+-]\d{1,2}$/.test(t) && own.length > 0) own.push(t);
    else rest.push(/poison/i.test(t) ? 'poison' : printedTerm(first, t));
  }
  const dice = own.length > 0 ? diceOf(own.join('').toUpperCase()) : null;
  if (!dice && own.length > 0) rest.unshift(first);
  return { dice, range: range === undefined ? null : Number(range), rest };
}

/** A term of the damage as it was printed ("1D6 Magic Point drain"), not squashed. */
function printedTerm(printed: string, squashed: string): string {
  const bare = squashed.replace(/^[+-]/, '');
  const at = printed.replace(/[–−]/g, '-').search(/[A-Za-z0-9]/);
  const words = printed
    .slice(Math.max(0, at))
    .split(/[+-]/)
    .map((x) => x.trim());
  return words.find((w) => w.replace(/ /g, '') === bare) ?? bare;
}

/** `fray import --ruleset openquest`. */
export function importOpenQuest(block: StatBlock, o: ImportOptions): Imported {
  const p = block.profileOrRefuse(
    OQ_HEADINGS,
    'no OpenQuest characteristics found: expected STR CON SIZ DEX INT POW CHA with their values (a heading row with a row of values beneath, or STR 10 CON 11 …)',
  );
  const entry: Record<string, unknown> = { name: block.entryName(o.name, p, 'the characteristics').name };
  const ch: Record<string, number> = {};
  const lacking: string[] = [];
  for (const c of CHARACTERISTICS) {
    const v = p.values[c];
    if (typeof v === 'number') {
      ch[c] = v;
      block.place(`characteristics.${c}`, p.at[c]);
    } else lacking.push(c);
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
  const weapons = readCombat(block, o, skills, dm === 'none' ? null : dm);
  readWornAndCarried(block, o, entry, weapons);
  if (weapons.length > 0) entry.weapons = weapons;
  else
    block.warn(
      null,
      `no weapon read from the block: ${String(entry.name)} will fight unarmed (its fists); name its weapons in a combat line ("Close Combat 50%: Shortsword") or a Weapons: line`,
    );
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

/** The attributes: a table (its headings over its values) or plain text ("HP 11 DM 0 MR 15m AP 2 (Leather)"). */
function attributeRow(
  block: StatBlock,
): { cells: Map<string, Cell> | null; text: string; lines: BlockLine[] } | null {
  const free = block.free();
  const head = free.find((l) => /hit points/i.test(l.text) && /armou?r/i.test(l.text));
  if (head) {
    const next = free[free.indexOf(head) + 1];
    block.use(head, 'attributes');
    const headCells = lineCells(head, false);
    if (!next) return { cells: null, text: '', lines: [head] };
    block.use(next, 'attributes');
    const values = lineCells(next, false, head.cells ? undefined : (head.raw.trimStart()[0] ?? '') === '|');
    // A table whose cells line up: each heading its value. Copied as text with single spaces, they do not.
    if (headCells.length >= 4 && values.length === headCells.length)
      return {
        cells: new Map(headCells.map((c, i) => [c.text.toLowerCase(), values[i] as Cell])),
        text: next.text,
        lines: [head, next],
      };
    return { cells: null, text: next.text, lines: [head, next] };
  }
  const l = free.find((x) => /\b(HP|hit points) ?:? ?\d/i.test(x.text) || /\bAP ?:? ?\d/i.test(x.text));
  if (!l) return null;
  block.use(l, 'attributes');
  return { cells: null, text: l.text, lines: [l] };
}

/** Hit points and damage modifier checked against what the rules compute; the armour read into a piece; flight warned of. */
function readAttributes(
  block: StatBlock,
  o: ImportOptions,
  entry: Record<string, unknown>,
  ch: Record<string, number>,
  dm: string,
): void {
  const armour = dataRows<ArmourRow>(o.env, 'openquest', 'armour.yaml', 'armour');
  const hp = hitPoints(ch.SIZ as number, ch.CON as number);
  const row = attributeRow(block);
  if (!row) {
    block.warn(
      null,
      'no attributes read (hit points, armour): the rules give the hit points; no armour is worn',
    );
    return;
  }
  const lines = row.lines.map((l) => l.n);
  const n = row.lines.at(-1)?.n ?? null;
  const cell = (re: RegExp) => {
    if (!row.cells) return null;
    for (const [k, v] of row.cells) if (re.test(k)) return v.text;
    return null;
  };
  const tableForm = row.lines.length === 2;
  const printedHp =
    cell(/^hit points/) ??
    (tableForm ? /^\|? ?(\S+)/.exec(row.text)?.[1] : /\b(?:HP|hit points) ?:? ?(\S+)/i.exec(row.text)?.[1]);
  if (printedHp !== undefined && printedHp !== null && printedHp.replace(/[.,;]$/, '') !== String(hp))
    block.warn(
      n,
      `the block prints ${printedHp} hit points; the rules give ${hp} ((SIZ + CON) / 2, rounded up), and Fray uses ${hp}: set hp: by hand if this one is hurt`,
    );
  const printedDm =
    cell(/^damage mod/) ??
    (tableForm
      ? /^\|? ?\S+ \|? ?([+-]? ?\d{0,2}D\d{1,3}|0|none)\b/i.exec(row.text)?.[1]
      : /\bDM ?:? ?([+-]? ?\d{0,2}D\d{1,3}|0)\b/i.exec(row.text)?.[1]);
  if (printedDm) {
    const given = printedDm.replace(/ /g, '').toUpperCase();
    const ours = dm === 'none' ? '0' : dm.toUpperCase();
    if (given !== ours && !(given === 'NONE' && ours === '0'))
      block.warn(
        n,
        `the block prints a damage modifier of ${given}; the rules give ${ours} from STR + SIZ, and Fray uses ${ours}`,
      );
  }
  const movement = cell(/^(mr|move|movement)/) ?? row.text;
  const flies = /\b(fly|flying|flies|flight|wings?)\b/i.exec(movement);
  if (flies)
    block.warn(n, `it flies ('${flyingPart(movement)}'): flight is not played; it fights on the ground`);
  const swims = /\b(swim|swimming|swims)\b/i.test(movement);
  if (swims)
    block.warn(n, `it swims ('${flyingPart(movement)}'): swimming is not played; it fights on the ground`);
  const armourText = cell(/^armou?r/) ?? row.text;
  const ap = armourOf(armourText);
  // "Fur (2 AP) + immune to non-magical damage": what follows the points is not played.
  const close = armourText.indexOf(')');
  const after =
    row.cells && close >= 0
      ? armourText
          .slice(close + 1)
          .replace(/^[\s+,;]+/, '')
          .trim()
      : '';
  if (ap && /[A-Za-z]/.test(after)) block.warn(n, `'${short(after)}' in the armour: not played`);
  if (ap) {
    const named = ap.kind ? matchName(ap.kind, armour) : null;
    const piece =
      named && named.ap === ap.points ? named : armour.find((a) => a.id === `natural-${ap.points}`);
    if (piece) {
      entry.armour = [piece.id];
      block.place('armour', { line: n ?? 1, col: 1 });
      block.said('armour', `${piece.id} (${ap.kind || 'armour'}, ${ap.points} AP)`, lines);
      if (named && named.ap !== ap.points)
        block.warn(
          n,
          `'${ap.kind}' is ${ap.points} AP in the block, the data's ${named.name.toLowerCase()} ${named.ap}: read as ${ap.points} AP of natural armour`,
        );
    } else if (ap.points > 0)
      block.warn(n, `'${ap.kind} ${ap.points} AP': no armour of ${ap.points} AP in the data; left out`);
  } else if (/\bnone\b/i.test(armourText) || /^-?$/.test(armourText)) block.said('armour', '(none)', lines);
  else {
    const named = matchName(armourText.split('(')[0] as string, armour);
    if (named && row.cells) {
      entry.armour = [named.id];
      block.said('armour', `${named.id} (${armourText}, ${named.ap} AP, the data's)`, lines);
    } else block.warn(n, `no armour read in the attributes ('${short(armourText)}'): none is worn`);
  }
}

/** The words of a movement cell that say it flies or swims ("20m Fly", "45m when flying"). */
function flyingPart(text: string): string {
  const m =
    /(\d{1,3} ?m,? )?([A-Za-z]{1,12} ){0,2}(flying|flies|flight|fly|swimming|swims|swim)\b( [A-Za-z]{1,12}){0,3}/i.exec(
      text,
    );
  return short(m ? m[0] : text);
}

function short(s: string): string {
  return s.length <= 50 ? s : `${s.slice(0, 47)}…`;
}

/** The armour's name and points: "Tough Hide (AP 6)", "Leather (2AP)", "Scales (2pt)", "AP 2 (Leather)". */
function armourOf(text: string): { kind: string; points: number } | null {
  const open = text.indexOf('(');
  const close = open >= 0 ? text.indexOf(')', open) : -1;
  if (open >= 0) {
    const inside = text.slice(open + 1, close < 0 ? undefined : close).trim();
    const pts = /^(?:AP ?)?(\d{1,2}) ?(?:AP|pts?|points?)?$/i.exec(inside);
    if (pts) {
      // The word or two before the bracket: "Tough Hide", "Dragon Scales", "Tough 'bark' +".
      const before = text.slice(0, open).split('|').at(-1) ?? '';
      const words = before
        .replace(/[^A-Za-z' ]/g, ' ')
        .trim()
        .split(/ +/)
        .filter((w) => w !== '' && !/^(ap|hp|mr|dm)$/i.test(w));
      return { kind: words.slice(-2).join(' ').replace(/'/g, ''), points: Number(pts[1]) };
    }
  }
  const plain = /\bAP ?:? ?(\d{1,2})\b/i.exec(text);
  if (plain) {
    const after =
      open >= 0 && open > plain.index ? text.slice(open + 1, close < 0 ? undefined : close).trim() : '';
    return { kind: after, points: Number(plain[1]) };
  }
  return null;
}

/** The skills of a line, one an item: at commas, and after each percentage ("Dodge 45% Persistence 25%", as the SRD prints some). */
function skillItems(text: string): Item[] {
  const out: Item[] = [];
  for (const item of itemsOf(text)) {
    let from = 0;
    const p = item.printed;
    for (let i = 0; i < p.length; i++) {
      if (p[i] !== '%') continue;
      let end = i + 1;
      while (p[end] === '*') end++;
      if (end < p.length && p[end] === ' ' && /[A-Za-z]/.test(p[end + 1] ?? '')) {
        out.push({
          ...item,
          printed: p.slice(from, end),
          name: p.slice(from, end),
          offset: item.offset + from,
        });
        from = end + 1;
      }
    }
    out.push(
      from === 0
        ? item
        : { ...item, printed: p.slice(from), name: p.slice(from), offset: item.offset + from },
    );
  }
  return out;
}

/** A line of skills with no heading ("Dodge 40%, Persistence 30%"): every item a name and a percentage. */
function isSkillList(text: string): boolean {
  if (text.length > 400 || !text.includes('%')) return false;
  const items = skillItems(text);
  return (
    items.length >= 2 &&
    items.every((i) => /^[A-Za-z][A-Za-z ()'-]{0,40} ?:? ?\d{1,3} ?%\*?\.?$/.test(i.printed))
  );
}

/** `Resistances: Dodge 55%, Persistence 55%.` and the like: the skills the fight uses; the rest noted. */
function readSkills(block: StatBlock, skills: Partial<Record<Skill, number>>): void {
  for (const l of block.free()) {
    const m =
      /^(resistances|knowledge|practical|skills|combat skills|common skills|advanced skills) ?: ?/i.exec(
        l.text,
      ) ?? (isSkillList(l.text) ? /^/.exec(l.text) : null);
    if (!m) continue;
    block.use(l, 'skills');
    const left: string[] = [];
    const base = m[0].length;
    for (const item of skillItems(l.text.slice(base))) {
      const at = placeOf(l, base + item.offset);
      // "Dodge 55%", "Athletics: 40%*", "Lore (Undead) 75%": the name, then the percentage.
      const words = item.printed.replace(/\.$/, '').replace(/\*+$/, '');
      const s = /^([A-Za-z][A-Za-z ()'-]{0,40}?) ?:? ?(\S{1,12}) ?%$/.exec(words);
      const skill = s ? lookup(SKILL_NAMES, (s[1] as string).trim().toLowerCase()) : undefined;
      if (s && skill) {
        const pct = (s[2] as string).replace(/\*+$/, '');
        setSkill(
          block,
          skills,
          skill,
          block.whole(
            pct,
            `${(s[1] as string).trim()}`,
            placeOf(l, base + item.offset + words.lastIndexOf(pct)),
          ),
          at,
        );
      } else if (item.printed.replace(/\.$/, '') !== '') left.push(item.printed.replace(/\.$/, ''));
    }
    if (left.length > 0)
      block.unused.push({ line: l.n, text: left.join(', '), why: 'skills the fight does not use' });
  }
}

/** A skill read; given again with another value, the last is used and the GM told. */
function setSkill(
  block: StatBlock,
  skills: Partial<Record<Skill, number>>,
  skill: Skill,
  value: number,
  at: At,
): void {
  const before = skills[skill];
  if (before !== undefined && before !== value)
    block.warn(at.line, `${skill} is given twice: ${before}% before, ${value}% here; ${value}% is used`);
  skills[skill] = value;
  block.place(`skills.${skill}`, at);
}

/**
 * `Close Combat 60%: Long spear (1D8).`: the skill, and each weapon matched to the data by name
 * (its dice, if printed otherwise, warned of), else by its dice; what is not played warned of.
 */
function readCombat(
  block: StatBlock,
  o: ImportOptions,
  skills: Partial<Record<Skill, number>>,
  dm: string | null,
): string[] {
  const rows = dataRows<WeaponRow>(o.env, 'openquest', 'weapons.yaml', 'weapons');
  const weapons: string[] = [];
  for (const l of block.free()) {
    const m = /^(close|ranged|unarmed) combat (\S{1,12}?) ?% ?(?:\(([^)]{0,60})\))? ?:? ?/i.exec(l.text);
    if (!m) continue;
    block.use(l, 'combat');
    const skill = lookup(COMBAT, (m[1] as string).toLowerCase()) as Skill;
    const pctAt = placeOf(l, l.text.indexOf(m[2] as string, (m[1] as string).length));
    setSkill(block, skills, skill, block.whole(m[2] as string, `${m[1]} Combat`, pctAt), pctAt);
    const read: string[] = [];
    const base = m[0].length;
    for (const item of itemsOf(l.text.slice(base))) {
      const at = placeOf(l, base + item.offset);
      const row = weaponOf(block, item, skill, rows, dm, at);
      if (!row) continue;
      // Every combatant has its fists (the data's fist): named, not added.
      if (row.id === 'fist') {
        read.push('fist (as every combatant)');
        continue;
      }
      if (weapons.length === 0) block.place('weapons', at);
      if (!weapons.includes(row.id)) weapons.push(row.id);
      read.push(row.id);
    }
    block.said(`${skill} combat`, `${skills[skill]}%${read.length ? `: ${read.join(', ')}` : ''}`, [l.n]);
  }
  return weapons;
}

/** The data's row for one weapon of a combat line, and the warnings it needs; null (warned of) when none. */
function weaponOf(
  block: StatBlock,
  item: Item,
  skill: Skill,
  rows: readonly WeaponRow[],
  dm: string | null,
  at: At,
): WeaponRow | null {
  const name = item.name;
  const note = item.notes[0] ?? '';
  const { dice, range, rest } = damageOf(note, dm);
  const more = [...rest, ...item.notes.slice(1)];
  const row = weaponFor(name, dice, skill, rows);
  if (more.length > 0)
    block.warn(
      at.line,
      `'${item.printed}': ${more.map((x) => (/poison/i.test(x) ? 'its poison' : `'${x}'`)).join(' and ')} ${more.length === 1 ? 'is' : 'are'} not played${row ? `: the ${row.name.toLowerCase()} does its dice only` : ''}`,
    );
  if (!row) {
    block.warn(
      at.line,
      `'${name}${dice ? ` (${dice})` : ''}': no weapon of that name in the data${dice ? ', nor one with its dice' : ''} (data/openquest/weapons.yaml); left out`,
    );
    return null;
  }
  const byName =
    sameName(row.name, name) ||
    lookup(SHIELDS, plainName(name)) === row.id ||
    matchName(name, [row]) !== null;
  if (!byName)
    block.warn(
      at.line,
      `'${name}${dice ? ` (${dice})` : ''}': no weapon of that name in the data; the ${row.name.toLowerCase()} (${row.damage}) is used, which has its dice`,
    );
  else if (dice !== null && diceOf(row.damage) !== dice)
    block.warn(
      at.line,
      `'${name}' is ${dice} in the block; the data's ${row.name.toLowerCase()} (${row.damage}) is used: a different weapon of the same name goes into the data (docs/bringing-your-own.md)`,
    );
  else if (!sameName(row.name, name) && lookup(SHIELDS, plainName(name)) === row.id)
    block.warn(
      at.line,
      `'${name}' is read as the ${row.name.toLowerCase()} (ours: the data's shields are small, medium and large; this one does ${row.damage})`,
    );
  else if (!sameName(row.name, name)) block.nearest(at.line, name, row);
  if (range !== null && row.range !== undefined && String(row.range) !== String(range))
    block.warn(
      at.line,
      `'${item.printed}': the block gives a range of ${range}m; the data's ${row.name.toLowerCase()} has ${row.range}m, which Fray uses`,
    );
  return row;
}

/** The data's row for a weapon the block names: by its name (a shield as a shield), else by its dice and skill. */
function weaponFor(
  name: string,
  dice: string | null,
  skill: Skill,
  rows: readonly WeaponRow[],
): WeaponRow | null {
  const shield = lookup(SHIELDS, plainName(name));
  if (shield) return rows.find((r) => r.id === shield) ?? null;
  const byName = rows.filter((r) => sameName(r.name, name) || sameName(r.name.replace(/ \(.*\)$/, ''), name));
  // Natural weapons have a row for each of their dice (Bite 1D4, Bite 1D6 …): the one with its dice first.
  const same = byName.find((r) => dice === null || diceOf(r.damage) === dice);
  if (same && (same.natural || dice === null || byName.length > 1 || diceOf(same.damage) === dice))
    return same;
  if (byName[0] && !byName[0].natural) return byName[0];
  const loose = matchName(name, rows);
  if (loose && !loose.natural) return loose;
  if (loose && (dice === null || diceOf(loose.damage) === dice)) return loose;
  if (dice !== null) {
    // The rows with its dice, used with its skill; a row sharing a word of its name first.
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

/** Weapons and armour named in gear lines (Weapons:, Armour:, Equipment: …), as a character sheet writes them. */
function readWornAndCarried(
  block: StatBlock,
  o: ImportOptions,
  entry: Record<string, unknown>,
  weapons: string[],
): void {
  const rows = dataRows<WeaponRow>(o.env, 'openquest', 'weapons.yaml', 'weapons');
  const armour = dataRows<ArmourRow>(o.env, 'openquest', 'armour.yaml', 'armour').filter(
    (a) => !a.id.startsWith('natural-'),
  );
  const worn: string[] = Array.isArray(entry.armour) ? [...(entry.armour as string[])] : [];
  const take = (item: Item, f: FieldLine): Taken => {
    if (isMoney(item)) return { left: 'money: not used in a fight' };
    const at = f.at(item.offset);
    const armourLine = /^armou?r$/i.test(f.key);
    const piece = matchName(item.name, armour);
    const shield = lookup(SHIELDS, plainName(item.name));
    const row = shield
      ? rows.find((r) => r.id === shield)
      : armourLine && piece
        ? null
        : matchName(item.name, rows);
    if (piece && !row) {
      if (worn.length === 0) block.place('armour', at);
      if (!worn.includes(piece.id)) worn.push(piece.id);
      return { used: `${piece.id} (${piece.ap} AP)` };
    }
    if (row?.id === 'fist') return { used: 'fist (as every combatant)' };
    if (row) {
      if (weapons.length === 0) block.place('weapons', at);
      if (!weapons.includes(row.id)) weapons.push(row.id);
      return { used: row.id };
    }
    return {
      left: armourLine
        ? 'no armour of that name in the data'
        : 'no weapon or armour of that name in the data (data/openquest)',
    };
  };
  readGear(block, GEAR_KEYS, take, (s) => rows.some((r) => sameName(r.name, s)));
  if (worn.length > 0) entry.armour = worn;
}

/** Why a line is not used, for the summary. */
export function oqNotUsed(l: BlockLine): LeftOver {
  for (const [re, why, warn] of NOT_USED) if (re.test(l.text)) return { why, warn };
  return null;
}
