// `fray fight`: one fight printed rule by rule, as JSON, or played at the terminal (-i). Loaded by
// the command line only when it runs (src/cli/main.ts).
import { AutoDriver } from '../core/context.js';
import { runFight } from '../core/fight.js';
import { citeRecord } from '../core/events.js';
import type { Input } from '../core/request.js';
import { describeOutcome, type FightState } from '../core/state.js';
import { parseDiceScript, ScriptedDice, SeededDice, Streams, type DiceSource } from '../dice/index.js';
import { checkAllowed, checkOutputs, inputsOf, STDOUT, writeAtomic } from '../files/disk.js';
import { ROLLERS, UsageError } from './usage.js';
import { runInteractive } from './interactive.js';
import {
  checkAllUsed,
  importFightFile,
  pairs,
  replaying,
  saveText,
  type FightFile,
} from '../files/fight-file.js';
import { formatEvent, type Style } from './print.js';
import { printoutIo, sayData, sayWarnings, writeOutput, type Io } from './io.js';

function style(io: Io, json: boolean): Style {
  return { color: !json && io.out.isTTY === true && !process.env.NO_COLOR, cites: true };
}

export interface FightOpts {
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

/** `fray fight`: `randomSeed` gives the seed when none is given (the command line's, printed). */
export async function fight(
  given: Io,
  file: string | undefined,
  o: FightOpts,
  randomSeed: () => number,
): Promise<void> {
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
  const ff = await importFightFile(
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
