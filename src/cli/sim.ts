// `fray sim` and `fray merge`: many fights on every core, their totals, shards and their merge.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { ValidationError, type Issue } from '../core/document.js';
import { checkAllowed, checkOutputs, inputsOf, readText, type Output } from '../files/disk.js';
import { defaultWorkers, runJob } from '../sim/parallel.js';
import {
  MAX_SHARDS,
  readPart,
  runIssues,
  runsText,
  sealPart,
  shardRange,
  type PartFile,
  type RunIdentity,
} from '../sim/part.js';
import { summarize, type SimSummary } from '../sim/run.js';
import { Totals } from '../sim/totals.js';
import { UsageError } from './errors.js';
import { importFightFile, pairs } from '../files/fight-file.js';
import { sayWarnings } from './io.js';
import { printoutIo, sayData, writeOutput, type Io } from './io.js';
import { dataLine } from '../core/loader.js';
import { printable } from '../core/names.js';

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

/** `--shard K/N`: the K-th of N slices, 1-based. */
export function parseShard(v: string): [number, number] {
  const m = /^(\d+)\/(\d+)$/.exec(v.trim());
  const k = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || !(n >= 1) || !(k >= 1) || k > n || n > MAX_SHARDS)
    throw new UsageError(
      `--shard: expected K/N with 1 ≤ K ≤ N ≤ ${MAX_SHARDS.toLocaleString('en')}, got '${v}'`,
    );
  return [k, n];
}

export async function sim(given: Io, file: string, o: SimOpts, seedOf: () => number): Promise<void> {
  const io = printoutIo(given, o.out, o.report);
  const options = pairs(o.option, '--option');
  const tables = pairs(o.table, '--table');
  const allow = checkAllowed(o.allowPath ?? []);
  const ff = await importFightFile(file, options, tables, 'encounter', allow);
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
    loaded: [ff.loaded],
    seed,
    from,
    to,
    maxRounds: o.maxRounds,
    untilCi: o.untilCi,
    workers: o.workers ?? defaultWorkers(to - from),
    progress: tty
      ? (done) => io.err.write(`\r  ${progressLine(done, goal, (Date.now() - started) / 1000)} `)
      : undefined,
  });
  if (tty) io.err.write('\r\u001b[K');
  const { ruleset, setup } = ff.loaded;
  if (o.out) {
    const part = sealPart({
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
    });
    writeOutput(given, 'part', o.out, `${JSON.stringify(part)}\n`);
  }
  const summary = summarize(
    result.totals[0] as Totals,
    result.roster,
    seed,
    o.untilCi === undefined ? null : { target: o.untilCi, reached: result.reached },
  );
  if (o.report) {
    // Plot and its DOM (some 200 modules) only for the report that draws with them.
    const { reportHtml } = await import('../sim/report.js');
    writeOutput(
      given,
      'report',
      o.report,
      reportHtml(
        { title: setup.title, ruleset: ruleset.id, file, options, data: dataLine(setup.data) },
        summary,
        result.totals[0] as Totals,
        result.roster,
      ),
    );
  }
  if (o.json) io.out.write(`${JSON.stringify({ ...summary, data: setup.data ?? [] })}\n`);
  else {
    printSummary(
      io,
      `${setup.title}: ${summary.runs} fights${shard ? ` (shard ${shard[0]}/${shard[1]}: ${runsText(from, to)})` : ''}, seed ${seed} (${ruleset.id})`,
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
): RunIdentity {
  // In code-unit order, as canonicalJson (src/sim/part.ts) compares them: localeCompare would load
  // the locale's collation, some 10 ms of every run's start, for names that are plain words.
  const sorted = (r: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(r).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return {
    encounterHash: hashOf(readText(file).text),
    tables: sorted(Object.fromEntries(Object.entries(tables).map(([k, f]) => [k, hashOf(readText(f).text)]))),
    options: sorted(options),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A summary in words; its names shown escaped, since a part's come from a file no schema of ours checked. */
export function printSummary(io: Io, heading: string, s: SimSummary): void {
  const w = (t: string) => io.out.write(t);
  const name = (x: string) => printable(x, true);
  w(`${name(heading)}\n`);
  for (const side of s.sides) {
    w(
      `  ${name(side.name).padEnd(20)} wins ${String(side.wins).padStart(8)}  ${pct(side.winRate).padStart(6)}  95% CI ${pct(side.ci95[0])} – ${pct(side.ci95[1])}\n`,
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
    const width = Math.max(...s.combatants.map((c) => name(c.name).length));
    w(
      '  per combatant: standing at the end, fled; per fight: wounds dealt / taken, criticals dealt / taken, fumbles\n',
    );
    for (const c of s.combatants) {
      const m = (k: string) => (c.stats[k] ? c.stats[k].mean.toFixed(2) : '–');
      w(
        `    ${name(c.name).padEnd(width)}  ${pct(c.survived.rate).padStart(6)}  ${pct(c.fled.rate).padStart(6)}   ${m('woundsDealt')} / ${m('woundsTaken')}   ${m('criticalsDealt')} / ${m('criticalsTaken')}   ${m('fumbles')}\n`,
      );
    }
  }
  if (s.tallies.length > 0) {
    const width = Math.max(...s.tallies.map((t) => name(t.label).length));
    w('  per fight, mean:\n');
    for (const t of s.tallies)
      w(
        `    ${name(t.label).padEnd(width)}  ${t.mean.toFixed(2).padStart(7)}  95% CI ${t.ci95[0].toFixed(2)} – ${t.ci95[1].toFixed(2)}\n`,
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

/**
 * `fray merge`: the parts of one run (the same encounter, seed and run count), each slice once,
 * added up in order. Every part is checked alone first (its sums, roster and digest), then
 * against the others; every problem of every file is named before anything is added.
 */
export function merge(io: Io, files: readonly string[], o: { json?: boolean }): void {
  if (files.length === 0)
    throw new UsageError('merge: give the part files written by fray sim --shard K/N --out FILE');
  const issues: Issue[] = [];
  const parts: { file: string; part: PartFile }[] = [];
  for (const f of files) {
    try {
      parts.push(readPart(f));
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      issues.push(...e.issues);
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  const across = runIssues(parts);
  if (across.length > 0) throw new ValidationError(across);
  const first = (parts[0] as (typeof parts)[number]).part;
  const n = first.shard[1];
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
