// Reading a creature or character as a book, an adventure or a web page prints it (`fray import`,
// the page's "Paste a stat block"): the lines of the text, a profile given as a row of headings
// with a row of values beneath, fields written `Armour: mail shirt, helmet`, names matched to the
// ruleset's data. Each ruleset's importer says which headings and fields it reads; every line it
// does not use is reported with the reason, and a text with nothing recognisable is refused at
// its line.
import { Document, isScalar, parse, visit } from 'yaml';
import { ValidationError, type Issue } from './document.js';
import { printable } from './names.js';

/** The most a pasted block may be: a page of an adventure is a few kilobytes. */
export const BLOCK_LIMIT = 100 * 1024;

/** One line of the pasted text, numbered from 1. */
export interface BlockLine {
  readonly n: number;
  /** As written, without its line break. */
  readonly raw: string;
  /** Trimmed, with typographic dashes and non-breaking spaces made plain. */
  readonly text: string;
}

/** What an importer read: one line a field, as a user would check it against the book. */
export interface ReadField {
  readonly field: string;
  readonly value: string;
  /** The lines it came from. */
  readonly lines: readonly number[];
}

/** A line the importer did not use, and why (said to the user, never silently dropped). */
export interface UnusedLine {
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

/** Something read that a user should know: a weapon we lack, a value that seems off. */
export interface ImportWarning {
  readonly line: number | null;
  readonly message: string;
}

/** A stat block read: the combatant entry an encounter's `combatants:` holds, and the account of it. */
export interface Imported {
  readonly ruleset: string;
  readonly entry: Readonly<Record<string, unknown>>;
  readonly read: readonly ReadField[];
  readonly unused: readonly UnusedLine[];
  readonly warnings: readonly ImportWarning[];
}

/** A profile's headings as one ruleset writes them: the field each abbreviation (or word) fills. */
export interface Headings {
  /** Lower-case heading → the field it fills ('ws' → 'WS', 'weapon skill' → 'WS'). */
  readonly names: Readonly<Record<string, string>>;
  /** How many of them a header row must hold to be taken for one. */
  readonly atLeast: number;
  /** What the profile is called in messages ("the profile", "the characteristics"). */
  readonly what: string;
}

/** A row of values read under a row of headings. */
export interface Profile {
  /** Field → the value: a whole number, or '-' for one the creature lacks. */
  readonly values: Readonly<Record<string, number | '-'>>;
  /** Headings read that the ruleset does not use, with their values. */
  readonly extra: readonly { readonly heading: string; readonly value: string }[];
  readonly lines: readonly number[];
}

/** The cells of a line: split at '|', tabs, or two spaces or more; a single space when `words`. */
export function cellsOf(text: string, words = false): string[] {
  // A table's empty cell stays a cell (a spirit has no STR). A row that opens with '|' (a Markdown
  // table) has no cell before it; one that opens with blanks then '|' has an empty first cell.
  const t = text.replace(/\s+$/, '').replace(/\|$/, '');
  const body = t.startsWith('|') ? t.slice(1) : t;
  if (/\|/.test(body)) return body.split('|').map((c) => c.trim());
  return body
    .trim()
    .split(words ? /\s+/ : /\t|\s{2,}/)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/** Dice as a profile's rolling row writes them: 3D6, 2D6+6, 1D3, or a fixed number. */
const ROLLED = /^(\d*D\d+([+-]\d+)?|\d+)$/i;

/** A row of the dice characteristics are rolled with (a number alone counts; most must be dice). */
function isDiceRow(cells: readonly string[]): boolean {
  const dice = cells.filter((c) => /D/i.test(c) && ROLLED.test(c.replace(/\s/g, ''))).length;
  const given = cells.filter((c) => !/^[-–—]?$/.test(c)).length;
  return (
    dice > 0 &&
    dice >= given / 2 &&
    cells.every((c) => ROLLED.test(c.replace(/\s/g, '')) || /^[-–—]?$/.test(c))
  );
}

/** "mail shirt, helmet and shield." → ['mail shirt', 'helmet', 'shield'] */
export function listOf(text: string): string[] {
  return text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\.$/, '')
    .split(/,|;|\band\b|\+|\//)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A name as compared: lower case, without articles, marks, plurals or what is in brackets. */
export function plainName(s: string): string {
  return s
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
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

/** The rows of a list in one of a ruleset's shipped data files (`weapons:` of weapons.yaml). */
export function dataRows<T extends Named>(env: DataReader, ruleset: string, file: string, key: string): T[] {
  const data = parse(env.readData(ruleset, file).text) as Record<string, unknown> | null;
  const rows = data?.[key];
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** A row of the ruleset's data that a name may name. */
export interface Named {
  readonly id: string;
  readonly name: string;
}

/** The row a name names (by id or name, plurals and brackets aside), or null. */
/** Two names for one thing, whatever their case, articles, plurals or spacing ("Long spear", "Longspear"). */
export function sameName(a: string, b: string): boolean {
  return plainName(a).replace(/ /g, '') === plainName(b).replace(/ /g, '');
}

export function matchName<T extends Named>(given: string, rows: readonly T[]): T | null {
  const g = plainName(given);
  if (g === '') return null;
  const exact = rows.find((r) => plainName(r.name) === g || plainName(r.id.replace(/-/g, ' ')) === g);
  if (exact) return exact;
  // "Long spear" for the Longspear, "great sword" for a Greatsword: the same words, spaced otherwise.
  const squashed = g.replace(/ /g, '');
  const spaced = rows.find(
    (r) => plainName(r.name).replace(/ /g, '') === squashed || r.id.replace(/-/g, '') === squashed,
  );
  if (spaced) return spaced;
  // "Normal bow" for "bow", "hand axe" for "axe": the row whose every word the name holds, the longest.
  const words = new Set(g.split(' '));
  const within = rows
    .filter((r) =>
      plainName(r.name)
        .split(' ')
        .every((w) => words.has(w)),
    )
    .sort((a, b) => plainName(b.name).length - plainName(a.name).length);
  return within[0] ?? null;
}

/** A text a user pasted or a file gave, line by line, keeping account of which lines were used. */
export class StatBlock {
  readonly lines: readonly BlockLine[];
  private readonly used = new Map<number, string>();
  readonly unused: UnusedLine[] = [];
  readonly warnings: ImportWarning[] = [];
  readonly read: ReadField[] = [];

  constructor(
    /** The file as messages name it ("orc.txt", "standard input", "paste"). */
    readonly file: string,
    text: string,
  ) {
    if (text.length > BLOCK_LIMIT)
      throw new ValidationError([
        {
          file,
          path: '',
          message: `the text is ${(text.length / 1024 / 1024).toFixed(1)} MB: a stat block is a few lines (Fray reads up to ${BLOCK_LIMIT / 1024} KB); paste one creature or character`,
        },
      ]);
    this.lines = text
      .replace(/^\uFEFF/, '')
      .split(/\r\n|\r|\n/)
      .map((raw, i) => ({
        n: i + 1,
        raw,
        text: raw
          .replace(/[\u00a0\u2007\u202f]/g, ' ')
          .replace(/[\u2012-\u2015\u2212]/g, '-')
          .trim(),
      }));
  }

  /** The lines not yet used, with something on them. */
  free(): BlockLine[] {
    return this.lines.filter((l) => l.text !== '' && !this.used.has(l.n));
  }

  use(n: number, what: string): void {
    this.used.set(n, what);
  }

  isUsed(n: number): boolean {
    return this.used.has(n);
  }

  /** Records a field read, for the summary. */
  said(field: string, value: string, lines: readonly number[]): void {
    this.read.push({ field, value, lines });
  }

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
      .filter((w) => w !== '' && !kept.has(w));
    if (dropped.length > 0)
      this.warn(
        line,
        `'${given}' is read as the ${row.name.toLowerCase()}, the data's nearest row ('${dropped.join(' ')}' left out)`,
      );
  }

  /** A located refusal of the block: nothing is written. */
  refuse(line: number | null, message: string): ValidationError {
    const issue: Issue =
      line === null
        ? { file: this.file, path: '', message }
        : { file: this.file, line, col: 1, path: '', message };
    return new ValidationError([issue]);
  }

  /**
   * The profile: the first row whose cells are at least `atLeast` of the headings (as
   * abbreviations or words), and the row of values beneath it (the next line with something
   * on it). A header without values, a row with more or fewer values than headings, or a value
   * that is not a whole number (nor '-') is refused at its line. Null when no header row is there.
   */
  profile(h: Headings): Profile | null {
    const free = this.free();
    for (let i = 0; i < free.length; i++) {
      const head = free[i] as BlockLine;
      const cells = this.headerCells(head.text, h);
      if (!cells) continue;
      let next = free[i + 1];
      // The dice the characteristics are rolled with, between the headings and the values (OpenQuest).
      if (next && isDiceRow(cellsOf(next.text, true))) {
        this.use(next.n, 'dice');
        this.unused.push({
          line: next.n,
          text: next.text,
          why: 'the dice the characteristics are rolled with: the values beneath are read',
        });
        next = free[i + 2];
      }
      if (!next || next.n > head.n + 3)
        throw this.refuse(head.n, `${h.what} heading (${cells.join(' ')}) has no row of values beneath it`);
      const values = cellsOf(next.raw.replace(/[\u00a0\u2007\u202f]/g, ' '), true);
      // A name written before the values ("Orc  4 33 25 …"): the cells past the headings' count, in front.
      const lead = values.length > cells.length ? values.slice(0, values.length - cells.length) : [];
      const own = values.slice(lead.length);
      if (own.length < cells.length)
        throw this.refuse(
          next.n,
          `${own.length} value${own.length === 1 ? '' : 's'} under ${cells.length} headings (${cells.join(' ')}): ${cells.length - own.length === 1 ? 'one is' : `${cells.length - own.length} are`} missing`,
        );
      const out: Record<string, number | '-'> = {};
      const extra: { heading: string; value: string }[] = [];
      cells.forEach((c, k) => {
        const v = own[k] as string;
        const field = h.names[c.toLowerCase()];
        if (!field) {
          extra.push({ heading: c, value: v });
          return;
        }
        out[field] = this.value(v, c, next.n);
      });
      this.use(head.n, h.what);
      this.use(next.n, h.what);
      if (lead.length > 0) this.leadName = { n: next.n, name: lead.join(' ') };
      return { values: out, extra, lines: [head.n, next.n] };
    }
    return null;
  }

  /**
   * A cell of a profile: a whole number, or '-' for a characteristic the creature lacks. A range
   * or alternatives ("8-10", "5/11") are read as the first, a roll ("D6") as its average, each
   * with a warning to set it by hand; anything else is refused at its line.
   */
  value(cell: string, heading: string, line: number): number | '-' {
    // Footnote marks and a per cent sign are not part of the number.
    const v = cell.replace(/[%*†‡♦]+$/u, '');
    if (/^[-–—]?$/.test(v)) return '-';
    if (/^\+?\d{1,4}$/.test(v)) return Number(v);
    const range = /^(\d{1,4})\s*[-/]\s*(\d{1,4})$/.exec(v);
    if (range) {
      this.warn(
        line,
        `${heading} '${v}' is read as ${range[1]}, the first the book gives: set it by hand if this one has another`,
      );
      return Number(range[1]);
    }
    const roll = /^(\d?)D(\d{1,3})$/i.exec(v);
    if (roll) {
      const avg = Math.round(((Number(roll[1] || 1) * (Number(roll[2]) + 1)) / 2) * 1) || 1;
      this.warn(
        line,
        `${heading} '${v}' is a roll: read as ${avg}, its average; set it by hand for this one`,
      );
      return avg;
    }
    throw this.refuse(
      line,
      `'${printable(cell, true)}' under ${heading} is not a number (a whole number, or - for a characteristic it lacks)`,
    );
  }

  /** A name written on the row of values, before them. */
  leadName: { n: number; name: string } | null = null;

  /** The cells of a header row, if the line is one (enough of its cells are headings). */
  private headerCells(text: string, h: Headings): string[] | null {
    const cells = cellsOf(text, true);
    if (cells.length < h.atLeast) return null;
    const known = cells.filter((c) => h.names[c.toLowerCase()] !== undefined).length;
    // Most of the row, and at least atLeast: a sentence with "WS" in it is no header.
    return known >= h.atLeast && known >= cells.length * 0.6 ? cells : null;
  }

  /**
   * Characteristics written as pairs on one or more lines ("STR 10 CON 11 DEX 17", "Physique 14,
   * Agility 12"): every field found, from the lines not yet used that hold at least `atLeast` pairs.
   */
  pairs(h: Headings): Profile | null {
    const values: Record<string, number | '-'> = {};
    const lines: number[] = [];
    for (const l of this.free()) {
      const found: [string, number | '-'][] = [];
      for (const m of l.text.matchAll(
        /([A-Za-z][A-Za-z]*)\s*[:=]?\s*(\d{1,4}(?:\s*[-/]\s*\d{1,4})?%?|-)(?=[\s,;.|)]|$)/g,
      )) {
        const heading = (m[1] as string).trim();
        const field = h.names[heading.toLowerCase()];
        if (field) found.push([field, this.value(m[2] as string, heading, l.n)]);
      }
      if (found.length >= Math.min(h.atLeast, 2) || (lines.length > 0 && found.length > 0)) {
        for (const [f, v] of found) values[f] = v;
        lines.push(l.n);
        this.use(l.n, h.what);
        // "Minotaur: M 6, WS 41, …": the name before the colon.
        const named = /^([A-Za-z][\w '-]{1,40}?)\s*:\s*\S/.exec(l.text);
        const head = (named?.[1] ?? '').toLowerCase();
        if (
          named &&
          found.length >= h.atLeast &&
          !head.split(' ').some((w) => h.names[w] !== undefined) &&
          !this.leadName
        )
          this.leadName = { n: l.n, name: named[1] as string };
      }
    }
    return Object.keys(values).length >= h.atLeast ? { values, extra: [], lines } : null;
  }

  /** A field written `Key: value` (or `Key - value`) on a line not yet used: the first whose key matches. */
  field(key: RegExp, what: string): { n: number; value: string } | null {
    for (const l of this.free()) {
      const m = /^([A-Za-z][A-Za-z &'/]*?)\s*(?::|\s-\s)\s*(.*)$/.exec(l.text);
      if (!m || !key.test((m[1] as string).trim())) continue;
      this.use(l.n, what);
      return { n: l.n, value: (m[2] as string).trim() };
    }
    return null;
  }

  /** The profile under these headings (a heading row over its values, or pairs), else the block is refused saying what was expected. */
  profileOrRefuse(h: Headings, expected: string): Profile {
    const p = this.profile(h) ?? this.pairs(h);
    if (!p) throw this.refuse(null, expected);
    return p;
  }

  /** The entry's name, said as read: `--name`, else the block's; with none, 'Imported' and a warning. */
  entryName(given: string | undefined, p: Profile, above: string): string {
    const named = this.name(given, p.lines[0] as number);
    if (named) {
      this.said('name', named.name, named.n === null ? [] : [named.n]);
      return named.name;
    }
    this.warn(null, `no name found above ${above}: it is called 'Imported'; give one with --name`);
    return 'Imported';
  }

  /** The name: `--name`, else a name on the values' row, else the first free line above the profile that reads as one. */
  name(given: string | undefined, before: number): { name: string; n: number | null } | null {
    if (given !== undefined) return { name: given, n: null };
    if (this.leadName) return { name: this.leadName.name, n: this.leadName.n };
    const above = this.free().filter((l) => l.n < before && isNameLine(l.text));
    const l = above.at(-1);
    if (!l) return null;
    this.use(l.n, 'name');
    return { name: nameOf(l.text), n: l.n };
  }

  /** Every line left, as unused, with the reason `why` gives (a default for the rest). */
  leftOver(why: (l: BlockLine) => string | null): void {
    for (const l of this.free()) {
      this.unused.push({
        line: l.n,
        text: l.text,
        why: LABELS.test(l.text)
          ? 'a label of the profile'
          : (why(l) ?? 'not read: not part of a stat block Fray knows'),
      });
      this.use(l.n, 'unused');
    }
  }

  /** The account of the block, with its entry. */
  result(ruleset: string, entry: Record<string, unknown>): Imported {
    return {
      ruleset,
      entry,
      read: this.read,
      unused: [...this.unused].sort((a, b) => a.line - b.line),
      warnings: this.warnings,
    };
  }
}

/** Labels books print above a profile that are no name. */
const LABELS =
  /^(basic |average |typical )?(profile|characteristics|statistics|stats|attributes|advance scheme)$/i;

/** A line that reads as a name: short, mostly letters, not a field, a sentence or a label. */
function isNameLine(text: string): boolean {
  return (
    !LABELS.test(text) &&
    text.length <= 60 &&
    /[A-Za-z]/.test(text) &&
    !/:/.test(text) &&
    !/\d{2,}/.test(text) &&
    text.split(/\s+/).length <= 6 &&
    !/[.!?]$/.test(text)
  );
}

/** "ORC CHIEFTAIN" → "Orc Chieftain"; a name written in capitals as books head their entries. */
function nameOf(text: string): string {
  const t = text.replace(/^[#*\s]+|[#*\s]+$/g, '');
  return t === t.toUpperCase() ? t.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase()) : t;
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
