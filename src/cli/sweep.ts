// `fray sweep`: a parameter (or two, or more) varied over a grid, every point simulated on the
// same dice (src/sim/sweep.ts runs it), as a table (terminal, CSV, JSON) and a plot (SVG).
import { csvOf } from '../core/csv.js';
import { resolve } from 'node:path';
import { checkAllowed, checkOutputs, inputsOf } from '../files/disk.js';
import { defaultWorkers } from '../sim/parallel.js';
import {
  axisLabel,
  exactSweepResult,
  gridOf,
  parseAxis,
  runSweep,
  svgOf,
  sweepResult,
  simulatedBecause,
  sweepVariants,
  type SweepResult,
} from '../sim/sweep.js';
import { exactAll } from '../sim/exact.js';
import type { Method } from '../sim/method.js';
import { loadVariant, loadVariantRulesets, type Variant } from '../sim/variant.js';
import { UsageError } from './errors.js';
import { importFightFile, pairs } from '../files/fight-file.js';
import { sayWarnings } from './io.js';
import { printoutIo, sayData, writeOutput, type Io } from './io.js';
import { outputs, readBy, type RunFlags } from './sim.js';

export interface SweepOpts extends Omit<RunFlags, 'runs'> {
  runs?: number;
  method?: Method;
  vary?: string[];
  csv?: string;
  svg?: string;
}

export async function sweep(given: Io, file: string, o: SweepOpts, seedOf: () => number): Promise<void> {
  const io = printoutIo(given, o.csv, o.svg);
  if (!o.vary?.length)
    throw new UsageError("sweep: give at least one --vary 'path=LO..HI:STEP' (or path=a,b,c)");
  const options = pairs(o.option, '--option');
  const tables = pairs(o.table, '--table');
  const allow = checkAllowed(o.allowPath ?? []);
  const ff = await importFightFile(file, options, tables, 'encounter', allow);
  const { source, setup } = ff.loaded;
  const axes = o.vary.map(parseAxis).map((a) => ({ ...a, label: axisLabel(source, a.path) }));
  const grid = gridOf(axes);
  const variants = sweepVariants({ file: resolve(file), options, tables, edits: [], allow }, axes, grid);
  // Every point is checked before any is run: a value the encounter refuses is named at once, and
  // what the points warn of is said once. A point may read a file of its own (--vary tables.fumbles=…):
  // no output may replace that either.
  const read = readBy(ff.files, tables);
  await loadVariantRulesets(variants);
  sayWarnings(io, ...variants.map((v) => loadVariant(v, read)));
  checkOutputs(outputs({ '--csv': o.csv, '--svg': o.svg }), inputsOf(read));
  const method = o.method ?? 'auto';
  const exact = method === 'sim' ? null : exactAll(variants, o.maxRounds);
  let result: SweepResult;
  if (exact && 'duels' in exact) result = exactSweepResult(axes, grid, exact.duels);
  else {
    const because = exact && 'refused' in exact ? simulatedBecause(axes, grid, exact.refused) : null;
    if (method === 'exact')
      throw new UsageError(`sweep --method exact: ${because?.replace(/^simulated: /, '')}`);
    if (o.runs === undefined)
      throw new UsageError(
        `sweep: give --runs N to simulate${because ? ` (${because.replace(/^simulated: /, '')})` : ''}`,
      );
    const seed = o.seed ?? seedOf();
    const workers = o.workers ?? defaultWorkers(o.runs);
    const tty = io.err.isTTY === true && !o.json;
    const { summaries } = await runSweep({
      variants,
      seed,
      runs: o.runs,
      maxRounds: o.maxRounds,
      workers,
      point: tty ? (k) => io.err.write(`\r  point ${k + 1}/${variants.length} `) : undefined,
    });
    if (tty) io.err.write('\r\u001b[K');
    result = sweepResult(axes, grid, summaries, o.runs, seed, because);
  }
  const title = loadVariant(variants[0] as Variant).setup.title;
  if (o.csv) writeOutput(given, 'table', o.csv, sweepCsv(result));
  if (o.svg) writeOutput(given, 'plot', o.svg, svgOf(title, result));
  if (o.json) io.out.write(`${JSON.stringify({ ...result, data: setup.data ?? [] })}\n`);
  else {
    printSweep(io, title, result);
    sayData(io, setup);
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** An exact figure: two decimals, as fray odds prints them. */
const pct2 = (x: number) => `${(x * 100).toFixed(2)}%`;
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function printSweep(io: Io, title: string, r: SweepResult): void {
  const w = (t: string) => io.out.write(t);
  const points = `${r.points.length} point${r.points.length === 1 ? '' : 's'}`;
  if (r.method === 'exact') w(`${title}: ${points}, ${r.methodNote ?? ''}\n`);
  else {
    w(`${title}: ${points} × ${r.runs} fights, seed ${r.seed} (the same dice at every point)\n`);
    if (r.methodNote) w(`  ${r.methodNote}\n`);
  }
  const exact = r.method === 'exact';
  const names = r.points[0]?.sides.map((s) => s.name) ?? [];
  const heads = [
    ...r.axes.map((a) => a.label),
    ...names.map((n) => (exact ? `${n} wins` : `${n} wins (95% CI)`)),
    'draws',
    'rounds',
  ];
  const rows = r.points.map((p) => [
    ...p.values.map(show),
    ...p.sides.map((s) =>
      exact ? pct2(s.winRate) : `${pct(s.winRate)} (${pct(s.ci95[0])}–${pct(s.ci95[1])})`,
    ),
    exact ? pct2(p.drawRate) : pct(p.drawRate),
    p.meanRounds.toFixed(2),
  ]);
  const widths = heads.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  w(`  ${heads.map((h, i) => h.padEnd(widths[i] ?? 0)).join('  ')}\n`);
  for (const row of rows) w(`  ${row.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}\n`);
}

/** The sweep as CSV: one row a point, each side's rate with its interval (src/core/csv.ts guards the cells). */
export function sweepCsv(r: SweepResult): string {
  const names = r.points[0]?.sides.map((s) => s.name) ?? [];
  const head = [
    ...r.axes.map((a) => a.path),
    ...names.flatMap((n) => [`${n} win rate`, `${n} ci95 low`, `${n} ci95 high`]),
    'draw rate',
    'mean rounds',
  ];
  const rows = r.points.map((p) => [
    ...p.values,
    ...p.sides.flatMap((s) => [s.winRate, s.ci95[0], s.ci95[1]]),
    p.drawRate,
    p.meanRounds,
  ]);
  return csvOf([head, ...rows]);
}
