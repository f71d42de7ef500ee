// CSV as Fray writes it (RFC 4180 quoting), with every cell a spreadsheet could take for a
// formula made plain text, as OWASP's "CSV Injection" page advises: a cell beginning with
// =, +, -, @, a tab or a carriage return gets a leading apostrophe and is quoted. A side named
// "=HYPERLINK(…)" then shows as its name, never runs. A number stays a number ("-3" is not
// guarded: it is what a sweep of a modifier prints, and a spreadsheet reads it as -3).

/** What starts a formula in Excel, LibreOffice and Google Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as JSON writes one: read as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** One cell: text as given, guarded against formulas, quoted where it must be. */
export function csvCell(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  const guarded = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return guarded !== text || /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Rows of cells as CSV text, a line each, ending with a newline. */
export function csvOf(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}
