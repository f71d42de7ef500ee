// `fray danger`: how deadly an encounter is for the party, the encounter played by the tactics
// until its band is sure (src/sim/danger.ts), printed for the GM.
import { resolve } from 'node:path';
import { z } from 'zod';
import { SourceDoc, ValidationError, validate } from '../core/document.js';
import { checkAllowed, readText } from '../files/disk.js';
import { importFightFile, pairs } from '../files/fight-file.js';
import { proposeChanges, type Proposal, type TargetResult } from '../sim/danger-target.js';
import {
  assessDanger,
  BANDS,
  DANGER_MAX_RUNS,
  DANGER_PRECISION,
  OUR_BAND_LIMITS,
  PartyError,
  type Band,
  type BandLimits,
  type DangerJob,
  type DangerReport,
} from '../sim/danger.js';
import { defaultWorkers, makePool } from '../sim/parallel.js';
import type { Rate } from '../sim/run.js';
import { UsageError } from './errors.js';
import { sayWarnings, type Io } from './io.js';
import type { RunFlags } from './sim.js';

export interface DangerOpts extends Omit<RunFlags, 'runs'> {
  runs?: number;
  target?: string;
  party?: string;
  bands?: string;
  precision?: number;
}

const chance = z
  .number({ error: 'expected a chance from 0 to 1' })
  .min(0)
  .max(1, { error: 'expected a chance from 0 to 1' });
const limit = z.strictObject({ win: chance, someoneDown: chance, someoneDies: chance }).partial();
const limitsFile = z.strictObject({ easy: limit, fair: limit, hard: limit }).partial();

/**
 * A GM's band limits (`--bands FILE`): any of easy, fair and hard, each any of win, someoneDown
 * and someoneDies, ours standing for what is not given. Each band must ask at least what the next
 * asks, or "the mildest band it keeps" would not be a band.
 */
export function readBandLimits(path: string): BandLimits {
  const { file, text } = readText(path);
  const doc = SourceDoc.parse(file, text);
  const given = validate(limitsFile, doc, doc.data);
  const limits = {
    easy: { ...OUR_BAND_LIMITS.easy, ...given.easy },
    fair: { ...OUR_BAND_LIMITS.fair, ...given.fair },
    hard: { ...OUR_BAND_LIMITS.hard, ...given.hard },
  };
  const issues = [];
  for (const [milder, harsher] of [
    ['easy', 'fair'],
    ['fair', 'hard'],
  ] as const) {
    const a = limits[milder];
    const b = limits[harsher];
    if (a.win < b.win)
      issues.push({
        file,
        path: [milder, 'win'],
        message: `${milder} asks fewer wins (${a.win}) than ${harsher} (${b.win})`,
      });
    for (const k of ['someoneDown', 'someoneDies'] as const)
      if (a[k] > b[k])
        issues.push({
          file,
          path: [milder, k],
          message: `${milder} allows more (${a[k]}) than ${harsher} (${b[k]})`,
        });
  }
  if (issues.length > 0) throw new ValidationError(issues.map((i) => ({ ...i, path: i.path.join('.') })));
  return limits;
}

export async function danger(io: Io, file: string, o: DangerOpts, seedOf: () => number): Promise<void> {
  const options = pairs(o.option, '--option');
  const tables = pairs(o.table, '--table');
  const allow = checkAllowed(o.allowPath ?? []);
  const limits = o.bands !== undefined ? readBandLimits(o.bands) : undefined;
  const ff = await importFightFile(file, options, tables, 'encounter', allow);
  sayWarnings(io, ff.loaded);
  const seed = o.seed ?? seedOf();
  const maxRuns = o.runs ?? DANGER_MAX_RUNS;
  const tty = io.err.isTTY === true && !o.json;
  const target = o.target === undefined ? undefined : bandNamed(o.target);
  const workers = o.workers ?? defaultWorkers(maxRuns);
  // One pool for the encounter and every change tried: a thread is started once, not per change.
  const pool = workers > 1 ? await makePool(workers) : undefined;
  const job: DangerJob = {
    variant: { file: resolve(file), options, tables, edits: [], allow },
    loaded: ff.loaded,
    seed,
    maxRuns,
    precision: o.precision ?? DANGER_PRECISION,
    ...(o.party !== undefined ? { party: o.party } : {}),
    ...(limits ? { limits, limitsFrom: o.bands } : {}),
    maxRounds: o.maxRounds,
    workers,
    ...(pool ? { pool } : {}),
    progress: tty ? (done) => io.err.write(`\r  ${done.toLocaleString('en')} fights `) : undefined,
  };
  try {
    if (target === undefined) {
      const report = await assessDanger(job);
      if (tty) io.err.write('\r\u001b[K');
      io.out.write(o.json ? `${JSON.stringify(report, null, 2)}\n` : dangerText(report));
      return;
    }
    if (tty) io.err.write(`\r  weighing the encounter as it is `);
    const result = await proposeChanges({ ...job, progress: undefined }, target, (done, of) => {
      if (tty) io.err.write(`\r\u001b[K  ${done} of ${of} changes played toward ${target} `);
    });
    if (tty) io.err.write('\r\u001b[K');
    io.out.write(
      o.json ? `${JSON.stringify(result, null, 2)}\n` : `${dangerText(result.base)}\n${targetText(result)}`,
    );
  } catch (e) {
    if (e instanceof PartyError) throw new UsageError(`danger: ${e.message}`);
    throw e;
  } finally {
    await pool?.destroy();
  }
}

/** The first proposal's edits as `--b` writes them, when each is one value (not a whole list). */
function scalarEdits(p: Proposal): string[] {
  const scalar = p.edits.every((e) => typeof e.value === 'string' || typeof e.value === 'number');
  return scalar ? [p.edits.map((e) => `${e.path}=${String(e.value)}`).join(',')] : [];
}

/** `--target`: one of the bands. */
function bandNamed(name: string): Band {
  const band = BANDS.find((b) => b === name.trim().toLowerCase());
  if (band === undefined)
    throw new UsageError(`--target: expected one of ${BANDS.join(', ')}, got '${name}'`);
  return band;
}

/** The changes that make the encounter the band asked for, smallest first, each with its figures. */
export function targetText(t: TargetResult): string {
  if (t.base.band === t.target) return `It is ${t.target} already: nothing to change.\n`;
  if (t.proposals.length === 0)
    return `No change of one entry's count or creature (nor healing the party, where it is hurt) makes it ${t.target} (${t.tried} tried): change more at once, or the tactics.\n`;
  const lines = [
    `To make it ${t.target.toUpperCase()} (${t.tried} change${t.tried === 1 ? '' : 's'} played, each on the same dice):`,
    ...t.proposals.map((p) => {
      const r = p.report;
      return `  ${p.change.padEnd(34)} the party wins ${pct(r.win)}, someone dead ${pct(r.someoneDies)}${r.sure ? '' : ` (on the edge of ${r.between.join(' and ')})`}`;
    }),
    ...scalarEdits(t.proposals[0] as Proposal).map(
      (edits) => `  side by side on the same dice: fray compare FILE --b '${edits}' --runs 20000`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

const pct = (r: Rate) => `${(r.rate * 100).toFixed(1)}%`;
const interval = (r: Rate) => `${pct(r)} (${(r.ci95[0] * 100).toFixed(1)}–${(r.ci95[1] * 100).toFixed(1)})`;

/** The report as the GM reads it: the band and how sure it is, then the chances, then each member. */
export function dangerText(r: DangerReport): string {
  const n = r.runs.toLocaleString('en');
  const lines = [
    `${r.title ? `${r.title}: ` : ''}${r.band.toUpperCase()} for ${r.party} (${r.ruleset})`,
    ...r.beyond.map(
      (b) =>
        `  not ${b.band}: ${FIGURE[b.figure]} ${pct1(b.value)}, ${b.figure === 'win' ? 'below' : 'beyond'} ${b.band}'s ${pct1(b.limit)}`,
    ),
    r.sure
      ? `  sure after ${n} fights: every figure's 95% interval lies inside the band`
      : `  on the edge between ${r.between[0]} and ${r.between[1]} after ${n} fights${r.stopped === 'precise' ? ': every figure known to ± 1 point, and still either side of a limit' : ' (the most runs asked for: --runs plays more)'}`,
    '',
    ...(
      [
        ['the party wins', r.win],
        ['it flees', r.fled],
        ['it is wiped out', r.wiped],
        ...(r.undecided.rate > 0 ? [['undecided (round cap)', r.undecided] as const] : []),
        ['someone down or dead', r.someoneDown],
        ['someone dead', r.someoneDies],
      ] as const
    ).map(([label, x]) => `  ${label.padEnd(22)} ${interval(x)}`),
    `  ${'rounds'.padEnd(22)} ${r.meanRounds.toFixed(1)} on average`,
    '',
    `  ${'each of the party'.padEnd(22)} ${'down or dead'.padStart(12)}  ${'dead'.padStart(6)}`,
    ...r.members.map((m) => `  ${m.name.padEnd(22)} ${pct(m.down).padStart(12)}  ${pct(m.dies).padStart(6)}`),
    '',
    `  bands (${r.limitsFrom === 'ours' ? 'ours: docs/simulation.md, How deadly is it?; --bands FILE sets yours' : r.limitsFrom}):`,
    ...(['easy', 'fair', 'hard'] as const).map((b) => {
      const l = r.limits[b];
      return `    ${b.padEnd(6)} the party wins ≥ ${pct1(l.win)}, someone down or dead ≤ ${pct1(l.someoneDown)}, someone dead ≤ ${pct1(l.someoneDies)}`;
    }),
    `    ${BANDS[3]} anything worse than hard`,
    `  the fights are played by each side's tactics, as fray sim plays them (seed ${r.seed})`,
  ];
  return `${lines.join('\n')}\n`;
}

const pct1 = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** How each figure a band is read from is said. */
const FIGURE = {
  win: 'the party wins',
  someoneDown: 'someone down or dead',
  someoneDies: 'someone dead',
} as const;
