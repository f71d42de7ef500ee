// `fray danger --target BAND` (issue 48, part 2): the smallest changes to an encounter's monsters
// that bring it into the band the GM wants, each one checked by playing it as `fray danger` plays
// the encounter, on the same dice. The changes are a GM's usual ones: a monster fewer or more of
// one entry, or a creature of the same bestiary group in place of another.
import { listedRows, type Named } from '../core/statblock.js';
import { nodeEnv } from '../files/disk.js';
import { makePool } from './parallel.js';
import { BLOCK } from './run.js';
import { assessDanger, BANDS, partySide, type Band, type DangerJob, type DangerReport } from './danger.js';
import { loadVariant, type Edit, type Variant } from './variant.js';

/** One change proposed, with its figures. */
export interface Proposal {
  /** What changes, as a GM says it: "one Orc fewer (2 → 1)", "goblin in place of orc". */
  readonly change: string;
  /** The change as `fray compare --b` or `fray sim`'s edits would write it. */
  readonly edits: readonly Edit[];
  /** How many monsters it adds, takes away or changes: the smaller, the smaller the change (0: the party healed first). */
  readonly monsters: number;
  /** The encounter with the change, as `fray danger` reports it. */
  readonly report: DangerReport;
}

/** What `fray danger --target` finds. */
export interface TargetResult {
  /** The band asked for. */
  readonly target: Band;
  /** The encounter as it is. */
  readonly base: DangerReport;
  /** The changes that bring it into the band, smallest first (then the surest, then the nearest to the middle of the band's runs). */
  readonly proposals: readonly Proposal[];
  /** How many changes were played. */
  readonly tried: number;
}

/** A candidate change, not yet played. */
interface Candidate {
  readonly change: string;
  readonly edits: readonly Edit[];
  readonly monsters: number;
  /** The encounter changed otherwise than by edits (the party healed): played in place of the job's. */
  readonly variant?: Variant;
}

/** A row of a bestiary with its group, as the rulesets that group their creatures write it. */
interface GroupedRow extends Named {
  readonly group?: string;
}

type Entry = Record<string, unknown>;

/** The entries of the sides other than the party's, with where they stand in the document. */
function monsterEntries(doc: unknown, party: number): { side: number; index: number; entry: Entry }[] {
  const sides = (doc as { sides?: unknown }).sides;
  if (!Array.isArray(sides)) return [];
  return sides.flatMap((s, side) => {
    const list = (s as { combatants?: unknown }).combatants;
    if (side === party || !Array.isArray(list)) return [];
    return list.flatMap((entry, index) =>
      entry !== null && typeof entry === 'object' ? [{ side, index, entry: entry as Entry }] : [],
    );
  });
}

const countOf = (e: Entry) => (typeof e.count === 'number' ? e.count : 1);
const labelOf = (e: Entry) =>
  typeof e.name === 'string' ? e.name : typeof e.use === 'string' ? e.use : 'the entry';

/** Every change that moves the encounter toward the target: milder takes monsters away or swaps for their group's others, harsher adds them or swaps. */
function candidates(doc: unknown, party: number, milder: boolean, rows: readonly GroupedRow[]): Candidate[] {
  const out: Candidate[] = [];
  const entries = monsterEntries(doc, party);
  const sides = (doc as { sides: { combatants: unknown[] }[] }).sides;
  for (const { side, index, entry } of entries) {
    const n = countOf(entry);
    const at = `sides[${side}].combatants[${index}]`;
    const label = labelOf(entry);
    if (milder) {
      for (let k = 1; k < n; k++)
        out.push({
          change: `${k === 1 ? 'one' : k} ${label} fewer (${n} → ${n - k})`,
          edits: [{ path: `${at}.count`, value: n - k }],
          monsters: k,
        });
      const others = (sides[side] as { combatants: unknown[] }).combatants.filter((_, i) => i !== index);
      if (others.length > 0)
        out.push({
          change: `no ${label} (${n} fewer)`,
          edits: [{ path: `sides[${side}].combatants`, value: others }],
          monsters: n,
        });
    } else
      for (let k = 1; k <= Math.max(2, n); k++)
        out.push({
          change: `${k === 1 ? 'one' : k} ${label} more (${n} → ${n + k})`,
          edits: [{ path: `${at}.count`, value: n + k }],
          monsters: k,
        });
    const use = typeof entry.use === 'string' ? rows.find((r) => r.id === entry.use) : undefined;
    if (use?.group !== undefined)
      for (const r of rows)
        if (r.group === use.group && r.id !== use.id)
          out.push({
            change: `${r.id} in place of ${use.id}${n > 1 ? ` (all ${n})` : ''}`,
            edits: [{ path: `${at}.use`, value: r.id }],
            monsters: n,
          });
  }
  return out;
}

/**
 * Plays each change toward `target` and keeps those that land in it. A change whose edits the
 * encounter's schema refuses (a creature that cannot carry the entry's weapons, say) is passed over.
 */
export async function proposeChanges(
  job: DangerJob,
  target: Band,
  tried?: (done: number, of: number) => void,
): Promise<TargetResult> {
  // The changes of a size are played at once: on one pool, not a pool each.
  const own = job.pool === undefined && job.workers > 1 ? await makePool(job.workers) : undefined;
  try {
    return await proposeOn(own ? { ...job, pool: own } : job, target, tried);
  } finally {
    await own?.destroy();
  }
}

async function proposeOn(
  job: DangerJob,
  target: Band,
  tried?: (done: number, of: number) => void,
): Promise<TargetResult> {
  const base = await assessDanger(job);
  const at = BANDS.indexOf(base.band);
  const want = BANDS.indexOf(target);
  if (at === want) return { target, base, proposals: [], tried: 0 };
  const party = partySide(job.loaded, job.party);
  const ruleset = job.loaded.ruleset;
  const env = nodeEnv(job.variant.file, { ...job.variant.tables }, { allow: job.variant.allow });
  let rows: GroupedRow[] = [];
  try {
    rows = listedRows<GroupedRow>(env, ruleset.id, ruleset.files.names.creature ?? []);
  } catch {
    // A ruleset whose creatures are not a list of rows with groups: no swaps, counts only.
  }
  const healed = want < at ? healedFirst(job, party) : null;
  const all = candidates(job.loaded.doc.data, party, want < at, rows).sort((a, b) => a.monsters - b.monsters);
  let done = 0;
  const play = async (c: Candidate, runs: number, precision: number) => {
    const variant: Variant = c.variant ?? { ...job.variant, edits: [...job.variant.edits, ...c.edits] };
    let loaded;
    try {
      loaded = loadVariant(variant);
    } catch {
      return null;
    }
    return assessDanger({ ...job, variant, loaded, maxRuns: runs, precision });
  };
  const proposals: Proposal[] = [];
  // The party rested: no change of the monsters, so it is weighed beside the smallest of those,
  // not in place of them.
  if (healed) {
    const report = await play(healed, Math.min(job.maxRuns, 10 * BLOCK), Math.max(job.precision, 0.02));
    done++;
    if (report?.band === target) proposals.push({ change: healed.change, edits: [], monsters: 0, report });
  }
  const monsters = () => proposals.some((p) => p.monsters > 0);
  // Size by size, smallest first: a bigger change is no answer once a smaller one lands. Within a
  // size, every change is first played one block (together, so that the threads share them), and
  // only those whose intervals reach the target are played on until sure or known to ± 2 points.
  for (let size = all[0]?.monsters ?? 0; size > 0 && !monsters();) {
    const level = all.filter((c) => c.monsters === size);
    tried?.(done, all.length + (healed ? 1 : 0));
    const screened = await Promise.all(level.map((c) => play(c, BLOCK, 1)));
    done += level.length;
    tried?.(done, all.length + (healed ? 1 : 0));
    const reaching = level.filter((_, k) => {
      const r = screened[k];
      return (
        r !== null &&
        r !== undefined &&
        BANDS.indexOf(r.between[0]) <= want &&
        want <= BANDS.indexOf(r.between[1])
      );
    });
    const played = await Promise.all(
      reaching.map((c) => play(c, Math.min(job.maxRuns, 10 * BLOCK), Math.max(job.precision, 0.02))),
    );
    reaching.forEach((c, k) => {
      const report = played[k];
      if (report && report.band === target) proposals.push({ ...c, report });
    });
    size = all.find((c) => c.monsters > size)?.monsters ?? 0;
  }
  proposals.sort((a, b) => a.monsters - b.monsters || Number(b.report.sure) - Number(a.report.sure));
  return { target, base, proposals, tried: done };
}

/**
 * The encounter with the party come unhurt (its members' W, HP or endurance left taken out of the
 * encounter as written, the party's members written in), or null when none of them is hurt. The
 * rest of what a past fight left (arrows spent, a hand lost) stays: rest heals wounds, not those.
 */
function healedFirst(job: DangerJob, party: number): Candidate | null {
  const fields = job.loaded.ruleset.woundFields ?? [];
  const source = structuredClone(job.loaded.source) as { sides?: { combatants?: Entry[] }[] };
  const members = source.sides?.[party]?.combatants ?? [];
  const hurt: string[] = [];
  for (const m of members)
    for (const f of fields)
      if (m[f] !== undefined) {
        hurt.push(`${labelOf(m)} ${f} ${String(m[f])}`);
        delete m[f];
      }
  if (hurt.length === 0) return null;
  return {
    change: `the party healed first (${hurt.join(', ')} → unhurt)`,
    edits: [],
    monsters: 0,
    // As a text: the party's members are written in, so the party file is not read again.
    variant: { ...job.variant, text: JSON.stringify(source), edits: [] },
  };
}
