/**
 * Fray as a library: load an encounter ({@link loadEncounterFile}, {@link loadEncounter}), play it
 * ({@link fight}), play its log back ({@link replay}), simulate it ({@link simulate}), solve its
 * exact odds ({@link exactOdds}), and list the rulesets and their options ({@link rulesets}). Each
 * wraps the function the `fray` command calls, so the same seed gives the same figures.
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
import { fileURLToPath } from 'node:url';
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
  encounterFromText,
  loadFightFile,
  replaying,
  type FightFile,
} from './files/fight-file.js';
import { checkAllowed } from './files/disk.js';
import { rulesetInfo, type RulesetInfo } from './rulesets/about.js';
import { DEFAULT_RUNS } from './sim/defaults.js';
import { noOdds, oddsReport, type OddsReport } from './sim/odds.js';
import { simulate as simulateSetup, type SimSummary } from './sim/run.js';

// The types a program reads results through, and the engine's pieces for driving a fight by hand.
export { AskingDriver, AutoDriver, DriverError, Pending, type Driver } from './core/context.js';
export { ValidationError, type Issue } from './core/document.js';
export type { Loaded } from './core/encounter.js';
export type { Cite, FightEvent } from './core/events.js';
export { runFight, type FightResult, type RunOptions } from './core/fight.js';
export {
  InputError,
  type AmountRequest,
  type Choice,
  type ChoiceRequest,
  type Input,
  type Request,
  type RollRequest,
} from './core/request.js';
export type { OptionSpec, Options, Ruleset, SetupCore } from './core/ruleset.js';
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
export type { OptionInfo, RulesetInfo } from './rulesets/about.js';
export { DEFAULT_RUNS } from './sim/defaults.js';
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
    readonly inputs: readonly Input[];
    readonly seed: number | null;
    readonly maxRounds: number | null;
  } | null;
  /** The engine's own view, for {@link runFight}: the ruleset and the checked setup. */
  readonly loaded: Loaded;
}

// The file each encounter came from, kept out of sight: a save's inputs are reported at their
// place in it. An encounter a program made itself (by spreading one) has none, and is played the same.
const files = new WeakMap<Encounter, FightFile>();

function encounterOf(ff: FightFile): Encounter {
  const e: Encounter = {
    title: ff.loaded.setup.title,
    ruleset: ff.loaded.ruleset.id,
    options: { ...ff.loaded.options },
    file: ff.doc.file,
    warnings: (ff.loaded.setup.warnings ?? []).map(formatWarning),
    saved: ff.isSave ? { inputs: ff.inputs, seed: ff.seed, maxRounds: ff.maxRounds } : null,
    loaded: ff.loaded,
  };
  files.set(e, ff);
  return e;
}

/**
 * Reads an encounter from its text (YAML or JSON), as `fray serve` reads a pasted one: it may use
 * the shipped bestiaries and tables, but names no file of its own (no `tables:` file, no `party:`).
 *
 * @param text - The encounter, YAML or JSON.
 * @param opts.name - The name its problems are reported under (default `encounter`).
 * @param opts.options - Rule options over the encounter's own, such as `{ criticals: 'sudden-death' }`.
 * @throws {@link ValidationError} naming the file, line and field of each problem (a save is refused too).
 */
export function loadEncounter(
  text: string,
  opts: { readonly name?: string; readonly options?: Options } = {},
): Encounter {
  return encounterOf(encounterFromText(opts.name ?? 'encounter', text, null, opts.options ?? {}));
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
  const ff = loadFightFile(
    file,
    opts.options ?? {},
    { ...opts.tables },
    'either',
    checkAllowed(opts.allowPaths ?? []),
  );
  return encounterOf(ff);
}

/**
 * Where a fight's dice come from: a seed (`run` picks the fight `simulate` played as run `run`,
 * as `fray fight --seed S --run I` does), or a list of rolls in order (each the total of the dice
 * asked, or the dice as written: `"3 4"`).
 */
export type FightDice =
  { readonly seed: number; readonly run?: number } | { readonly dice: readonly (number | string)[] };

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
  const ff = files.get(encounter);
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
 */
export function simulate(encounter: Encounter, opts: SimulateOptions = {}): SimSummary {
  const { ruleset, setup } = encounter.loaded;
  return simulateSetup(ruleset, setup, {
    runs: opts.runs ?? DEFAULT_RUNS,
    seed: opts.seed ?? Math.floor(Math.random() * 0x100000000),
    maxRounds: opts.maxRounds,
    untilCi: opts.untilCi,
  });
}

/**
 * The exact odds, found by enumerating the dice as `fray odds FILE --json` does: each pair's one
 * blow, and, for a duel whose states are few enough, the whole fight (`duel`: each side's chance to
 * win, the draw, the mean length). Where the fight is not such a duel, `duel` is null and
 * `duelMethod` says why.
 *
 * @throws An Error when the encounter's ruleset computes no exact odds.
 */
export function exactOdds(encounter: Encounter, opts: { readonly maxRounds?: number } = {}): OddsReport {
  const r = oddsReport(encounter.loaded, opts.maxRounds);
  if (!r) throw new Error(noOdds(encounter.loaded) ?? 'no exact odds');
  return r;
}

/** Every ruleset Fray knows, in order: its id, title, texts, and options with their values and defaults. */
export function rulesets(): RulesetInfo[] {
  return rulesetInfo();
}
