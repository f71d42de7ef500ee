// A pasted stat block as lines to read: the text as a book, an adventure, a web page or a public
// transcription lays it out (indented, a blank line after every line, CRLF, tabs, `|` tables,
// Markdown and AsciiDoc markup, a cell or a list wrapped onto the next line), made into logical
// lines whose every character still knows the line and column it was typed at. Everything here
// runs in time linear in the text: no pattern is tried at every position of a long line, so a
// hostile paste costs what a benign one of its size costs (docs/bringing-your-own.md, Limits).

/** One cell of a table row, where it was typed. */
export interface Cell {
  /** What it says, trimmed. */
  readonly text: string;
  /** The physical line it was typed on, from 1. */
  readonly line: number;
  /** 1-based column of the cell's first character (of its place, when it is empty). */
  readonly col: number;
}

/** Where a stretch of a logical line's text came from. */
export interface Span {
  /** Offset in the logical line's text where the stretch begins. */
  readonly from: number;
  /** The physical line it came from, from 1. */
  readonly line: number;
  /** 0-based column in that physical line of each character of the stretch. */
  readonly cols: readonly number[];
}

/** What a logical line of a paste is: words to read, a heading, or markup only. */
export type LineKind =
  /** Words and numbers to read. */
  | 'text'
  /** A heading of the markup (`== Elf`, `## Orc Boss`): a name or a section. */
  | 'heading'
  /** Markup that holds nothing to read: a table's edge, an attribute line, a separator row. */
  | 'markup';

/** A line as the importers read it: one or more physical lines of the paste. */
export interface BlockLine {
  /** Its place among the logical lines, from 0: what marks it used. */
  readonly id: number;
  /** Its first physical line, numbered from 1. */
  readonly n: number;
  /** Every physical line it was made of (a wrapped line has more than one). */
  readonly lines: readonly number[];
  /** As typed (its physical lines joined by a line break), without line ends. */
  readonly raw: string;
  /**
   * What it says: markup taken off, typographic dashes, quotes and non-breaking spaces made plain,
   * every run of blanks one space, trimmed.
   */
  readonly text: string;
  /** Words, a heading, or markup only. */
  readonly kind: LineKind;
  /** The cells of an AsciiDoc table row, which cannot be split again from the text. */
  readonly cells?: readonly Cell[];
  /** How much longer than LINE_LIMIT it is: such a line is reported, never searched. */
  readonly long: boolean;
  /** Where each stretch of `text` came from, so that any character of it can be placed. */
  readonly spans: readonly Span[];
}

/** The longest logical line any reader searches: a stat block's longest line is a paragraph. */
export const LINE_LIMIT = 2000;

/** At most this many physical lines are joined into one logical line. */
const MAX_JOINED = 8;

/** The line and column (1-based) of a character of a logical line's text. */
export function placeOf(l: BlockLine, offset: number): { line: number; col: number } {
  let span = l.spans[0] as Span;
  for (const s of l.spans) if (s.from <= offset) span = s;
  const at = Math.max(0, Math.min(offset - span.from, span.cols.length - 1));
  return { line: span.line, col: (span.cols[at] ?? 0) + 1 };
}

/** A character made plain: dashes to '-', typographic quotes to straight ones, odd spaces to ' '. */
function plainChar(c: string): string {
  switch (c) {
    case '\u00a0':
    case '\u2007':
    case '\u202f':
    case '\t':
      return ' ';
    case '\u2012':
    case '\u2013':
    case '\u2014':
    case '\u2015':
    case '\u2212':
      return '-';
    case '\u2018':
    case '\u2019':
    case '\u02bc':
      return "'";
    case '\u201c':
    case '\u201d':
      return '"';
    default:
      return c;
  }
}

function isBlank(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\u00a0' || c === '\u2007' || c === '\u202f' || c === '\r';
}

/** A physical line's text, blanks collapsed and trimmed, with the column of each character kept. */
function collapse(raw: string): { text: string; cols: number[] } {
  const out: string[] = [];
  const cols: number[] = [];
  let pendingSpace = -1;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (isBlank(c)) {
      if (out.length > 0 && pendingSpace < 0) pendingSpace = i;
      continue;
    }
    if (pendingSpace >= 0) {
      out.push(' ');
      cols.push(pendingSpace);
      pendingSpace = -1;
    }
    out.push(plainChar(c));
    cols.push(i);
  }
  return { text: out.join(''), cols };
}

/** `count` characters taken off the front and `back` off the end of a collapsed text. */
function cut(t: { text: string; cols: number[] }, front: number, back = 0) {
  const end = Math.max(front, t.text.length - back);
  const text = t.text.slice(front, end);
  const cols = t.cols.slice(front, end);
  // Blanks left at either end by the cut.
  let a = 0;
  let b = text.length;
  while (a < b && text[a] === ' ') a++;
  while (b > a && text[b - 1] === ' ') b--;
  return { text: text.slice(a, b), cols: cols.slice(a, b) };
}

/** How many times `c` opens the text. */
function leading(text: string, c: string): number {
  let k = 0;
  while (k < text.length && text[k] === c) k++;
  return k;
}

/** How many times `c` closes the text. */
function trailing(text: string, c: string): number {
  let k = 0;
  while (k < text.length && text[text.length - 1 - k] === c) k++;
  return k;
}

/** Emphasis around a whole line (`*_Skills_*`, `**Orc Boss**`, `_Ghoul Venom_`): the words inside. */
function unemphasised(t: { text: string; cols: number[] }) {
  const marks = (s: string, from: number, step: number) => {
    let k = 0;
    for (let i = from; i >= 0 && i < s.length && (s[i] === '*' || s[i] === '_'); i += step) k++;
    return k;
  };
  const front = marks(t.text, 0, 1);
  const back = marks(t.text, t.text.length - 1, -1);
  if (front === 0 || back === 0 || front + back >= t.text.length) return t;
  return cut(t, front, back);
}

/** "**Gear:** mail shirt", "_Weapons_: axe": the key's emphasis marks taken out, its words and colon kept. */
function keyEmphasis(t: { text: string; cols: number[] }) {
  const m = /^([*_]{1,3})([A-Za-z][A-Za-z &'/()-]{0,40}?)(:?)([*_]{1,3})(:?) /.exec(t.text);
  if (!m || (m[3] === '' && m[5] === '')) return t;
  const open = (m[1] as string).length;
  const key = (m[2] as string).length;
  const close = (m[4] as string).length;
  const drop = new Set<number>();
  for (let i = 0; i < open; i++) drop.add(i);
  for (let i = 0; i < close; i++) drop.add(open + key + (m[3] as string).length + i);
  const keep = [...t.text].map((_, i) => i).filter((i) => !drop.has(i));
  return { text: keep.map((i) => t.text[i]).join(''), cols: keep.map((i) => t.cols[i] as number) };
}

/** A heading of Markdown (`## Orc`) or AsciiDoc (`== Elf`): its words, or null. */
function headingOf(t: { text: string; cols: number[] }) {
  for (const mark of ['#', '=']) {
    const k = leading(t.text, mark);
    if (k >= 1 && k <= 6 && t.text[k] === ' ') {
      const closing = trailing(t.text, mark);
      const inner = cut(t, k + 1, closing < t.text.length - k ? closing : 0);
      return inner.text === '' ? null : inner;
    }
  }
  return null;
}

/** A line of markup alone: an AsciiDoc attribute line, a Markdown separator or rule, a setext underline. */
function isMarkup(text: string): boolean {
  if (text.length >= 2 && text[0] === '[' && text[text.length - 1] === ']') return true;
  // |---|:--:| · --- · === · ***: nothing but rule characters, three of them at least in a run.
  let run = 0;
  let longest = 0;
  for (const c of text) {
    if (c === '-' || c === '=' || c === '*' || c === '_') longest = Math.max(longest, ++run);
    else if (c !== '|' && c !== ':' && c !== ' ' && c !== '+') return false;
    else run = 0;
  }
  return longest >= 3;
}

/** An AsciiDoc table's edge: `|===` (or `!===`, `,===`). */
function isTableEdge(text: string): boolean {
  return (text[0] === '|' || text[0] === '!' || text[0] === ',') && leading(text.slice(1), '=') >= 3;
}

/** The columns an AsciiDoc table's attribute line declares (`cols="7*"`, `cols="20%,16%,…"`), or null. */
function declaredColumns(text: string): number | null {
  const at = text.indexOf('cols=');
  if (at < 0) return null;
  let i = at + 5;
  if (text[i] === '"' || text[i] === "'") i++;
  let spec = '';
  while (i < text.length && text[i] !== '"' && text[i] !== "'" && text[i] !== ']' && spec.length < 200)
    spec += text[i++];
  const star = /^(\d{1,2})\*/.exec(spec);
  if (star) return Number(star[1]);
  const n = spec.split(',').filter((s) => s.trim() !== '').length;
  return n > 0 ? n : null;
}

/** A bracket left open at the end of the text: the next line carries it on. */
function opensBracket(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
  }
  return depth > 0;
}

/** The start of a new field ("Weapons:", "Close Combat 50%:"): never the rest of the line before. */
function startsField(text: string): boolean {
  return (
    /^[A-Za-z][A-Za-z ()'&/-]{0,40}:(\s|$)/.test(text) ||
    /^(close|ranged|unarmed|spirit) combat\b/i.test(text)
  );
}

/** A field whose value is a list ("Practical: Athletics 60%, Perception"), not yet ended by a full stop. */
function openList(text: string): boolean {
  return startsField(text) && text.includes(',') && !text.endsWith('.');
}

/** A line of emphasis alone (`*_Skills_*`, `**Orc**`): a heading, never the rest of a line. */
function isEmphasis(text: string): boolean {
  return /^[*_]/.test(text) && /[*_]$/.test(text);
}

/**
 * Whether `next` carries on `prev` (a line wrapped by the page or the transcription). In an
 * AsciiDoc text a paragraph's lines are one line, but a short line is no wrapped one (the
 * transcription wraps at some seventy characters): `lastLength` is the length of prev's last line.
 */
function carriesOn(prev: string, next: string, asciidoc: boolean, lastLength: number): boolean {
  if (next === '' || prev === '' || startsField(next) || isEmphasis(next)) return false;
  if (asciidoc && lastLength >= 50) return true;
  // A bracket left open carries on to the line that closes it, not over lines of their own.
  if (opensBracket(prev)) return next.includes(')');
  const last = prev[prev.length - 1];
  if (last === ',' || last === '+' || last === '&' || /\s(and|or)$/.test(prev.slice(-5))) return true;
  if (next[0] === '(') return startsField(prev);
  return openList(prev) && /^[a-z0-9]/.test(next);
}

interface Physical {
  readonly n: number;
  readonly raw: string;
  text: string;
  cols: number[];
  kind: LineKind;
}

function logical(parts: readonly Physical[], kind: LineKind, cells?: readonly Cell[]): BlockLine {
  const spans: Span[] = [];
  let text = '';
  for (const p of parts) {
    if (text !== '' && p.text !== '') text += ' ';
    spans.push({ from: text.length, line: p.n, cols: p.cols });
    text += p.text;
  }
  const first = parts[0] as Physical;
  return {
    id: -1,
    n: first.n,
    lines: parts.map((p) => p.n),
    raw: parts.map((p) => p.raw).join('\n'),
    text,
    kind,
    ...(cells ? { cells } : {}),
    long: text.length > LINE_LIMIT,
    spans,
  };
}

/** Splits an AsciiDoc table's lines into cells (a line not opening with '|' carries on the last cell). */
function asciidocCells(rows: readonly Physical[]): Cell[] {
  // A cell's pieces, joined once at the end: a cell carried on over thousands of lines costs their length.
  const cells: { pieces: string[]; line: number; col: number }[] = [];
  for (const p of rows) {
    if (p.text === '') continue;
    if (p.text[0] !== '|') {
      const last = cells.at(-1);
      if (last) last.pieces.push(p.text);
      else cells.push({ pieces: [p.text], line: p.n, col: (p.cols[0] ?? 0) + 1 });
      continue;
    }
    let start = 1;
    for (let i = 1; i <= p.text.length; i++) {
      if (i === p.text.length || p.text[i] === '|') {
        const piece = p.text.slice(start, i);
        const lead = piece.length - piece.trimStart().length;
        cells.push({ pieces: [piece], line: p.n, col: (p.cols[start + lead] ?? p.cols[start] ?? 0) + 1 });
        start = i + 1;
      }
    }
  }
  return cells.map((c) => ({
    text: c.pieces
      .map((x) => x.trim())
      .filter((x) => x !== '')
      .join(' '),
    line: c.line,
    col: c.col,
  }));
}

/**
 * The text as logical lines. Physical lines are kept apart, but for a bracket left open, a list
 * ending in a comma, or a line opening with '(' (a wrapped line) and, in an AsciiDoc text, a
 * paragraph's lines; an AsciiDoc table becomes one line a row, its cells as typed.
 */
export function blockLines(text: string): BlockLine[] {
  const physical: Physical[] = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((raw, i) => {
      const c = collapse(raw);
      return { n: i + 1, raw, text: c.text, cols: c.cols, kind: 'text' as LineKind };
    });
  const asciidoc = physical.some(
    (p) => isTableEdge(p.text) || (leading(p.text, '=') === 2 && p.text[2] === ' '),
  );
  const out: BlockLine[] = [];
  let columns: number | null = null;
  for (let i = 0; i < physical.length; i++) {
    const p = physical[i] as Physical;
    if (p.text === '') {
      out.push(logical([p], 'text'));
      continue;
    }
    if (isTableEdge(p.text)) {
      // The table's lines up to its closing edge: rows of `columns` cells (the declared ones, else the first row's).
      const body: Physical[] = [];
      let j = i + 1;
      while (j < physical.length && !isTableEdge((physical[j] as Physical).text))
        body.push(physical[j++] as Physical);
      out.push(logical([p], 'markup'));
      const cells = asciidocCells(body);
      const firstRow = body.find((b) => b.text.startsWith('|'));
      const width = columns ?? (firstRow ? asciidocCells([firstRow]).length : cells.length);
      for (let k = 0; k < cells.length; k += Math.max(1, width)) {
        const row = cells.slice(k, k + Math.max(1, width));
        out.push(rowLine(row, physical));
      }
      // Lines of the table that held no cell (blank ones) are accounted for as its markup.
      if (j < physical.length) out.push(logical([physical[j] as Physical], 'markup'));
      columns = null;
      i = j;
      continue;
    }
    if (isMarkup(p.text)) {
      if (p.text[0] === '[') columns = declaredColumns(p.text);
      out.push(logical([p], 'markup'));
      continue;
    }
    const heading = headingOf(p);
    if (heading) {
      p.text = heading.text;
      p.cols = heading.cols;
      out.push(logical([p], 'heading'));
      continue;
    }
    // A line opened with a quote mark or a bullet: what follows it.
    let body = { text: p.text, cols: p.cols };
    if (/^> \S/.test(body.text) || /^[•·*-] [A-Za-z]/.test(body.text)) body = cut(body, 2);
    body = unemphasised(keyEmphasis(body));
    p.text = body.text;
    p.cols = body.cols;
    const parts = [p];
    let joined = p.text;
    while (parts.length < MAX_JOINED && i + 1 < physical.length) {
      const next = physical[i + 1] as Physical;
      if (isTableEdge(next.text) || isMarkup(next.text) || headingOf(next)) break;
      if (!carriesOn(joined.slice(-LINE_LIMIT), next.text, asciidoc, (parts.at(-1) as Physical).text.length))
        break;
      parts.push(next);
      joined = `${joined} ${next.text}`;
      i++;
    }
    out.push(logical(parts, 'text'));
  }
  return out.map((l, id) => ({ ...l, id }));
}

/** An AsciiDoc table's row as a line: its cells' texts between '|', each character placed where it was typed. */
function rowLine(row: readonly Cell[], physical: readonly Physical[]): BlockLine {
  const spans: Span[] = [];
  let text = '';
  for (const c of row) {
    if (text !== '') text += ' | ';
    spans.push({ from: text.length, line: c.line, cols: [...c.text].map((_, k) => c.col - 1 + k) });
    text += c.text;
  }
  const lines = [...new Set(row.map((c) => c.line))];
  return {
    id: -1,
    n: lines[0] ?? 1,
    lines,
    raw: lines.map((n) => (physical[n - 1] as Physical).raw).join('\n'),
    text,
    kind: 'text',
    cells: row,
    long: text.length > LINE_LIMIT,
    spans: spans.length > 0 ? spans : [{ from: 0, line: lines[0] ?? 1, cols: [] }],
  };
}

/**
 * The cells of a line: split at '|', else at tabs or two blanks or more; at every blank when
 * `words`. A row that opens with '|' has it as its border (no cell before it) when `border`
 * (the header opened so), else as the end of an empty first cell (a spirit has no STR).
 */
export function lineCells(l: BlockLine, words = false, border?: boolean): Cell[] {
  if (l.cells) return [...l.cells];
  // The first physical line holds the row; a wrapped row's later lines carry on its last cell.
  const raw = (l.raw.split('\n')[0] as string).replace(/\r$/, '');
  const line = l.n;
  const out: Cell[] = [];
  const push = (from: number, to: number) => {
    let a = from;
    let b = to;
    while (a < b && isBlank(raw[a] as string)) a++;
    while (b > a && isBlank(raw[b - 1] as string)) b--;
    out.push({ text: collapse(raw.slice(a, b)).text, line, col: a + 1 });
  };
  let end = raw.length;
  while (end > 0 && isBlank(raw[end - 1] as string)) end--;
  let start = 0;
  while (start < end && isBlank(raw[start] as string)) start++;
  if (raw.includes('|')) {
    if (raw[end - 1] === '|') end--;
    const opens = raw[start] === '|';
    let from = start;
    if (opens && (border ?? true)) from = start + 1;
    for (let i = from; i <= end; i++)
      if (i === end || raw[i] === '|') {
        push(from, i);
        from = i + 1;
      }
    return out;
  }
  let from = start;
  let i = start;
  while (i < end) {
    const c = raw[i] as string;
    if (isBlank(c)) {
      let j = i;
      while (j < end && isBlank(raw[j] as string)) j++;
      if (words || c === '\t' || j - i >= 2 || raw.slice(i, j).includes('\t')) {
        push(from, i);
        from = j;
      }
      i = j;
    } else i++;
  }
  if (from < end) push(from, end);
  return out.filter((c) => c.text !== '');
}
