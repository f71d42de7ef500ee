// `fray compare`: two variants of an encounter on the same dice (common random numbers), and
// what changes between them with its interval.
import { basename, resolve } from 'node:path';
import { ValidationError } from '../core/document.js';
import { defaultWorkers, runJob } from '../sim/parallel.js';
import { rosterOf, summarize, type SimSummary } from '../sim/run.js';
import { meanOf, pairedDifference, type PairTotals, type Totals } from '../sim/totals.js';
import { loadVariant, parseEdit, type Edit, type Variant } from '../sim/variant.js';
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

/** One side of a comparison as written: `criticals=sudden-death`, `sides[0].combatants[0].profile.WS=45`, `file=other.yaml`, comma-separated or repeated. */
export function parseVariantSpec(base: Variant, specs: readonly string[], flag: string): Variant {
  let file = base.file;
  const options = { ...base.options };
  const edits: Edit[] = [...base.edits];
  for (const spec of specs) {
    for (const item of spec
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '')) {
      const eq = item.indexOf('=');
      if (eq <= 0)
        throw new UsageError(`${flag}: expected name=value, path=value or file=FILE, got '${item}'`);
      const key = item.slice(0, eq).trim();
      const value = item.slice(eq + 1).trim();
      if (key === 'file') file = resolve(value);
      else if (/[.[]/.test(key)) edits.push(parseEdit(item, flag));
      else options[key] = value;
    }
  }
  return { file, options, tables: base.tables, edits, allow: base.allow };
}

export interface Comparison {
  readonly schema: 'fray-compare/1';
  readonly runs: number;
  readonly seed: number;
  readonly a: { readonly label: string; readonly summary: SimSummary };
  readonly b: { readonly label: string; readonly summary: SimSummary };
  /** B − A, paired run by run, with 95% intervals. */
  readonly difference: {
    readonly sides: { readonly name: string; readonly diff: number; readonly ci95: [number, number] }[];
    readonly draws: { readonly diff: number; readonly ci95: [number, number] };
    readonly meanRounds: { readonly diff: number; readonly ci95: [number, number] };
  };
}

function label(base: Variant, specs: readonly string[]): string {
  return specs.length > 0 ? specs.join(', ') : `${basename(base.file)} as it stands`;
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
  const la = loadVariant(a);
  const lb = loadVariant(b);
  sayWarnings(io, la, lb);
  const ra = rosterOf(la.ruleset, la.setup);
  const rb = rosterOf(lb.ruleset, lb.setup);
  if (ra.sides.length !== rb.sides.length) {
    throw new ValidationError([
      {
        file: 'command line',
        path: '--b',
        message: `B has ${rb.sides.length} sides and A ${ra.sides.length}: a comparison pairs the sides in order`,
      },
    ]);
  }
  const seed = o.seed ?? seedOf();
  const tty = io.err.isTTY === true && !o.json;
  const r = await runJob({
    variants: [a, b],
    seed,
    from: 0,
    to: o.runs,
    maxRounds: o.maxRounds,
    untilCi: o.untilCi,
    workers: o.workers ?? defaultWorkers(),
    progress: tty
      ? (done) =>
          io.err.write(`\r  ${done.toLocaleString('en')}/${o.runs.toLocaleString('en')} paired fights `)
      : undefined,
  });
  if (tty) io.err.write('\r\u001b[K');
  const until = o.untilCi === undefined ? null : { target: o.untilCi, reached: r.reached };
  const sa = summarize(r.totals[0] as Totals, ra, seed, until);
  const sb = summarize(r.totals[1] as Totals, rb, seed, until);
  const p = r.pairs as PairTotals;
  const out: Comparison = {
    schema: 'fray-compare/1',
    runs: p.runs,
    seed,
    a: { label: label(base, o.a ?? []), summary: sa },
    b: { label: label(base, o.b ?? []), summary: sb },
    difference: {
      sides: ra.sides.map((name, s) => ({
        name,
        ...pairedDifference(p.aOnly[s] ?? 0, p.bOnly[s] ?? 0, p.runs),
      })),
      draws: pairedDifference(p.drawsAOnly, p.drawsBOnly, p.runs),
      meanRounds: (({ mean, ci95 }) => ({ diff: mean, ci95 }))(meanOf(p.rounds, p.runs)),
    },
  };
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
