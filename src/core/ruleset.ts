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
  /** The name, as `-o name=value` and an encounter's `options:` write it. */
  readonly name: string;
  /** The values it takes. */
  readonly values: readonly string[];
  /** The value when none is given. */
  readonly default: string;
  /** What it changes, in a sentence. */
  readonly summary: string;
  /** Where the rules offer it. */
  readonly cite: Cite;
}

/** Rule options by name, each a value its OptionSpec lists: `{ criticals: 'sudden-death' }`. */
export type Options = Readonly<Record<string, string>>;

/** Where a ruleset's part of a document stands: the whole file, or `encounter` inside a save. */
export interface DocPart {
  /** The file it is in. */
  readonly doc: SourceDoc;
  /** Where in the file the part begins: `[]` for the whole file, `['encounter']` in a save. */
  readonly base: Path;
  /** The part's data, as parsed. */
  readonly value: unknown;
}

/** A file's name (for messages) and text. */
export interface FileText {
  /** The file's name or path, as messages give it. */
  readonly file: string;
  /** Its whole text. */
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
  /** The encounter's title (one is made up from the sides when it gives none). */
  readonly title: string;
  /** The round cap: a fight still going after this many rounds is a draw. */
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
  /** `ours`: data Fray ships that is not the rules text's; `yours`: a file the user gave. */
  readonly kind: 'ours' | 'yours';
  /** The table, as `--table` names it. */
  readonly table: string;
  /** The file it was read from. */
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
  /** The id an encounter's `ruleset:` names (`wfrp1e`). */
  readonly id: string;
  /** Its name in full. */
  readonly title: string;
  /** The rules texts it implements, by the names its citations use (docs/sources.md). */
  readonly texts: readonly string[];
  /** Its rule options (house-rule switches). */
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
  /** Plays one round, asking through the context; the core decides after it whether the fight is over. */
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
   * The fields of a combatant entry that say how hurt it comes to the fight (W, HP or endurance
   * left); without them it comes unhurt. `fray danger --target` takes them out of the party's
   * members to weigh the party healed first.
   */
  readonly woundFields?: readonly string[];
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

/** What the web page's character builder offers for a ruleset (Ruleset.character). */
export interface CharacterForm {
  /** The schema of one combatant entry. */
  readonly schema: ZodType;
  /** The fields of the entry a character is made of, in the form's order. */
  readonly fields: readonly string[];
  /** Where the ids a list field takes come from: data file and its list ("weapons.yaml#weapons"). */
  readonly lists: Readonly<Record<string, readonly string[]>>;
  /** Names a skill list may hold, where the schema says only "a text". */
  readonly skills?: readonly string[];
}

/** What an importer is given besides the block: the name the user wants, and the data to match names to. */
export interface ImportOptions {
  /** The name the entry is to have, over the one the block gives. */
  readonly name?: string;
  /** Where the ruleset's data (bestiary, weapons) is read from. */
  readonly env: LoadEnv;
}

/** One blow of `attacker` at `defender`, exactly: probabilities of all blows (misses included unless said). */
export interface OddsBlow {
  /** Who strikes, by name. */
  readonly attacker: string;
  /** Who is struck, by name. */
  readonly defender: string;
  /** The D100 score needed to hit. */
  readonly need: number;
  /** How the need reads when it is not "D100 ≤ need" (another die, or a roll at least). */
  readonly needText?: string;
  /** The chance the blow hits, 0 to 1 (after parries and dodges where the rules have them). */
  readonly hit: number;
  /** Where hits land: each location's share of all blows. */
  readonly locations: readonly {
    /** The hit location ("head", "right arm"). */
    readonly part: string;
    /** Its share of all blows, 0 to 1. */
    readonly p: number;
  }[];
  /** Wounds dealt by hits (0 included: a hit that does nothing). */
  readonly wounds: readonly {
    /** Wounds dealt. */
    readonly value: number;
    /** The chance of a blow dealing that many, 0 to 1. */
    readonly p: number;
  }[];
  /** The mean wounds a blow deals, misses counted as 0. */
  readonly meanWounds: number;
  /** A critical at the defender's full W, and its values. */
  readonly critical: number;
  /** Each critical value's chance in a blow (the ruleset's critical scale). */
  readonly criticalValues: readonly {
    /** The critical's value. */
    readonly value: number;
    /** Its chance in a blow, 0 to 1. */
    readonly p: number;
  }[];
  /** The chance this one blow kills the defender outright at full W, 0 to 1. */
  readonly killed: number;
  /** The chance this one blow takes the defender out of the fight at once (killed or knocked out), 0 to 1. */
  readonly outAtOnce: number;
  /** What a rule of the combatants' own does in place of wounds (a creature only magic hurts, a drain), said under the figures. */
  readonly note?: string;
}

/** The whole fight's odds, for a duel whose states are few enough to follow all (`fray odds`, docs/simulation.md). */
export interface OddsDuel {
  /** Each side's chance to win, in the encounter's order. */
  readonly sides: readonly {
    /** The side's name. */
    readonly name: string;
    /** Its chance to win, 0 to 1. */
    readonly win: number;
  }[];
  /** The chance of a draw (nobody standing, or the round cap), 0 to 1. */
  readonly draw: number;
  /** The mean length of the fight, in rounds. */
  readonly meanRounds: number;
  /** The most states the chain held in a round. */
  readonly states: number;
  /** The chain's work: outcomes of blows followed from one state (scripts/chain-rate.mjs reads it). */
  readonly steps: number;
}

/** Exact odds found by enumerating the dice (Ruleset.odds): each pair's one blow and, where it can, the whole duel. */
export interface Odds {
  /** One blow of each combatant at each enemy. */
  readonly blows: readonly OddsBlow[];
  /** How the blows' odds were found, in words. */
  readonly blowMethod: string;
  /** The whole fight's odds, or null where the fight is not a duel small enough (see `duelMethod`). */
  readonly duel: OddsDuel | null;
  /** How the fight's odds were found, or why they were not. */
  readonly duelMethod: string;
}

/** One combatant's sheet as the rules compute it (`fray sheet`). */
export interface CombatantSheet {
  /** Its id in the fight. */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** The name of its side. */
  readonly side: string;
  /** The sheet, line by line, as `fray sheet` prints it. */
  readonly lines: readonly string[];
  /** The load's warnings about it, as printed on stderr (see sheetsWithWarnings, core/loader.ts). */
  readonly warnings?: readonly string[];
}

/** One number a ruleset counts over a finished fight ("Goblins reaching hand-to-hand"). */
export interface Tally {
  /** What it counts. */
  readonly label: string;
  /** Its value in this fight. */
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
  /** Each field's new value, or null to take it out. */
  readonly fields: Readonly<Record<string, unknown>>;
  /** Weapons broken or destroyed (ids): taken out of the member's `weapons` and `carried`. */
  readonly lost: readonly string[];
  /** What the GM should know that no field says ("died"). */
  readonly notes: readonly string[];
}
