// A data file's schema (a bestiary, a weapons list, a table), named by the shipped file it checks
// and built when it is first needed. The shipped files are checked when Fray is built
// (scripts/bundle.mjs fails on one its own schema refuses), so a command reads their results and
// builds no data schema at all; a user's table, or a shipped file edited, is checked as it is read.
import type { z } from 'zod';
import { SourceDoc, validate } from './document.js';
import { knownCheck } from './known.js';
import { onFirstUse } from './schema.js';

/** The schema of one kind of data file (a bestiary, a weapons list, a table), built when first needed. */
export class DataSchema<T = unknown> {
  private readonly made: () => z.ZodType<T>;

  /** `file`: the shipped file it checks, under data/ (`wfrp1e/weapons.yaml`); `make` builds the schema. */
  constructor(
    /** The shipped file it checks, under data/ (`wfrp1e/weapons.yaml`). */
    readonly file: string,
    make: () => z.ZodType<T>,
  ) {
    this.made = onFirstUse(make);
  }

  /** The zod schema, built on first use. */
  get schema(): z.ZodType<T> {
    return this.made();
  }
}

/**
 * A data file parsed and checked: its document (for the places of the problems its reader finds
 * besides) and its value, the build's when the text is the shipped file's, else checked now.
 */
export function readDataFile<T>(
  ds: DataSchema<T>,
  // A FileText (core/ruleset.ts), which imports this module's DataSchema.
  f: { readonly file: string; readonly text: string },
): { doc: SourceDoc; value: T } {
  const doc = SourceDoc.parse(f.file, f.text);
  const known = knownCheck(f.text, ds.file);
  return { doc, value: known !== undefined ? (known as T) : validate(ds.schema, doc, doc.data) };
}
