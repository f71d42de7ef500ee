import { availableParallelism } from 'node:os';
import { Command, CommanderError } from 'commander';
import { AutoDriver } from '../core/context.js';
import { runFight } from '../core/fight.js';
import { citeRecord } from '../core/events.js';
import { sheetsWithWarnings } from '../core/ruleset.js';
import type { Input } from '../core/request.js';
import { describeOutcome, type FightState } from '../core/state.js';
import { parseDiceScript, ScriptedDice, SeededDice, Streams, type DiceSource } from '../dice/index.js';
import { RULESETS } from '../rulesets/index.js';
import { SimFailure } from '../sim/run.js';
import { checkAllowed, checkOutputs, inputsOf, STDOUT, writeAtomic } from '../node/files.js';
import { isUserError, UsageError } from './errors.js';
import { runInteractive } from './interactive.js';
import { partyApply } from './party.js';
import { serve, type ServeOpts } from './serve.js';
import { merge, sim, type SimOpts } from './sim.js';
import { compare, type CompareOpts } from './compare.js';
import { sweep, type SweepOpts } from './sweep.js';
import { odds, type OddsOpts } from './odds.js';
import { entrySheet, importCommand, type ImportOpts } from './import.js';
import { bestiary, creatureSheet } from '../files/bestiary.js';
import {
  checkAllUsed,
  loadFightFile,
  pairs,
  replaying,
  saveText,
  type FightFile,
} from '../files/fight-file.js';
import { sayWarnings } from './io.js';
import { formatEvent, type Style } from './print.js';
import { printoutIo, processIo, sayData, writeOutput, type Io } from './io.js';

const VERSION = '0.1.0';

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function parseWhole(name: string, lo: number, hi: number, why = '') {
  return (v: string): number => {
    const n = Number(v);
    if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < lo || n > hi) {
      throw new UsageError(`${name}: expected a whole number ${lo}..${hi}${why}, got '${v}'`);
    }
    return n;
  };
}

/** Workers beyond a few per core only cost memory (each loads the engine): 4 per core at most. */
const MAX_WORKERS = Math.max(4, 4 * availableParallelism());
const WORKERS = `worker threads (default: one per core; at most ${MAX_WORKERS}, 4 per core); any number gives the same totals`;

function parseFraction(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!/^\d*\.?\d+$/.test(v.trim()) || !(n > 0) || n >= 0.5)
      throw new UsageError(`${name}: expected a number between 0 and 0.5, such as 0.005, got '${v}'`);
    return n;
  };
}

function randomSeed(): number {
  return Math.floor(Math.random() * 0x100000000);
}

function style(io: Io, json: boolean): Style {
  return { color: !json && io.out.isTTY === true && !process.env.NO_COLOR, cites: true };
}

interface FightOpts {
  seed?: number;
  dice?: string;
  interactive?: boolean;
  json?: boolean;
  save?: string;
  resume?: string;
  option?: string[];
  table?: string[];
  maxRounds?: number;
  auto?: string[];
  roll?: string;
  ask?: string[];
  tracker?: boolean;
  cites?: boolean;
  run?: number;
  allowPath?: string[];
}

function sideIndexes(ff: FightFile, names: readonly string[]): number[] {
  const sides = ((ff.loaded.source as { sides?: { name?: string }[] }).sides ?? []).map((s) => s.name ?? '');
  return names.map((n) => {
    const i = sides.indexOf(n);
    if (i < 0) throw new UsageError(`--auto: no side named '${n}' (sides: ${sides.join(', ')})`);
    return i;
  });
}

/** `--ask NAME`: the ids of the combatants named (by name or id, any case), or 'all'. */
function askedIds(ff: FightFile, names: readonly string[]): string[] {
  if (names.some((n) => n.toLowerCase() === 'all')) return ['all'];
  const st = ff.loaded.ruleset.create(ff.loaded.setup);
  return names.map((n) => {
    const l = n.toLowerCase();
    const c = st.combatants.find((x) => x.id.toLowerCase() === l || x.name.toLowerCase() === l);
    if (!c)
      throw new UsageError(
        `--ask: nobody named '${n}' (combatants: ${st.combatants.map((x) => x.name).join(', ')}, or all)`,
      );
    return c.id;
  });
}

const ROLLERS = ['none', 'gm', 'all'] as const;

/**
 * The files a fight's save may not replace: every file read, and the encounter a save was made
 * from. The save being played is not among them: a fight goes on in its own save.
 */
function saveMayNotReplace(path: string, ff: FightFile): Map<string, string> {
  const inputs = new Map([
    ...inputsOf([ff.encounterPath], 'the encounter this fight was made from'),
    ...inputsOf(ff.files),
  ]);
  if (ff.isSave) for (const real of inputsOf([path]).keys()) inputs.delete(real);
  return inputs;
}

async function fight(given: Io, file: string | undefined, o: FightOpts): Promise<void> {
  if (o.save === STDOUT && o.interactive)
    throw new UsageError(
      `fight: --save ${STDOUT}: an interactive fight is saved after every answer; give it a file`,
    );
  const io = printoutIo(given, o.save);
  const path = o.resume ?? file;
  if (!path) throw new UsageError('fight: give an encounter FILE, or --resume SAVE');
  if (o.resume && file) throw new UsageError('fight: give either FILE or --resume SAVE, not both');
  if (o.dice !== undefined && o.interactive)
    throw new UsageError('fight: --dice and --interactive do not go together');
  if (o.json && o.interactive) throw new UsageError('fight: --json and --interactive do not go together');
  if (o.auto && !o.interactive) throw new UsageError('fight: --auto goes with --interactive');
  if ((o.roll !== undefined || o.ask || o.tracker) && !o.interactive)
    throw new UsageError(
      `fight: ${o.roll !== undefined ? '--roll' : o.ask ? '--ask' : '--tracker'} goes with --interactive`,
    );
  const roller = o.roll ?? 'gm';
  if (!(ROLLERS as readonly string[]).includes(roller))
    throw new UsageError(`--roll: expected one of ${ROLLERS.join(', ')}, got '${roller}'`);
  if (o.run !== undefined && (o.resume || o.dice !== undefined || o.interactive))
    throw new UsageError(
      'fight: --run replays a simulated fight: not with --resume, --dice or --interactive',
    );
  const script = o.dice === undefined ? null : parseDiceScript(o.dice);
  if (script && script.length === 0) throw new UsageError('fight: --dice: no dice given');
  const ff = loadFightFile(
    path,
    pairs(o.option, '--option'),
    pairs(o.table, '--table'),
    o.resume ? 'save' : 'either',
    checkAllowed(o.allowPath ?? []),
  );
  sayWarnings(io, ff.loaded);
  const seed = o.seed ?? ff.seed ?? randomSeed();
  const maxRounds = o.maxRounds ?? ff.maxRounds ?? null;
  const savePath = o.save ?? o.resume ?? null;
  if (savePath)
    checkOutputs([{ flag: o.save ? '--save' : '--resume', path: savePath }], saveMayNotReplace(path, ff));
  const st = style(io, o.json === true);
  const shown: Style = { ...st, cites: o.cites !== false };
  const { ruleset, setup } = ff.loaded;

  if (o.interactive) {
    io.out.write(`${setup.title} — ${ruleset.title}. Seed ${seed}. Type help for help.\n`);
    sayData(io, setup);
    const result = await runInteractive(ff, {
      seed,
      maxRounds,
      savePath,
      style: shown,
      autoSides: sideIndexes(ff, o.auto ?? []),
      roll: roller as (typeof ROLLERS)[number],
      ask: askedIds(ff, o.ask ?? []),
      tracker: o.tracker === true,
      input: io.input,
      output: io.out,
    });
    if (result.state && result.outcome) {
      for (const l of ruleset.describe(result.state)) io.out.write(`  ${l}\n`);
    }
    return;
  }

  // New dice for a resumed fight come from a substream of their own: the first session's dice are not rolled again.
  const scripted = script ? new ScriptedDice(script) : null;
  const dice: DiceSource = scripted ?? new SeededDice(new Streams(seed).stream(o.run ?? ff.inputs.length));
  const result = replaying(ff, () =>
    runFight(ruleset, setup, {
      inputs: ff.inputs,
      driver: new AutoDriver(dice),
      explain: true,
      record: true,
      maxRounds: maxRounds ?? undefined,
    }),
  );
  checkAllUsed(ff, ff.inputs.length - result.unused);
  if (savePath) {
    const text = saveText(ff, result.log as Input[], scripted ? null : seed, maxRounds);
    // In text mode the last line says where the save went; JSON keeps stdout to itself.
    if (o.json || savePath === STDOUT) writeOutput(given, 'save', savePath, text);
    else writeAtomic(savePath, text);
  }
  if (scripted && scripted.remaining > 0) {
    io.err.write(`fray: note: the fight ended with ${scripted.remaining} scripted dice unused\n`);
  }
  const state = result.state as FightState;
  const outcome = result.outcome;
  if (o.json) {
    const out = {
      title: setup.title,
      ruleset: ruleset.id,
      options: ff.loaded.options,
      seed: scripted ? null : seed,
      outcome: outcome && {
        winner: outcome.winner === null ? null : (state.sides[outcome.winner]?.name ?? null),
        reason: outcome.reason,
        rounds: outcome.rounds,
        text: describeOutcome(state, outcome),
      },
      combatants: state.combatants.map((c) => ({
        id: c.id,
        name: c.name,
        side: state.sides[c.side]?.name,
        out: c.out,
      })),
      status: ruleset.describe(state),
      tracker: ruleset.tracker(state),
      data: setup.data ?? [],
      events: result.events.map((e) => ({ ...e, cite: e.cite && citeRecord(e.cite) })),
      inputs: result.log,
    };
    io.out.write(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  io.out.write(`${setup.title} — ${ruleset.title}${scripted ? ' (scripted dice)' : `, seed ${seed}`}\n`);
  sayData(io, setup);
  for (const e of result.events) io.out.write(`${formatEvent(e, shown)}\n`);
  io.out.write('\n');
  for (const l of ruleset.describe(state)) io.out.write(`  ${l}\n`);
  if (savePath && savePath !== STDOUT)
    io.out.write(`\nSaved to ${savePath} (${result.log.length} inputs).\n`);
}

interface SheetOpts {
  option?: string[];
  table?: string[];
  allowPath?: string[];
  json?: boolean;
  ruleset?: string;
  creature?: string;
}

/** `fray sheet --ruleset R [--creature NAME]`: the bestiary by group, or one creature's sheet. */
function bestiarySheet(io: Io, o: SheetOpts): void {
  const ruleset = o.ruleset as string;
  if (o.creature !== undefined) {
    const { row, sheet } = creatureSheet(ruleset, o.creature);
    if (o.json) {
      io.out.write(`${JSON.stringify({ ...row, sheet })}\n`);
      return;
    }
    io.out.write(`${row.name} (${row.id}, ${row.group}: ${row.source})\n`);
    for (const l of [...sheet.lines, ...(sheet.warnings ?? [])]) io.out.write(`  ${l}\n`);
    return;
  }
  const rows = bestiary(ruleset);
  if (o.json) {
    io.out.write(`${JSON.stringify(rows)}\n`);
    return;
  }
  if (rows.length === 0) {
    io.out.write(`${ruleset} has no bestiary: its combatants are written out in the encounter\n`);
    return;
  }
  io.out.write(
    `The ${ruleset} bestiary: ${rows.length} creatures (fray sheet --ruleset ${ruleset} --creature NAME for one's sheet; use: ID in an encounter)\n`,
  );
  let group = '';
  for (const r of rows) {
    if (r.group !== group) {
      group = r.group;
      io.out.write(`${group} (${rows.filter((x) => x.group === group).length}):\n`);
    }
    io.out.write(`  ${r.name} (${r.id}) — ${r.source}${r.notPlayed ? `; not played: ${r.notPlayed}` : ''}\n`);
  }
}

async function sheet(io: Io, file: string | undefined, o: SheetOpts): Promise<void> {
  if (file !== undefined && o.ruleset !== undefined && o.creature === undefined) {
    await entrySheet(io, file, o.ruleset, o.json === true);
    return;
  }
  if (file === undefined) {
    if (!o.ruleset)
      throw new UsageError(
        'sheet: give an encounter FILE, or --ruleset R to list its bestiary (with --creature NAME, one sheet)',
      );
    bestiarySheet(io, o);
    return;
  }
  if (o.creature !== undefined)
    throw new UsageError('sheet: --creature names a creature of the bestiary: give it without a FILE');
  const ff = loadFightFile(
    file,
    pairs(o.option, '--option'),
    pairs(o.table, '--table'),
    'encounter',
    checkAllowed(o.allowPath ?? []),
  );
  const { ruleset, setup } = ff.loaded;
  if (!ruleset.sheets) throw new UsageError(`sheet: the ruleset ${ruleset.id} has no sheets to show`);
  sayWarnings(io, ff.loaded);
  const sheets = sheetsWithWarnings(ruleset.sheets(setup), setup.warnings);
  if (o.json) {
    io.out.write(`${JSON.stringify(sheets)}\n`);
    return;
  }
  sayData(io, setup);
  for (const s of sheets)
    io.out.write(
      `${s.name} (${s.side})\n${[...s.lines, ...(s.warnings ?? [])].map((l) => `  ${l}\n`).join('')}`,
    );
}

function listRulesets(io: Io, o: { json?: boolean }): void {
  const all = [...RULESETS.values()].map((r) => ({
    id: r.id,
    title: r.title,
    texts: r.texts,
    options: r.options.map((x) => ({
      name: x.name,
      values: x.values,
      default: x.default,
      summary: x.summary,
      cite: citeRecord(x.cite),
    })),
  }));
  if (o.json) {
    io.out.write(`${JSON.stringify(all, null, 2)}\n`);
    return;
  }
  for (const r of all) {
    io.out.write(`${r.id}: ${r.title} (${r.texts.join(', ')})\n`);
    for (const x of r.options) {
      io.out.write(
        `  ${x.name} = ${x.values.join(' | ')} (default ${x.default})\n      ${x.summary} [${x.cite.text}]\n`,
      );
    }
  }
}

export function program(io: Io): Command {
  const p = new Command();
  p.name('fray')
    .description('Resolve and simulate personal combat for fantasy tabletop RPGs.')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (t) => io.out.write(t), writeErr: (t) => io.err.write(t) });
  const common = (c: Command) =>
    c
      .option(
        '-o, --option <name=value>',
        'set a rule option (repeatable), e.g. criticals=sudden-death',
        collect,
      )
      .option(
        '--table <name=file>',
        'replace a shipped table with your own file (repeatable), e.g. fumbles=my.yaml',
        collect,
      )
      .option(
        '--allow-path <dir>',
        'let the encounter (or save) name files in DIR too, not only in its own folder (repeatable)',
        collect,
      )
      .option(
        '--max-rounds <n>',
        'round cap: a fight still going is a draw',
        parseWhole('--max-rounds', 1, 100000),
      );
  common(
    p
      .command('fight')
      .description('run one fight and print it, explained rule by rule')
      .argument('[file]', 'encounter file (YAML or JSON)')
      .option(
        '--seed <n>',
        'seed for the dice (default: random, printed)',
        parseWhole('--seed', 0, Number.MAX_SAFE_INTEGER),
      )
      .option(
        '--dice <list>',
        'scripted dice, in order: "27,4,55"; an error names the roll when they run out',
      )
      .option(
        '-i, --interactive',
        'ask every decision and roll; enter takes the suggestion or rolls; undo works',
      )
      .option('--auto <side>', 'interactive: let tactics and dice play this side (repeatable)', collect)
      .option(
        '--roll <who>',
        "interactive: whose dice Fray rolls without asking: none, gm (the default: the non-players' sides), all",
      )
      .option(
        '--ask <name>',
        "interactive: ask this combatant's routine decisions too (repeatable; all for everyone)",
        collect,
      )
      .option(
        '--tracker',
        'interactive: a line of the tracker (W/HP, conditions, whose turn) after each turn',
      )
      .option('--json', 'print the fight as JSON')
      .option('--no-cites', 'leave out the rule citations')
      .option(
        '--save <file>',
        'write the encounter and its input log (a small file) to resume or share; - for standard output',
      )
      .option('--resume <file>', 'carry on a saved fight (saves back to the same file)')
      .option(
        '--run <i>',
        'play fight i of the seed exactly as fray sim ran it (to look into one)',
        parseWhole('--run', 0, Number.MAX_SAFE_INTEGER),
      ),
  ).action(async (file: string | undefined, o: FightOpts) => fight(io, file, o));
  common(
    p
      .command('sim')
      .description('simulate many fights on every core and report who wins, with 95% intervals')
      .argument('<file>', 'encounter file (YAML or JSON)')
      .requiredOption(
        '--runs <n>',
        'number of fights (with --until-ci, the most)',
        parseWhole('--runs', 1, 1_000_000_000),
      )
      .option(
        '--seed <n>',
        'seed (default: random, printed); fight i uses substream i',
        parseWhole('--seed', 0, Number.MAX_SAFE_INTEGER),
      )
      .option(
        '--workers <n>',
        WORKERS,
        parseWhole(
          '--workers',
          1,
          MAX_WORKERS,
          ` (4 for each of this machine's ${availableParallelism()} cores)`,
        ),
      )
      .option(
        '--until-ci <w>',
        'stop once every win rate is known to ± w (e.g. 0.005), checked every 1,000 fights',
        parseFraction('--until-ci'),
      )
      .option('--shard <K/N>', 'run only the K-th of N slices of the runs (with --out), for fray merge')
      .option('--out <file>', 'also write the totals to FILE (for fray merge); - for standard output')
      .option(
        '--report <file>',
        'also write a self-contained HTML page: win rates with intervals, fight lengths, wounds; - for standard output',
      )
      .option('--json', 'print one JSON object (schema fray-sim/2, docs/simulation.md)'),
  ).action((file: string, o: SimOpts) => sim(io, file, o, randomSeed));
  common(
    p
      .command('compare')
      .description('run two variants on the same dice and report what changes, with 95% intervals')
      .argument('<file>', 'encounter file (YAML or JSON)')
      .option(
        '--a <spec>',
        'variant A: rule options (criticals=detailed), edits (sides[0].combatants[0].profile.WS=45) or file=OTHER.yaml; comma-separated or repeated',
        collect,
      )
      .option('--b <spec>', 'variant B, written the same way', collect)
      .requiredOption(
        '--runs <n>',
        'paired fights (with --until-ci, the most)',
        parseWhole('--runs', 1, 1_000_000_000),
      )
      .option(
        '--seed <n>',
        'seed (default: random, printed); fight i of A and of B use substream i',
        parseWhole('--seed', 0, Number.MAX_SAFE_INTEGER),
      )
      .option(
        '--workers <n>',
        WORKERS,
        parseWhole(
          '--workers',
          1,
          MAX_WORKERS,
          ` (4 for each of this machine's ${availableParallelism()} cores)`,
        ),
      )
      .option(
        '--until-ci <w>',
        'stop once every win rate of both is known to ± w',
        parseFraction('--until-ci'),
      )
      .option('--json', 'print one JSON object (schema fray-compare/1)'),
  ).action((file: string, o: CompareOpts) => compare(io, file, o, randomSeed));
  common(
    p
      .command('sweep')
      .description('vary parameters of an encounter over a grid and simulate every point: a table and a plot')
      .argument('<file>', 'encounter file (YAML or JSON)')
      .option(
        '--vary <spec>',
        "a parameter and its values: 'sides[0].combatants[0].profile.WS=25..65:5' or path=a,b,c (repeat for a grid)",
        collect,
      )
      .requiredOption('--runs <n>', 'fights at each point', parseWhole('--runs', 1, 1_000_000_000))
      .option(
        '--seed <n>',
        'seed (default: random, printed); the same dice at every point',
        parseWhole('--seed', 0, Number.MAX_SAFE_INTEGER),
      )
      .option(
        '--workers <n>',
        WORKERS,
        parseWhole(
          '--workers',
          1,
          MAX_WORKERS,
          ` (4 for each of this machine's ${availableParallelism()} cores)`,
        ),
      )
      .option('--csv <file>', 'write the table as CSV; - for standard output')
      .option(
        '--svg <file>',
        'write a plot: win rates along one parameter, a heat map for two; - for standard output',
      )
      .option('--json', 'print one JSON object (schema fray-sweep/1)'),
  ).action((file: string, o: SweepOpts) => sweep(io, file, o, randomSeed));
  common(
    p
      .command('odds')
      .description(
        'exact odds by enumerating the dice: one blow per pair, and the whole fight where its state is small',
      )
      .argument('<file>', 'encounter file (YAML or JSON)')
      .option('--json', 'print one JSON object (schema fray-odds/1)'),
  ).action((file: string, o: OddsOpts) => odds(io, file, o));
  p.command('merge')
    .description('add up the parts of one simulation (fray sim --shard K/N --out FILE) into its totals')
    .argument('<parts...>', 'the part files, all N of them')
    .option('--json', 'print one JSON object (schema fray-sim/2)')
    .action((parts: string[], o: { json?: boolean }) => merge(io, parts, o));
  common(
    p
      .command('sheet')
      .description(
        "print each combatant's sheet as the ruleset computes it: derived values, weapons, armour, tactics, warnings",
      )
      .argument(
        '[file]',
        'encounter file (YAML or JSON); with --ruleset, one combatant entry (- reads standard input); left out, --ruleset lists its bestiary',
      )
      .option(
        '--ruleset <id>',
        "the ruleset of a combatant entry FILE; without FILE, list the ruleset's bestiary by group, each creature with its source",
      )
      .option('--creature <name>', "with --ruleset: that creature's sheet")
      .option('--json', 'as JSON'),
  ).action((file: string | undefined, o: SheetOpts) => sheet(io, file, o));
  const party = p
    .command('party')
    .description('the party that goes on: write back what a fight left on its members');
  party
    .command('apply')
    .description(
      'write what lasts after a saved fight (W/HP left, lasting effects, ammunition, insanity, weapons destroyed) into its party file: a diff first, then asks',
    )
    .argument('<save>', 'a fight saved with fray fight --save')
    .option(
      '--party <file>',
      'the party file to write: when the fight used more than one, or when the save is not beside it',
    )
    .option('--yes', 'write without asking (for scripts)')
    .option(
      '--allow-path <dir>',
      'let the save name files in DIR too, not only in its own folder (repeatable)',
      collect,
    )
    .action((save: string, o: { party?: string; yes?: boolean; allowPath?: string[] }) =>
      partyApply(io, save, { ...o, allowPath: checkAllowed(o.allowPath ?? []) }),
    );
  p.command('import')
    .description(
      'read a creature or character as a book or web page prints it into one combatant entry (YAML); what was read and what was not, on stderr',
    )
    .argument('<file>', 'the stat block (text); - reads standard input')
    .option(
      '--ruleset <id>',
      `the ruleset the block is written for (${[...RULESETS.values()]
        .filter((r) => r.importer)
        .map((r) => r.id)
        .join(', ')})`,
    )
    .option('--name <name>', 'the name to give it (else the name line above the profile)')
    .option('--out <file>', 'write the entry to FILE (never over the block read); - for standard output')
    .option('--json', 'print the entry with what was read, not used and warned of, as JSON')
    .action((file: string, o: ImportOpts) => importCommand(io, file, o));
  p.command('serve')
    .description("the campaign and the GM's screen in a browser: a local web server (docs/api.md)")
    .option('--campaign <file>', 'the campaign file (SQLite), made on first use', 'fray-campaign.db')
    .option('--port <n>', 'the port', parseWhole('--port', 0, 65535), 4400)
    .option('--host <host>', 'the address to listen on (0.0.0.0: the whole network)', '127.0.0.1')
    .option(
      '--new-token',
      "make a new GM's token (pages signed in with the old one must open the new address)",
    )
    .action((o: ServeOpts) => serve(io, o));
  p.command('rulesets')
    .description('list the rulesets and their options')
    .option('--json', 'as JSON')
    .action((o: { json?: boolean }) => listRulesets(io, o));
  return p;
}

/** Runs the CLI; returns the exit code: 0 done, 2 bad input (nothing run or written), 1 a bug or a failed simulation. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  try {
    await program(io).parseAsync(argv as string[]);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.exitCode === 0)
        return 0;
      return 2;
    }
    if (isUserError(e)) {
      io.err.write(`fray: ${(e as Error).message}\n`);
      return 2;
    }
    // A simulation that could not finish names the run and its replay: a stack would say less.
    if (e instanceof SimFailure) {
      io.err.write(`fray: ${e.message}\n`);
      return 1;
    }
    io.err.write(`fray: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}
