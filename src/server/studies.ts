// The designer's studies (docs/api.md, Studies): a simulation, a comparison, a sweep or exact odds
// of an encounter of the campaign, run on worker threads as the command line runs them, with the
// same code (src/sim) and the same checks, and kept in the store with the encounter's text, the
// seed and every parameter, so that a study re-run gives the same figures. One study runs at a
// time on the pool; the others wait their turn in a queue. Exact odds roll no dice and take a
// moment: they run at once, on a thread of their own, beside the queue.
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import { z } from 'zod';
import { SourceDoc, ValidationError, type Issue } from '../core/document.js';
import type { Loaded } from '../core/encounter.js';
import { RULESETS } from '../rulesets/index.js';
import {
  exactComparison,
  loadPair,
  notExactFor,
  parseVariantSpec,
  runComparison,
  variantLabel,
} from '../sim/compare.js';
import type { OddsDuel } from '../core/ruleset.js';
import { duelFromEncounter, duelOfEntries, noOdds, type OddsReport } from '../sim/odds.js';
import { defaultWorkers, inWorker, runJob, type Checkpoint } from '../sim/parallel.js';
import type { ReportPlot } from '../sim/report.js';
import { rosterOf, SimFailure, summarize } from '../sim/run.js';
import {
  axisLabel,
  exactSweepResult,
  gridOf,
  parseAxis,
  runSweep,
  simulatedBecause,
  svgOf,
  sweepResult,
  sweepVariants,
} from '../sim/sweep.js';
import type { ExactAll } from '../sim/exact.js';
import type { Totals } from '../sim/totals.js';
import { loadVariant, type Variant } from '../sim/variant.js';
import type { CheckTask, ExactTask, OddsTask } from '../sim/worker.js';
import { METHODS } from '../sim/method.js';
import { Refusal } from './fights.js';
import { idOf, parseBody, refuse } from './http.js';
import type { Live } from './live.js';
import { partyWrittenIn } from './party.js';
import type { NewStudy, Store, StudyKind, StudyRow } from './store.js';

// ------------------------------------------------------------------ what a study is asked for

const whole = (what: string, lo: number, hi: number) =>
  z
    .number({ error: `expected ${what}: a whole number ${lo}..${hi}` })
    .int({ error: `expected ${what}: a whole number ${lo}..${hi}` })
    .min(lo, { error: `expected ${what}: a whole number ${lo}..${hi}` })
    .max(hi, { error: `expected ${what}: a whole number ${lo}..${hi}` });

/** The bounds are the command line's (`--runs`, `--seed`, `--max-rounds`, `--until-ci`). */
const COMMON = {
  seed: whole('a seed', 0, Number.MAX_SAFE_INTEGER).optional(),
  options: z
    .record(z.string(), z.union([z.string(), z.number()]), { error: 'expected a map of option: value' })
    .transform((o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)])))
    .optional(),
  maxRounds: whole('a round cap', 1, 100_000).optional(),
};
const RUNS = whole('the number of fights', 1, 1_000_000_000);
const UNTIL_CI = z
  .number({ error: 'expected a number between 0 and 0.5, such as 0.005' })
  .gt(0, { error: 'expected a number between 0 and 0.5, such as 0.005' })
  .lt(0.5, { error: 'expected a number between 0 and 0.5, such as 0.005' })
  .optional();
// Optional here, required by POST /api/studies: a re-run runs the text it kept, even when the
// encounter it came from is gone.
const ENCOUNTER = whole('the id of an encounter', 1, Number.MAX_SAFE_INTEGER).optional();
const METHOD = z.enum(METHODS, { error: `expected a method: ${METHODS.join(', ')}` }).optional();
const SPECS = z.array(z.string({ error: 'expected text' }), { error: 'expected a list of texts' });
const PICK = z.strictObject({
  side: whole('a side (0 for the first)', 0, 1000),
  entry: whole('a combatant entry of the side (0 for the first)', 0, 1000),
});

const STUDY = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('sim'),
      encounterId: ENCOUNTER,
      runs: RUNS,
      untilCi: UNTIL_CI,
      ...COMMON,
    }),
    z.strictObject({
      kind: z.literal('compare'),
      encounterId: ENCOUNTER,
      runs: RUNS,
      method: METHOD,
      untilCi: UNTIL_CI,
      a: SPECS.optional(),
      b: SPECS.optional(),
      ...COMMON,
    }),
    z.strictObject({
      kind: z.literal('sweep'),
      encounterId: ENCOUNTER,
      runs: RUNS,
      method: METHOD,
      vary: SPECS.min(1, { error: "expected at least one axis: 'path=LO..HI:STEP' or path=a,b,c" }),
      ...COMMON,
    }),
    z.strictObject({
      kind: z.literal('odds'),
      encounterId: ENCOUNTER,
      pick: z
        .tuple([PICK, PICK], { error: 'expected two picks: [{ side, entry }, { side, entry }]' })
        .optional(),
      ruleset: z.string({ error: 'expected a ruleset' }).optional(),
      pair: z
        .tuple([z.record(z.string(), z.unknown()), z.record(z.string(), z.unknown())], {
          error: 'expected two combatant entries: [{ use: orc }, { use: goblin }]',
        })
        .optional(),
      ...COMMON,
    }),
  ],
  { error: 'expected kind: sim, compare, sweep or odds' },
);

export type StudyBody = z.infer<typeof STUDY>;

/** A study ready to run: checked, with what the store keeps of it and how it runs. */
interface Plan {
  readonly study: NewStudy;
  /** Runs it (the variants named after the study, for the replays its failures print). */
  run(id: number, signal: AbortSignal, progress: Progress, go?: GoOn): Promise<Outcome>;
}

/** What a running study tells of itself: its fights added up (after each block), and those played. */
interface Progress {
  readonly added: (done: number) => void;
  /** The fights played so far, those of the blocks not yet added up among them (runJob's `played`). */
  readonly played: (runs: number) => void;
}

/** How a simulation or comparison runs on from what it had added up, and keeps what it adds. */
interface GoOn {
  /** What was added up before (runs 0 to its `done`): the run starts there. */
  readonly prior?: Checkpoint;
  /** Told after each block of what is added up so far. */
  readonly checkpoint?: (c: Checkpoint) => void;
  /** Runs no fight: the result of the prior alone (a study a restart stopped, its figures so far). */
  readonly noMore?: boolean;
}

/** The kinds that keep a checkpoint as they run, and can go on from one. */
const GOES_ON: ReadonlySet<StudyKind> = new Set(['sim', 'compare']);

interface Outcome {
  readonly result: unknown;
  readonly plots: readonly ReportPlot[];
  readonly done: number;
  readonly stopped: boolean;
}

/**
 * The server's worker threads: one per core, as the command line's; never one, which would play
 * the fights in the server's own thread and hold up every page.
 */
export const serverWorkers = () => Math.max(2, defaultWorkers());

/**
 * What the command line blames on itself (a flag's value, an option named), blamed on the field
 * of the request that said it; `field` names it where the problem does not (an option in `a`).
 */
function blamed<T>(field: string | null, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    throw new ValidationError(e.issues.map((i) => onBody(i, field)));
  }
}

function onBody(i: Issue, field: string | null): Issue {
  if (i.file !== 'command line') return i;
  if (field === null || i.path === field || i.path.startsWith(`${field}[`))
    return { ...i, file: 'request body' };
  return { file: 'request body', path: field, message: `${i.path}: ${i.message}` };
}

/** The text a variant goes by: the request's checks say `encounter:LINE`, a run names the study's file. */
const CHECKED = 'encounter';
const fileOf = (id: number) => `study-${id}.yaml`;

/**
 * Checks a study and makes its plan: the same checks, in the same order, as the command line's
 * for the same flags; a ValidationError (400) or Refusal names what is wrong, and nothing is kept.
 * `text` is the encounter's (a re-run's: the text the study ran on), `encounterId` where it came from.
 */
async function plan(
  body: StudyBody,
  seed: number | null,
  text: string,
  encounterId: number | null,
  rerunOf: number | null = null,
): Promise<Plan> {
  const options = body.options ?? {};
  const maxRounds = body.maxRounds;
  const base: Variant = { file: CHECKED, text, options, tables: {}, edits: [] };
  const named = (v: Variant, id: number): Variant => ({ ...v, file: fileOf(id) });
  const keep = (
    kind: StudyKind,
    loaded: Loaded,
    total: number,
    params: Record<string, unknown>,
    title = loaded.setup.title,
  ): NewStudy => ({
    kind,
    encounterId,
    title,
    ruleset: loaded.ruleset.id,
    text,
    params: { ...params, options, ...(maxRounds !== undefined ? { maxRounds } : {}) },
    seed,
    total,
    rerunOf,
  });
  if (body.kind === 'odds') return oddsPlan(body, text, encounterId, rerunOf);
  const loaded = blamed('options', () => loadVariant(base));
  const s = seed as number;
  if (body.kind === 'sim') {
    const { runs, untilCi } = body;
    return {
      study: keep('sim', loaded, runs, { runs, ...(untilCi !== undefined ? { untilCi } : {}) }),
      async run(id, signal, progress, go = {}) {
        const r = await runJob({
          variants: [named(base, id)],
          seed: s,
          from: go.prior?.done ?? 0,
          to: go.noMore ? (go.prior?.done ?? 0) : runs,
          maxRounds,
          untilCi,
          workers: go.noMore ? 1 : serverWorkers(),
          progress: progress.added,
          played: progress.played,
          signal,
          prior: go.prior,
          checkpoint: go.checkpoint,
        });
        const totals = r.totals[0] as Totals;
        const summary = summarize(
          totals,
          r.roster,
          s,
          untilCi === undefined ? null : { target: untilCi, reached: r.reached },
        );
        // What `fray sim --json` prints, and the charts of its --report. Plot and its DOM are
        // loaded with the first study that draws, not with the server (docs/performance.md, Start-up).
        const { reportPlots } = await import('../sim/report.js');
        return {
          result: { ...summary, data: loaded.setup.data ?? [] },
          plots: totals.runs > 0 ? reportPlots(summary, totals, r.roster) : [],
          done: totals.runs,
          stopped: r.stopped,
        };
      },
    };
  }
  if (body.kind === 'compare') {
    const { runs, untilCi } = body;
    const specA = body.a ?? [];
    const specB = body.b ?? [];
    if (specA.every((x) => !x.trim()) && specB.every((x) => !x.trim()))
      throw new ValidationError([
        {
          file: 'request body',
          path: 'b',
          message:
            "give what differs: a: ['criticals=detailed'], b: ['criticals=sudden-death'] (options or path=value edits)",
        },
      ]);
    const a = blamed('a', () => parseVariantSpec(base, specA, 'a', false));
    const b = blamed('b', () => parseVariantSpec(base, specB, 'b', false));
    // Each loaded alone first, so that a problem is blamed on the side that has it.
    blamed('a', () => loadVariant(a));
    blamed('b', () => loadVariant(b));
    const pair = blamed('b', () => loadPair(a, b, 'b'));
    const labels = [variantLabel(base, specA), variantLabel(base, specB)] as [string, string];
    // Solved exactly when A and B both can be (as fray compare --method auto decides), off this thread.
    const method = body.method ?? 'auto';
    const exact =
      method === 'sim' ? null : await inWorker<ExactTask, ExactAll>('exact', { variants: [a, b], maxRounds });
    const because = exact && 'refused' in exact ? notExactFor(exact.refused) : null;
    if (method === 'exact' && because) throw new Refusal(`method exact: ${because}`);
    const params = {
      runs,
      a: specA,
      b: specB,
      ...(untilCi !== undefined ? { untilCi } : {}),
      ...(body.method !== undefined ? { method: body.method } : {}),
    };
    const data = { a: pair[0].setup.data ?? [], b: pair[1].setup.data ?? [] };
    if (exact && 'duels' in exact) {
      const comparison = exactComparison(labels, exact.duels as [OddsDuel, OddsDuel]);
      return {
        study: keep('compare', loaded, 0, params),
        run: () => Promise.resolve({ result: { ...comparison, data }, plots: [], done: 0, stopped: false }),
      };
    }
    return {
      study: keep('compare', loaded, runs, params),
      async run(id, signal, progress, go = {}) {
        const { comparison, stopped } = await runComparison({
          a: named(a, id),
          b: named(b, id),
          loaded: pair,
          labels,
          seed: s,
          runs: go.noMore ? (go.prior?.done ?? 0) : runs,
          maxRounds,
          untilCi,
          workers: go.noMore ? 1 : serverWorkers(),
          progress: progress.added,
          played: progress.played,
          signal,
          prior: go.prior,
          checkpoint: go.checkpoint,
          methodNote: because ? `simulated: ${because}` : null,
        });
        return {
          result: { ...comparison, data },
          plots: [],
          done: comparison.runs,
          stopped,
        };
      },
    };
  }
  const { runs, vary } = body;
  const method = body.method ?? 'auto';
  const labelled = vary.map((spec, k) => {
    const axis = blamed(`vary[${k}]`, () => parseAxis(spec));
    return { ...axis, label: axisLabel(loaded.source, axis.path) };
  });
  const grid = blamed('vary', () => gridOf(labelled));
  const points = sweepVariants(base, labelled, grid, (k) => `vary[${k}]`);
  // Every point is checked before any is run, as fray sweep checks them; a grid of thousands
  // takes seconds to load, so it is loaded on a thread of its own.
  const checked = await inWorker<CheckTask, { issues: readonly Issue[] }>('check', { variants: points });
  if (checked.issues.length > 0) throw new ValidationError(checked.issues.map((i) => onBody(i, null)));
  // Solved exactly when every point can be (as fray sweep --method auto decides), on a thread of
  // its own too: a chain may work for seconds before its budget stops it.
  const exact =
    method === 'sim' ? null : await inWorker<ExactTask, ExactAll>('exact', { variants: points, maxRounds });
  const because = exact && 'refused' in exact ? simulatedBecause(labelled, grid, exact.refused) : null;
  if (method === 'exact' && because)
    throw new Refusal(`method exact: ${because.replace(/^simulated: /, '')}`);
  const params = { runs, vary, ...(body.method !== undefined ? { method: body.method } : {}) };
  if (exact && 'duels' in exact) {
    const result = exactSweepResult(labelled, grid, exact.duels);
    return {
      study: keep('sweep', loaded, 0, params),
      run() {
        return Promise.resolve({
          result: { ...result, data: loaded.setup.data ?? [] },
          plots: [{ title: 'Win rates', html: svgOf(loaded.setup.title, result), note: null }],
          done: 0,
          stopped: false,
        });
      },
    };
  }
  return {
    study: keep('sweep', loaded, runs * points.length, params),
    async run(id, signal, progress) {
      const { summaries, stopped } = await runSweep({
        variants: points.map((v) => named(v, id)),
        seed: s,
        runs,
        maxRounds,
        workers: serverWorkers(),
        progress: progress.added,
        played: progress.played,
        signal,
      });
      const result = sweepResult(labelled, grid, summaries, runs, s, because);
      return {
        result: { ...result, data: loaded.setup.data ?? [] },
        // The plot of fray sweep --svg, of the points finished.
        plots:
          summaries.length > 0
            ? [{ title: 'Win rates', html: svgOf(loaded.setup.title, result), note: null }]
            : [],
        done: summaries.length * runs,
        stopped,
      };
    },
  };
}

/** Exact odds of a duel: two combatants picked from the encounter's sides, or two entries set against each other. */
function oddsPlan(
  body: Extract<StudyBody, { kind: 'odds' }>,
  text: string,
  encounterId: number | null,
  rerunOf: number | null,
): Plan {
  const options = body.options ?? {};
  // A re-run runs the duel's text as it was; a new study builds it.
  let duel = text;
  let params: Record<string, unknown>;
  if (rerunOf === null) {
    if (body.pick && encounterId !== null) {
      const source = SourceDoc.parse(CHECKED, text).data;
      duel = stringify(duelFromEncounter(source, body.pick), { lineWidth: 0 });
      params = { pick: body.pick };
    } else if (body.pair && body.ruleset !== undefined) {
      if (!RULESETS.has(body.ruleset))
        throw new ValidationError([
          {
            file: 'request body',
            path: 'ruleset',
            message: `unknown ruleset '${body.ruleset}'; known: ${[...RULESETS.keys()].join(', ')}`,
          },
        ]);
      duel = stringify(duelOfEntries(body.ruleset, body.pair), { lineWidth: 0 });
      params = { ruleset: body.ruleset, pair: body.pair };
    } else
      throw new ValidationError([
        {
          file: 'request body',
          path: 'pick',
          message:
            'expected encounterId with pick: [{ side, entry }, { side, entry }], or ruleset with pair: [entry, entry]',
        },
      ]);
  } else
    params = {
      ...(body.pick ? { pick: body.pick } : {}),
      ...(body.pair ? { ruleset: body.ruleset, pair: body.pair } : {}),
    };
  const load = (text: string) =>
    blamed('options', () => loadVariant({ file: 'duel', text, options, tables: {}, edits: [] }));
  let loaded = load(duel);
  let names = rosterOf(loaded.ruleset, loaded.setup).combatants.map((c) => c.name);
  if (rerunOf === null && body.pair && body.ruleset !== undefined) {
    // The sides named as the bestiary names the creatures ("Orc", not "orc").
    const base = names.map((n, k) => (k === 1 && n === `${names[0]} 2` ? (names[0] as string) : n)) as [
      string,
      string,
    ];
    duel = stringify(duelOfEntries(body.ruleset, body.pair, base), { lineWidth: 0 });
    loaded = load(duel);
    names = rosterOf(loaded.ruleset, loaded.setup).combatants.map((c) => c.name);
  }
  const none = noOdds(loaded);
  if (none) throw new Refusal(none);
  const variant: Variant = { file: 'duel', text: duel, options, tables: {}, edits: [] };
  return {
    study: {
      kind: 'odds',
      encounterId,
      title: `${encounterId !== null ? `${loaded.setup.title}: ` : ''}${names.join(' against ')}`,
      ruleset: loaded.ruleset.id,
      text: duel,
      params: { ...params, options, ...(body.maxRounds !== undefined ? { maxRounds: body.maxRounds } : {}) },
      seed: null,
      total: 0,
      rerunOf,
    },
    async run(id, signal) {
      const r = await inWorker<OddsTask, OddsReport | null>(
        'odds',
        { variant: { ...variant, file: fileOf(id) }, maxRounds: body.maxRounds },
        signal,
      );
      return { result: r, plots: [], done: 0, stopped: false };
    },
  };
}

// ------------------------------------------------------------------ running them

interface Running {
  readonly abort: AbortController;
  /** Fights done so far. */
  readonly done: () => number;
  /** Settles when the run has ended and its end is kept. */
  readonly ended: Promise<void>;
}

/** How often a running study's totals are kept, at most. */
const CHECKPOINT_MS = 500;

/** A kept study's plan again, from its text, parameters and seed (a re-run, or going on). */
function planOf(
  row: StudyRow & { readonly text: string },
  rerunOf: number | null = row.rerunOf,
): Promise<Plan> {
  const body = parseBody(STUDY, {
    kind: row.kind,
    ...row.params,
    ...(row.encounterId !== null ? { encounterId: row.encounterId } : {}),
  });
  return plan(body, row.seed, row.text, row.encounterId, rerunOf);
}

/** The queue, the study running on the pool, and the odds running beside it; what the pages hear. */
class Studies {
  private readonly queue: { id: number; plan: Plan; go?: GoOn }[] = [];
  private readonly running = new Map<number, Running>();
  private pool: number | null = null;
  private closing = false;

  constructor(
    private readonly store: Store,
    private readonly live: Live,
  ) {
    // The last server's threads died with it: what it left queued or running is stopped, and
    // what it had added up (its checkpoint) is summed up into figures that can go on.
    const left = store.studies().filter((r) => r.status === 'running');
    store.stopLeftRunning();
    this.summedUp = Promise.all(left.map((r) => this.sumUp(r.id))).then(() => undefined);
  }

  /** The figures of a study stopped by a restart, from its checkpoint (none run), kept with it. */
  readonly summedUp: Promise<void>;

  private async sumUp(id: number): Promise<void> {
    const row = this.store.study(id);
    const prior = this.store.studyCheckpoint(id) as Checkpoint | null;
    if (!row || !prior || !GOES_ON.has(row.kind) || prior.done <= 0) return;
    try {
      const p = await planOf(row);
      const silent = { added: () => undefined, played: () => undefined };
      const o = await p.run(id, new AbortController().signal, silent, { prior, noMore: true });
      this.store.endStudy(id, {
        status: 'stopped',
        done: prior.done,
        result: o.result,
        plots: o.plots,
        error: row.error,
      });
      this.tell(id, 'stopped');
    } catch {
      // A checkpoint that no longer loads (the data changed under it) leaves the row as it is: stopped.
    }
  }

  /** Whether a study can go on from where it stopped (`go on` on its page). */
  goesOn(row: StudyRow): boolean {
    return (
      row.status === 'stopped' &&
      GOES_ON.has(row.kind) &&
      row.done < row.total &&
      this.store.studyCheckpoint(row.id) !== null
    );
  }

  /**
   * A stopped simulation or comparison goes on from what it had added up, to the end it was
   * given: the same figures as had it never stopped. False when it cannot (another kind, no checkpoint).
   */
  async goOn(id: number): Promise<boolean> {
    const row = this.store.study(id);
    const prior = this.store.studyCheckpoint(id) as Checkpoint | null;
    if (!row || !prior || !this.goesOn(row)) return false;
    const p = await planOf(row);
    this.store.resumeStudy(id);
    this.tell(id, 'queued');
    this.queue.push({ id, plan: p, go: { prior } });
    this.next();
    return true;
  }

  add(p: Plan): number {
    const id = this.store.addStudy(p.study);
    this.tell(id, 'queued');
    if (p.study.kind === 'odds') this.start(id, p);
    else {
      this.queue.push({ id, plan: p });
      this.next();
    }
    return id;
  }

  /** Fights done so far of a study running now (the store has the count of one that ended). */
  doneOf(id: number): number | null {
    return this.running.get(id)?.done() ?? null;
  }

  /** Stops a queued or running study; false when it is neither. A running one keeps what it ran. */
  async stop(id: number): Promise<boolean> {
    const at = this.queue.findIndex((q) => q.id === id);
    if (at >= 0) {
      this.queue.splice(at, 1);
      this.store.endStudy(id, { status: 'stopped', done: 0, error: 'stopped before it ran' });
      this.tell(id, 'stopped');
      return true;
    }
    const r = this.running.get(id);
    if (!r) return false;
    r.abort.abort();
    await r.ended;
    return true;
  }

  /** Stops everything (the server is closing): the running study keeps what it ran, the queued are stopped. */
  async close(): Promise<void> {
    this.closing = true;
    for (const q of this.queue.splice(0))
      this.store.endStudy(q.id, { status: 'stopped', done: 0, error: 'the server stopped before it ran' });
    const ending = [...this.running.values()];
    for (const r of ending) r.abort.abort();
    await Promise.all(ending.map((r) => r.ended));
  }

  private next(): void {
    if (this.pool !== null || this.closing) return;
    const q = this.queue.shift();
    if (!q) return;
    this.pool = q.id;
    this.start(q.id, q.plan, q.go);
  }

  private start(id: number, p: Plan, go: GoOn = {}): void {
    const abort = new AbortController();
    this.store.startStudy(id);
    this.tell(id, 'running');
    const total = p.study.total;
    let done = go.prior?.done ?? 0;
    const added = (n: number) => {
      // A message a block is plenty; a page draws the bar from the latest.
      if (n !== done) this.live.toGm({ type: 'progress', study: id, done: n, total });
      done = n;
    };
    // Between blocks, a few times a second: the bar moves in a block of long fights, while what
    // a stop keeps (`done`) is still what is added up.
    const played = (n: number) => this.live.toGm({ type: 'underway', study: id, played: n, done, total });
    // What is added up is kept as it runs (a few times a second at most): a restart loses none of it.
    let kept = 0;
    let latest: Checkpoint | null = null;
    const checkpoint = GOES_ON.has(p.study.kind)
      ? (c: Checkpoint) => {
          latest = c;
          const now = Date.now();
          if (now - kept < CHECKPOINT_MS && c.done < total) return;
          kept = now;
          this.store.checkpointStudy(id, c.done, c);
        }
      : undefined;
    const ended = p.run(id, abort.signal, { added, played }, { ...go, checkpoint }).then(
      (o) => {
        const status = o.stopped ? 'stopped' : 'done';
        // Stopped: the last of what was added up is kept, to go on from exactly there.
        if (o.stopped && latest) this.store.checkpointStudy(id, latest.done, latest);
        this.store.endStudy(id, {
          status,
          done: o.done,
          result: o.result,
          plots: o.plots,
          // A person's stop needs no word; the server's own does.
          error: o.stopped && this.closing ? 'the server stopped while it ran' : null,
        });
        this.ended(id, status);
      },
      (e: unknown) => {
        // A task on a thread of its own (odds) is abandoned when stopped: stopped, with nothing to keep.
        if (abort.signal.aborted) {
          this.store.endStudy(id, {
            status: 'stopped',
            done,
            error: this.closing ? 'the server stopped while it ran' : null,
          });
          return this.ended(id, 'stopped');
        }
        // A fight that failed names its run and replay (SimFailure); anything else is said as it is.
        const message = e instanceof SimFailure || e instanceof Error ? e.message : String(e);
        this.store.endStudy(id, { status: 'failed', done, error: message });
        this.ended(id, 'failed');
      },
    );
    this.running.set(id, { abort, done: () => done, ended });
  }

  private ended(id: number, status: string): void {
    this.running.delete(id);
    if (this.pool === id) this.pool = null;
    this.tell(id, status);
    this.next();
  }

  private tell(id: number, status: string): void {
    const row = this.store.study(id);
    this.live.toGm({ type: 'study', study: id, status, done: row?.done ?? 0, total: row?.total ?? 0 });
  }
}

// ------------------------------------------------------------------ the routes

/** A study as the list shows it: the row, with the fights done so far of one running now. */
function view(studies: Studies, row: StudyRow): StudyRow {
  const done = studies.doneOf(row.id);
  return done === null ? row : { ...row, done };
}

const randomSeed = () => Math.floor(Math.random() * 0x100000000);

/** The studies' routes (docs/api.md, Studies), and their end when the server closes. */
export function registerStudies(app: FastifyInstance, store: Store, live: Live): void {
  const studies = new Studies(store, live);
  app.addHook('onClose', () => studies.close());

  app.get('/api/studies', async (_req, reply) => {
    try {
      return store.studies().map((r) => view(studies, r));
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.post('/api/studies', async (req, reply) => {
    try {
      const body = parseBody(STUDY, req.body);
      let text = '';
      let encounterId: number | null = null;
      if (body.kind !== 'odds' || body.encounterId !== undefined) {
        const id = body.encounterId;
        if (id === undefined)
          throw new ValidationError([
            { file: 'request body', path: 'encounterId', message: 'expected the id of an encounter' },
          ]);
        const e = store.encounter(id);
        if (!e) throw new Refusal(`no encounter ${id}`, 404);
        // Kept with the party as it is now: a re-run runs the same fights whatever the party becomes.
        text = partyWrittenIn(store, e.text);
        encounterId = e.id;
      }
      const seed = body.kind === 'odds' ? null : (body.seed ?? randomSeed());
      const p = await plan(body, seed, text, encounterId);
      const id = studies.add(p);
      return reply.code(202).send({ id, seed });
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.get('/api/studies/:id', async (req, reply) => {
    try {
      const row = store.study(idOf(req.params));
      if (!row) throw new Refusal('no such study', 404);
      return { ...row, done: studies.doneOf(row.id) ?? row.done, goesOn: studies.goesOn(row) };
    } catch (e) {
      return refuse(reply, e);
    }
  });

  // The encounter as the study ran it: `fray fight study-N.yaml --seed S --run I` plays a fight of it.
  app.get('/api/studies/:id/encounter', async (req, reply) => {
    try {
      const row = store.study(idOf(req.params));
      if (!row) throw new Refusal('no such study', 404);
      return reply.type('text/yaml; charset=utf-8').send(row.text);
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.post('/api/studies/:id/stop', async (req, reply) => {
    try {
      const id = idOf(req.params);
      const row = store.study(id);
      if (!row) throw new Refusal('no such study', 404);
      if (!(await studies.stop(id)))
        throw new Refusal(`study ${id} is not running: it is ${row.status}`, 409);
      return store.study(id);
    } catch (e) {
      return refuse(reply, e);
    }
  });

  // The same text, seed and parameters: a finished study's figures, again, to the last digit.
  app.post('/api/studies/:id/rerun', async (req, reply) => {
    try {
      const old = store.study(idOf(req.params));
      if (!old) throw new Refusal('no such study', 404);
      const p = await planOf(old, old.id);
      const id = studies.add(p);
      return reply.code(202).send({ id, seed: old.seed });
    } catch (e) {
      return refuse(reply, e);
    }
  });

  // A stopped simulation or comparison goes on from what it had added up (after a restart, or a Stop).
  app.post('/api/studies/:id/go-on', async (req, reply) => {
    try {
      const id = idOf(req.params);
      const row = store.study(id);
      if (!row) throw new Refusal('no such study', 404);
      if (!(await studies.goOn(id)))
        throw new Refusal(
          row.status !== 'stopped'
            ? `study ${id} is ${row.status}: only a stopped one goes on`
            : !GOES_ON.has(row.kind)
              ? `a ${row.kind} study does not go on from where it stopped: re-run it`
              : `study ${id} kept nothing to go on from: re-run it`,
          409,
        );
      return reply.code(202).send(store.study(id));
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.delete('/api/studies/:id', async (req, reply) => {
    try {
      const id = idOf(req.params);
      if (!store.study(id)) throw new Refusal('no such study', 404);
      await studies.stop(id);
      store.deleteStudy(id);
      live.toGm({ type: 'study', study: id, status: 'deleted', done: 0, total: 0 });
      return { deleted: true };
    } catch (e) {
      return refuse(reply, e);
    }
  });
}
