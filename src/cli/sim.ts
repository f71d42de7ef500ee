// `fray sim` and `fray merge`: many fights on every core, their totals, shards and their merge.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { SourceDoc, ValidationError, validate } from '../core/document.js';
import { checkAllowed, checkOutputs, inputsOf, readText, writeAtomic, type Output } from '../node/files.js';
import { defaultWorkers, runJob } from '../sim/parallel.js';
import { reportHtml } from '../sim/report.js';
import { summarize, type Roster, type SimSummary } from '../sim/run.js';
import { Totals, type TotalsData } from '../sim/totals.js';
import { UsageError } from './errors.js';
import { loadFightFile, pairs, sayWarnings } from './load.js';
import { sayData, sayWritten, type Io } from './io.js';
import { dataLine } from '../core/loader.js';

/** The flags every simulating command takes. */
export interface RunFlags {
  runs: number;
  seed?: number;
  option?: string[];
  table?: string[];
  maxRounds?: number;
  workers?: number;
  json?: boolean;
  allowPath?: string[];
}

export interface SimOpts extends RunFlags {
  untilCi?: number;
  shard?: string;
  out?: string;
  report?: string;
}

const PART_MARK = 'fray-sim-part';

/** `--shard K/N`: the K-th of N slices, 1-based. */
export function parseShard(v: string): [number, number] {
  const m = /^(\d+)\/(\d+)$/.exec(v.trim());
  const k = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || !(n >= 1) || !(k >= 1) || k > n || n > 1_000_000)
    throw new UsageError(`--shard: expected K/N with 1 ≤ K ≤ N, got '${v}'`);
  return [k, n];
}

/** The runs of slice K of N: disjoint, in order, covering 0..runs − 1 exactly once. */
export function shardRange(runs: number, k: number, n: number): [number, number] {
  return [Math.floor(((k - 1) * runs) / n), Math.floor((k * runs) / n)];
}

export async function sim(io: Io, file: string, o: SimOpts, seedOf: () => number): Promise<void> {
  const options = pairs(o.option, '--option');
  const tables = pairs(o.table, '--table');
  const allow = checkAllowed(o.allowPath ?? []);
  const ff = loadFightFile(file, options, tables, 'encounter', allow);
  sayWarnings(io, ff.loaded);
  const seed = o.seed ?? seedOf();
  const shard = o.shard ? parseShard(o.shard) : null;
  if (shard && o.untilCi !== undefined)
    throw new UsageError('sim: --until-ci stops a whole run early; it cannot go with --shard');
  if (shard && !o.out)
    throw new UsageError('sim: --shard writes its totals to a file for fray merge: give --out FILE');
  if (o.out && o.untilCi !== undefined)
    throw new UsageError(
      'sim: --out writes the totals of a fixed number of runs for fray merge; it cannot go with --until-ci',
    );
  // What makes two parts parts of one run, read before any fight: the files' texts and every rule option.
  const identity = identityOf(file, tables, ff.loaded.options);
  checkOutputs(outputs({ '--out': o.out, '--report': o.report }), inputsOf(readBy(ff.files, tables)));
  const [from, to] = shard ? shardRange(o.runs, shard[0], shard[1]) : [0, o.runs];
  const tty = io.err.isTTY === true && !o.json;
  const started = Date.now();
  const goal = to - from;
  const result = await runJob({
    variants: [{ file: resolve(file), options, tables, edits: [], allow }],
    seed,
    from,
    to,
    maxRounds: o.maxRounds,
    untilCi: o.untilCi,
    workers: o.workers ?? defaultWorkers(),
    progress: tty
      ? (done) => io.err.write(`\r  ${progressLine(done, goal, (Date.now() - started) / 1000)} `)
      : undefined,
  });
  if (tty) io.err.write('\r\u001b[K');
  const { ruleset, setup } = ff.loaded;
  if (o.out) {
    const part: PartFile = {
      fray: PART_MARK,
      version: 1,
      encounter: resolve(file),
      encounterHash: identity.encounterHash,
      tables: identity.tables,
      ruleset: ruleset.id,
      title: setup.title,
      options: identity.options,
      seed,
      runs: o.runs,
      maxRounds: o.maxRounds ?? null,
      shard: shard ?? [1, 1],
      from,
      to,
      roster: result.roster,
      totals: (result.totals[0] as Totals).toJSON(),
    };
    writeAtomic(o.out, `${JSON.stringify(part)}\n`);
    sayWritten(io, 'part', o.out);
  }
  const summary = summarize(
    result.totals[0] as Totals,
    result.roster,
    seed,
    o.untilCi === undefined ? null : { target: o.untilCi, reached: result.reached },
  );
  if (o.report) {
    writeAtomic(
      o.report,
      reportHtml(
        { title: setup.title, ruleset: ruleset.id, file, options, data: dataLine(setup.data) },
        summary,
        result.totals[0] as Totals,
        result.roster,
      ),
    );
    sayWritten(io, 'report', o.report);
  }
  if (o.json) io.out.write(`${JSON.stringify({ ...summary, data: setup.data ?? [] })}\n`);
  else {
    printSummary(
      io,
      `${setup.title}: ${summary.runs} fights${shard ? ` (shard ${shard[0]}/${shard[1]}: runs ${from}..${to - 1})` : ''}, seed ${seed} (${ruleset.id})`,
      summary,
    );
    sayData(io, setup);
  }
}

/** The outputs given, by flag. */
export function outputs(byFlag: Readonly<Record<string, string | undefined>>): Output[] {
  return Object.entries(byFlag).flatMap(([flag, path]) => (path === undefined ? [] : [{ flag, path }]));
}

/** The files a command reads: those its load read, and the command line's tables (read or not). */
export function readBy(files: ReadonlySet<string>, tables: Readonly<Record<string, string>>): Set<string> {
  return new Set([...files, ...Object.values(tables)]);
}

function progressLine(done: number, goal: number, secs: number): string {
  const rate = done / Math.max(secs, 0.001);
  const eta = rate > 0 ? Math.ceil((goal - done) / rate) : 0;
  return `${done.toLocaleString('en')}/${goal.toLocaleString('en')} fights, ${Math.round(rate).toLocaleString('en')}/s, ETA ${eta} s`;
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** A run's identity for fray merge: the encounter's and tables' texts hashed, every rule option (defaults spelled out) in name order. */
function identityOf(
  file: string,
  tables: Readonly<Record<string, string>>,
  options: Readonly<Record<string, string>>,
) {
  const sorted = (r: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(r).sort(([x], [y]) => x.localeCompare(y)));
  return {
    encounterHash: hashOf(readText(file).text),
    tables: sorted(Object.fromEntries(Object.entries(tables).map(([k, f]) => [k, hashOf(readText(f).text)]))),
    options: sorted(options),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function printSummary(io: Io, heading: string, s: SimSummary): void {
  const w = (t: string) => io.out.write(t);
  w(`${heading}\n`);
  for (const side of s.sides) {
    w(
      `  ${side.name.padEnd(20)} wins ${String(side.wins).padStart(8)}  ${pct(side.winRate).padStart(6)}  95% CI ${pct(side.ci95[0])} – ${pct(side.ci95[1])}\n`,
    );
  }
  w(`  ${'draws'.padEnd(20)}      ${String(s.draws).padStart(8)}  ${pct(s.drawRate.rate).padStart(6)}\n`);
  if (s.untilCi)
    w(
      `  ${s.untilCi.reached ? 'stopped' : 'not stopped'} by --until-ci ${s.untilCi.target}: widest interval ±${pct(widest(s))}\n`,
    );
  w(
    `  mean length: ${s.meanRounds.toFixed(2)} rounds (95% CI ${s.rounds.ci95[0].toFixed(2)} – ${s.rounds.ci95[1].toFixed(2)}); ${roundsLine(s)}\n`,
  );
  if (s.combatants.length > 0) {
    const width = Math.max(...s.combatants.map((c) => c.name.length));
    w(
      '  per combatant: standing at the end, fled; per fight: wounds dealt / taken, criticals dealt / taken, fumbles\n',
    );
    for (const c of s.combatants) {
      const m = (k: string) => (c.stats[k] ? c.stats[k].mean.toFixed(2) : '–');
      w(
        `    ${c.name.padEnd(width)}  ${pct(c.survived.rate).padStart(6)}  ${pct(c.fled.rate).padStart(6)}   ${m('woundsDealt')} / ${m('woundsTaken')}   ${m('criticalsDealt')} / ${m('criticalsTaken')}   ${m('fumbles')}\n`,
      );
    }
  }
  if (s.tallies.length > 0) {
    const width = Math.max(...s.tallies.map((t) => t.label.length));
    w('  per fight, mean:\n');
    for (const t of s.tallies)
      w(
        `    ${t.label.padEnd(width)}  ${t.mean.toFixed(2).padStart(7)}  95% CI ${t.ci95[0].toFixed(2)} – ${t.ci95[1].toFixed(2)}\n`,
      );
  }
}

function widest(s: SimSummary): number {
  return Math.max(...[...s.sides.map((x) => x.ci95), s.drawRate.ci95].map((c) => (c[1] - c[0]) / 2));
}

/** The rounds' distribution in a line: the commonest lengths with their shares. */
function roundsLine(s: SimSummary): string {
  const top = [...s.rounds.distribution]
    .sort((a, b) => b.fights - a.fights || a.rounds - b.rounds)
    .slice(0, 6)
    .sort((a, b) => a.rounds - b.rounds);
  return `most often ${top.map((d) => `${d.rounds}: ${pct(d.fights / Math.max(1, s.runs))}`).join(', ')}`;
}

// ------------------------------------------------------------------ shards and merge

interface PartFile {
  readonly fray: typeof PART_MARK;
  readonly version: 1;
  readonly encounter: string;
  readonly encounterHash: string;
  /** Replaced tables: name → a hash of the file's text. */
  readonly tables: Readonly<Record<string, string>>;
  readonly ruleset: string;
  readonly title: string;
  readonly options: Readonly<Record<string, string>>;
  readonly seed: number;
  readonly runs: number;
  readonly maxRounds: number | null;
  readonly shard: readonly [number, number];
  readonly from: number;
  readonly to: number;
  readonly roster: Roster;
  readonly totals: TotalsData;
}

const whole = z.number().int().min(0);
const moments = z.strictObject({ sum: z.number(), squares: z.number() });
const partSchema = z.strictObject({
  fray: z.literal(PART_MARK, { error: `expected fray: ${PART_MARK} (a file written by fray sim --out)` }),
  version: z.literal(1, { error: 'expected version 1' }),
  encounter: z.string(),
  encounterHash: z.string(),
  tables: z.record(z.string(), z.string()),
  ruleset: z.string(),
  title: z.string(),
  options: z.record(z.string(), z.string()),
  seed: whole,
  runs: whole,
  maxRounds: whole.nullable(),
  shard: z.tuple([whole.min(1), whole.min(1)]),
  from: whole,
  to: whole,
  roster: z.strictObject({
    sides: z.array(z.string()),
    combatants: z.array(z.strictObject({ name: z.string(), side: whole })),
  }),
  totals: z.strictObject({
    runs: whole,
    wins: z.array(whole),
    draws: whole,
    rounds: z.array(whole),
    combatants: z.array(
      z.strictObject({
        survived: whole,
        fled: whole,
        stats: z.record(z.string(), moments),
        hist: z.record(z.string(), z.array(whole)),
      }),
    ),
    tallyLabels: z.array(z.string()),
    tallies: z.array(moments),
  }),
});

/** `fray merge`: the parts of one run (the same encounter, seed and run count), each slice once, added up in order. */
export function merge(io: Io, files: readonly string[], o: { json?: boolean }): void {
  if (files.length === 0)
    throw new UsageError('merge: give the part files written by fray sim --shard K/N --out FILE');
  const parts = files.map((f) => {
    const t = readText(f);
    const doc = SourceDoc.parse(t.file, t.text);
    return { file: t.file, part: validate(partSchema, doc, doc.data) as PartFile };
  });
  const first = (parts[0] as (typeof parts)[number]).part;
  const same = (p: PartFile) =>
    p.encounterHash === first.encounterHash &&
    JSON.stringify(p.tables) === JSON.stringify(first.tables) &&
    p.seed === first.seed &&
    p.runs === first.runs &&
    p.shard[1] === first.shard[1] &&
    p.maxRounds === first.maxRounds &&
    JSON.stringify(p.options) === JSON.stringify(first.options);
  const issues: { file: string; path: string; message: string }[] = [];
  for (const { file, part } of parts) {
    if (!same(part))
      issues.push({
        file,
        path: '',
        message: `not a part of the same run as ${parts[0]?.file} (encounter and tables, seed, runs, shard count, rule options and round cap must all agree)`,
      });
    const [from, to] = shardRange(part.runs, part.shard[0], part.shard[1]);
    if (part.from !== from || part.to !== to || part.totals.runs !== to - from)
      issues.push({
        file,
        path: 'totals.runs',
        message: `shard ${part.shard[0]}/${part.shard[1]} should hold runs ${from}..${to - 1}`,
      });
  }
  const n = first.shard[1];
  const byShard = new Map<number, string>();
  for (const { file, part } of parts) {
    const had = byShard.get(part.shard[0]);
    if (had)
      issues.push({
        file,
        path: 'shard',
        message: `shard ${part.shard[0]}/${n} is given twice (also ${had})`,
      });
    byShard.set(part.shard[0], file);
  }
  const missing = Array.from({ length: n }, (_x, i) => i + 1).filter((k) => !byShard.has(k));
  if (missing.length > 0 && issues.length === 0)
    issues.push({
      file: 'command line',
      path: 'parts',
      message: `shards missing: ${missing.map((k) => `${k}/${n}`).join(', ')}`,
    });
  if (issues.length > 0) throw new ValidationError(issues);
  const totals = new Totals(first.roster.sides.length);
  for (const { part } of [...parts].sort((a, b) => a.part.shard[0] - b.part.shard[0]))
    totals.merge(part.totals);
  const summary = summarize(totals, first.roster, first.seed, null);
  if (o.json) io.out.write(`${JSON.stringify(summary)}\n`);
  else
    printSummary(
      io,
      `${first.title}: ${summary.runs} fights from ${n} shard${n === 1 ? '' : 's'}, seed ${first.seed} (${first.ruleset})`,
      summary,
    );
}
