// `fray sweep`: a parameter (or two, or more) varied over a grid, every point simulated on the
// same dice, as a table (terminal, CSV, JSON) and a plot (SVG).
import { resolve } from 'node:path';
import { checkAllowed, checkOutputs, inputsOf, writeAtomic } from '../node/files.js';
import { defaultWorkers, makePool, runJob, type Pool } from '../sim/parallel.js';
import { heatMap, rateCurve } from '../sim/plot.js';
import { summarize, type SimSummary } from '../sim/run.js';
import { gridOf, parseAxis, type Axis } from '../sim/sweep.js';
import type { Totals } from '../sim/totals.js';
import { loadVariant, type Variant } from '../sim/variant.js';
import { UsageError } from './errors.js';
import { loadFightFile, pairs } from '../files/fight-file.js';
import { sayWarnings } from './io.js';
import { sayData, sayWritten, type Io } from './io.js';
import { outputs, readBy, type RunFlags } from './sim.js';

export interface SweepOpts extends RunFlags {
  vary?: string[];
  csv?: string;
  svg?: string;
}

export interface SweepPoint {
  readonly values: readonly unknown[];
  readonly sides: readonly {
    readonly name: string;
    readonly winRate: number;
    readonly ci95: [number, number];
  }[];
  readonly drawRate: number;
  readonly meanRounds: number;
}

export interface SweepResult {
  readonly schema: 'fray-sweep/1';
  readonly runs: number;
  readonly seed: number;
  /** Each axis's path, a readable label ("Helmut: WS"), and its values. */
  readonly axes: readonly (Axis & { readonly label: string })[];
  readonly points: readonly SweepPoint[];
}

export async function sweep(io: Io, file: string, o: SweepOpts, seedOf: () => number): Promise<void> {
  if (!o.vary?.length)
    throw new UsageError("sweep: give at least one --vary 'path=LO..HI:STEP' (or path=a,b,c)");
  const options = pairs(o.option, '--option');
  const tables = pairs(o.table, '--table');
  const allow = checkAllowed(o.allowPath ?? []);
  const ff = loadFightFile(file, options, tables, 'encounter', allow);
  const { source, setup } = ff.loaded;
  const axes = o.vary.map(parseAxis).map((a) => ({ ...a, label: axisLabel(source, a.path) }));
  const grid = gridOf(axes);
  const variants: Variant[] = grid.map((values) => ({
    file: resolve(file),
    options,
    tables,
    edits: axes.map((a, k) => ({ path: a.path, value: values[k], flag: '--vary' })),
    allow,
  }));
  // Every point is checked before any is run: a value the encounter refuses is named at once, and
  // what the points warn of is said once. A point may read a file of its own (--vary tables.fumbles=…):
  // no output may replace that either.
  const read = readBy(ff.files, tables);
  sayWarnings(io, ...variants.map((v) => loadVariant(v, read)));
  checkOutputs(outputs({ '--csv': o.csv, '--svg': o.svg }), inputsOf(read));
  const seed = o.seed ?? seedOf();
  const workers = o.workers ?? defaultWorkers();
  const tty = io.err.isTTY === true && !o.json;
  const pool: Pool | undefined = workers > 1 ? makePool(workers) : undefined;
  const summaries: SimSummary[] = [];
  try {
    for (const [k, v] of variants.entries()) {
      if (tty) io.err.write(`\r  point ${k + 1}/${variants.length} `);
      // The same seed at every point: neighbouring points differ by the parameter, not the dice.
      const r = await runJob({
        variants: [v],
        seed,
        from: 0,
        to: o.runs,
        maxRounds: o.maxRounds,
        workers,
        pool,
      });
      summaries.push(summarize(r.totals[0] as Totals, r.roster, seed, null));
    }
  } finally {
    await pool?.destroy();
  }
  if (tty) io.err.write('\r\u001b[K');
  const result: SweepResult = {
    schema: 'fray-sweep/1',
    runs: o.runs,
    seed,
    axes,
    points: grid.map((values, k) => {
      const s = summaries[k] as SimSummary;
      return {
        values,
        sides: s.sides.map((x) => ({ name: x.name, winRate: x.winRate, ci95: x.ci95 })),
        drawRate: s.drawRate.rate,
        meanRounds: s.meanRounds,
      };
    }),
  };
  const title = loadVariant(variants[0] as Variant).setup.title;
  if (o.csv) {
    writeAtomic(o.csv, csvOf(result));
    sayWritten(io, 'table', o.csv);
  }
  if (o.svg) {
    writeAtomic(o.svg, svgOf(title, result));
    sayWritten(io, 'plot', o.svg);
  }
  if (o.json) io.out.write(`${JSON.stringify({ ...result, data: setup.data ?? [] })}\n`);
  else {
    printSweep(io, title, result);
    sayData(io, setup);
  }
}

/** `sides[0].combatants[1].profile.WS` → "Helmut: WS", when the combatant has a name. */
export function axisLabel(source: unknown, path: string): string {
  const m = /^sides\[(\d+)\]\.combatants\[(\d+)\]\.(?:profile\.)?(.+)$/.exec(path);
  if (!m) return path;
  const sides = (source as { sides?: { combatants?: { name?: unknown; use?: unknown }[] }[] }).sides;
  const c = sides?.[Number(m[1])]?.combatants?.[Number(m[2])];
  const name = typeof c?.name === 'string' ? c.name : typeof c?.use === 'string' ? c.use : null;
  return name ? `${name}: ${m[3]}` : path;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function printSweep(io: Io, title: string, r: SweepResult): void {
  const w = (t: string) => io.out.write(t);
  w(
    `${title}: ${r.points.length} point${r.points.length === 1 ? '' : 's'} × ${r.runs} fights, seed ${r.seed} (the same dice at every point)\n`,
  );
  const names = r.points[0]?.sides.map((s) => s.name) ?? [];
  const heads = [...r.axes.map((a) => a.label), ...names.map((n) => `${n} wins (95% CI)`), 'draws', 'rounds'];
  const rows = r.points.map((p) => [
    ...p.values.map(show),
    ...p.sides.map((s) => `${pct(s.winRate)} (${pct(s.ci95[0])}–${pct(s.ci95[1])})`),
    pct(p.drawRate),
    p.meanRounds.toFixed(2),
  ]);
  const widths = heads.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  w(`  ${heads.map((h, i) => h.padEnd(widths[i] ?? 0)).join('  ')}\n`);
  for (const row of rows) w(`  ${row.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}\n`);
}

function csvCell(v: unknown): string {
  const s = show(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvOf(r: SweepResult): string {
  const names = r.points[0]?.sides.map((s) => s.name) ?? [];
  const head = [
    ...r.axes.map((a) => a.path),
    ...names.flatMap((n) => [`${n} win rate`, `${n} ci95 low`, `${n} ci95 high`]),
    'draw rate',
    'mean rounds',
  ];
  const lines = r.points.map((p) =>
    [...p.values, ...p.sides.flatMap((s) => [s.winRate, s.ci95[0], s.ci95[1]]), p.drawRate, p.meanRounds]
      .map(csvCell)
      .join(','),
  );
  return `${[head.map(csvCell).join(','), ...lines].join('\n')}\n`;
}

/** One axis: every side's win rate along it; two: the first side's win rate over the grid; more: the first two axes at the other axes' first values. */
export function svgOf(title: string, r: SweepResult): string {
  const first = r.axes[0] as SweepResult['axes'][number];
  if (r.axes.length === 1) {
    const names = r.points[0]?.sides.map((s) => s.name) ?? [];
    return rateCurve(
      `${title}: win rates`,
      first.label,
      first.values.map(show),
      names.map((name, s) => ({
        name,
        points: r.points.map((p) => ({
          y: p.sides[s]?.winRate ?? 0,
          lo: p.sides[s]?.ci95[0] ?? 0,
          hi: p.sides[s]?.ci95[1] ?? 0,
        })),
      })),
    );
  }
  const second = r.axes[1] as SweepResult['axes'][number];
  const stride = r.points.length / (first.values.length * second.values.length);
  const side = r.points[0]?.sides[0]?.name ?? 'side 1';
  // rates[j][i]: the second axis's j-th value up, the first axis's i-th across.
  const rates = second.values.map((_y, j) =>
    first.values.map((_x, i) => r.points[(i * second.values.length + j) * stride]?.sides[0]?.winRate ?? 0),
  );
  return heatMap(
    `${title}: ${side} wins`,
    first.label,
    second.label,
    first.values.map(show),
    second.values.map(show),
    rates,
  );
}
