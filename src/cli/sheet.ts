// `fray sheet`: the sheets of an encounter's combatants as the rules compute them, a bestiary by
// group, or one creature's sheet. Loaded by the command line only when it runs (src/cli/main.ts).
import { sheetsWithWarnings } from '../core/loader.js';
import { checkAllowed } from '../files/disk.js';
import { bestiary, creatureSheet } from '../files/bestiary.js';
import { importFightFile, pairs } from '../files/fight-file.js';
import { loadRulesets } from '../rulesets/registry.js';
import { UsageError } from './errors.js';
import { entrySheet } from './import.js';
import { sayData, sayWarnings, type Io } from './io.js';

export interface SheetOpts {
  option?: string[];
  table?: string[];
  allowPath?: string[];
  json?: boolean;
  ruleset?: string;
  creature?: string;
}

/** `fray sheet --ruleset R [--creature NAME]`: the bestiary by group, or one creature's sheet. */
function bestiarySheet(io: Io, o: SheetOpts): void {
  const ruleset = o.ruleset as string;
  if (o.creature !== undefined) {
    const { row, sheet } = creatureSheet(ruleset, o.creature);
    if (o.json) {
      io.out.write(`${JSON.stringify({ ...row, sheet })}\n`);
      return;
    }
    io.out.write(`${row.name} (${row.id}, ${row.group}: ${row.source})\n`);
    for (const l of [...sheet.lines, ...(sheet.warnings ?? [])]) io.out.write(`  ${l}\n`);
    return;
  }
  const rows = bestiary(ruleset);
  if (o.json) {
    io.out.write(`${JSON.stringify(rows)}\n`);
    return;
  }
  if (rows.length === 0) {
    io.out.write(`${ruleset} has no bestiary: its combatants are written out in the encounter\n`);
    return;
  }
  io.out.write(
    `The ${ruleset} bestiary: ${rows.length} creatures (fray sheet --ruleset ${ruleset} --creature NAME for one's sheet; use: ID in an encounter)\n`,
  );
  let group = '';
  for (const r of rows) {
    if (r.group !== group) {
      group = r.group;
      io.out.write(`${group} (${rows.filter((x) => x.group === group).length}):\n`);
    }
    io.out.write(`  ${r.name} (${r.id}) — ${r.source}${r.notPlayed ? `; not played: ${r.notPlayed}` : ''}\n`);
  }
}

export async function sheet(io: Io, file: string | undefined, o: SheetOpts): Promise<void> {
  // An entry or the bestiary is of the ruleset named; an encounter names its own.
  if (o.ruleset !== undefined) await loadRulesets([o.ruleset]);
  if (file !== undefined && o.ruleset !== undefined && o.creature === undefined) {
    await entrySheet(io, file, o.ruleset, o.json === true);
    return;
  }
  if (file === undefined) {
    if (!o.ruleset)
      throw new UsageError(
        'sheet: give an encounter FILE, or --ruleset R to list its bestiary (with --creature NAME, one sheet)',
      );
    bestiarySheet(io, o);
    return;
  }
  if (o.creature !== undefined)
    throw new UsageError('sheet: --creature names a creature of the bestiary: give it without a FILE');
  const ff = await importFightFile(
    file,
    pairs(o.option, '--option'),
    pairs(o.table, '--table'),
    'encounter',
    checkAllowed(o.allowPath ?? []),
  );
  const { ruleset, setup } = ff.loaded;
  if (!ruleset.sheets) throw new UsageError(`sheet: the ruleset ${ruleset.id} has no sheets to show`);
  sayWarnings(io, ff.loaded);
  const sheets = sheetsWithWarnings(ruleset.sheets(setup), setup.warnings);
  if (o.json) {
    io.out.write(`${JSON.stringify(sheets)}\n`);
    return;
  }
  sayData(io, setup);
  for (const s of sheets)
    io.out.write(
      `${s.name} (${s.side})\n${[...s.lines, ...(s.warnings ?? [])].map((l) => `  ${l}\n`).join('')}`,
    );
}
