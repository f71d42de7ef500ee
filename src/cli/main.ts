// The `fray` command line: its commands and their options. Each command's module (the engine, the
// server, the plots) is loaded when that command runs, so `fray --version`, `fray --help` and a
// mistyped option cost no more than reading this file and commander.
import { availableParallelism } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { Argument, Command, CommanderError } from 'commander';
import { UsageError } from './usage.js';
import { processIo, type Io } from './process-io.js';
import { RULESET_IDS } from '../rulesets/ids.js';
import { METHODS, type Method } from '../sim/method.js';
import { DEFAULT_RUNS } from '../sim/defaults.js';
import { packageRoot } from '../node/root.js';
import type { FightOpts } from './fight.js';
import type { SheetOpts } from './sheet.js';
import type { ServeOpts } from './serve.js';
import type { SimOpts } from './sim.js';
import type { CompareOpts } from './compare.js';
import type { DangerOpts } from './danger.js';
import type { SweepOpts } from './sweep.js';
import type { OddsOpts } from './odds.js';
import type { ImportOpts } from './import.js';
import type { SchemaOpts } from './schema.js';

const VERSION = '0.2.0';

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

function parseMethod(v: string): Method {
  const m = METHODS.find((x) => x === v.trim());
  if (!m) throw new UsageError(`--method: expected ${METHODS.join(', ')}, got '${v}'`);
  return m;
}

/**
 * The shipped data folder as the user would type it from where they are: relative when it is below
 * the working folder (a repository's data/, a project's node_modules/fray/data), else absolute.
 */
export function shippedData(cwd = process.cwd()): string {
  const data = join(packageRoot(), 'data');
  const rel = relative(cwd, data);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? data : rel;
}

/**
 * The end of a command's help: a few examples that run as printed from the working folder (the
 * shipped data named as the user reaches it; test/cli.test.ts runs them), and where that data is.
 * A function, so that the folder is found only when the help is shown.
 */
function examples(c: Command, lines: (data: string) => readonly string[]): Command {
  return c.addHelpText('after', () => {
    const data = shippedData();
    // As a shell reads it: a space or quote in the folder's name escaped.
    const typed = data.replace(/[^\w@%+=:,./-]/g, '\\$&');
    return `\nExamples:\n${lines(typed)
      .map((l) => `  $ ${l}`)
      .join('\n')}\n\nThe shipped examples (encounters, bestiaries, stat blocks) are in ${data}/\n`;
  });
}

function randomSeed(): number {
  return Math.floor(Math.random() * 0x100000000);
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
  ).action(async (file: string | undefined, o: FightOpts) =>
    (await import('./fight.js')).fight(io, file, o, randomSeed),
  );
  common(
    p
      .command('sim')
      .description('simulate many fights on every core and report who wins, with 95% intervals')
      .argument('<file>', 'encounter file (YAML or JSON)')
      .option(
        '--runs <n>',
        'number of fights (with --until-ci, the most)',
        parseWhole('--runs', 1, 1_000_000_000),
        DEFAULT_RUNS,
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
  ).action(async (file: string, o: SimOpts) => (await import('./sim.js')).sim(io, file, o, randomSeed));
  common(
    p
      .command('danger')
      .description(
        "how deadly an encounter is for the party: its chances to win, flee or be wiped out, each member's to go down or die, and a band (easy, fair, hard, deadly), played until sure",
      )
      .argument('<file>', 'encounter file (YAML or JSON)')
      .option(
        '--runs <n>',
        'the most fights to play if the band is not sure before (default 40,000)',
        parseWhole('--runs', 1, 1_000_000_000),
      )
      .option(
        '--seed <n>',
        'seed (default: random, printed); fight i uses substream i, as fray sim',
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
        '--party <side>',
        "the players' side, by name or index (default: the side marked players: true)",
      )
      .option(
        '--bands <file>',
        'your band limits (YAML or JSON: easy, fair, hard, each win, someoneDown, someoneDies)',
      )
      .option(
        '--target <band>',
        'propose the smallest changes (a monster fewer or more, another of its bestiary group) that make it easy, fair, hard or deadly, each played',
      )
      .option(
        '--precision <w>',
        'on the edge of two bands, stop once every figure is known to ± w (default 0.01)',
        parseFraction('--precision'),
      )
      .option('--json', 'print one JSON object (schema fray-danger/1, docs/simulation.md)'),
  ).action(async (file: string, o: DangerOpts) =>
    (await import('./danger.js')).danger(io, file, o, randomSeed),
  );
  common(
    p
      .command('compare')
      .description(
        'two variants of an encounter, solved exactly or run on the same dice: what changes, with 95% intervals when simulated',
      )
      .argument('<file>', 'encounter file (YAML or JSON)')
      .option(
        '--a <spec>',
        'variant A: rule options (criticals=detailed), edits (sides[0].combatants[0].profile.WS=45) or file=OTHER.yaml; comma-separated or repeated',
        collect,
      )
      .option('--b <spec>', 'variant B, written the same way; comma-separated or repeated', collect)
      .option(
        '--method <m>',
        'auto: solve A and B exactly when each is a duel fray odds solves, else simulate; exact; sim',
        parseMethod,
        'auto',
      )
      .option(
        '--runs <n>',
        'paired fights, when simulated (with --until-ci, the most)',
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
  ).action(async (file: string, o: CompareOpts) =>
    (await import('./compare.js')).compare(io, file, o, randomSeed),
  );
  common(
    p
      .command('sweep')
      .description(
        'vary parameters of an encounter over a grid and solve or simulate every point: a table and a plot',
      )
      .argument('<file>', 'encounter file (YAML or JSON)')
      .option(
        '--vary <spec>',
        "a parameter and its values: 'sides[0].combatants[0].profile.WS=25..65:5' or path=a,b,c (repeat for a grid)",
        collect,
      )
      .option(
        '--method <m>',
        'auto: solve every point exactly when each is a duel fray odds solves, else simulate; exact; sim',
        parseMethod,
        'auto',
      )
      .option('--runs <n>', 'fights at each point, when simulated', parseWhole('--runs', 1, 1_000_000_000))
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
  ).action(async (file: string, o: SweepOpts) => (await import('./sweep.js')).sweep(io, file, o, randomSeed));
  common(
    p
      .command('odds')
      .description(
        'exact odds by enumerating the dice: one blow per pair, and the whole fight where its state is small',
      )
      .argument('<file>', 'encounter file (YAML or JSON)')
      .option('--json', 'print one JSON object (schema fray-odds/1)'),
  ).action(async (file: string, o: OddsOpts) => (await import('./odds.js')).odds(io, file, o));
  p.command('merge')
    .description('add up the parts of one simulation (fray sim --shard K/N --out FILE) into its totals')
    .argument('<parts...>', 'the part files, all N of them')
    .option('--json', 'print one JSON object (schema fray-sim/2)')
    .action(async (parts: string[], o: { json?: boolean }) => (await import('./sim.js')).merge(io, parts, o));
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
  ).action(async (file: string | undefined, o: SheetOpts) => (await import('./sheet.js')).sheet(io, file, o));
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
    .action(async (save: string, o: { party?: string; yes?: boolean; allowPath?: string[] }) => {
      const { checkAllowed } = await import('../files/disk.js');
      return (await import('./party.js')).partyApply(io, save, {
        ...o,
        allowPath: checkAllowed(o.allowPath ?? []),
      });
    });
  p.command('import')
    .description(
      'read a creature or character as a book or web page prints it into one combatant entry (YAML); what was read and what was not, on stderr',
    )
    .argument('<file>', 'the stat block (text); - reads standard input')
    .option('--ruleset <id>', `the ruleset the block is written for (${RULESET_IDS.join(', ')})`)
    .option('--name <name>', 'the name to give it (else the name line above the profile)')
    .option('--out <file>', 'write the entry to FILE (never over the block read); - for standard output')
    .option('--json', 'print the entry with what was read, not used and warned of, as JSON')
    .action(async (file: string, o: ImportOpts) => (await import('./import.js')).importCommand(io, file, o));
  p.command('serve')
    .description("the campaign and the GM's screen in a browser: a local web server (docs/api.md)")
    .option('--campaign <file>', 'the campaign file (SQLite), made on first use', 'fray-campaign.db')
    .option('--port <n>', 'the port', parseWhole('--port', 0, 65535), 4400)
    .option('--host <host>', 'the address to listen on (0.0.0.0: the whole network)', '127.0.0.1')
    .option(
      '--allow-host <name>',
      "answer to NAME too, besides localhost and this computer's addresses (a name the devices reach it by; repeatable)",
      collect,
    )
    .option(
      '--new-token',
      "make a new GM's token (pages signed in with the old one must open the new address)",
    )
    .action(async (o: ServeOpts) => (await import('./serve.js')).serve(io, o));
  p.command('schema')
    .description(
      "print the JSON Schema of a kind of file (encounter, party, character, or a data file such as weapons), for an editor's completion and checks",
    )
    .argument('[kind]', 'encounter, party, character, or a data file of the ruleset; left out, the kinds')
    .requiredOption('--ruleset <id>', `the ruleset (${RULESET_IDS.join(', ')})`)
    .option('--list', 'list the kinds of file the ruleset has schemas for')
    .option(
      '--table <name=file>',
      'list the names (creatures, weapons, …) of your own table in place of the shipped one (repeatable), e.g. bestiary=my.yaml',
      collect,
    )
    .action(async (kind: string | undefined, o: SchemaOpts) =>
      (await import('./schema.js')).schemaCommand(io, kind, o),
    );
  p.command('rulesets')
    .description('list the rulesets and their options')
    .option('--json', 'as JSON')
    .action(async (o: { json?: boolean }) => (await import('./rulesets.js')).listRulesets(io, o));
  p.command('completion')
    .description(
      'print a completion script for your shell: commands, flags, rule options and their values, ruleset ids, files',
    )
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .action(async (shell: (typeof SHELLS)[number]) => {
      io.out.write((await import('./completion.js')).completionScript(p, shell));
    });
  for (const [path, lines] of Object.entries(EXAMPLES)) {
    let c: Command | undefined = p;
    for (const name of path.split(' ')) c = c?.commands.find((x) => x.name() === name);
    if (!c) throw new Error(`no command '${path}' to give examples to`);
    examples(c, lines);
  }
  examples(p, (d) => [
    `fray fight ${d}/wfrp1e/encounters/demo.yaml --seed 7`,
    `fray sim ${d}/wfrp1e/encounters/demo.yaml --runs 2000`,
    'fray fight --help',
  ]);
  return p;
}

const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** Each command's examples, the shipped data folder given as `d`. */
const EXAMPLES: Readonly<Record<string, (d: string) => readonly string[]>> = {
  fight: (d) => [
    `fray fight ${d}/wfrp1e/encounters/demo.yaml --seed 7`,
    `fray fight ${d}/openquest/encounters/duel.yaml -o fumbles=none --seed 3 --json`,
    `fray fight ${d}/wfrp1e/encounters/demo.yaml --interactive --save fight.json`,
  ],
  sim: (d) => [
    `fray sim ${d}/wfrp1e/encounters/demo.yaml`,
    `fray sim ${d}/wfrp1e/encounters/demo.yaml --runs 2000 --seed 7 -o criticals=sudden-death`,
    `fray sim ${d}/openquest/encounters/duel.yaml --until-ci 0.01 --json`,
  ],
  danger: (d) => [
    `fray danger ${d}/wfrp1e/encounters/demo.yaml`,
    `fray danger ${d}/wfrp1e/encounters/two-goblins.yaml --target fair --seed 5`,
  ],
  compare: (d) => [
    `fray compare ${d}/wfrp1e/examples/reference-duel-sudden-death.yaml --b 'sides[1].combatants[0].tactics.parry=always'`,
    `fray compare ${d}/wfrp1e/encounters/demo.yaml --a criticals=detailed --b criticals=sudden-death --runs 2000 --seed 1`,
  ],
  sweep: (d) => [
    `fray sweep ${d}/wfrp1e/examples/reference-duel-sudden-death.yaml --vary 'sides[0].combatants[0].profile.WS=30..60:10'`,
    `fray sweep ${d}/wfrp1e/encounters/demo.yaml --vary 'options.criticals=detailed,sudden-death' --runs 1000 --seed 1`,
  ],
  odds: (d) => [
    `fray odds ${d}/wfrp1e/examples/reference-duel-sudden-death.yaml`,
    `fray odds ${d}/openquest/encounters/duel.yaml --json`,
  ],
  merge: (d) => [
    `fray sim ${d}/wfrp1e/encounters/demo.yaml --runs 100000 --seed 42 --shard 1/2 --out part-1.json`,
    `fray sim ${d}/wfrp1e/encounters/demo.yaml --runs 100000 --seed 42 --shard 2/2 --out part-2.json`,
    'fray merge part-1.json part-2.json',
  ],
  sheet: (d) => [
    `fray sheet ${d}/wfrp1e/encounters/demo.yaml`,
    'fray sheet --ruleset openquest',
    'fray sheet --ruleset wfrp1e --creature minotaur',
  ],
  party: (d) => [
    `fray fight ${d}/wfrp1e/campaign/ambush.yaml --seed 4 --save ambush.json`,
    `fray party apply ambush.json --party ${d}/wfrp1e/campaign/heroes.yaml`,
  ],
  'party apply': (d) => [
    `fray fight ${d}/wfrp1e/campaign/ambush.yaml --seed 4 --save ambush.json`,
    `fray party apply ambush.json --party ${d}/wfrp1e/campaign/heroes.yaml`,
  ],
  import: (d) => [
    `fray import ${d}/blocks/wfrp1e-orc-raider.txt --ruleset wfrp1e`,
    `fray import ${d}/blocks/oq-ghoul.txt --ruleset openquest --json`,
  ],
  serve: () => ['fray serve', 'fray serve --campaign my-campaign.db --port 8080'],
  schema: (d) => [
    'fray schema --ruleset wfrp1e',
    'fray schema encounter --ruleset wfrp1e > encounter.schema.json',
    `fray schema encounter --ruleset openquest --table bestiary=${d}/openquest/bestiary.yaml`,
  ],
  rulesets: () => ['fray rulesets', 'fray rulesets --json'],
  completion: () => [
    'fray completion bash > ~/.local/share/bash-completion/completions/fray',
    'fray completion zsh > "${fpath[1]}/_fray"',
    'fray completion fish > ~/.config/fish/completions/fray.fish',
  ],
};

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
    if ((await import('./errors.js')).isUserError(e)) {
      io.err.write(`fray: ${(e as Error).message}\n`);
      return 2;
    }
    // A simulation that could not finish names the run and its replay: a stack would say less.
    if (e instanceof (await import('../sim/run.js')).SimFailure) {
      io.err.write(`fray: ${e.message}\n`);
      return 1;
    }
    io.err.write(`fray: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}
