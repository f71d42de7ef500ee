// The creatures a ruleset's bestiary offers, as a GM looks for one: by name, grouped as the books
// group them, each with its source and the rules Fray does not play of it; and one creature's
// sheet. `fray sheet --ruleset R` and the page's creature picker read the same.
import { ValidationError } from '../core/document.js';
import type { CombatantSheet, LoadEnv } from '../core/ruleset.js';
import { dataRows, plainName, type Named } from '../core/statblock.js';
import { shippedOnlyEnv } from './disk.js';
import { isRulesetId, REGISTRY } from '../rulesets/registry.js';
import { characterSheet } from './character.js';

/** A variant that uses its base's bestiary. */
export const BESTIARY_OF: Readonly<Record<string, string>> = { 'wfrp-cp': 'wfrp1e' };

export interface BestiaryRow {
  readonly id: string;
  readonly name: string;
  readonly group: string;
  readonly source: string;
  readonly notPlayed: string | null;
  /** Squares a side it fills on a grid (a troll's 2: a 2 × 2 block), as the row says; null: one. */
  readonly size: number | null;
  /** Its height in feet, as the row says (on a plane, its base grows with it); null: man-sized. */
  readonly height: number | null;
}

/** Where a row of no group goes. */
const UNGROUPED = 'Others';

/** The ruleset's creatures, grouped as the file groups them, each group in name order. */
export function bestiary(ruleset: string, env: LoadEnv = shippedOnlyEnv()): BestiaryRow[] {
  if (!isRulesetId(ruleset))
    throw new ValidationError([
      {
        file: 'command line',
        path: '--ruleset',
        message: `unknown ruleset '${ruleset}'; known: ${[...REGISTRY.keys()].join(', ')}`,
      },
    ]);
  const from = BESTIARY_OF[ruleset] ?? ruleset;
  let rows: (Named & {
    group?: string;
    source?: string;
    notPlayed?: string;
    size?: unknown;
    height?: unknown;
  })[];
  let fileSource = '';
  try {
    const text = env.readData(from, 'bestiary.yaml');
    rows = dataRows(env, from, 'bestiary.yaml', 'creatures');
    fileSource = /^source:\s*"?([^"\n]+)"?\s*$/m.exec(text.text)?.[1] ?? '';
  } catch {
    return [];
  }
  const order: string[] = [];
  for (const r of rows) if (!order.includes(r.group ?? UNGROUPED)) order.push(r.group ?? UNGROUPED);
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      group: r.group ?? UNGROUPED,
      source: r.source ?? (fileSource || 'yours'),
      notPlayed: r.notPlayed ?? null,
      size: typeof r.size === 'number' ? r.size : null,
      height: typeof r.height === 'number' ? r.height : null,
    }))
    .sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group) || a.name.localeCompare(b.name));
}

/** One creature of the bestiary, by id or name, and its sheet as the rules compute it. */
export function creatureSheet(ruleset: string, given: string): { row: BestiaryRow; sheet: CombatantSheet } {
  const rows = bestiary(ruleset);
  const row =
    rows.find((r) => r.id === given) ?? rows.find((r) => plainName(r.name) === plainName(given)) ?? null;
  if (!row)
    throw new ValidationError([
      {
        file: 'command line',
        path: '--creature',
        message: `no creature '${given}' in the ${ruleset} bestiary (fray sheet --ruleset ${ruleset} lists them)`,
      },
    ]);
  return { row, sheet: characterSheet(ruleset, { name: row.name, use: row.id }) };
}
