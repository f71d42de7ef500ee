/**
 * Fray as a library: load an encounter ({@link loadEncounterFile}; {@link loadEncounter} from its
 * text or from an {@link EncounterDocument}), play it ({@link fight}), play its log back
 * ({@link replay}), simulate it (in this thread, {@link simulate}, or on worker threads with
 * progress and an AbortSignal, {@link simulateAsync}), solve its exact odds ({@link exactOdds}),
 * and list the rulesets and their options ({@link rulesets}). Each wraps the function the `fray`
 * command calls, so the same seed gives the same figures.
 *
 * Below them, for a program that answers a fight's requests itself (a person's rolls, its own
 * tactics): {@link runFight}, the drivers ({@link AutoDriver}, {@link AskingDriver}), the dice
 * sources ({@link SeededDice}, {@link ScriptedDice}, {@link PersonDice}) and {@link RULESETS}.
 *
 * The shipped data is part of the package: `import.meta.resolve('fray/data/wfrp1e/encounters/demo.yaml')`.
 * Whatever else is in the package is internal and may change in any release.
 *
 * @packageDocumentation
 */
// test/library.test.ts holds docs/library/ (npm run docs:library) to this file's exports.
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { AskingDriver, AutoDriver } from './core/context.js';
import { formatWarning, ValidationError } from './core/document.js';
import type { Loaded } from './core/encounter.js';
import { runFight, type FightResult } from './core/fight.js';
import type { Input } from './core/request.js';
import type { Options } from './core/ruleset.js';
import { PersonDice, ScriptedDice, SeededDice } from './dice/sources.js';
import { Streams } from './dice/rng.js';
import {
  checkAllUsed,
  encounterFromData,
  encounterFromText,
  loadFightFile,
  replaying,
  type FightFile,
} from './files/fight-file.js';
import { checkAllowed } from './files/disk.js';
import { rulesetInfo, type RulesetInfo } from './rulesets/about.js';
import { DEFAULT_RUNS } from './sim/defaults.js';
import { noOdds, oddsReport, type OddsReport } from './sim/odds.js';
import { proposeChanges, type TargetResult } from './sim/danger-target.js';
import {
  assessDanger,
  DANGER_MAX_RUNS,
  DANGER_PRECISION,
  type Band,
  type BandLimits,
  type DangerJob,
  type DangerReport,
} from './sim/danger.js';
import { makePool, runJob, type Pool } from './sim/parallel.js';
import { blocksOf, simulate as simulateSetup, summarize, type SimSummary } from './sim/run.js';
import type { RulesetId } from './rulesets/ids.js';
import type { Totals } from './sim/totals.js';
import type { Variant } from './sim/variant.js';

// The types a program reads results through, and the engine's pieces for driving a fight by hand.
export {
  AskingDriver,
  AutoDriver,
  DriverError,
  Pending,
  type ContextMark,
  type Driver,
  type FightContext,
} from './core/context.js';
export type { BlockLine, Cell, LineKind, Span } from './core/block-text.js';
export type { DataSchema } from './core/data-file.js';
export { ValidationError, type Issue, type Path, type SourceDoc, type Warning } from './core/document.js';
export type { Loaded } from './core/encounter.js';
export type { Cite, FightEvent } from './core/events.js';
export { runFight, type Checkpoint, type FightResult, type RunOptions } from './core/fight.js';
export type {
  FightMap,
  MapAnswer,
  MapArea,
  MapBounds,
  MapModel,
  MapPoint,
  MapRange,
  MapZone,
} from './core/map.js';
export type { PartyUse } from './core/party.js';
export {
  InputError,
  type AmountRequest,
  type Choice,
  type ChoiceRequest,
  type FollowingDice,
  type FreeAnswer,
  type Input,
  type Request,
  type RollRequest,
} from './core/request.js';
export type {
  CharacterForm,
  CombatantSheet,
  DataNote,
  DocPart,
  FileSchemas,
  FileText,
  ImportOptions,
  Lasting,
  LoadEnv,
  NameSources,
  Odds,
  OddsBlow,
  OddsDuel,
  OptionSpec,
  Options,
  Ruleset,
  SetupCore,
  Tally,
} from './core/ruleset.js';
export type { RollModifier, Ruling, RulingHooks, SettableNumber } from './core/rulings.js';
export type { NameKind } from './core/schema.js';
export type {
  Asking,
  At,
  FieldLine,
  Headings,
  Imported,
  ImportWarning,
  LeftOver,
  Named,
  Profile,
  ReadField,
  StatBlock,
  UnusedLine,
} from './core/statblock.js';
export type { Condition, Gauge, Tracker, TrackerRow } from './core/tracker.js';
export type { EventSecret, Secrets } from './core/veil.js';
export type { CombatantCore, FightState, Outcome, OutReason, SideCore } from './core/state.js';
export { Rng, SeedError, Streams } from './dice/rng.js';
export {
  PersonDice,
  ScriptedDice,
  ScriptExhaustedError,
  SeededDice,
  type DiceRequest,
  type DiceSource,
} from './dice/sources.js';
export { RULESETS } from './rulesets/index.js';
export { RULESET_IDS, type RulesetId } from './rulesets/ids.js';
export type { OptionInfo, RulesetInfo } from './rulesets/about.js';
export { DEFAULT_RUNS } from './sim/defaults.js';
export {
  BANDS,
  bandOf,
  DANGER_MAX_RUNS,
  DANGER_PRECISION,
  OUR_BAND_LIMITS,
  type Band,
  type BandLimit,
  type BandLimits,
  type DangerReport,
  type DangerStop,
  type MemberDanger,
  type BrokenLimit,
  type Figures,
} from './sim/danger.js';
export type { Edit } from './sim/variant.js';
export type { Proposal, TargetResult } from './sim/danger-target.js';
export type { OddsReport } from './sim/odds.js';
export {
  SimFailure,
  type Rate,
  type SimCombatant,
  type SimMean,
  type SimSide,
  type SimSummary,
  type SimTally,
} from './sim/run.js';

/** An encounter (or a saved fight) read and checked, ready to fight, replay, simulate or solve. */
export interface Encounter {
  /** The encounter's title. */
  readonly title: string;
  /** The id of its ruleset, such as `wfrp1e` (see {@link rulesets}). */
  readonly ruleset: string;
  /** Every rule option's value, the defaults included. */
  readonly options: Readonly<Record<string, string>>;
  /** The file it was read from (a path, or the name given to {@link loadEncounter}). */
  readonly file: string;
  /** What the loader warned of (a weapon the rules do not know, …), one line each, as `fray` prints them. */
  readonly warnings: readonly string[];
  /**
   * A saved fight's inputs so far, seed and round cap (`fray fight --save`): {@link fight} plays
   * on from them, {@link replay} replays them. Null for an encounter file.
   */
  readonly saved: {
    /** Every input of the fight so far, in order. */
    readonly inputs: readonly Input[];
    /** The seed its dice came from, or null when they were given. */
    readonly seed: number | null;
    /** The round cap it was played under, when it was given one. */
    readonly maxRounds: number | null;
  } | null;
  /** The engine's own view, for {@link runFight}: the ruleset and the checked setup. */
  readonly loaded: Loaded;
}

/**
 * An encounter file's content as data, the YAML or JSON parsed: what {@link loadEncounter} takes
 * in place of the text. Written here are the fields every ruleset reads; each ruleset has fields
 * of its own beside them (a start distance, a surprise, light), and its combatants' fields are its
 * own: they are in the ruleset's page, docs/rulesets/<id>.md, and in the JSON Schema an editor
 * reads, `fray/schema/<ruleset>/encounter.json`. The loader checks every field, these and the
 * ruleset's, as it checks a file.
 *
 * @example
 * ```ts
 * import type { EncounterDocument } from 'fray';
 *
 * // data/openquest/encounters/duel.yaml, as data.
 * const duel: EncounterDocument = {
 *   ruleset: 'openquest',
 *   title: 'Swordsman and orc',
 *   sides: [
 *     {
 *       name: 'Swordsman',
 *       players: true,
 *       combatants: [
 *         {
 *           name: 'Swordsman',
 *           characteristics: { STR: 14, CON: 13, SIZ: 13, DEX: 13, INT: 12, POW: 11, CHA: 10 },
 *           skills: { close: 60, dodge: 35 },
 *           weapons: ['longsword', 'medium-shield'],
 *           armour: ['ringmail'],
 *         },
 *       ],
 *     },
 *     { name: 'Orc', combatants: [{ use: 'orc' }] },
 *   ],
 * };
 * console.log(duel.sides.map((s) => s.name).join(' against '));
 * ```
 */
export interface EncounterDocument {
  /** The ruleset the fight is played by. */
  readonly ruleset: RulesetId;
  /** The encounter's title, shown above the fight. */
  readonly title?: string;
  /**
   * Rule options by name, each one of the values `fray rulesets` lists for it (a number such as
   * `4` is read as the word `'4'`); left out, an option has its default.
   */
  readonly options?: Readonly<Record<string, string | number>>;
  /** The round cap: a fight still going after this many rounds is a draw (the ruleset's default when left out). */
  readonly maxRounds?: number;
  /**
   * The sides, two or more: each a name, perhaps `players: true`, and its combatants (or a
   * `party:` file's members, which only an encounter read from a file can name).
   */
  readonly sides: readonly EncounterSide[];
  /** The ruleset's own fields (docs/rulesets/<id>.md). */
  readonly [field: string]: unknown;
}

/** One side of an {@link EncounterDocument}. */
export interface EncounterSide {
  /** The side's name, as the results name it. */
  readonly name: string;
  /** Whether it is the player characters' side (some rules treat them apart). */
  readonly players?: boolean;
  /**
   * Its combatants, one or more: each a map of the ruleset's fields, such as `{ use: 'Goblin',
   * count: 3 }` or a name with a profile of its own.
   */
  readonly combatants?: readonly Readonly<Record<string, unknown>>[];
  /** The ruleset's own fields for a side (surprised, ambush, …). */
  readonly [field: string]: unknown;
}

// What each encounter came from, kept out of sight: the file (a save's inputs are reported at
// their place in it) and how a worker thread loads it again (null for a save, which only this
// thread plays). An encounter a program made itself (by spreading one) has neither, and is
// played the same in this thread.
const sources = new WeakMap<Encounter, { readonly ff: FightFile; readonly variant: Variant | null }>();

function encounterOf(ff: FightFile, variant: Variant | null): Encounter {
  const e: Encounter = {
    title: ff.loaded.setup.title,
    ruleset: ff.loaded.ruleset.id,
    options: { ...ff.loaded.options },
    file: ff.doc.file,
    warnings: (ff.loaded.setup.warnings ?? []).map(formatWarning),
    saved: ff.isSave ? { inputs: ff.inputs, seed: ff.seed, maxRounds: ff.maxRounds } : null,
    loaded: ff.loaded,
  };
  sources.set(e, { ff, variant: ff.isSave ? null : variant });
  return e;
}

/**
 * Reads an encounter from its text (YAML or JSON), as `fray serve` reads a pasted one, or from
 * the same content as data (an {@link EncounterDocument}), checked field by field just as the
 * text is. Either may use the shipped bestiaries and tables, but names no file of its own (no
 * `tables:` file, no `party:`).
 *
 * @param source - The encounter: its text, YAML or JSON, or the object that text parses to.
 * @param opts.name - The name its problems are reported under (default `encounter`).
 * @param opts.options - Rule options over the encounter's own, such as `{ criticals: 'sudden-death' }`.
 * @throws {@link ValidationError} naming each problem's field (`sides[1].combatants[0].use`), and
 *   for a text its line; a save is refused too.
 *
 * @example
 * ```ts
 * import { fight, loadEncounter, ValidationError } from 'fray';
 *
 * const duel = loadEncounter({
 *   ruleset: 'openquest',
 *   title: 'Two orcs',
 *   sides: [
 *     { name: 'Left', combatants: [{ name: 'Grub', use: 'orc' }] },
 *     { name: 'Right', combatants: [{ name: 'Snaga', use: 'orc' }] },
 *   ],
 * });
 * console.log('winner:', fight(duel, { seed: 1 }).outcome?.winner);
 *
 * // The same as text; a mistake is reported at its line and field.
 * try {
 *   loadEncounter('ruleset: openquest\nsides: []\n', { name: 'mine.yaml' });
 * } catch (e) {
 *   if (e instanceof ValidationError) console.log(e.issues[0]?.path, e.issues[0]?.line); // sides 2
 * }
 * ```
 */
export function loadEncounter(
  source: string | EncounterDocument,
  opts: { readonly name?: string; readonly options?: Options } = {},
): Encounter {
  const name = opts.name ?? 'encounter';
  const options = opts.options ?? {};
  if (typeof source === 'string') {
    const variant = { file: name, text: source, options, tables: {}, edits: [] };
    return encounterOf(encounterFromText(name, source, null, options), variant);
  }
  let ff: FightFile;
  try {
    ff = encounterFromData(name, source, options);
  } catch (e) {
    // An object has no lines: its problems are placed by their field alone.
    if (!(e instanceof ValidationError)) throw e;
    throw new ValidationError(
      e.issues.map((i) => (i.file === name ? { file: i.file, path: i.path, message: i.message } : i)),
    );
  }
  // A worker reads the object as the text it makes: JSON, which the loader read it as here.
  return encounterOf(ff, { file: name, text: JSON.stringify(source), options, tables: {}, edits: [] });
}

/**
 * Reads an encounter file, or a fight saved by `fray fight --save`, as `fray fight FILE` does: the
 * files it names (tables, parties) are read from its own folder (and `allowPaths`).
 *
 * @param path - The file: a path, or a `file:` URL such as
 *   `new URL(import.meta.resolve('fray/data/wfrp1e/encounters/demo.yaml'))`.
 * @param opts.options - Rule options over the encounter's own (`-o name=value`).
 * @param opts.tables - Shipped tables replaced by files of your own, by name (`--table name=FILE`).
 * @param opts.allowPaths - More folders the encounter may name files in (`--allow-path`).
 * @throws {@link ValidationError} naming the file, line and field of each problem; an Error when a
 *   file cannot be read.
 *
 * @example
 * ```ts
 * import { loadEncounterFile } from 'fray';
 *
 * // A file of the package's own, or any path of yours.
 * const demo = loadEncounterFile(new URL(import.meta.resolve('fray/data/wfrp1e/encounters/demo.yaml')), {
 *   options: { criticals: 'sudden-death' },
 * });
 * console.log(demo.title, demo.ruleset, demo.options.criticals);
 * for (const w of demo.warnings) console.log('warning:', w);
 * ```
 */
export function loadEncounterFile(
  path: string | URL,
  opts: {
    readonly options?: Options;
    readonly tables?: Readonly<Record<string, string>>;
    readonly allowPaths?: readonly string[];
  } = {},
): Encounter {
  const file = typeof path === 'string' ? path : fileURLToPath(path);
  const options = opts.options ?? {};
  const tables = { ...opts.tables };
  const allow = checkAllowed(opts.allowPaths ?? []);
  const ff = loadFightFile(file, options, tables, 'either', allow);
  return encounterOf(ff, { file: resolve(file), options, tables, edits: [], allow });
}

/**
 * Where a fight's dice come from: a seed (`run` picks the fight `simulate` played as run `run`,
 * as `fray fight --seed S --run I` does), or a list of rolls in order (each the total of the dice
 * asked, or the dice as written: `"3 4"`).
 */
export type FightDice =
  | {
      /** The seed, a whole number 0 to 2⁵³ − 1. */
      readonly seed: number;
      /** The run of `simulate`'s on that seed to play (from 0); default 0, the fight `fray fight --seed` plays. */
      readonly run?: number;
    }
  | {
      /** The rolls in order: each a total (`57`) or the dice as written (`"3 4"`). */
      readonly dice: readonly (number | string)[];
    };

/** How a fight is run and told. */
export interface FightOptions {
  /** Each event's words and rule citations (default true); off, the events are left out. */
  readonly explain?: boolean;
  /** The round cap, over the encounter's: a fight still going then is a draw. */
  readonly maxRounds?: number;
}

/**
 * Plays a fight to its end with the tactics deciding, as `fray fight FILE --seed N` (or `--dice`)
 * does: the same seed gives the same fight. A saved fight plays on from its inputs.
 *
 * @param encounter - From {@link loadEncounter} or {@link loadEncounterFile}.
 * @param dice - `{ seed }` or `{ dice: [...] }`; see {@link FightDice}.
 * @returns The result: `events` (each with its `text`), `outcome`, and `log`, every input, which
 *   {@link replay} plays back exactly.
 * @throws {@link ScriptExhaustedError} when scripted dice run out; an Error for a roll the dice
 *   cannot show; {@link ValidationError} when a save's input does not fit its fight.
 *
 * @example
 * ```ts
 * import { fight, loadEncounterFile } from 'fray';
 *
 * const demo = loadEncounterFile(new URL(import.meta.resolve('fray/data/wfrp1e/encounters/demo.yaml')));
 * const result = fight(demo, { seed: 7 });
 * for (const e of result.events) console.log(e.text);
 * console.log(`${result.outcome?.reason} after ${result.outcome?.rounds} rounds`);
 * // Run 12 of `simulate(demo, { seed: 7 })`, fought again with every word.
 * console.log(fight(demo, { seed: 7, run: 12 }).outcome);
 * ```
 */
export function fight(encounter: Encounter, dice: FightDice, opts: FightOptions = {}): FightResult {
  const inputs = encounter.saved?.inputs ?? [];
  // New dice of a saved fight come from a substream of their own, as the command line's do.
  const source =
    'dice' in dice
      ? new ScriptedDice(dice.dice)
      : new SeededDice(new Streams(dice.seed).stream(dice.run ?? inputs.length));
  return played(encounter, inputs, new AutoDriver(source), opts, false);
}

/**
 * Replays an input log (a fight's `log`, a save's inputs) and nothing more: the same log gives the
 * same fight. Where the log stops before the fight ends, the result's `pending` is the request
 * that comes next and its `outcome` is null.
 *
 * @param encounter - The encounter the log was played on (the same options).
 * @param log - The inputs, in order: rolls' totals and choices' keys.
 * @throws {@link InputError} for an input that does not fit its request (for a save's own
 *   inputs, a {@link ValidationError} at its place in the file); a {@link ValidationError} for
 *   inputs left over when the fight is over (the log belongs to another fight).
 *
 * @example
 * ```ts
 * import { fight, loadEncounterFile, replay } from 'fray';
 *
 * const demo = loadEncounterFile(new URL(import.meta.resolve('fray/data/wfrp1e/encounters/demo.yaml')));
 * const { log } = fight(demo, { seed: 7 });
 * // The first ten inputs: the fight stops at the request that comes next.
 * const part = replay(demo, log.slice(0, 10));
 * console.log(part.outcome, part.pending?.label);
 * console.log(replay(demo, log).outcome?.rounds === fight(demo, { seed: 7 }).outcome?.rounds); // true
 * ```
 */
export function replay(encounter: Encounter, log: readonly Input[], opts: FightOptions = {}): FightResult {
  // Every request past the log pauses the fight: nothing is rolled or decided that the log does not say.
  return played(encounter, log, new AskingDriver(new PersonDice(), () => true), opts, true);
}

function played(
  encounter: Encounter,
  inputs: readonly Input[],
  driver: AutoDriver,
  opts: FightOptions,
  allUsed: boolean,
): FightResult {
  const { ruleset, setup } = encounter.loaded;
  const run = () =>
    runFight(ruleset, setup, {
      inputs,
      driver,
      explain: opts.explain ?? true,
      record: true,
      maxRounds: opts.maxRounds ?? encounter.saved?.maxRounds ?? undefined,
    });
  const ff = sources.get(encounter)?.ff;
  // A save's own inputs are reported at their place in it; any other log by its index.
  if (!ff || inputs !== ff.inputs) {
    const result = run();
    if (allUsed && result.unused > 0)
      throw new ValidationError([
        {
          file: encounter.file,
          path: `input ${inputs.length - result.unused + 1}`,
          message: `the fight is over before this input: ${result.unused} input(s) left unused`,
        },
      ]);
    return result;
  }
  const result = replaying(ff, run);
  checkAllUsed(ff, ff.inputs.length - result.unused);
  return result;
}

/** How many fights a simulation plays, and on what dice. */
export interface SimulateOptions {
  /** The seed: fight i is played on substream i of it. Default: a random one, given in the summary's `seed`. */
  readonly seed?: number;
  /** Fights to play (default {@link DEFAULT_RUNS}, 10,000); with `untilCi`, the most. */
  readonly runs?: number;
  /** The round cap, over the encounter's: a fight still going then is a draw. */
  readonly maxRounds?: number;
  /** Stop, every 1,000 fights, once every win rate's 95% interval is at most this wide either side. */
  readonly untilCi?: number;
}

/**
 * Plays many fights of the encounter in this thread and sums them up: win rates with 95%
 * intervals, draws, lengths, each combatant's figures. The same seed and runs give the same
 * figures as `fray sim FILE --runs N --seed S --json`, which spreads the same fights over threads.
 *
 * @returns The summary, schema `fray-sim/2` (docs/simulation.md).
 * @throws {@link SimFailure} naming the run that failed and how to play it again.
 *
 * @example
 * ```ts
 * import { loadEncounterFile, simulate } from 'fray';
 *
 * const demo = loadEncounterFile(new URL(import.meta.resolve('fray/data/wfrp1e/encounters/demo.yaml')));
 * const summary = simulate(demo, { runs: 2000, seed: 7 });
 * for (const s of summary.sides)
 *   console.log(`${s.name}: ${(s.winRate * 100).toFixed(1)}% (95%: ${s.ci95.map((x) => (x * 100).toFixed(1)).join('–')})`);
 * console.log(`draws ${summary.draws}, mean length ${summary.meanRounds.toFixed(1)} rounds`);
 * ```
 */
export function simulate(encounter: Encounter, opts: SimulateOptions = {}): SimSummary {
  const { ruleset, setup } = encounter.loaded;
  return simulateSetup(ruleset, setup, {
    runs: opts.runs ?? DEFAULT_RUNS,
    seed: opts.seed ?? randomSeed(),
    maxRounds: opts.maxRounds,
    untilCi: opts.untilCi,
  });
}

/** A seed for a simulation told none: any whole number from 0 to 2³² − 1, given back in its summary. */
function randomSeed(): number {
  return Math.floor(Math.random() * 0x100000000);
}

/** How {@link simulateAsync} plays its fights: as {@link simulate} does, on threads, told and stoppable. */
export interface SimulateAsyncOptions extends SimulateOptions {
  /**
   * Worker threads to play on: default one a core (`os.availableParallelism()`), and never more
   * than the run has blocks of 1,000 fights. The figures are the same for any number.
   */
  readonly workers?: number;
  /**
   * Told after each block of 1,000 fights is added up, in order: the fights added up so far, and
   * the most the run plays (`runs`; a run with `untilCi` may stop before it).
   */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Aborting it stops the run: no more blocks are dealt out, the threads are ended (a fight under
   * way included), and the promise rejects with the signal's reason, an `AbortError` unless
   * `abort()` was given another.
   */
  readonly signal?: AbortSignal;
}

/**
 * {@link simulate} on worker threads, as `fray sim FILE --runs N --seed S --json` plays it: the
 * fights dealt out in blocks of 1,000, their totals added up in block order, so that the same
 * seed and runs give the same summary as {@link simulate} whatever the number of threads, and
 * this thread goes on meanwhile. The threads run the package's built code (dist/sim/worker.cjs).
 *
 * @param encounter - From {@link loadEncounter} or {@link loadEncounterFile}: each thread loads it
 *   again from its text or file. A save is refused: simulate the encounter it was made from.
 * @returns The summary, schema `fray-sim/2` (docs/simulation.md).
 * @throws (rejects with) {@link SimFailure} naming the run that failed and how to play it again;
 *   the signal's reason when it is aborted; {@link ValidationError} for a save; an Error for an
 *   encounter the loaders did not make.
 *
 * @example
 * ```ts
 * import { loadEncounterFile, simulateAsync } from 'fray';
 *
 * const demo = loadEncounterFile(new URL(import.meta.resolve('fray/data/wfrp1e/encounters/demo.yaml')));
 * const stop = new AbortController();
 * const summary = await simulateAsync(demo, {
 *   runs: 4000,
 *   seed: 7,
 *   workers: 2,
 *   onProgress: (done, total) => console.log(`${done} of ${total}`),
 *   signal: stop.signal, // stop.abort() ends it early, rejecting with an AbortError
 * });
 * for (const s of summary.sides) console.log(`${s.name}: ${(s.winRate * 100).toFixed(1)}%`);
 * ```
 */
export async function simulateAsync(
  encounter: Encounter,
  opts: SimulateAsyncOptions = {},
): Promise<SimSummary> {
  const runs = opts.runs ?? DEFAULT_RUNS;
  const seed = opts.seed ?? randomSeed();
  const { onProgress } = opts;
  return onThreads(encounter, 'simulateAsync', runs, opts, async (variant, pool, workers) => {
    const result = await runJob({
      variants: [variant],
      loaded: [encounter.loaded],
      seed,
      from: 0,
      to: runs,
      maxRounds: opts.maxRounds,
      untilCi: opts.untilCi,
      workers,
      pool,
      signal: opts.signal,
      progress: onProgress && ((done) => onProgress(done, runs)),
    });
    if (result.stopped) opts.signal?.throwIfAborted();
    return summarize(
      result.totals[0] as Totals,
      result.roster,
      seed,
      opts.untilCi === undefined ? null : { target: opts.untilCi, reached: result.reached },
    );
  });
}

/**
 * Plays an encounter of loadEncounter's on worker threads of a pool of its own, even of one
 * thread (given a pool, the command's runJob plays on it, not here), made cold so that an abort
 * leaves no thread behind (makePool says why), and destroyed at the end.
 */
async function onThreads<R>(
  encounter: Encounter,
  caller: string,
  runs: number,
  opts: { readonly workers?: number; readonly signal?: AbortSignal },
  play: (variant: Variant, pool: Pool, workers: number) => Promise<R>,
): Promise<R> {
  opts.signal?.throwIfAborted();
  const source = sources.get(encounter);
  if (!source)
    throw new Error(
      `${caller} plays an encounter from loadEncounter or loadEncounterFile: its threads load it again from there`,
    );
  if (!source.variant)
    throw new ValidationError([
      {
        file: encounter.file,
        path: '',
        message: 'a saved fight, not an encounter: simulate the encounter it was made from',
      },
    ]);
  // A thread started for no block would only be its start.
  const workers = Math.max(1, Math.min(opts.workers ?? availableParallelism(), blocksOf(0, runs).length));
  const pool = await makePool(workers, false);
  // A thread ended by the abort is let go by the pool before it has exited, so destroy() does not
  // wait for it: the threads are taken when the signal fires, and each waited for at the end, so
  // that a stopped run leaves no thread running when its promise settles.
  let stopping: readonly Worker[] = [];
  const takeThreads = () => (stopping = pool.threads);
  opts.signal?.addEventListener('abort', takeThreads, { once: true });
  try {
    return await play(source.variant, pool, workers);
  } finally {
    opts.signal?.removeEventListener('abort', takeThreads);
    await pool.destroy();
    await Promise.all(stopping.map((w) => (w.threadId === -1 ? undefined : once(w, 'exit'))));
  }
}

/**
 * The smallest changes that bring an encounter into the band asked for (as `fray danger FILE
 * --target BAND`): a monster fewer or more of one entry, or another creature of the same bestiary
 * group in place of one, each played on the same dice as the encounter, smallest first. Empty
 * when the encounter is in that band already, or when no such change gets it there.
 *
 * @example
 * ```ts
 * import { dangerTarget, loadEncounterFile } from 'fray';
 *
 * const goblins = loadEncounterFile(new URL(import.meta.resolve('fray/data/wfrp1e/encounters/two-goblins.yaml')));
 * const { base, proposals } = await dangerTarget(goblins, 'fair', { seed: 5 });
 * console.log(`${base.band} now; ${proposals[0]?.change ?? 'no single change'} makes it fair`);
 * ```
 */
export async function dangerTarget(
  encounter: Encounter,
  target: Band,
  opts: DangerOptions = {},
): Promise<TargetResult> {
  const maxRuns = opts.maxRuns ?? DANGER_MAX_RUNS;
  return onThreads(encounter, 'dangerTarget', maxRuns, opts, (variant, pool, workers) =>
    proposeChanges(dangerJob(encounter, opts, maxRuns, { variant, pool, workers }), target),
  );
}

/** The job `fray danger` would run for these options, on these threads. */
function dangerJob(
  encounter: Encounter,
  opts: DangerOptions,
  maxRuns: number,
  threads: { readonly variant: Variant; readonly pool: Pool; readonly workers: number },
): DangerJob {
  return {
    ...threads,
    loaded: encounter.loaded,
    seed: opts.seed ?? randomSeed(),
    maxRuns,
    precision: opts.precision ?? DANGER_PRECISION,
    ...(opts.party !== undefined ? { party: opts.party } : {}),
    ...(opts.limits ? { limits: opts.limits, limitsFrom: 'the caller' } : {}),
    maxRounds: opts.maxRounds,
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
}

/** What {@link danger} is told; every field may be left out. */
export interface DangerOptions {
  /** The seed: the same seed gives the same figures, and those `fray sim` gives on as many fights. Random unless given. */
  readonly seed?: number;
  /** The most fights to play if the band is not sure before (40,000 unless given). */
  readonly maxRuns?: number;
  /** On the edge of two bands, stop once every figure is known to ± this (0.01 unless given). */
  readonly precision?: number;
  /** The players' side, by name or index; the side marked `players: true` unless given, else the first. */
  readonly party?: string;
  /** The band limits; ours ({@link OUR_BAND_LIMITS}) unless given. */
  readonly limits?: BandLimits;
  /** A round cap: a fight still going after it is undecided. */
  readonly maxRounds?: number;
  /** Worker threads; one a core unless given. */
  readonly workers?: number;
  /** Told the fights added up so far, and the most it will play, after each block of 1,000. */
  readonly onProgress?: (done: number, most: number) => void;
  /** Aborting it stops the fights: the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/**
 * How deadly an encounter is for the party (as `fray danger FILE`): the encounter played by the
 * tactics on worker threads until the band it falls in (easy, fair, hard, deadly) is sure, with
 * the party's chances to win, flee or be wiped out, each member's to go down and to die, and the
 * mean length (docs/simulation.md, How deadly is it?).
 *
 * @example
 * ```ts
 * import { danger, loadEncounterFile } from 'fray';
 *
 * const ambush = loadEncounterFile(new URL(import.meta.resolve('fray/data/wfrp1e/campaign/ambush.yaml')));
 * const report = await danger(ambush, { seed: 1 });
 * console.log(`${report.band}${report.sure ? '' : ' (on an edge)'}: someone dies in ${(report.someoneDies.rate * 100).toFixed(0)}%`);
 * ```
 */
export async function danger(encounter: Encounter, opts: DangerOptions = {}): Promise<DangerReport> {
  const maxRuns = opts.maxRuns ?? DANGER_MAX_RUNS;
  const { onProgress } = opts;
  return onThreads(encounter, 'danger', maxRuns, opts, async (variant, pool, workers) => {
    const report = await assessDanger({
      ...dangerJob(encounter, opts, maxRuns, { variant, pool, workers }),
      progress: onProgress && ((done) => onProgress(done, maxRuns)),
    });
    opts.signal?.throwIfAborted();
    return report;
  });
}

/**
 * The exact odds, found by enumerating the dice as `fray odds FILE --json` does: each pair's one
 * blow, and, for a duel whose states are few enough, the whole fight (`duel`: each side's chance to
 * win, the draw, the mean length). Where the fight is not such a duel, `duel` is null and
 * `duelMethod` says why.
 *
 * @throws An Error when the encounter's ruleset computes no exact odds.
 *
 * @example
 * ```ts
 * import { exactOdds, loadEncounterFile } from 'fray';
 *
 * const duel = loadEncounterFile(new URL(import.meta.resolve('fray/data/openquest/encounters/duel.yaml')));
 * const odds = exactOdds(duel);
 * if (odds.duel) for (const s of odds.duel.sides) console.log(`${s.name}: ${(s.win * 100).toFixed(2)}%`);
 * else console.log('no whole-fight odds:', odds.duelMethod);
 * ```
 */
export function exactOdds(encounter: Encounter, opts: { readonly maxRounds?: number } = {}): OddsReport {
  const r = oddsReport(encounter.loaded, opts.maxRounds);
  if (!r) throw new Error(noOdds(encounter.loaded) ?? 'no exact odds');
  return r;
}

/** Every ruleset Fray knows, in order: its id, title, texts, and options with their values and defaults. *
 * @example
 * ```ts
 * import { rulesets } from 'fray';
 *
 * for (const r of rulesets())
 *   console.log(`${r.id}: ${r.title}; ${r.options.map((o) => `${o.name}=${o.default}`).join(', ')}`);
 * ```
 */
export function rulesets(): RulesetInfo[] {
  return rulesetInfo();
}
