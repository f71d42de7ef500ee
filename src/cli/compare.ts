// `fray compare`: two variants of an encounter on the same dice (common random numbers), and
// what changes between them with its interval (src/sim/compare.ts runs it), printed.
import { resolve } from 'node:path';
import { defaultWorkers } from '../sim/parallel.js';
import {
  exactComparison,
  loadPair,
  notExactFor,
  parseVariantSpec,
  runComparison,
  variantLabel,
  type Comparison,
} from '../sim/compare.js';
import type { Method } from '../sim/method.js';
import { exactAll } from '../sim/exact.js';
import { loadVariantRulesets, type Variant } from '../sim/variant.js';
import { checkAllowed } from '../files/disk.js';
import { UsageError } from './errors.js';
import { importFightFile, pairs } from '../files/fight-file.js';
import { sayWarnings } from './io.js';
import { sayData, type Io } from './io.js';
import { dataLine } from '../core/loader.js';
import type { RunFlags } from './sim.js';
import type { OddsDuel } from '../core/ruleset.js';

export interface CompareOpts extends Omit<RunFlags, 'runs'> {
  runs?: number;
  method?: Method;
  a?: string[];
  b?: string[];
  untilCi?: number;
}

export async function compare(io: Io, file: string, o: CompareOpts, seedOf: () => number): Promise<void> {
  if (!o.a?.length && !o.b?.length)
    throw new UsageError(
      "compare: give what differs: --a 'criticals=detailed' --b 'criticals=sudden-death' (options, path=value edits or file=OTHER)",
    );
  const options = pairs(o.option, '--option');
  const tables = pairs(o.table, '--table');
  const allow = checkAllowed(o.allowPath ?? []);
  await importFightFile(file, options, tables, 'encounter', allow);
  const base: Variant = { file: resolve(file), options, tables, edits: [], allow };
  const a = parseVariantSpec(base, o.a ?? [], '--a');
  const b = parseVariantSpec(base, o.b ?? [], '--b');
  await loadVariantRulesets([a, b]);
  const [la, lb] = loadPair(a, b);
  sayWarnings(io, la, lb);
  const labels = [variantLabel(base, o.a ?? []), variantLabel(base, o.b ?? [])] as const;
  const method = o.method ?? 'auto';
  const exact = method === 'sim' ? null : exactAll([a, b], o.maxRounds);
  let out: Comparison;
  if (exact && 'duels' in exact) out = exactComparison(labels, exact.duels as [OddsDuel, OddsDuel]);
  else {
    const because = exact && 'refused' in exact ? notExactFor(exact.refused) : null;
    if (method === 'exact') throw new UsageError(`compare --method exact: ${because ?? ''}`);
    if (o.runs === undefined)
      throw new UsageError(`compare: give --runs N to simulate${because ? ` (${because})` : ''}`);
    const runs = o.runs;
    const seed = o.seed ?? seedOf();
    const tty = io.err.isTTY === true && !o.json;
    out = (
      await runComparison({
        a,
        b,
        loaded: [la, lb],
        labels,
        seed,
        runs,
        maxRounds: o.maxRounds,
        untilCi: o.untilCi,
        workers: o.workers ?? defaultWorkers(runs),
        methodNote: because ? `simulated: ${because}` : null,
        progress: tty
          ? (done) =>
              io.err.write(`\r  ${done.toLocaleString('en')}/${runs.toLocaleString('en')} paired fights `)
          : undefined,
      })
    ).comparison;
    if (tty) io.err.write('\r\u001b[K');
  }
  if (o.json) {
    io.out.write(`${JSON.stringify({ ...out, data: { a: la.setup.data ?? [], b: lb.setup.data ?? [] } })}\n`);
    return;
  }
  printComparison(io, la.setup.title, out);
  sayData(io, la.setup);
  if (dataLine(lb.setup.data) !== dataLine(la.setup.data)) sayData(io, lb.setup);
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** "+0.04", "−0.16": one sign character throughout, the typographic minus. */
const signedFixed = (x: number, digits = 2) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;

function printComparison(io: Io, title: string, c: Comparison): void {
  const w = (t: string) => io.out.write(t);
  const exact = c.method === 'exact';
  if (exact) w(`${title}: ${c.methodNote}\n`);
  else {
    w(`${title}: ${c.runs} paired fights (fight i of A and of B on the same dice), seed ${c.seed}\n`);
    if (c.methodNote) w(`  ${c.methodNote}\n`);
  }
  w(`  A: ${c.a.label}\n  B: ${c.b.label}\n`);
  // An exact figure: two decimals and no interval, as fray odds prints it.
  const rate = (r: number, ci: [number, number]) =>
    (exact ? `${(r * 100).toFixed(2)}%` : `${pct(r)} (${pct(ci[0])}–${pct(ci[1])})`).padEnd(22);
  const points = (x: number) => signedFixed(x * 100, exact ? 2 : 1);
  const within = (ci: [number, number], show: (x: number) => string) =>
    exact ? '' : ` (${show(ci[0])} to ${show(ci[1])})`;
  w(`  ${''.padEnd(20)} ${'A'.padEnd(22)} ${'B'.padEnd(22)} B − A, points${exact ? '' : ' (95% CI)'}\n`);
  c.difference.sides.forEach((d, s) => {
    const sa = c.a.summary.sides[s];
    const sb = c.b.summary.sides[s];
    if (!sa || !sb) return;
    w(
      `  ${`${d.name} wins`.padEnd(20)} ${rate(sa.winRate, sa.ci95)} ${rate(sb.winRate, sb.ci95)} ${points(d.diff)}${within(d.ci95, points)}\n`,
    );
  });
  const da = c.a.summary.drawRate;
  const db = c.b.summary.drawRate;
  w(
    `  ${'draws'.padEnd(20)} ${rate(da.rate, da.ci95)} ${rate(db.rate, db.ci95)} ${points(c.difference.draws.diff)}${within(c.difference.draws.ci95, points)}\n`,
  );
  const m = c.difference.meanRounds;
  w(
    `  ${'mean rounds'.padEnd(20)} ${c.a.summary.meanRounds.toFixed(2).padEnd(22)} ${c.b.summary.meanRounds.toFixed(2).padEnd(22)} ${signedFixed(m.diff)}${within(m.ci95, (x) => signedFixed(x))}\n`,
  );
}
