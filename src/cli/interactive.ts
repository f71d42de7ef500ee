import { createInterface, type Interface } from 'node:readline/promises';
import {
  asksPerson,
  HeldDice,
  rollFollowing,
  tableOf,
  type AskingPolicy,
  type Table,
} from '../core/asking.js';
import { AskingDriver } from '../core/context.js';
import { InputError } from '../core/request.js';
import { formatRuling, isRuling, type SettableNumber } from '../core/rulings.js';
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
import { readText, writeAtomic } from '../files/disk.js';
import { checkAllUsed, replaying, saveText, withNewcomer, type FightFile } from '../files/fight-file.js';
import { SourceDoc, ValidationError } from '../core/document.js';
import { formatEvent, type Style } from './print.js';
import { drawTracker, trackerLine } from './tracker.js';

export interface InteractiveOptions {
  readonly seed: number;
  readonly maxRounds: number | null;
  readonly savePath: string | null;
  readonly style: Style;
  /** Sides whose decisions and rolls are left to tactics and dice. */
  readonly autoSides: readonly number[];
  /** Whose dice Fray rolls without asking (--roll). */
  readonly roll: AskingPolicy['roll'];
  /** Combatants (ids) whose routine decisions are asked too, or ['all'] (--ask). */
  readonly ask: readonly string[];
  /** A line of the tracker after each turn (--tracker; `tracker on|off` at a question). */
  readonly tracker: boolean;
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

const HELP = `Type the number of a choice, or the roll the dice show (00 is 100 on a D100, 0 is 10 on a D10;
several dice: the total or each die, "3 4"). Enter alone: the suggested choice, or roll the dice.
When a roll says "with D6 damage", the dice rolled together may be typed at once: "37 4"
(after a roll of several dice, put a slash between: "3 4 / 5"); the second is used if it comes to it.
Routine decisions (fighting on at the same foe) are taken without asking: "ask NAME" asks them
for that combatant, "ask all" for everyone, "ask none" stops.
The GM's rulings, at any question (each kept in the log and the save with its reason; undo takes one back):
  mod -10 fog            a one-off modifier to the roll being asked (what it needs, or its column)
  set NAME W 3 healed    set a number of a combatant (set NAME alone lists them: W, HP, ammunition, conditions)
  give 15 hits the head  answer the question yourself, with the reason, instead of the dice
  enter NAME reason      bring in one written with enters: true;  leave NAME reason: it leaves the fight
Commands: undo (take back the last answer), status (the tracker: order, W/HP, conditions, the board),
tracker on|off (its line after each turn), roll 2D6+3 (any dice, outside the fight),
ask NAME|all|none, auto (finish the fight by itself), save, quit, help.`;

function describeRequest(req: Request): string {
  if (req.kind === 'roll') {
    const dice = `${req.count === 1 ? '' : req.count}D${req.sides}`;
    const t = req.then;
    const then = t
      ? `; with it, if it comes to it: ${t.each ? `${t.label}, ${t.count} × D${t.sides}` : t.label}`
      : '';
    return `Roll ${dice} for ${req.label}${then}`;
  }
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
    prompt += req.then ? ' [enter: roll both] > ' : ' [enter: roll] > ';
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
  // The fight's encounter changes when the GM brings in a newcomer (enter CREATURE SIDE).
  let fight = ff;
  let { ruleset, setup } = ff.loaded;
  // Dice for new rolls: a substream of the seed past the inputs already given, so a resumed fight
  // does not roll its first session's dice again.
  const dice = new SeededDice(new Streams(opts.seed).stream(ff.inputs.length));
  // The GM's own rolls ("roll 2D6") are not part of the fight and do not touch its dice.
  const gmDice = new SeededDice(Rng.seeded(Math.floor(Math.random() * 0x100000000)));
  const inputs: Input[] = [...ff.inputs];
  let shown = 0;
  let auto = false;
  let quiet = false;
  let table: Table = tableOf(ruleset.create(setup));
  const policy: { autoSides: Set<number>; roll: AskingPolicy['roll']; askRoutine: Set<string> | 'all' } = {
    autoSides: new Set(opts.autoSides),
    roll: opts.roll,
    askRoutine: opts.ask.includes('all') ? 'all' : new Set(opts.ask),
  };
  const held = new HeldDice();
  const say = (s: string) => opts.output.write(`${s}\n`);
  const rl: Interface = createInterface({ input: opts.input, output: opts.output, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | null> => {
    opts.output.write(prompt);
    const next = await lines.next();
    return next.done ? null : String(next.value);
  };
  /** A request the person answers (as opposed to one left to tactics, routine and dice). */
  const personal = (req: Request): boolean => asksPerson(req, table, policy);
  const driver = new AskingDriver(dice, (req) => !auto && personal(req));
  const save = () => {
    if (opts.savePath) writeAtomic(opts.savePath, saveText(fight, inputs, opts.seed, opts.maxRounds));
  };
  let first = true;
  let trackerShown = opts.tracker;
  /** The turn whose tracker line was printed last: a new one prints when another's turn (or round) comes. */
  let lastTurn = '';

  try {
    for (;;) {
      /** Where each answer a person gives (or would give) stands in the log: what undo goes back to. */
      const answerable: number[] = [];
      const result = replaying(fight, () =>
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
      // Rebuilt each time: combatants may join during the fight.
      table = tableOf(result.state);
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
      const turn = req?.actor !== undefined ? `${result.state.round}:${req.actor}` : lastTurn;
      if (trackerShown && turn !== lastTurn)
        say(`\n  ${trackerLine(ruleset.tracker(result.state), req?.actor ?? null)}`);
      lastTurn = turn;
      // The second half of dice typed together ("37 4"): answers its roll without asking.
      const kept = req ? held.take(req) : null;
      if (kept !== null) {
        inputs.push(kept);
        continue;
      }
      let answer: Input | null = null;
      while (answer === null) {
        const line = await ask(
          req
            ? promptFor(req)
            : '\nThe fight is over. [enter: done, undo: take back the last answer, status: the tracker] > ',
        );
        if (line === null) {
          if (req) say('\nInput ended: stopping here.');
          return result;
        }
        const text = line.trim();
        const cmd = text.toLowerCase();
        if (req === null && cmd !== 'undo' && cmd !== 'status') return result;
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
          for (const l of drawTracker(ruleset.tracker(result.state), req?.actor ?? null)) say(`  ${l}`);
        } else if (cmd === 'tracker' || cmd.startsWith('tracker ')) {
          const arg = cmd.slice(7).trim();
          if (arg === 'on' || arg === 'off') {
            trackerShown = arg === 'on';
            say(`  The tracker line is ${arg}.`);
          } else say('  tracker on|off: a line of the tracker after each turn, or not (status: all of it)');
        } else if (cmd.startsWith('roll ')) {
          try {
            const d = parseDice(text.slice(5));
            say(
              `  ${formatDice(d)}: ${gmDice.roll({ count: d.count, sides: d.sides, label: 'GM' }) + d.plus}`,
            );
          } catch (e) {
            say(`  ${(e as Error).message}`);
          }
        } else if (/^(mod|modify|set|give|enter|leave)(\s|$)/.test(cmd)) {
          const r = ruling(text, req, result.state, ruleset.rulings?.numbers.bind(ruleset.rulings));
          if (typeof r === 'string') {
            say(`  ${r}`);
            continue;
          }
          let next = fight;
          let added = r.inputs;
          if (r.newcomer) {
            try {
              const n = withNewcomer(fight, r.newcomer.side, r.newcomer.entry);
              next = n.ff;
              added = [formatRuling({ kind: 'enter', who: n.id, why: r.newcomer.why })];
            } catch (e) {
              // The encounter it was written into is Fray's copy: its lines mean nothing to the GM.
              const why =
                e instanceof ValidationError
                  ? e.issues
                      .map(
                        (i) =>
                          `${i.path.replace(/^encounter\.sides\[\d+\]\.combatants\[\d+\]\.?/, '')}${i.path ? ': ' : ''}${i.message}`,
                      )
                      .join('; ')
                  : (e as Error).message;
              say(`  ${why}; nothing changed.`);
              continue;
            }
          }
          // A ruling that does not fit the fight is refused here, with the engine's reason, and not kept.
          try {
            runFight(next.loaded.ruleset, next.loaded.setup, {
              inputs: [...inputs, ...added],
              driver,
              maxRounds: opts.maxRounds ?? undefined,
            });
          } catch (e) {
            if (e instanceof InputError) {
              say(`  ${e.message.replace(/^input \d+: /, '')}; nothing changed.`);
              continue;
            }
            throw e;
          }
          fight = next;
          ({ ruleset, setup } = next.loaded);
          inputs.push(...added);
          const first = added[0] as string;
          if (first.startsWith('!modify'))
            say(`  (${first.slice(8).replace(' | ', ': ')} to this roll, by the GM's ruling)`);
          break;
        } else if (cmd === 'ask' || cmd.startsWith('ask ')) {
          say(`  ${askCommand(text.slice(3).trim(), result.state, policy)}`);
        } else if (cmd === 'auto') {
          auto = true;
          break;
        } else if (cmd === 'undo') {
          const rulingsAt = inputs.flatMap((x, i) => (isRuling(x) ? [i] : []));
          const back = [...answerable, ...rulingsAt]
            .filter((i) => i < inputs.length)
            .sort((a, b) => a - b)
            .pop();
          if (back === undefined) {
            say('  Nothing to undo.');
            continue;
          }
          inputs.length = back;
          held.clear();
          quiet = true;
          auto = false;
          say('  (undone: back to the last question you answered)');
          break;
        } else if (req) {
          try {
            if (req.kind === 'roll' && req.then) {
              const both = readRollAndThen(req, text, dice);
              answer = both.value;
              held.hold(req.actor, req.then, both.then);
            } else answer = readAnswer(req, text, dice);
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

/** A combatant the GM brings in that the encounter does not have yet: written into it. */
interface Newcomer {
  readonly side: number;
  readonly entry: Record<string, unknown>;
  readonly why: string;
}

/**
 * A ruling typed at a question, as the inputs it adds to the log, or why it cannot be given.
 * `give VALUE reason` adds the ruling and then the answer itself.
 */
function ruling(
  text: string,
  req: Request | null,
  st: FightState,
  numbers: ((st: FightState, id: string) => readonly SettableNumber[]) | undefined,
): { inputs: Input[]; newcomer?: Newcomer } | string {
  const [verb = '', ...rest] = text.trim().split(/\s+/);
  const v = verb.toLowerCase();
  const why = (from: number) => rest.slice(from).join(' ').replace(/\|/g, '/');
  const who = (name: string | undefined): { id: string; name: string } | string => {
    const c = name ? findCombatant(st, name) : null;
    return (
      c ??
      `who? (one of: ${st.combatants.map((x) => x.name.replace(/ /g, '-')).join(', ')}; a name with spaces: its id, or dashes)`
    );
  };
  if (req === null) return 'The fight is over: no ruling changes it now (undo first).';
  switch (v) {
    case 'mod':
    case 'modify': {
      if (req.kind !== 'roll') return 'mod goes with a roll: give it when a roll is asked.';
      if (!/^[-+]?\d+$/.test(rest[0] ?? '')) return 'mod what? a whole number and the reason: mod -10 fog';
      return { inputs: [formatRuling({ kind: 'modify', by: Number(rest[0]), why: why(1) })] };
    }
    case 'set': {
      const c = who(rest[0]);
      if (typeof c === 'string') return `set ${c}`;
      const list = numbers?.(st, c.id) ?? [];
      if (rest.length < 3)
        return list.length
          ? `${c.name}'s numbers: ${list.map((n) => `${n.name} ${n.value}${n.about ? ` (${n.about})` : ''}`).join('; ')}. set ${c.name.replace(/ /g, '-')} NAME VALUE reason`
          : `${c.name} has no numbers to set.`;
      if (!/^[-+]?\d+$/.test(rest[2] ?? '')) return `set: '${rest[2]}' is not a whole number`;
      return {
        inputs: [
          formatRuling({
            kind: 'set',
            who: c.id,
            what: rest[1] as string,
            value: Number(rest[2]),
            why: why(3),
          }),
        ],
      };
    }
    case 'give': {
      if (rest.length === 0) return 'give what? the answer, then the reason: give 15 the blow hits the head';
      let answer: Input;
      try {
        answer = readAnswer(req, rest[0] as string, null);
      } catch (e) {
        return `give: ${(e as Error).message}`;
      }
      return { inputs: [formatRuling({ kind: 'give', why: why(1) }), answer] };
    }
    case 'enter': {
      // Someone written with enters: true, else a creature of the bestiary or a file of one, for a side.
      const c = rest[0] ? findCombatant(st, rest[0]) : null;
      if (c) return { inputs: [formatRuling({ kind: 'enter', who: c.id, why: why(1) })] };
      const side = st.sides.findIndex(
        (x) => x.name.toLowerCase().replace(/ /g, '-') === (rest[1] ?? '').toLowerCase(),
      );
      if (!rest[0] || side < 0)
        return `enter whom? enter NAME (one written with enters: true), or enter CREATURE SIDE reason, a creature of the bestiary or a file of one combatant, for a side (${st.sides.map((x) => x.name.replace(/ /g, '-')).join(', ')})`;
      const given = rest[0];
      let entry: Record<string, unknown>;
      if (/[/\\]|\.(ya?ml|json)$/i.test(given)) {
        try {
          const doc = SourceDoc.parse(given, readText(given).text);
          if (doc.data === null || typeof doc.data !== 'object' || Array.isArray(doc.data))
            return `enter: ${given} is not one combatant (a map of name, profile, …)`;
          entry = doc.data as Record<string, unknown>;
        } catch (e) {
          return `enter: ${(e as Error).message.replace(/\n/g, ' ')}`;
        }
      } else entry = { use: given };
      return { inputs: [], newcomer: { side, entry, why: why(2) } };
    }
    case 'leave': {
      const c = who(rest[0]);
      if (typeof c === 'string') return `leave ${c}`;
      return { inputs: [formatRuling({ kind: 'leave', who: c.id, why: why(1) })] };
    }
  }
  return `'${verb}' is not a ruling`;
}

/** A combatant by id or name (any case). */
function findCombatant(st: FightState, n: string): { id: string; name: string } | null {
  const l = n.toLowerCase();
  const dashed = (s: string) => s.toLowerCase().replace(/ /g, '-');
  return (
    st.combatants.find(
      (c) => c.id.toLowerCase() === l || c.name.toLowerCase() === l || dashed(c.name) === l,
    ) ?? null
  );
}

/** `ask NAME|all|none`: whose routine decisions are asked. */
function askCommand(arg: string, st: FightState | null, policy: { askRoutine: Set<string> | 'all' }): string {
  if (arg === 'all') {
    policy.askRoutine = 'all';
    return 'Every decision is asked, routine ones too.';
  }
  if (arg === 'none') {
    policy.askRoutine = new Set();
    return 'Routine decisions are taken without asking.';
  }
  const found = st && arg !== '' ? findCombatant(st, arg) : null;
  if (found === null)
    return `ask what? ask NAME (one of: ${st?.combatants.map((c) => c.name).join(', ') ?? 'nobody yet'}), ask all, ask none`;
  if (policy.askRoutine === 'all') policy.askRoutine = new Set(st?.combatants.map((c) => c.id));
  policy.askRoutine.add(found.id);
  return `${found.name}'s routine decisions are asked too.`;
}

/**
 * A roll typed with the dice rolled together with it ("37 4": to hit, then damage). The second part
 * follows a slash, or, when the first roll is one die, the first number; enter rolls both.
 */
function readRollAndThen(
  req: Request & { kind: 'roll' },
  text: string,
  dice: SeededDice,
): { value: number; then: number[] } {
  const then = req.then;
  if (then === undefined) return { value: readAnswer(req, text, dice) as number, then: [] };
  if (text === '') return { value: dice.roll(req), then: rollFollowing(then, dice) };
  let first = text;
  let rest = '';
  const slash = text.indexOf('/');
  if (slash >= 0) {
    first = text.slice(0, slash);
    rest = text.slice(slash + 1);
  } else if (req.count === 1) {
    const parts = text.trim().split(/[\s,]+/);
    first = parts[0] ?? '';
    rest = parts.slice(1).join(' ');
  }
  const value = readRollEntry(req, first);
  if (rest.trim() === '') return { value, then: [] };
  if (!then.each) return { value, then: [readRollEntry(then, rest)] };
  // Dice that each count on their own: each die typed, as many as there are or fewer (the rest asked).
  const each = rest.trim().split(/[\s,]+/);
  if (each.length > then.count)
    throw new ImpossibleRollError(`${each.length} dice given after the first, ${then.count} go with it`);
  return {
    value,
    then: each.map((d) => readRollEntry({ count: 1, sides: then.sides, label: then.label }, d)),
  };
}

/**
 * What the person typed, as an input for the request (or the dice's roll / the suggestion on
 * enter). `dice`: null where Enter is no answer (the GM's own answer, given by a ruling).
 */
function readAnswer(req: Request, text: string, dice: SeededDice | null): Input {
  if (text === '' && dice === null) throw new ImpossibleRollError('no answer given');
  if (req.kind === 'roll') {
    if (text === '') return (dice as SeededDice).roll(req);
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
