import { createInterface, type Interface } from 'node:readline/promises';
import { AskingDriver } from '../core/context.js';
import type { FightEvent } from '../core/events.js';
import { runFight, type FightResult } from '../core/fight.js';
import { checkInput, type Input, type Request } from '../core/request.js';
import type { FightState } from '../core/state.js';
import {
  formatDice,
  ImpossibleRollError,
  parseDice,
  readRollEntry,
  Rng,
  SeededDice,
  Streams,
} from '../dice/index.js';
import { writeAtomic } from '../node/files.js';
import { checkAllUsed, replaying, saveText, type FightFile } from './load.js';
import { formatEvent, type Style } from './print.js';

export interface InteractiveOptions {
  readonly seed: number;
  readonly maxRounds: number | null;
  readonly savePath: string | null;
  readonly style: Style;
  /** Sides whose decisions and rolls are left to tactics and dice. */
  readonly autoSides: readonly number[];
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

const HELP = `Type the number of a choice, or the roll the dice show (00 is 100 on a D100, 0 is 10 on a D10;
several dice: the total or each die, "3 4"). Enter alone: the suggested choice, or roll the dice.
Commands: undo (take back the last answer), status, roll 2D6+3 (any dice, outside the fight),
auto (finish the fight by itself), save, quit, help.`;

function describeRequest(req: Request): string {
  if (req.kind === 'roll') return `Roll ${req.count === 1 ? '' : req.count}D${req.sides} for ${req.label}`;
  if (req.kind === 'amount') return `${req.label} (${req.min}..${req.max}, steps of ${req.step})`;
  return req.label;
}

/** The legal free answers a prompt shows: the first 40, and how many more. */
function freeOptions(options: readonly string[] | undefined): string {
  if (!options?.length) return '';
  const more = options.length > 40 ? ` and ${options.length - 40} more` : '';
  return ` (legal: ${options.slice(0, 40).join(' ')}${more})`;
}

function promptFor(req: Request): string {
  let prompt = `\n${describeRequest(req)}`;
  if (req.kind === 'choice') {
    const lines = req.choices.map(
      (c, i) => `  ${i + 1}) ${c.label}${c.key === req.suggested ? '  <- suggested' : ''}`,
    );
    for (const r of req.refused ?? []) lines.push(`     (not on offer: ${r.label})`);
    if (req.free) lines.push(`  or type ${req.free.hint}${freeOptions(req.free.options)}`);
    prompt += `\n${lines.join('\n')}\n[enter: ${req.choices.findIndex((c) => c.key === req.suggested) + 1}] > `;
  } else if (req.kind === 'roll') {
    prompt += ' [enter: roll] > ';
  } else {
    prompt += ` [enter: ${req.suggested}] > `;
  }
  return prompt;
}

/**
 * A person runs the fight: every decision and roll is asked (press enter for the suggestion or
 * for the dice), and every answer goes into the input log, so `undo` is: drop it, replay.
 */
export async function runInteractive(
  ff: FightFile,
  opts: InteractiveOptions,
): Promise<FightResult<FightState>> {
  const { ruleset, setup } = ff.loaded;
  // Dice for new rolls: a substream of the seed past the inputs already given, so a resumed fight
  // does not roll its first session's dice again.
  const dice = new SeededDice(new Streams(opts.seed).stream(ff.inputs.length));
  // The GM's own rolls ("roll 2D6") are not part of the fight and do not touch its dice.
  const gmDice = new SeededDice(Rng.seeded(Math.floor(Math.random() * 0x100000000)));
  const inputs: Input[] = [...ff.inputs];
  let shown = 0;
  let auto = false;
  let quiet = false;
  let sideById: Map<string, number> | null = null;
  const say = (s: string) => opts.output.write(`${s}\n`);
  const rl: Interface = createInterface({ input: opts.input, output: opts.output, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | null> => {
    opts.output.write(prompt);
    const next = await lines.next();
    return next.done ? null : String(next.value);
  };
  /** A request the person answers (as opposed to one left to tactics and dice). */
  const personal = (req: Request): boolean => {
    if (req.actor === undefined || sideById === null) return true;
    const side = sideById.get(req.actor);
    return side === undefined || !opts.autoSides.includes(side);
  };
  const driver = new AskingDriver(dice, (req) => !auto && personal(req));
  const save = () => {
    if (opts.savePath) writeAtomic(opts.savePath, saveText(ff, inputs, opts.seed, opts.maxRounds));
  };
  let first = true;

  try {
    for (;;) {
      /** Where each answer a person gives (or would give) stands in the log: what undo goes back to. */
      const answerable: number[] = [];
      const result = replaying(ff, () =>
        runFight(ruleset, setup, {
          inputs,
          driver,
          explain: true,
          record: true,
          maxRounds: opts.maxRounds ?? undefined,
          onAnswer: (req, index) => {
            if (personal(req)) answerable.push(index);
          },
        }),
      );
      if (first) {
        if (result.pending === null) checkAllUsed(ff, ff.inputs.length - result.unused);
        first = false;
      }
      if (sideById === null && result.state) {
        sideById = new Map(result.state.combatants.map((c) => [c.id, c.side]));
      }
      inputs.length = 0;
      inputs.push(...result.log);
      if (quiet) {
        shown = result.events.length;
        quiet = false;
      }
      for (; shown < result.events.length; shown++)
        say(formatEvent(result.events[shown] as FightEvent, opts.style));
      save();
      const req = result.pending;
      let answer: Input | null = null;
      while (answer === null) {
        const line = await ask(
          req ? promptFor(req) : '\nThe fight is over. [enter: done, undo: take back the last answer] > ',
        );
        if (line === null) {
          if (req) say('\nInput ended: stopping here.');
          return result;
        }
        const text = line.trim();
        const cmd = text.toLowerCase();
        if (req === null && cmd !== 'undo') return result;
        if (cmd === 'help' || cmd === '?') {
          say(HELP);
        } else if (cmd === 'quit' || cmd === 'exit') {
          say(
            opts.savePath
              ? `Saved to ${opts.savePath}.`
              : 'Stopped (not saved: use --save FILE to keep a fight).',
          );
          return result;
        } else if (cmd === 'save') {
          say(opts.savePath ? `Saved to ${opts.savePath}.` : 'No save file: start with --save FILE.');
        } else if (cmd === 'status') {
          if (result.state) for (const l of ruleset.describe(result.state)) say(`  ${l}`);
        } else if (cmd.startsWith('roll ')) {
          try {
            const d = parseDice(text.slice(5));
            say(
              `  ${formatDice(d)}: ${gmDice.roll({ count: d.count, sides: d.sides, label: 'GM' }) + d.plus}`,
            );
          } catch (e) {
            say(`  ${(e as Error).message}`);
          }
        } else if (cmd === 'auto') {
          auto = true;
          break;
        } else if (cmd === 'undo') {
          const back = answerable.filter((i) => i < inputs.length).pop();
          if (back === undefined) {
            say('  Nothing to undo.');
            continue;
          }
          inputs.length = back;
          quiet = true;
          auto = false;
          say('  (undone: back to the last question you answered)');
          break;
        } else if (req) {
          try {
            answer = readAnswer(req, text, dice);
          } catch (e) {
            say(`  ${(e as Error).message}; try again (help for help).`);
          }
        }
      }
      if (answer !== null) inputs.push(answer);
    }
  } finally {
    rl.close();
  }
}

/** What the person typed, as an input for the request (or the dice's roll / the suggestion on enter). */
function readAnswer(req: Request, text: string, dice: SeededDice): Input {
  if (req.kind === 'roll') {
    if (text === '') return dice.roll(req);
    return readRollEntry(req, text);
  }
  if (req.kind === 'choice') {
    if (text === '') return req.suggested;
    if (/^\d+$/.test(text)) {
      const n = Number(text);
      if (n >= 1 && n <= req.choices.length) return (req.choices[n - 1] as { key: string }).key;
    }
    const byKey = req.choices.find((c) => c.key === text);
    if (byKey) return byKey.key;
    // A free answer (a square, a point): refused here with the ruleset's reason, or taken as typed.
    if (req.free) return checkInput(req, text, 'your answer');
    throw new ImpossibleRollError(`'${text}' is not one of the choices 1..${req.choices.length}`);
  }
  if (text === '') return req.suggested;
  const n = Number(text);
  if (!/^-?\d+$/.test(text) || n < req.min || n > req.max || (n - req.min) % req.step !== 0) {
    throw new ImpossibleRollError(`expected ${req.min}..${req.max} in steps of ${req.step}`);
  }
  return n;
}
