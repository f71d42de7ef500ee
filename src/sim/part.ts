// The part files of a sharded simulation (`fray sim --shard K/N --out FILE`) and what `fray merge`
// checks before it adds them up: the format, every internal sum, the roster, the digest, and that
// the parts are the slices of one run. A part is a file that travels between machines and people:
// nothing in it is trusted until it adds up.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SourceDoc, ValidationError, validate, type Issue } from '../core/document.js';
import { whole } from '../core/schema.js';
import { readText } from '../files/disk.js';
import type { Roster } from './run.js';
import { totalsIssues, type TotalsData } from './totals.js';

export const PART_MARK = 'fray-sim-part';
/** 2: the digest; 3: how each side ended, and who was down or dead. A part of another version is refused by name, not misread. */
export const PART_VERSION = 3;
/** The most shards (`--shard K/N`) a run may be cut into. */
export const MAX_SHARDS = 1_000_000;
/** The most runs of one simulation (`--runs`). */
export const MAX_RUNS = 1_000_000_000;

/** What makes two parts parts of one run, besides the seed and the counts. */
export interface RunIdentity {
  readonly encounterHash: string;
  /** Replaced tables: name → a hash of the file's text. */
  readonly tables: Readonly<Record<string, string>>;
  /** Every rule option, defaults spelled out, in name order. */
  readonly options: Readonly<Record<string, string>>;
}

export interface PartFile extends RunIdentity {
  readonly fray: typeof PART_MARK;
  readonly version: typeof PART_VERSION;
  readonly encounter: string;
  readonly ruleset: string;
  readonly title: string;
  readonly seed: number;
  readonly runs: number;
  readonly maxRounds: number | null;
  readonly shard: readonly [number, number];
  readonly from: number;
  readonly to: number;
  readonly roster: Roster;
  readonly totals: TotalsData;
  /** sha256: over the canonical JSON of every other field (partDigest). */
  readonly digest: string;
}

export type PartContents = Omit<PartFile, 'fray' | 'version' | 'digest'>;

/** The runs of slice K of N: disjoint, in order, covering 0..runs − 1 exactly once. */
export function shardRange(runs: number, k: number, n: number): [number, number] {
  return [Math.floor(((k - 1) * runs) / n), Math.floor((k * runs) / n)];
}

/** "runs 0..49", or "no runs" for an empty slice (fewer runs than shards). */
export function runsText(from: number, to: number): string {
  return to > from ? `runs ${from}..${to - 1}` : 'no runs';
}

/** JSON with every object's keys in order: the same data gives the same text, however it was written. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The digest of a part: SHA-256 over the canonical JSON of every field but the digest. */
export function partDigest(p: Omit<PartFile, 'digest'>): string {
  const { digest: _ignored, ...rest } = p as PartFile;
  return `sha256:${createHash('sha256').update(canonicalJson(rest)).digest('hex')}`;
}

/**
 * The part `fray sim --out` writes, sealed with its digest. It is checked as merge will check it,
 * so that a writer and a reader that disagree fail here, in the tests, and not at a user's merge.
 */
export function sealPart(c: PartContents): PartFile {
  const unsealed = { fray: PART_MARK, version: PART_VERSION, ...c } as const;
  const part: PartFile = { ...unsealed, digest: partDigest(unsealed) };
  const problems = partIssues(part).map((i) => `${i.path}: ${i.message}`);
  if (problems.length > 0)
    throw new Error(`the part about to be written does not add up: ${problems.join('; ')}`);
  return part;
}

const countError = 'expected a whole number, 0 or more';
const count = z.number({ error: countError }).int({ error: countError }).min(0, { error: countError });
const moments = z.strictObject({ sum: count, squares: count });
const name = z.string({ error: 'expected a text' });
const map = { error: 'expected a map' };
const list = { error: 'expected a list' };
const partSchema = z.strictObject({
  fray: z.literal(PART_MARK, { error: `expected fray: ${PART_MARK} (a file written by fray sim --out)` }),
  version: z.literal(PART_VERSION, { error: `expected version ${PART_VERSION}` }),
  encounter: name,
  encounterHash: name,
  tables: z.record(z.string(), name, map),
  ruleset: name,
  title: name,
  options: z.record(z.string(), name, map),
  seed: whole(0, Number.MAX_SAFE_INTEGER, 'a seed'),
  runs: whole(1, MAX_RUNS, 'a run count'),
  maxRounds: whole(1, 100_000, 'a round cap').nullable(),
  shard: z.tuple([whole(1, MAX_SHARDS, 'a shard'), whole(1, MAX_SHARDS, 'a shard count')], {
    error: 'expected [K, N]',
  }),
  from: count,
  to: count,
  roster: z.strictObject({
    sides: z.array(name).min(1, { error: 'expected at least one side' }),
    combatants: z.array(z.strictObject({ name, side: count })),
  }),
  totals: z.strictObject({
    runs: count,
    wins: z.array(count),
    draws: count,
    rounds: z.array(count),
    combatants: z.array(
      z.strictObject({
        survived: count,
        fled: count,
        down: count,
        dead: count,
        stats: z.record(z.string(), moments, map),
        hist: z.record(z.string(), z.array(count, list), map),
      }),
    ),
    sides: z.array(z.strictObject({ wiped: count, fled: count, someDown: count, someDead: count })),
    tallyLabels: z.array(name),
    tallies: z.array(moments),
  }),
  digest: z.string({ error: 'expected the digest fray sim wrote (sha256:…)' }),
});

type Located = { readonly path: readonly (string | number)[]; readonly message: string };

/** What does not add up inside one part: its shard and range, its roster, its totals, its digest. */
export function partIssues(p: PartFile): Located[] {
  const out: Located[] = [];
  const [k, n] = p.shard;
  if (k > n) out.push({ path: ['shard'], message: `shard ${k} of ${n}: K is at most N` });
  else {
    const [from, to] = shardRange(p.runs, k, n);
    if (p.from !== from || p.to !== to)
      out.push({
        path: [p.from !== from ? 'from' : 'to'],
        message: `shard ${k}/${n} of ${p.runs} runs holds ${runsText(from, to)}, not from ${p.from} to ${p.to}`,
      });
    else if (p.totals.runs !== to - from)
      out.push({
        path: ['totals', 'runs'],
        message: `${p.totals.runs} runs, but shard ${k}/${n} holds ${to - from} (${runsText(from, to)})`,
      });
  }
  p.roster.combatants.forEach((c, i) => {
    if (c.side >= p.roster.sides.length)
      out.push({
        path: ['roster', 'combatants', i, 'side'],
        message: `side ${c.side}, but the roster has ${p.roster.sides.length} side${p.roster.sides.length === 1 ? '' : 's'} (0..${p.roster.sides.length - 1})`,
      });
  });
  for (const i of totalsIssues(p.totals, {
    sides: p.roster.sides.length,
    combatants: p.roster.combatants.length,
  }))
    out.push({ path: ['totals', ...i.path], message: i.message });
  if (p.digest !== partDigest(p))
    out.push({
      path: ['digest'],
      message:
        'does not match the contents: the part was changed after fray sim wrote it (run its shard again)',
    });
  return out;
}

/** Reads a part file and checks it alone; throws a ValidationError naming the file and each field that does not add up. */
export function readPart(path: string): { readonly file: string; readonly part: PartFile } {
  const t = readText(path);
  const doc = SourceDoc.parse(t.file, t.text);
  const data = doc.data as { fray?: unknown; version?: unknown } | null;
  if (data && typeof data === 'object' && data.fray === PART_MARK && data.version !== PART_VERSION) {
    const older = typeof data.version === 'number' && data.version < PART_VERSION;
    throw new ValidationError([
      doc.issue(
        ['version'],
        `a part of version ${JSON.stringify(data.version)}, ${older ? 'written by an older' : 'not written by this'} fray; this one reads version ${PART_VERSION}: run the shard again with fray sim --shard K/N --out FILE`,
      ),
    ]);
  }
  const part = validate(partSchema, doc, doc.data) as PartFile;
  const issues = partIssues(part).map((i) => doc.issue(i.path, i.message));
  if (issues.length > 0) throw new ValidationError(issues);
  return { file: t.file, part };
}

/** Why `p` is not a part of the same run as `first` (null if it is): the first field that differs. */
function otherRun(p: PartFile, first: PartFile): string | null {
  const json = (x: unknown) => canonicalJson(x);
  if (p.encounterHash !== first.encounterHash || json(p.tables) !== json(first.tables))
    return 'the encounter and tables differ (by the hashes of their text)';
  if (json(p.options) !== json(first.options)) {
    const differ = Object.keys({ ...first.options, ...p.options })
      .filter((k) => p.options[k] !== first.options[k])
      .map((k) => `${k}=${p.options[k] ?? '(none)'}, not ${first.options[k] ?? '(none)'}`);
    return `rule options differ: ${differ.join('; ')}`;
  }
  if (p.seed !== first.seed) return `seed ${p.seed}, not ${first.seed}`;
  if (p.runs !== first.runs) return `${p.runs} runs, not ${first.runs}`;
  if (p.shard[1] !== first.shard[1]) return `${p.shard[1]} shards, not ${first.shard[1]}`;
  if (p.maxRounds !== first.maxRounds)
    return `round cap ${p.maxRounds ?? 'the encounter’s'}, not ${first.maxRounds ?? 'the encounter’s'}`;
  if (p.ruleset !== first.ruleset) return `ruleset ${p.ruleset}, not ${first.ruleset}`;
  if (p.title !== first.title) return `title ${JSON.stringify(p.title)}, not ${JSON.stringify(first.title)}`;
  if (json(p.roster) !== json(first.roster)) return 'the roster (sides and combatants) differs';
  return null;
}

/**
 * Where a part's counts (stats, histograms, tallies) first differ from another's, which every
 * part of a run keeps alike: the field, and the count it keeps or lacks; null when alike.
 */
function countsDiffer(t: TotalsData, other: TotalsData, otherFile: string): Omit<Issue, 'file'> | null {
  const names = (r: Readonly<Record<string, unknown>> | undefined) => Object.keys(r ?? {}).sort();
  const differ = (mine: readonly string[], theirs: readonly string[], path: string, what: string) => {
    const extra = mine.find((k) => !theirs.includes(k));
    if (extra !== undefined)
      return { path, message: `keeps the ${what} '${extra}', which ${otherFile} does not keep` };
    const missing = theirs.find((k) => !mine.includes(k));
    if (missing !== undefined)
      return { path, message: `lacks the ${what} '${missing}', which ${otherFile} keeps` };
    return null;
  };
  for (let i = 0; i < Math.max(t.combatants.length, other.combatants.length); i++) {
    const [a, b] = [t.combatants[i], other.combatants[i]];
    const at = `totals.combatants[${i}]`;
    const found =
      differ(names(a?.stats), names(b?.stats), `${at}.stats`, 'count') ??
      differ(names(a?.hist), names(b?.hist), `${at}.hist`, 'histogram');
    if (found) return found;
  }
  const tallies = differ(t.tallyLabels, other.tallyLabels, 'totals.tallyLabels', 'tally');
  if (tallies) return tallies;
  if (t.tallyLabels.join('\n') !== other.tallyLabels.join('\n'))
    return { path: 'totals.tallyLabels', message: `keeps its tallies in another order than ${otherFile}` };
  return null;
}

/** Whether the parts, each sound alone, are the slices of one run, each once and all of them. */
export function runIssues(parts: readonly { readonly file: string; readonly part: PartFile }[]): Issue[] {
  const issues: Issue[] = [];
  const head = parts[0];
  if (!head) return issues;
  const first = head.part;
  // An empty slice (fewer runs than shards) keeps no counts; the others must all keep the same.
  const kept = parts.find((p) => p.part.totals.runs > 0);
  for (const { file, part } of parts) {
    const why = otherRun(part, first);
    if (why) issues.push({ file, path: '', message: `not a part of the same run as ${head.file}: ${why}` });
    else if (kept && part.totals.runs > 0) {
      const differs = countsDiffer(part.totals, kept.part.totals, kept.file);
      if (differs) issues.push({ file, ...differs });
    }
  }
  if (issues.length > 0) return issues;
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
  if (issues.length > 0 || byShard.size === n) return issues;
  const missing: string[] = [];
  for (let k = 1; k <= n && missing.length < 10; k++) if (!byShard.has(k)) missing.push(`${k}/${n}`);
  const more = n - byShard.size - missing.length;
  issues.push({
    file: 'command line',
    path: 'parts',
    message: `shards missing: ${missing.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
  });
  return issues;
}
