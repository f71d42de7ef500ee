// `fray import FILE --ruleset R`: a creature or character as a book or web page prints it, read
// into one combatant entry (YAML on standard output, or --out FILE), with what was read, what was
// not and why on stderr; `-` reads standard input.
import { BLOCK_LIMIT, entryYaml, importReport } from '../core/statblock.js';
import { SourceDoc } from '../core/document.js';
import { characterSheet } from '../files/character.js';
import { importBlock } from '../files/import.js';
import { checkOutputs, inputsOf, readText, shippedOnlyEnv, STDOUT } from '../files/disk.js';
import { UsageError } from './errors.js';
import { RULESET_IDS } from '../rulesets/ids.js';
import { loadRulesets, REGISTRY } from '../rulesets/registry.js';
import { writeOutput, type Io } from './io.js';

export interface ImportOpts {
  readonly ruleset?: string;
  readonly name?: string;
  readonly out?: string;
  readonly json?: boolean;
}

/** Standard input, whole, refused past the size a block may have (and a little: the block says how large). */
export async function readInput(io: Io): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.input) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += b.length;
    if (size > 32 * BLOCK_LIMIT) break;
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function importCommand(io: Io, file: string, o: ImportOpts): Promise<void> {
  if (!o.ruleset) throw new UsageError('import: give the ruleset the block is written for: --ruleset R');
  await loadRulesets([o.ruleset]);
  // A ruleset that reads no blocks is refused with those that do: every one loaded, to say so.
  if (!REGISTRY.get(o.ruleset)?.importer) await loadRulesets(RULESET_IDS);
  if (o.out !== undefined)
    checkOutputs(
      [{ flag: '--out', path: o.out }],
      file === '-' ? new Map() : inputsOf([file], 'the block this command reads'),
    );
  const fromStdin = file === '-';
  const read = fromStdin ? { file: 'standard input', text: await readInput(io) } : readText(file);
  const shown = read.file;
  const r = importBlock(o.ruleset, read.text, shown, {
    ...(o.name !== undefined ? { name: o.name } : {}),
    env: shippedOnlyEnv(),
  });
  const out = o.json ? `${JSON.stringify(r)}\n` : entryYaml(r.entry);
  for (const line of importReport(r, shown)) io.err.write(`${line}\n`);
  if (o.out !== undefined && o.out !== STDOUT) writeOutput(io, 'entry', o.out, out);
  else io.out.write(out);
}

/**
 * `fray sheet ENTRY --ruleset R`: one combatant entry (what `fray import` writes, a party member,
 * a character) as the rules compute it; `-` reads standard input, so an import pipes into it.
 */
export async function entrySheet(io: Io, file: string, ruleset: string, json: boolean): Promise<void> {
  const read = file === '-' ? { file: 'standard input', text: await readInput(io) } : readText(file);
  const doc = SourceDoc.parse(read.file, read.text);
  const entry = doc.data;
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
    throw new UsageError(
      `sheet: ${read.file} is not a combatant entry (a mapping of name, profile, weapons…, as fray import writes)`,
    );
  if ('sides' in entry)
    throw new UsageError(
      `sheet: ${read.file} is an encounter, which names its own ruleset: give it without --ruleset`,
    );
  const sheet = characterSheet(ruleset, entry as Record<string, unknown>, doc);
  if (json) {
    io.out.write(`${JSON.stringify(sheet)}\n`);
    return;
  }
  io.out.write(
    `${sheet.name}\n${[...sheet.lines, ...(sheet.warnings ?? [])].map((l) => `  ${l}\n`).join('')}`,
  );
}
