// The tables the text uses but does not print (Striking, Morale, Parry/Dodge/Disengage Effect,
// Weapon Breakage), with the hit locations and special effects the Striking Table stands for.
// Ours by default (data/fantasy-wargaming/charts.yaml); a user who owns the book loads the
// originals in the same shape with `--table charts=FILE`, checked here with located errors.
import { z } from 'zod';
import { ValidationError, type Path, type SourceDoc } from '../../core/document.js';
import { DataSchema, readDataFile } from '../../core/data-file.js';
import type { FileText } from '../../core/ruleset.js';
import { flag, oneOf, text, whole } from '../../core/schema.js';
import { checkCoverage, lookup, TableError, type RangeRow } from '../../core/table.js';
import { BANDS, MORALE_RESULTS, type Band, type DefenceKind, type MoraleResult } from './rules.js';

export const LOCATIONS = ['head', 'weapon-arm', 'shield-arm', 'body', 'legs'] as const;
export type Location = (typeof LOCATIONS)[number];
export const EFFECTS = ['stunned', 'drops-weapon', 'drops-shield', 'knocked-down', 'knocked-out'] as const;
export type SpecialEffect = (typeof EFFECTS)[number];

/** A column of a chart: the factors it serves (the first and last columns also serve all beyond) and its results by die range. */
export interface Column<R extends string> {
  readonly lo: number;
  readonly hi: number;
  readonly rows: readonly RangeRow<R>[];
}

export interface Chart<R extends string> {
  readonly die: number;
  readonly columns: readonly Column<R>[];
}

export interface DefenceEffect {
  /** Columns the attacker's strike moves (negative: to the left). */
  readonly shift: number;
  /** Points taken from the damage. */
  readonly reduce: number;
  /** "Any totally successful defense always means you yourself will not be harmed." */
  readonly harmless: boolean;
  /** A disengage that takes the defender out of the melee. */
  readonly leaves: boolean;
}

export interface Charts {
  readonly source: string;
  /** The file they were read from. */
  readonly file: string;
  readonly striking: Chart<Band>;
  readonly morale: Chart<MoraleResult>;
  readonly defence: Readonly<Record<DefenceKind, Readonly<Record<Exclude<Band, 'failure'>, DefenceEffect>>>>;
  readonly breakage: {
    readonly die: number;
    readonly weapon: readonly RangeRow<'holds' | 'breaks'>[];
    readonly shield: readonly RangeRow<'holds' | 'breaks'>[];
  };
  readonly locations: { readonly die: number; readonly rows: readonly RangeRow<Location>[] };
  readonly effects: readonly {
    readonly location: Location;
    readonly atLeast: number;
    readonly effect: SpecialEffect;
  }[];
  /** What each band of an attack does to its damage. */
  readonly strikeBands: Readonly<
    Record<
      Exclude<Band, 'failure'>,
      { readonly damage: 'half' | 'full' | 'double'; readonly armourIgnored: boolean }
    >
  >;
  readonly berserkAt: number;
  readonly damageStep: number;
  readonly charge: number;
  readonly lunge: number;
}

const range = z.tuple([whole(1, 1000, 'a die roll'), whole(1, 1000, 'a die roll')], {
  error: 'expected a range [low, high]',
});
const factorOrRange = z.union([whole(-100, 100, 'a factor'), z.tuple([whole(-100, 100), whole(-100, 100)])], {
  error: 'expected a factor or [low, high]',
});
const columnSchema = <R extends string>(results: readonly R[]) =>
  z.strictObject({
    factor: factorOrRange,
    ...Object.fromEntries(results.map((r) => [r, range.optional()])),
  } as { factor: typeof factorOrRange } & Record<R, z.ZodOptional<typeof range>>);
const chartSchema = <R extends string>(results: readonly R[]) =>
  z.strictObject({ die: whole(2, 1000, 'a die size'), columns: z.array(columnSchema(results)).min(1) });
const effectSchema = () =>
  z.strictObject({
    shift: whole(-10, 10, 'a column shift').optional(),
    reduce: whole(0, 100, 'points').optional(),
    harmless: flag().optional(),
    leaves: flag().optional(),
  });
const kindSchema = () =>
  z.strictObject({ partial: effectSchema(), substantial: effectSchema(), total: effectSchema() });
const breakRow = z.strictObject({ holds: range.optional(), breaks: range.optional() });
const bandSchema = () =>
  z.strictObject({
    damage: oneOf(['half', 'full', 'double']),
    armour: oneOf(['counts', 'ignored']).optional(),
  });

/** The shape of a charts file (data/fantasy-wargaming/charts.yaml), before readCharts checks its coverage. */
const chartsSchema = () =>
  z.strictObject({
    table: z.literal('fantasy-wargaming-charts', { error: 'expected table: fantasy-wargaming-charts' }),
    source: text('where the tables come from'),
    striking: chartSchema(BANDS),
    morale: chartSchema(MORALE_RESULTS),
    defence: z.strictObject({ parry: kindSchema(), dodge: kindSchema(), disengage: kindSchema() }),
    breakage: z.strictObject({ die: whole(2, 1000, 'a die size'), weapon: breakRow, shield: breakRow }),
    locations: z.strictObject({
      die: whole(2, 1000, 'a die size'),
      rows: z.array(z.strictObject({ roll: range, location: oneOf(LOCATIONS) })).min(1),
    }),
    effects: z.array(
      z.strictObject({
        location: oneOf(LOCATIONS),
        atLeast: whole(1, 1000, 'damage'),
        effect: oneOf(EFFECTS),
      }),
    ),
    strikeBands: z.strictObject({ partial: bandSchema(), substantial: bandSchema(), total: bandSchema() }),
    berserk: z.strictObject({ goesAt: whole(-50, 50, 'a factor') }),
    surplus: z.strictObject({ damageStep: whole(1, 20, 'points of surplus physique a point of damage') }),
    charge: whole(-10, 10, 'a column shift'),
    lunge: whole(-10, 10, 'a column shift'),
  });

/** The shape of data/fantasy-wargaming/charts.yaml, and of a user's charts in its place. */
export const FW_CHARTS = new DataSchema('fantasy-wargaming/charts.yaml', chartsSchema);

/** Rows from named ranges, in the order of `results`, checked to cover 1..die once. */
function rowsOf<R extends string>(
  cells: Partial<Record<R, readonly [number, number]>>,
  results: readonly R[],
  die: number,
  name: string,
): RangeRow<R>[] {
  const rows: RangeRow<R>[] = [];
  for (const r of results) {
    const c = cells[r];
    if (c) rows.push({ lo: c[0], hi: c[1], value: r });
  }
  rows.sort((a, b) => a.lo - b.lo);
  checkCoverage(rows, 1, die, name);
  return rows;
}

function chartOf<R extends string>(
  doc: SourceDoc,
  at: Path,
  c: {
    die: number;
    columns: readonly ({ factor: number | [number, number] } & Partial<Record<R, [number, number]>>)[];
  },
  results: readonly R[],
): Chart<R> {
  const issues: ReturnType<SourceDoc['issue']>[] = [];
  const columns: Column<R>[] = [];
  let next: number | null = null;
  c.columns.forEach((col, i) => {
    const [lo, hi] = typeof col.factor === 'number' ? [col.factor, col.factor] : col.factor;
    if (hi < lo)
      issues.push(doc.issue([...at, 'columns', i, 'factor'], `expected low ≤ high, got ${lo}..${hi}`));
    else if (next !== null && lo !== next)
      issues.push(
        doc.issue(
          [...at, 'columns', i, 'factor'],
          `columns must follow each other: expected ${next}, got ${lo}`,
        ),
      );
    next = hi + 1;
    try {
      columns.push({
        lo,
        hi,
        rows: rowsOf(col as Partial<Record<R, [number, number]>>, results, c.die, `factor ${lo}`),
      });
    } catch (e) {
      if (!(e instanceof TableError)) throw e;
      issues.push(
        doc.issue(
          [...at, 'columns', i],
          `the results (${results.join(', ')}) must cover 1..${c.die} once each: ${e.message}`,
        ),
      );
    }
  });
  if (issues.length) throw new ValidationError(issues);
  return { die: c.die, columns };
}

/** The column for a factor: beyond the first or last column, that column. */
export function columnFor<R extends string>(chart: Chart<R>, factor: number): Column<R> {
  const cols = chart.columns;
  for (const c of cols) if (factor >= c.lo && factor <= c.hi) return c;
  return factor < (cols[0] as Column<R>).lo ? (cols[0] as Column<R>) : (cols[cols.length - 1] as Column<R>);
}

export function chartResult<R extends string>(chart: Chart<R>, factor: number, roll: number): R {
  return lookup(columnFor(chart, factor).rows, roll);
}

/** Our tables, effects: the special effects of `harm` landing on `location` (none without harm). */
export function specialEffects(charts: Charts, location: Location, harm: number): SpecialEffect[] {
  return harm > 0
    ? charts.effects.filter((e) => e.location === location && harm >= e.atLeast).map((e) => e.effect)
    : [];
}

export function readCharts(f: FileText): Charts {
  const { doc, value: c } = readDataFile(FW_CHARTS, f);
  const effect = (e: z.infer<ReturnType<typeof effectSchema>>): DefenceEffect => ({
    shift: e.shift ?? 0,
    reduce: e.reduce ?? 0,
    harmless: e.harmless ?? false,
    leaves: e.leaves ?? false,
  });
  const kind = (k: z.infer<ReturnType<typeof kindSchema>>) => ({
    partial: effect(k.partial),
    substantial: effect(k.substantial),
    total: effect(k.total),
  });
  const issues: ReturnType<SourceDoc['issue']>[] = [];
  const located = <T>(at: Path, f: () => T): T | null => {
    try {
      return f();
    } catch (e) {
      if (e instanceof ValidationError) issues.push(...e.issues);
      else if (e instanceof TableError)
        issues.push(doc.issue(at, `must cover 1..die once each: ${e.message}`));
      else throw e;
      return null;
    }
  };
  const striking = located(['striking'], () => chartOf(doc, ['striking'], c.striking, BANDS));
  const morale = located(['morale'], () => chartOf(doc, ['morale'], c.morale, MORALE_RESULTS));
  const weapon = located(['breakage', 'weapon'], () =>
    rowsOf(c.breakage.weapon, ['holds', 'breaks'] as const, c.breakage.die, 'weapon breakage'),
  );
  const shield = located(['breakage', 'shield'], () =>
    rowsOf(c.breakage.shield, ['holds', 'breaks'] as const, c.breakage.die, 'shield breakage'),
  );
  const locs = located(['locations', 'rows'], () => {
    const rows = c.locations.rows.map((r) => ({ lo: r.roll[0], hi: r.roll[1], value: r.location }));
    checkCoverage(rows, 1, c.locations.die, 'hit locations');
    return rows;
  });
  if (issues.length || !striking || !morale || !weapon || !shield || !locs) throw new ValidationError(issues);
  const band = (b: z.infer<ReturnType<typeof bandSchema>>) => ({
    damage: b.damage,
    armourIgnored: b.armour === 'ignored',
  });
  return {
    source: c.source,
    file: f.file,
    striking,
    morale,
    defence: {
      parry: kind(c.defence.parry),
      dodge: kind(c.defence.dodge),
      disengage: kind(c.defence.disengage),
    },
    breakage: { die: c.breakage.die, weapon, shield },
    locations: { die: c.locations.die, rows: locs },
    effects: c.effects,
    strikeBands: {
      partial: band(c.strikeBands.partial),
      substantial: band(c.strikeBands.substantial),
      total: band(c.strikeBands.total),
    },
    berserkAt: c.berserk.goesAt,
    damageStep: c.surplus.damageStep,
    charge: c.charge,
    lunge: c.lunge,
  };
}
