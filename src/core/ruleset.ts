import type { FightContext } from './context.js';
import type { DataSchema } from './data-file.js';
import type { NameKind } from './schema.js';
import type { Path, SourceDoc, Warning } from './document.js';
import type { Cite } from './events.js';
import type { FightMap } from './map.js';
import type { RulingHooks } from './rulings.js';
import type { FightState } from './state.js';
import type { Tracker } from './tracker.js';
import type { Secrets } from './veil.js';
import type { Imported, StatBlock } from './statblock.js';
import type { ZodType } from 'zod';

/** A house-rule switch a text offers: its values, default, and where the text offers it. */
export interface OptionSpec {
  readonly name: string;
  readonly values: readonly string[];
  readonly default: string;
  readonly summary: string;
  readonly cite: Cite;
}

/** Rule options by name, each a value its OptionSpec lists: `{ criticals: 'sudden-death' }`. */
export type Options = Readonly<Record<string, string>>;

/** Where a ruleset's part of a document stands: the whole file, or `encounter` inside a save. */
export interface DocPart {
  readonly doc: SourceDoc;
  readonly base: Path;
  readonly value: unknown;
}

/** A file's name (for messages) and text. */
export interface FileText {
  readonly file: string;
  readonly text: string;
}

/** How a ruleset reaches files; the host (CLI, tests, a browser) provides it. */
export interface LoadEnv {
  /** Reads a file named by the document (a user table), relative to the document's folder. */
  readFile(relative: string): FileText;
  /** Reads one of Fray's shipped data files: data/<ruleset>/<name>. */
  readData(ruleset: string, name: string): FileText;
  /** Tables named on the command line (`--table fumbles=FILE`), read when asked; they win over the document's. */
  readonly tables: Readonly<Record<string, () => FileText>>;
  /** Told of each user table read (the command line's or the document's), so a save can carry it. */
  readonly onTable?: (name: string, table: FileText) => void;
}

/** What any encounter gives the core, whatever its ruleset. */
export interface SetupCore {
  readonly title: string;
  readonly maxRounds: number;
  /** What the file says that is legal but likely not meant, in file order (EncounterLoader.warn). */
  readonly warnings?: readonly Warning[];
  /** The data a fight's numbers rest on that is ours or the user's, for every report to say so. */
  readonly data?: readonly DataNote[];
  /** Combatants written with `enters: true`: out of the fight until the GM brings them in (a ruling). */
  readonly entersLater?: readonly string[];
}

/** Data that is neither the text's nor a public source's: Fray's own (shipped), or a file the user gave. */
export interface DataNote {
  readonly kind: 'ours' | 'yours';
  /** The table, as `--table` names it. */
  readonly table: string;
  readonly file: string;
  /** With `ours`: the rows of it the encounter uses that are ours, or none listed when the whole table is. */
  readonly rows: readonly string[];
  /** A user may put a file of their own in its place (`--table`, `tables:`). */
  readonly replaceable: boolean;
}

/**
 * A rule system as a plug-in. The core runs `round` until one side is left or the round cap
 * is reached; everything in between is the ruleset's procedure, asking through the context.
 */
/** What is said of a ruleset apart from its rules (`fray rulesets`, the help): loaded without them. */
export type RulesetAbout = Pick<Ruleset, 'id' | 'title' | 'texts' | 'options'>;

/** A ruleset: it checks an encounter, builds the fight's state and plays it round by round through the context. */
export interface Ruleset<Setup extends SetupCore = SetupCore, State extends FightState = FightState> {
  readonly id: string;
  readonly title: string;
  /** The rules texts it implements, by the names its citations use (docs/sources.md). */
  readonly texts: readonly string[];
  readonly options: readonly OptionSpec[];
  /** Names of the shipped tables a user may replace (`--table NAME=FILE`, an encounter's `tables:`). */
  readonly tables: readonly string[];
  /** The shapes of the files a user writes for it, as its loaders check them (`fray schema`). */
  readonly files: FileSchemas;
  /** Validates an encounter for this ruleset; throws ValidationError naming file, line and field. */
  load(part: DocPart, options: Options, env: LoadEnv): Setup;
  /** The fight as it stands before anything is asked: who is there, where, with what. */
  create(setup: Setup): State;
  /**
   * Puts a state `create(setup)` made, perhaps played since, back to what `create(setup)` gives,
   * in place: a simulation plays all its runs on one state instead of building one per run.
   */
  renew?(state: State, setup: Setup): void;
  /** What happens before the first round (surprise, positions, opening tests), asking through the context. */
  start(state: State, ctx: FightContext): void;
  round(state: State, ctx: FightContext): void;
  /** What the GM's rulings may change: each combatant's numbers, and where one that enters stands. */
  readonly rulings?: RulingHooks<State>;
  /** One line per combatant for status displays: "Helmut (Heroes): W 5/8, prone". */
  describe(state: State): string[];
  /** What the table needs at a glance: the order this round, W/HP, conditions, engagements, places, ammunition. */
  tracker(state: State): Tracker;
  /** What each kind of event tells that the GM may keep from the players (core/veil.ts); none listed: all kept. */
  readonly secrets?: Secrets;
  /**
   * The map of a fight with positions (src/core/map.ts): the plane or the grid, every model with
   * its base, facing, ranges and this round's path, death zones, walls and doors, areas; null
   * while nobody has a place (before the start, or a fight without positions).
   */
  map?(state: State): FightMap | null;
  /** What lasts of a combatant after the fight, for its party file (`fray party apply`). */
  lasting?(state: State, id: string): Lasting | null;
  /**
   * Numbers a designer asks of each finished fight ("Goblins reaching hand-to-hand"); the
   * simulation reports their means. The same labels, in the same order, for every fight of a setup.
   */
  tallies?(state: State): readonly Tally[];
  /** Each combatant's sheet as the rules compute it (the values the rules derive, what its tactics do), for `fray sheet`. */
  sheets?(setup: Setup): readonly CombatantSheet[];
  /** Exact odds by enumerating the dice, for `fray odds`: one blow per pair, and the fight where its state is small. */
  odds?(setup: Setup, maxRounds?: number): Odds;
  /**
   * Reads a creature or character as a book or web page prints it (`fray import`, the page's
   * "Paste a stat block") into one combatant entry; throws ValidationError at the line when the
   * block holds nothing this ruleset can read.
   */
  importer?(block: StatBlock, o: ImportOptions): Imported;
  /**
   * What the page's character builder offers, as a form: the combatant entry's schema, and the
   * fields of it a character is made of (in the form's order); the rest stay for the YAML.
   */
  readonly character?: CharacterForm;
}

/**
 * The zod schemas of a ruleset's files. The loaders check more than a schema can say (a table's
 * rows covering every roll, a name found in a user's own table), so a file a schema accepts may
 * still be refused, at its line, when it is loaded.
 */
export interface FileSchemas {
  /** An encounter file. */
  readonly encounter: ZodType;
  /**
   * Each data file it reads, by its name in data/<id>/ (weapons, armour, bestiary, …), and each
   * table in `tables`: schemas built when first needed (core/data-file.ts).
   */
  readonly data: Readonly<Record<string, DataSchema>>;
  /**
   * Where the names its files give (`use:`, `weapons:`, …) are looked up, by kind: the data
   * files and their lists the loader reads them from ("weapons.yaml#weapons", another ruleset's as
   * "../wfrp1e/bestiary.yaml#creatures"). The editors' schema lists the names found there.
   */
  readonly names: NameSources;
}

/** Data files and their lists, by the kind of name they hold (core/schema.ts, dataName). */
export type NameSources = Readonly<Partial<Record<NameKind, readonly string[]>>>;

export interface CharacterForm {
  readonly schema: ZodType;
  readonly fields: readonly string[];
  /** Where the ids a list field takes come from: data file and its list ("weapons.yaml#weapons"). */
  readonly lists: Readonly<Record<string, readonly string[]>>;
  /** Names a skill list may hold, where the schema says only "a text". */
  readonly skills?: readonly string[];
}

/** What an importer is given besides the block: the name the user wants, and the data to match names to. */
export interface ImportOptions {
  readonly name?: string;
  readonly env: LoadEnv;
}

/** One blow of `attacker` at `defender`, exactly: probabilities of all blows (misses included unless said). */
export interface OddsBlow {
  readonly attacker: string;
  readonly defender: string;
  /** The D100 score needed to hit. */
  readonly need: number;
  /** How the need reads when it is not "D100 ≤ need" (another die, or a roll at least). */
  readonly needText?: string;
  readonly hit: number;
  /** Where hits land: each location's share of all blows. */
  readonly locations: readonly { readonly part: string; readonly p: number }[];
  /** Wounds dealt by hits (0 included: a hit that does nothing). */
  readonly wounds: readonly { readonly value: number; readonly p: number }[];
  readonly meanWounds: number;
  /** A critical at the defender's full W, and its values. */
  readonly critical: number;
  readonly criticalValues: readonly { readonly value: number; readonly p: number }[];
  /** Killed outright by this one blow at full W; out of the fight at once (killed or knocked out). */
  readonly killed: number;
  readonly outAtOnce: number;
  /** What a rule of the combatants' own does in place of wounds (a creature only magic hurts, a drain), said under the figures. */
  readonly note?: string;
}

export interface OddsDuel {
  readonly sides: readonly { readonly name: string; readonly win: number }[];
  readonly draw: number;
  readonly meanRounds: number;
  /** The most states the chain held in a round. */
  readonly states: number;
  /** The chain's work: outcomes of blows followed from one state (scripts/chain-rate.mjs reads it). */
  readonly steps: number;
}

export interface Odds {
  readonly blows: readonly OddsBlow[];
  readonly blowMethod: string;
  readonly duel: OddsDuel | null;
  /** How the fight's odds were found, or why they were not. */
  readonly duelMethod: string;
}

export interface CombatantSheet {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly lines: readonly string[];
  /** The load's warnings about it, as printed on stderr (see sheetsWithWarnings, core/loader.ts). */
  readonly warnings?: readonly string[];
}

export interface Tally {
  readonly label: string;
  readonly value: number;
}

export function defaultOptions(specs: readonly OptionSpec[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of specs) out[s.name] = s.default;
  return out;
}

/**
 * What lasts of a combatant after a fight, in its encounter fields (Ruleset.lasting): a field's
 * new value, or null to take the field out (back to its default: unhurt). Fields not named stay.
 */
export interface Lasting {
  readonly fields: Readonly<Record<string, unknown>>;
  /** Weapons broken or destroyed (ids): taken out of the member's `weapons` and `carried`. */
  readonly lost: readonly string[];
  /** What the GM should know that no field says ("died"). */
  readonly notes: readonly string[];
}
