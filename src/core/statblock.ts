// Reading a creature or character as a book, an adventure or a web page prints it (`fray import`,
// the page's "Paste a stat block"): the lines of the text (core/block-text.ts), a profile given as
// a row of headings with a row of values beneath, fields written `Armour: mail shirt, helmet`,
// names matched to the ruleset's data. Each ruleset's importer says which headings and fields it
// reads; every line it does not use is reported with the reason, everything of the creature that
// is not played is warned about at its line, a number is read whole or refused at its line and
// column, and a text with nothing recognisable is refused at its line.
import { Document, isScalar, visit } from 'yaml';
import { blockLines, lineCells, LINE_LIMIT, placeOf, type BlockLine, type Cell } from './block-text.js';
import { SourceDoc, ValidationError, type Issue } from './document.js';
import { printable } from './names.js';

export { placeOf, type BlockLine, type Cell } from './block-text.js';

/** The most a pasted block may be, in bytes as UTF-8 writes them: a page of an adventure is a few kilobytes. */
export const BLOCK_LIMIT = 100 * 1024;

/** The size of a text in bytes, as UTF-8 writes it (the limit counts bytes, not characters). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** A table's row for a key, looked up among the table's own keys only ("constructor" is no rule). */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** What an importer read: one line a field, as a user would check it against the book. */
export interface ReadField {
  /** The entry's field, as a person reads it ("WS", "weapons"). */
  readonly field: string;
  /** What it was read as. */
  readonly value: string;
  /** The lines it came from. */
  readonly lines: readonly number[];
}

/** A line the importer did not use, and why (said to the user, never silently dropped). */
export interface UnusedLine {
  /** Its line in the block, from 1. */
  readonly line: number;
  /** The line as typed. */
  readonly text: string;
  /** Why it was not used. */
  readonly why: string;
}

/** Something read that a user should know: a weapon we lack, a rule not played, a value that seems off. */
export interface ImportWarning {
  /** The line it is about, from 1, or null for the block as a whole. */
  readonly line: number | null;
  /** What to know, in words. */
  readonly message: string;
}

/** A stat block read: the combatant entry an encounter's `combatants:` holds, and the account of it. */
export interface Imported {
  /** The ruleset that read it. */
  readonly ruleset: string;
  /** The combatant entry, ready for an encounter's `combatants:`. */
  readonly entry: Readonly<Record<string, unknown>>;
  /** Each field read, in the entry's order. */
  readonly read: readonly ReadField[];
  /** Every line not used, with why. */
  readonly unused: readonly UnusedLine[];
  /** What the user should know. */
  readonly warnings: readonly ImportWarning[];
  /** Each field of the entry (a path such as `skills.close`) and where in the block it was read. */
  readonly placed: Readonly<Record<string, At>>;
}

/** How the way in names what the user gives besides the block (the command's flags, the page's boxes). */
export interface Asking {
  /** Where a name is given: "--name", "the Name box". */
  readonly name: string;
  /** Where the ruleset is given: "--ruleset", "the ruleset picked". */
  readonly ruleset: string;
  /** The file a problem of those is placed in: "command line", "request body". */
  readonly file: string;
}

export const COMMAND_LINE: Asking = { name: '--name', ruleset: '--ruleset', file: 'command line' };

/** A profile's headings as one ruleset writes them: the field each abbreviation (or word) fills. */
export interface Headings {
  /** Lower-case heading → the field it fills ('ws' → 'WS', 'weapon skill' → 'WS'). */
  readonly names: Readonly<Record<string, string>>;
  /** How many of them a header row must hold to be taken for one. */
  readonly atLeast: number;
  /** What the profile is called in messages ("the profile", "the characteristics"). */
  readonly what: string;
  /** Fields the ruleset does not use, kept as printed and never refused (an AHQ card's PV ".5"). */
  readonly asPrinted?: ReadonlySet<string>;
}

/** A row of values read under a row of headings. */
export interface Profile {
  /** Field → the value: a whole number, or '-' for one the creature lacks. */
  readonly values: Readonly<Record<string, number | '-'>>;
  /** Where each field's value was typed. */
  readonly at: Readonly<Record<string, At>>;
  /** Headings read that the ruleset does not use, with their values. */
  readonly extra: readonly {
    /** The heading, as printed. */
    readonly heading: string;
    /** The value under it, as printed. */
    readonly value: string;
  }[];
  /** The fields of `asPrinted`, as printed. */
  readonly printed?: Readonly<Record<string, string>>;
  /** The block's lines the profile was read from. */
  readonly lines: readonly number[];
}

/** Dice as a profile's rolling row writes them: 3D6, 2D6+6, 1D3, or a fixed number. */
const ROLLED = /^(\d{0,3}D\d{1,4}([+-]\d{1,4})?|\d{1,4})$/i;

/** A row of the dice characteristics are rolled with (a number alone counts; most must be dice). */
function isDiceRow(cells: readonly Cell[]): boolean {
  const texts = cells.map((c) => c.text.replace(/\s/g, ''));
  const dice = texts.filter((c) => /D/i.test(c) && ROLLED.test(c)).length;
  const given = texts.filter((c) => !/^-?$/.test(c)).length;
  return dice > 0 && dice >= given / 2 && texts.every((c) => ROLLED.test(c) || /^-?$/.test(c));
}

/** Brackets and what they hold taken out of a text, in one pass (an unclosed bracket runs to the end). */
export function withoutBrackets(s: string): string {
  let out = '';
  let depth = 0;
  for (const c of s) {
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
    else continue;
    if (c === '(' || c === ')') out += ' ';
  }
  return out;
}

/** "mail shirt, helmet and shield." → ['mail shirt', 'helmet', 'shield'] (brackets aside). */
export function listOf(text: string): string[] {
  return withoutBrackets(text)
    .replace(/\.\s*$/, '')
    .split(/,|;|\band\b|\+|\//)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A name as compared: lower case, without articles, marks, plurals or what is in brackets. */
export function plainName(s: string): string {
  return withoutBrackets(s.toLowerCase())
    .replace(/\b(a|an|the|pair of|set of)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
    .join(' ');
}

/** What reading the shipped data needs of a ruleset's LoadEnv (named here so ruleset.ts, which speaks of importers, is not imported back). */
interface DataReader {
  readData(ruleset: string, name: string): { readonly text: string };
}

/** Data files read, by their text: an import reads the same few files each time. */
const parsedData = new Map<string, unknown>();

/** The rows of a list in one of a ruleset's shipped data files (`weapons:` of weapons.yaml). */
export function dataRows<T extends Named>(env: DataReader, ruleset: string, file: string, key: string): T[] {
  const { text } = env.readData(ruleset, file);
  let data = parsedData.get(text);
  if (data === undefined) {
    data = SourceDoc.parse(`${ruleset}/${file}`, text).data;
    if (parsedData.size > 64) parsedData.clear();
    parsedData.set(text, data);
  }
  const rows =
    data !== null && typeof data === 'object' ? lookup(data as Record<string, unknown>, key) : undefined;
  // A copy each time: a caller may not change what the next import reads.
  return Array.isArray(rows) ? (structuredClone(rows) as T[]) : [];
}

/**
 * The rows of the lists named as a ruleset names where its names come from (core/ruleset.ts,
 * NameSources): "weapons.yaml#weapons" in its own data, "../wfrp1e/armour.yaml#pieces" in another's.
 */
export function listedRows<T extends Named>(env: DataReader, ruleset: string, specs: readonly string[]): T[] {
  return specs.flatMap((spec) => {
    const [path, key] = spec.split('#') as [string, string];
    const other = /^\.\.\/([^/]+)\/(.+)$/.exec(path);
    return other
      ? dataRows<T>(env, other[1] as string, other[2] as string, key)
      : dataRows<T>(env, ruleset, path, key);
  });
}

/** A row of the ruleset's data that a name may name. */
export interface Named {
  /** Its id, as an encounter writes it (`short-bow`). */
  readonly id: string;
  /** Its name, as a book prints it ("Short Bow"). */
  readonly name: string;
}

/** Two names for one thing, whatever their case, articles, plurals or spacing ("Long spear", "Longspear"). */
export function sameName(a: string, b: string): boolean {
  return plainName(a).replace(/ /g, '') === plainName(b).replace(/ /g, '');
}

/** The row a name names (by id or name, plurals and brackets aside), or null. */
export function matchName<T extends Named>(given: string, rows: readonly T[]): T | null {
  const g = plainName(given);
  if (g === '' || g.length > 80) return null;
  const exact = rows.find((r) => plainName(r.name) === g || plainName(r.id.replace(/-/g, ' ')) === g);
  if (exact) return exact;
  // "Long spear" for the Longspear, "great sword" for a Greatsword: the same words, spaced otherwise.
  const squashed = g.replace(/ /g, '');
  const spaced = rows.find(
    (r) => plainName(r.name).replace(/ /g, '') === squashed || r.id.replace(/-/g, '') === squashed,
  );
  if (spaced) return spaced;
  // "Chain armour" for the chain (mail) whose id is "chain": the kind without the word for armour.
  const kind = g.replace(/ (armour|armor)$/, '');
  if (kind !== g) {
    const byKind = rows.find((r) => r.id === kind.replace(/ /g, '-'));
    if (byKind) return byKind;
  }
  // "Normal bow" for "bow", "hand axe" for "axe": the row whose every word the name holds, the longest.
  const words = new Set(g.split(' '));
  const within = rows
    .filter((r) =>
      plainName(r.name)
        .split(' ')
        .every((w) => words.has(w)),
    )
    .sort((a, b) => plainName(b.name).length - plainName(a.name).length);
  if (within[0]) return within[0];
  // "Runesword", "warhammer": one word ending in a row's one-word name, the longest.
  if (!g.includes(' '))
    return (
      rows
        .filter((r) => {
          const n = plainName(r.name);
          return !n.includes(' ') && n.length >= 3 && g.length > n.length + 2 && g.endsWith(n);
        })
        .sort((a, b) => b.name.length - a.name.length)[0] ?? null
    );
  return null;
}

/** A place in the block: a line and a column, both from 1. */
export interface At {
  /** The line, from 1. */
  readonly line: number;
  /** The column, from 1. */
  readonly col: number;
}

/** A field of the block: its line, its value, and where each character of the value was typed. */
export interface FieldLine {
  /** The logical line it is on. */
  readonly line: BlockLine;
  /** That line's first physical line, from 1. */
  readonly n: number;
  /** The field's name as typed, before its colon or its value ("Skills"). */
  readonly key: string;
  /** Its value as typed, after the name. */
  readonly value: string;
  /** Where the value's character at `offset` was typed. */
  at(offset?: number): At;
}

/** What a line not read is, for the account: a note (it does not matter to a fight) or a warning (it would). */
export type LeftOver = {
  /** Why it was left, in words. */
  readonly why: string;
  /** It would matter to a fight: said as a warning. */
  readonly warn?: boolean;
} | null;

/** Section headings books and transcriptions print inside a block, and what their lines are. */
const SECTIONS: readonly { readonly re: RegExp; readonly name: string; readonly played: boolean }[] = [
  {
    re: /^special (rules?|abilities)$|^special$|^abilities$|^traits$/i,
    name: 'special rules',
    played: false,
  },
  { re: /^(magic|spells?|sorcery|divine magic|personal magic)$/i, name: 'magic', played: false },
  { re: /^psychology$/i, name: 'psychology', played: false },
  { re: /^(notes?|description|habitat|organi[sz]ation|treasure|loot)$/i, name: 'notes', played: true },
  {
    re: /^(characteristics|attributes|skills|combat|weapons|armou?r|equipment|trappings|possessions|gear|profile)$/i,
    name: 'block',
    played: true,
  },
];

/** Labels books print above a profile that are no name. */
const LABELS =
  /^(basic |average |typical )?(profile|characteristics|statistics|stats|attributes|advance scheme)$/i;

/** A heading of a section, if the line is one: its name, and whether what is under it is played. */
function sectionOf(text: string): { name: string; played: boolean; heading: string } | null {
  const t = text.replace(/:$/, '').trim();
  if (t.length > 40) return null;
  for (const s of SECTIONS) if (s.re.test(t)) return { name: s.name, played: s.played, heading: t };
  return null;
}

/** A text a user pasted or a file gave, line by line, keeping account of which lines were used. */
export class StatBlock {
  /** The text as logical lines. */
  readonly lines: readonly BlockLine[];
  private readonly used = new Map<number, string>();
  /** The lines left unused so far, with why (filled in as the importer finishes). */
  readonly unused: UnusedLine[] = [];
  /** What the user should know, so far. */
  readonly warnings: ImportWarning[] = [];
  /** The fields read so far. */
  readonly read: ReadField[] = [];
  /** Where each field of the entry was read (a path such as `skills.close`). */
  readonly placed: Record<string, At> = {};
  /** A name written on the row of values, before them (or before the colon of an inline profile). */
  leadName: {
    /** Its line, from 1. */
    n: number;
    /** The name. */
    name: string;
  } | null = null;

  constructor(
    /** The file as messages name it ("orc.txt", "standard input", "paste"). */
    readonly file: string,
    text: string,
    /** How the way in names what is given besides the block. */
    readonly asking: Asking = COMMAND_LINE,
  ) {
    const bytes = utf8Bytes(text);
    if (bytes > BLOCK_LIMIT)
      throw new ValidationError([
        {
          file,
          path: '',
          message: `the text is ${sizeOf(bytes)}: a stat block is a few lines (Fray reads up to ${BLOCK_LIMIT / 1024} KB); paste one creature or character`,
        },
      ]);
    this.lines = blockLines(text);
  }

  /** The lines not yet used with something to read on them (markup and overlong lines aside). */
  free(): BlockLine[] {
    return this.lines.filter((l) => l.text !== '' && l.kind !== 'markup' && !l.long && !this.used.has(l.id));
  }

  /** Marks a line used, for `what` (a field's name). */
  use(l: BlockLine, what: string): void {
    this.used.set(l.id, what);
  }

  /** Whether a line is used already. */
  isUsed(l: BlockLine): boolean {
    return this.used.has(l.id);
  }

  /** Records a field read, for the summary. */
  said(field: string, value: string, lines: readonly number[]): void {
    this.read.push({ field, value, lines });
  }

  /** Records where a field of the entry was read, so that a problem of it is shown there. */
  place(path: string, at: At | null | undefined): void {
    if (at) this.placed[path] = at;
  }

  /** Records something the user should know, at a line (or null for the whole block). */
  warn(line: number | null, message: string): void {
    this.warnings.push({ line, message });
  }

  /**
   * Says so when a name was matched to a row whose name holds fewer words ("two-handed axe" read
   * as the axe): a word left out may have mattered, and the GM should see it.
   */
  nearest(line: number, given: string, row: Named): void {
    const kept = new Set([
      ...plainName(row.name).split(' '),
      ...plainName(row.id.replace(/-/g, ' ')).split(' '),
    ]);
    const dropped = plainName(given)
      .split(' ')
      .filter((w) => w !== '' && !kept.has(w))
      .map((w) => {
        const tail = [...kept].find((k) => k.length >= 3 && w.length > k.length && w.endsWith(k));
        return tail ? w.slice(0, -tail.length) : w;
      });
    if (dropped.length > 0)
      this.warn(
        line,
        `'${given}' is read as the ${row.name.toLowerCase()}, the data's nearest row ('${dropped.join(' ')}' left out)`,
      );
  }

  /** A located refusal of the block: nothing is written. */
  refuse(line: number | null, message: string, col = 1): ValidationError {
    const issue: Issue =
      line === null
        ? { file: this.file, path: '', message }
        : { file: this.file, line, col, path: '', message };
    return new ValidationError([issue]);
  }

  /** A refusal at a place of the block. */
  refuseAt(at: At, message: string): ValidationError {
    return this.refuse(at.line, message, at.col);
  }

  /**
   * The profile: the first row whose cells are at least `atLeast` of the headings (as
   * abbreviations or words), and the row of values beneath it (the next line with something on
   * it, blank lines aside). A header without values, a row with fewer values than headings, or a
   * value that is not a whole number (nor '-') is refused at its place. Null when no header row is there.
   */
  profile(h: Headings): Profile | null {
    const free = this.free();
    for (let i = 0; i < free.length; i++) {
      const head = free[i] as BlockLine;
      // Headings of two words ("Combat Level") are cells apart when two blanks or a tab part them.
      const wide = this.headerCells(head, h, false);
      const known = (c: Cell) => lookup(h.names, c.text.toLowerCase()) !== undefined;
      const twoWords =
        wide !== null &&
        wide.some((c) => c.text.includes(' ') && known(c)) &&
        !wide.some(
          (c) =>
            c.text.includes(' ') &&
            !known(c) &&
            c.text.split(' ').every((w) => lookup(h.names, w.toLowerCase()) !== undefined),
        );
      const cells = twoWords ? wide : this.headerCells(head, h, true);
      if (!cells) continue;
      const words = !twoWords;
      const border = head.cells ? undefined : (head.raw.trimStart()[0] ?? '') === '|';
      let k = i + 1;
      let next = free[k];
      // The dice the characteristics are rolled with, between the headings and the values (OpenQuest).
      if (next && isDiceRow(lineCells(next, true, border))) {
        this.use(next, 'dice');
        this.unused.push({
          line: next.n,
          text: next.text,
          why: 'the dice the characteristics are rolled with: the values beneath are read',
        });
        next = free[++k];
      }
      if (!next)
        throw this.refuse(
          head.n,
          `${h.what} heading (${cells.map((c) => c.text).join(' ')}) has no row of values beneath it`,
        );
      const spaced = lineCells(next, false, border);
      const values = words || spaced.length < cells.length ? lineCells(next, true, border) : spaced;
      // A name written before the values ("Orc  4 33 25 …"): the cells past the headings' count, in front.
      const lead = values.length > cells.length ? values.slice(0, values.length - cells.length) : [];
      const own = values.slice(lead.length);
      if (own.length < cells.length) {
        const missing = cells.length - own.length;
        throw this.refuse(
          next.n,
          `${own.length} value${own.length === 1 ? '' : 's'} under ${cells.length} headings (${cells.map((c) => c.text).join(' ')}): ${missing === 1 ? 'one is' : `${missing} are`} missing`,
          endOf(values.at(-1)),
        );
      }
      const out: Record<string, number | '-'> = {};
      const at: Record<string, At> = {};
      const extra: { heading: string; value: string }[] = [];
      const printed: Record<string, string> = {};
      cells.forEach((c, j) => {
        const v = own[j] as Cell;
        const heading = c.text.toLowerCase();
        if (NAME_HEADINGS.has(heading) && v.text !== '') {
          this.leadName = { n: next.n, name: v.text };
          return;
        }
        const field = lookup(h.names, heading);
        if (!field) {
          extra.push({ heading: c.text, value: v.text });
          return;
        }
        if (h.asPrinted?.has(field)) {
          printed[field] = v.text;
          return;
        }
        out[field] = this.value(v, c.text);
        at[field] = { line: v.line, col: v.col };
      });
      this.use(head, h.what);
      this.use(next, h.what);
      if (lead.length > 0) this.leadName = { n: next.n, name: lead.map((c) => c.text).join(' ') };
      return { values: out, at, extra, printed, lines: [head.n, next.n] };
    }
    return null;
  }

  /**
   * A cell of a profile: a whole number, or '-' for a characteristic the creature lacks. A range
   * or alternatives ("8-10", "5/11") are read as the first, a roll ("D6") as its average, each
   * with a warning to set it by hand; anything else (12.5, 12abc, 1e309) is refused at its place.
   */
  value(cell: Cell, heading: string): number | '-' {
    const v = withoutMarks(cell.text);
    if (/^-?$/.test(v)) return '-';
    if (/^\+?\d{1,6}$/.test(v)) return Number(v);
    const range = /^(\d{1,4}) ?[-/] ?(\d{1,4})$/.exec(v);
    if (range) {
      this.warn(
        cell.line,
        `${heading} '${v}' is read as ${range[1]}, the first the book gives: set it by hand if this one has another`,
      );
      return Number(range[1]);
    }
    // "8+2": the card's value and what its gear adds (a runesword's +2).
    const bonus = /^(\d{1,4})([+-]\d{1,3})$/.exec(v);
    if (bonus) {
      this.warn(
        cell.line,
        `${heading} '${v}' is read as ${bonus[1]}: the ${bonus[2]} its gear gives is not played (set it by hand if it should be)`,
      );
      return Number(bonus[1]);
    }
    const roll = /^(\d?)D(\d{1,3})$/i.exec(v);
    if (roll) {
      const avg = Math.round((Number(roll[1] || 1) * (Number(roll[2]) + 1)) / 2) || 1;
      this.warn(
        cell.line,
        `${heading} '${v}' is a roll: read as ${avg}, its average; set it by hand for this one`,
      );
      return avg;
    }
    throw this.refuseAt(
      cell,
      `${notWhole(cell.text)} under ${heading}: expected a whole number, or - for a characteristic it lacks`,
    );
  }

  /**
   * A whole number a field gives ("55%", "3", "+2"), refused at its place when it is not one
   * (12.5, 3.9, 1e309, 12abc): never cut to the digits it starts with.
   */
  whole(token: string, what: string, at: At): number {
    const v = withoutMarks(token);
    if (/^\+?\d{1,6}$/.test(v)) return Number(v);
    throw this.refuseAt(at, `${notWhole(token)} for ${what}: expected a whole number`);
  }

  /** The cells of a header row, if the line is one (enough of its cells are headings). */
  private headerCells(l: BlockLine, h: Headings, words: boolean): Cell[] | null {
    const cells = lineCells(l, words);
    if (cells.length < h.atLeast || cells.length > 40) return null;
    const known = cells.filter((c) => lookup(h.names, c.text.toLowerCase()) !== undefined).length;
    // Most of the row, and at least atLeast: a sentence with "WS" in it is no header.
    return known >= h.atLeast && known >= cells.length * 0.6 ? cells : null;
  }

  /**
   * Characteristics written as pairs on one or more lines ("STR 10 CON 11 DEX 17", "Physique 14,
   * Agility 12"): every field found, from the lines not yet used that hold at least two pairs (or,
   * right after such a line, open with one). A value that is not a whole number is refused at its place.
   */
  pairs(h: Headings): Profile | null {
    const values: Record<string, number | '-'> = {};
    const at: Record<string, At> = {};
    const printed: Record<string, string> = {};
    const lines: number[] = [];
    const free = this.free();
    const needed = Math.min(h.atLeast, 2);
    // Lines holding pairs: two or more, or one that opens the line ("Physique: 15" a line, as a
    // sheet lists them); a run of such lines next to each other is taken when it holds a line of
    // two or more, or as many as a profile needs.
    const rows = free.map((l) => {
      const found = pairsOf(l, h);
      const numeric = found.filter((p) => /^[+]?\d/.test(p.value) || h.asPrinted?.has(p.field)).length;
      return { l, found, numeric, ok: numeric >= needed || (found[0]?.first === true && numeric > 0) };
    });
    for (let i = 0; i < rows.length;) {
      if (!(rows[i] as (typeof rows)[number]).ok) {
        i++;
        continue;
      }
      let j = i;
      while (j < rows.length && (rows[j] as (typeof rows)[number]).ok) j++;
      const run = rows.slice(i, j);
      const total = run.reduce((n, r) => n + r.numeric, 0);
      i = j;
      if (!run.some((r) => r.numeric >= needed) && total < h.atLeast) continue;
      for (const { l, found } of run) {
        for (const p of found) {
          if (h.asPrinted?.has(p.field)) {
            printed[p.field] = p.value;
            continue;
          }
          const v = this.value({ text: p.value, ...p.at }, p.heading);
          const before = values[p.field];
          if (before !== undefined && before !== v)
            this.warn(p.at.line, `${p.heading} is given twice: ${before} before, ${v} here; ${v} is used`);
          values[p.field] = v;
          at[p.field] = p.at;
        }
        lines.push(l.n);
        this.use(l, h.what);
        this.inlineName(l, h, found.length);
      }
    }
    return Object.keys(values).length >= h.atLeast ? { values, at, extra: [], printed, lines } : null;
  }

  /** "Minotaur: M 6, WS 41, …": the name before the colon; "Goblins (4): …", with how many. */
  private inlineName(l: BlockLine, h: Headings, found: number): void {
    const named = /^([A-Za-z][\w '-]{0,40}?)(?: ?\((\d{1,3})\))? ?: ?\S/.exec(l.text);
    const head = (named?.[1] ?? '').toLowerCase();
    if (
      !named ||
      found < h.atLeast ||
      head.split(' ').some((w) => lookup(h.names, w) !== undefined) ||
      this.leadName
    )
      return;
    const many = named[2] !== undefined && Number(named[2]) > 1;
    this.leadName = { n: l.n, name: many ? singular(named[1] as string) : (named[1] as string) };
    if (many)
      this.warn(
        l.n,
        `'${named[1]} (${named[2]})': ${named[2]} of them; an entry is one combatant, '${this.leadName.name}': give the encounter count: ${named[2]}`,
      );
  }

  /** A field written `Key: value` (or `Key - value`) on a line not yet used: the first whose key matches. */
  field(key: RegExp, what: string): FieldLine | null {
    for (const l of this.free()) {
      const f = fieldOf(l);
      if (!f || !key.test(f.key)) continue;
      this.use(l, what);
      return f;
    }
    return null;
  }

  /** Every field whose key matches, in the order of the block (one pass: a block of many lines costs its length). */
  fields(key: RegExp, what: string): FieldLine[] {
    const out: FieldLine[] = [];
    for (const l of this.free()) {
      const f = fieldOf(l);
      if (!f || !key.test(f.key)) continue;
      this.use(l, what);
      out.push(f);
    }
    return out;
  }

  /** The profile under these headings (a heading row over its values, or pairs), else the block is refused saying what was expected. */
  profileOrRefuse(h: Headings, expected: string): Profile {
    const p = this.profile(h) ?? this.pairs(h);
    if (!p) throw this.refuse(null, expected);
    return p;
  }

  /**
   * The entry's name, said as read: the one given (`--name`, the Name box), else the block's; with
   * none, 'Imported' and a warning. The block's own name is returned too: a creature of the
   * bestiary is found by it whatever the GM calls this one.
   */
  entryName(
    given: string | undefined,
    p: Profile,
    above: string,
  ): {
    /** The entry's name. */
    name: string;
    /** The block's own name, or null when it gives none. */
    own: string | null;
  } {
    const own = this.name(p.lines[0] as number);
    if (given !== undefined) {
      this.said('name', given, []);
      if (own && own.name !== given)
        this.unused.push({
          line: own.n,
          text: own.name,
          why: `the block's name: '${given}' is the name given (${this.asking.name})`,
        });
      return { name: given, own: own?.name ?? null };
    }
    if (own) {
      this.said('name', own.name, [own.n]);
      return { name: own.name, own: own.name };
    }
    this.warn(
      null,
      `no name found above ${above}: it is called 'Imported'; give one with ${this.asking.name}`,
    );
    return { name: 'Imported', own: null };
  }

  /** The block's name: one on the values' row, else the nearest heading or name-like line above the profile. */
  private name(before: number): { name: string; n: number } | null {
    if (this.leadName) return { name: this.leadName.name, n: this.leadName.n };
    const above = this.free().filter((l) => l.n < before);
    const l =
      above.filter((x) => x.kind === 'heading' && !sectionOf(x.text) && !LABELS.test(x.text)).at(-1) ??
      above.filter((x) => isNameLine(x.text)).at(-1);
    if (!l) return null;
    this.use(l, 'name');
    return { name: nameOf(l.text), n: l.n };
  }

  /**
   * Every line left: a note (unused, with its reason) or a warning (what would matter to a fight
   * and is not played), as `why` says; by default by the section it is under (a line under
   * "Special Rules" is a rule not played), else not part of a stat block Fray knows. Lines of one
   * section not played are warned of together; markup and overlong lines are accounted for.
   */
  leftOver(why: (l: BlockLine) => LeftOver): void {
    let section: { name: string; played: boolean; heading: string } | null = null;
    // Lines warned of for one reason, in a run: one warning names them all.
    let group: { why: string; lines: BlockLine[] } | null = null;
    const flush = () => {
      if (!group) return;
      const [first, ...rest] = group.lines as [BlockLine, ...BlockLine[]];
      const more = rest.length
        ? ` and ${rest.length} more line${rest.length === 1 ? '' : 's'} (to line ${(rest.at(-1) as BlockLine).n})`
        : '';
      this.warn(first.n, `'${short(first.text)}'${more}: ${group.why}`);
      group = null;
    };
    const warned = (l: BlockLine, reason: string) => {
      if (group && group.why !== reason) flush();
      group ??= { why: reason, lines: [] };
      group.lines.push(l);
    };
    for (const l of this.lines) {
      if (l.text === '') continue;
      const s = l.kind !== 'markup' ? sectionOf(l.text) : null;
      if (s || l.kind === 'heading') {
        flush();
        section = s;
      }
      if (this.used.has(l.id)) continue;
      this.use(l, 'unused');
      if (l.kind === 'markup') {
        this.unused.push({
          line: l.n,
          text: l.text,
          why: 'markup of the page (a table edge, attributes, a rule)',
        });
        continue;
      }
      if (l.long) {
        flush();
        this.unused.push({
          line: l.n,
          text: l.text,
          why: `a line of ${l.text.length.toLocaleString('en')} characters: longer than any line of a stat block (${LINE_LIMIT.toLocaleString('en')}), so not read`,
        });
        continue;
      }
      if (s) {
        this.unused.push({ line: l.n, text: l.text, why: 'a heading of the block' });
        continue;
      }
      if (LABELS.test(l.text)) {
        this.unused.push({ line: l.n, text: l.text, why: 'a label of the profile' });
        continue;
      }
      const own = why(l);
      if (own?.warn) {
        warned(l, own.why);
        continue;
      }
      if (own) {
        flush();
        this.unused.push({ line: l.n, text: l.text, why: own.why });
        continue;
      }
      if (section && !section.played) {
        warned(
          l,
          `${NOT_PLAYED[section.name] ?? 'not played by Fray'} (under ${section.heading}): note it for the GM`,
        );
        continue;
      }
      flush();
      this.unused.push({ line: l.n, text: l.text, why: 'not read: not part of a stat block Fray knows' });
    }
    flush();
  }

  /** The account of the block, with its entry. */
  result(ruleset: string, entry: Record<string, unknown>): Imported {
    return {
      ruleset,
      entry,
      read: this.read,
      unused: [...this.unused].sort((a, b) => a.line - b.line),
      warnings: [...this.warnings].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
      placed: this.placed,
    };
  }
}

/** What a section's lines are, when Fray does not play them. */
const NOT_PLAYED: Readonly<Record<string, string>> = {
  'special rules': 'special rules are not played from a block',
  magic: 'magic is not played from a block',
  psychology: 'psychology is not played from a block',
};

/** Headings of a table's column that holds the creature's name. */
const NAME_HEADINGS = new Set(['name', 'creature', 'npc', 'character', 'monster']);

/** The column just past a cell: where a value left out would have been. */
function endOf(c: Cell | undefined): number {
  return c ? c.col + c.text.length + 1 : 1;
}

/** A value without the footnote marks and per cent sign printed after it ("33*", "55%"). */
function withoutMarks(s: string): string {
  let end = s.length;
  while (end > 0 && '%*†‡♦'.includes(s[end - 1] as string)) end--;
  return s.slice(0, end);
}

/** "12.5" → "'12.5' is not a whole number"; any other: "'12abc' is not a number". */
function notWhole(token: string): string {
  const t = printable(token.length > 24 ? `${token.slice(0, 21)}…` : token, true);
  if (/^[+-]?\d{1,12}[.,]\d{1,12}$/.test(token)) return `'${t}' is not a whole number`;
  if (/^\+?\d{7,}$/.test(token)) return `'${t}' is too large a number`;
  return `'${t}' is not a number`;
}

/** A heading and its value found on a line of pairs. */
interface Pair {
  readonly field: string;
  readonly heading: string;
  readonly value: string;
  readonly at: At;
  /** It opens the line. */
  readonly first: boolean;
}

/** The words of a line with where each begins: split at blanks, commas, semicolons and '|'. */
function wordsOf(text: string): { w: string; from: number }[] {
  const out: { w: string; from: number }[] = [];
  let from = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    const sep = c === undefined || c === ' ' || c === ',' || c === ';' || c === '|';
    if (sep) {
      if (from >= 0) out.push({ w: text.slice(from, i), from });
      from = -1;
    } else if (from < 0) from = i;
  }
  return out;
}

/** The heading-value pairs of a line ("STR 10", "WS: 33", "Agility=12", "Combat level 3"). */
function pairsOf(l: BlockLine, h: Headings): Pair[] {
  const words = wordsOf(l.text);
  const out: Pair[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as { w: string; from: number };
    // "WS:33", "WS=33" as one word.
    const glued = /^([A-Za-z]{1,20})[:=]([^:=]+)$/.exec(word.w);
    if (glued) {
      const field = lookup(h.names, (glued[1] as string).toLowerCase());
      if (field) {
        const value = trimSentence(glued[2] as string);
        out.push({
          field,
          heading: glued[1] as string,
          value,
          at: placeOf(l, word.from + (glued[1] as string).length + 1),
          first: i === 0,
        });
        continue;
      }
    }
    const bare = word.w.replace(/[:=]$/, '');
    const after = words[i + 1]?.w.replace(/[:=]$/, '');
    // Two words first ("Combat level 3", "Weapon Skill 33"), then one.
    const twoWords = after !== undefined ? lookup(h.names, `${bare} ${after}`.toLowerCase()) : undefined;
    const field =
      twoWords ?? (/^[A-Za-z]{1,20}$/.test(bare) ? lookup(h.names, bare.toLowerCase()) : undefined);
    if (!field) continue;
    const span = twoWords ? 2 : 1;
    let v = words[i + span];
    if (v && (v.w === ':' || v.w === '=')) v = words[i + span + 1];
    if (!v) continue;
    out.push({
      field,
      heading: words
        .slice(i, i + span)
        .map((x) => x.w.replace(/[:=]$/, ''))
        .join(' '),
      value: trimSentence(v.w),
      at: placeOf(l, v.from),
      first: i === 0,
    });
    i += span;
  }
  return out;
}

/** A value at the end of a sentence or in brackets ("10.", "(11)"): the value. */
function trimSentence(v: string): string {
  let t = v;
  if (t.endsWith(')') && !t.includes('(')) t = t.slice(0, -1);
  if (t.endsWith('.') && /^[+-]?\d{1,6}\.$/.test(t)) t = t.slice(0, -1);
  return t;
}

/** The key and value of a line written `Key: value` (or `Key - value`), or null. */
export function fieldOf(l: BlockLine): FieldLine | null {
  const m = /^([A-Za-z][A-Za-z &'/()]{0,40}?) ?(?::|-(?= )|=) ?/.exec(l.text);
  if (!m) return null;
  const start = m[0].length;
  const value = l.text.slice(start).trim();
  const lead = l.text.length - start - l.text.slice(start).trimStart().length;
  return {
    line: l,
    n: l.n,
    key: (m[1] as string).trim(),
    value,
    at: (offset = 0) => placeOf(l, start + lead + offset),
  };
}

/** "Goblins" → "Goblin", "Wolves" → "Wolf", "Men-at-arms" aside: the name of one of a printed group. */
function singular(name: string): string {
  const words = name.trim().split(' ');
  const last = words.pop() as string;
  const one = /ves$/i.test(last)
    ? last.replace(/ves$/i, 'f')
    : /ies$/i.test(last)
      ? last.replace(/ies$/i, 'y')
      : /men$/i.test(last)
        ? last.replace(/men$/i, 'man')
        : /[^s]s$/i.test(last)
          ? last.slice(0, -1)
          : last;
  return [...words, one].join(' ');
}

/** A line that reads as a name: short, mostly letters, not a field, a sentence or a label. */
function isNameLine(text: string): boolean {
  return (
    !LABELS.test(text) &&
    !sectionOf(text) &&
    text.length <= 60 &&
    /[A-Za-z]/.test(text) &&
    !text.includes(':') &&
    !/\d{2,}/.test(text) &&
    text.split(' ').length <= 6 &&
    !/[.!?]$/.test(text)
  );
}

/** "ORC CHIEFTAIN" → "Orc Chieftain"; a name written in capitals as books head their entries. */
function nameOf(text: string): string {
  let a = 0;
  let b = text.length;
  while (a < b && (text[a] === '#' || text[a] === '*' || text[a] === ' ')) a++;
  while (b > a && (text[b - 1] === '#' || text[b - 1] === '*' || text[b - 1] === ' ')) b--;
  // Emphasis inside a heading ("**Penta**ghast") is the page's, not the name's.
  const t = text.slice(a, b).replace(/\*\*|__/g, '');
  return t === t.toUpperCase() ? t.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase()) : t;
}

function sizeOf(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The summary a user checks, one line a field, then the lines not used and the warnings. */
export function importReport(r: Imported, file: string): string[] {
  const at = (lines: readonly number[]) =>
    lines.length === 0 ? '' : ` (line${lines.length === 1 ? '' : 's'} ${lines.join(', ')})`;
  const out = [`read from ${file} (${r.ruleset}):`];
  for (const f of r.read) out.push(`  ${f.field}: ${printable(f.value, true)}${at(f.lines)}`);
  if (r.unused.length > 0) {
    out.push('not used:');
    for (const u of r.unused) out.push(`  line ${u.line}: '${printable(short(u.text), true)}' — ${u.why}`);
  }
  for (const w of r.warnings)
    out.push(`warning: ${w.line === null ? '' : `line ${w.line}: `}${printable(w.message, true)}`);
  return out;
}

function short(s: string): string {
  return s.length <= 60 ? s : `${s.slice(0, 57)}…`;
}

/** The entry as YAML, one combatant: maps of numbers and lists on one line each, as a person writes them. */
export function entryYaml(entry: Readonly<Record<string, unknown>>): string {
  const doc = new Document(entry);
  visit(doc, {
    Map(_k, map) {
      if (map !== doc.contents && map.items.every((p) => isScalar(p.value))) map.flow = true;
    },
    Seq(_k, seq) {
      if (seq.items.every((x) => isScalar(x))) seq.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true });
}
