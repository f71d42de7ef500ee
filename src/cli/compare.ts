// `fray compare`: two variants of an encounter on the same dice (common random numbers), and
// what changes between them with its interval (src/sim/compare.ts runs it), printed.
import { resolve } from 'node:path';
import { defaultWorkers } from '../sim/parallel.js';
import { loadPair, parseVariantSpec, runComparison, variantLabel, type Comparison } from '../sim/compare.js';
import type { Variant } from '../sim/variant.js';
import { checkAllowed } from '../node/files.js';
import { UsageError } from './errors.js';
import { loadFightFile, pairs } from '../files/fight-file.js';
import { sayWarnings } from './io.js';
import { sayData, type Io } from './io.js';
import { dataLine } from '../core/loader.js';
import type { RunFlags } from './sim.js';

export interface CompareOpts extends RunFlags {
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
  loadFightFile(file, options, tables, 'encounter', allow);
  const base: Variant = { file: resolve(file), options, tables, edits: [], allow };
  const a = parseVariantSpec(base, o.a ?? [], '--a');
  const b = parseVariantSpec(base, o.b ?? [], '--b');
  const [la, lb] = loadPair(a, b);
  sayWarnings(io, la, lb);
  const seed = o.seed ?? seedOf();
  const tty = io.err.isTTY === true && !o.json;
  const { comparison: out } = await runComparison({
    a,
    b,
    loaded: [la, lb],
    labels: [variantLabel(base, o.a ?? []), variantLabel(base, o.b ?? [])],
    seed,
    runs: o.runs,
    maxRounds: o.maxRounds,
    untilCi: o.untilCi,
    workers: o.workers ?? defaultWorkers(),
    progress: tty
      ? (done) =>
          io.err.write(`\r  ${done.toLocaleString('en')}/${o.runs.toLocaleString('en')} paired fights `)
      : undefined,
  });
  if (tty) io.err.write('\r\u001b[K');
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
const points = (x: number) => signedFixed(x * 100, 1);

function printComparison(io: Io, title: string, c: Comparison): void {
  const w = (t: string) => io.out.write(t);
  w(`${title}: ${c.runs} paired fights (fight i of A and of B on the same dice), seed ${c.seed}\n`);
  w(`  A: ${c.a.label}\n  B: ${c.b.label}\n`);
  const rate = (r: number, ci: [number, number]) => `${pct(r)} (${pct(ci[0])}–${pct(ci[1])})`.padEnd(22);
  w(`  ${''.padEnd(20)} ${'A'.padEnd(22)} ${'B'.padEnd(22)} B − A, points (95% CI)\n`);
  c.difference.sides.forEach((d, s) => {
    const sa = c.a.summary.sides[s];
    const sb = c.b.summary.sides[s];
    if (!sa || !sb) return;
    w(
      `  ${`${d.name} wins`.padEnd(20)} ${rate(sa.winRate, sa.ci95)} ${rate(sb.winRate, sb.ci95)} ${points(d.diff)} (${points(d.ci95[0])} to ${points(d.ci95[1])})\n`,
    );
  });
  const da = c.a.summary.drawRate;
  const db = c.b.summary.drawRate;
  w(
    `  ${'draws'.padEnd(20)} ${rate(da.rate, da.ci95)} ${rate(db.rate, db.ci95)} ${points(c.difference.draws.diff)} (${points(c.difference.draws.ci95[0])} to ${points(c.difference.draws.ci95[1])})\n`,
  );
  const m = c.difference.meanRounds;
  w(
    `  ${'mean rounds'.padEnd(20)} ${c.a.summary.meanRounds.toFixed(2).padEnd(22)} ${c.b.summary.meanRounds.toFixed(2).padEnd(22)} ${signedFixed(m.diff)} (${signedFixed(m.ci95[0])} to ${signedFixed(m.ci95[1])})\n`,
  );
}
