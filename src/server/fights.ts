// A fight in the campaign, played from a page: replayed from its save and inputs at each step
// (the same replay model as the terminal: asking by src/core/asking.ts, the GM's rulings as
// inputs), with each step's new inputs committed to the store before the answer is acknowledged.
import { asksPerson, DEFAULT_POLICY, tableOf } from '../core/asking.js';
import { AskingDriver } from '../core/context.js';
import { formatCite, type FightEvent } from '../core/events.js';
import { runFight, type FightResult } from '../core/fight.js';
import { mapTargets, type FightMap, type MapTargets } from '../core/map.js';
import { InputError, type Input, type Request } from '../core/request.js';
import { formatRuling, isRuling, type Ruling } from '../core/rulings.js';
import { describeOutcome, type FightState } from '../core/state.js';
import type { Tracker } from '../core/tracker.js';
import { SeededDice, Streams } from '../dice/index.js';
import {
  checkAllUsed,
  replaying,
  saveFromText,
  saveText,
  withNewcomer,
  type FightFile,
} from '../files/fight-file.js';
import { ValidationError } from '../core/document.js';
import type { FightRow, Store } from './store.js';

/** A request as the page gets it: what is asked, of whom, with the choices or the dice. */
export interface Question {
  readonly kind: Request['kind'];
  readonly actor: string | null;
  readonly actorName: string | null;
  readonly label: string;
  readonly topic?: string;
  readonly choices?: readonly { readonly key: string; readonly label: string }[];
  readonly refused?: readonly { readonly key: string; readonly label: string }[];
  readonly suggested?: string | number;
  readonly free?: { readonly hint: string; readonly options: readonly string[] };
  /** A movement question on the map: every destination judged by the engine (src/core/map.ts). */
  readonly targets?: MapTargets;
  readonly count?: number;
  readonly sides?: number;
  readonly then?: {
    readonly count: number;
    readonly sides: number;
    readonly label: string;
    readonly each?: boolean;
  };
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
}

export interface FightView {
  readonly id: number;
  readonly title: string;
  readonly ruleset: string;
  readonly seed: number | null;
  readonly round: number;
  readonly outcome: string | null;
  readonly tracker: Tracker;
  /** The map of a fight with positions (the plane in yards, the grid), or null. */
  readonly map: FightMap | null;
  readonly question: Question | null;
  readonly events: readonly {
    readonly type: string;
    readonly round: number;
    readonly who: readonly string[];
    readonly text: string;
    readonly cite: string | null;
  }[];
  readonly inputs: number;
  /** Undo has somewhere to go back to. */
  readonly canUndo: boolean;
  /** The sides, and whether the tactics play each. */
  readonly sides: readonly { readonly name: string; readonly players: boolean; readonly auto: boolean }[];
}

/** A request the page may not make: the message says what and where; nothing was changed. */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

interface Played {
  readonly ff: FightFile;
  readonly result: FightResult<FightState>;
  /** Where each answer a person gave stands in the log (and each ruling): what undo goes back to. */
  readonly answerable: readonly number[];
}

/** The fight replayed from its inputs to the next question a person answers, rolling the others' dice. */
function play(ff: FightFile, inputs: readonly Input[], autoSides: readonly number[] = []): Played {
  const { ruleset, setup } = ff.loaded;
  const table = tableOf(ruleset.create(setup));
  const policy = { ...DEFAULT_POLICY, autoSides: new Set(autoSides) };
  const personal = (req: Request) => asksPerson(req, table, policy);
  // New dice from the substream past the inputs so far: a replay rolls no die twice.
  const dice = new SeededDice(new Streams(ff.seed ?? 0).stream(inputs.length));
  const answerable: number[] = [];
  const result = runFight(ruleset, setup, {
    inputs,
    driver: new AskingDriver(dice, personal),
    explain: true,
    record: true,
    maxRounds: ff.maxRounds ?? undefined,
    onAnswer: (req, i) => {
      if (personal(req)) answerable.push(i);
    },
  });
  inputs.forEach((x, i) => {
    if (isRuling(x)) answerable.push(i);
  });
  return { ff, result, answerable };
}

function question(req: Request | null, st: FightState, map: FightMap | null): Question | null {
  if (!req) return null;
  const actorName = req.actor ? (st.combatants.find((c) => c.id === req.actor)?.name ?? null) : null;
  const base = { kind: req.kind, actor: req.actor ?? null, actorName, label: req.label };
  if (req.kind === 'roll')
    return { ...base, count: req.count, sides: req.sides, ...(req.then ? { then: { ...req.then } } : {}) };
  if (req.kind === 'amount')
    return {
      ...base,
      topic: req.topic,
      min: req.min,
      max: req.max,
      step: req.step,
      suggested: req.suggested,
    };
  const targets = map ? mapTargets(map, req) : null;
  return {
    ...base,
    topic: req.topic,
    choices: req.choices.map((c) => ({ key: c.key, label: c.label })),
    suggested: req.suggested,
    ...(req.refused?.length ? { refused: req.refused.map((c) => ({ key: c.key, label: c.label })) } : {}),
    ...(req.free ? { free: { hint: req.free.hint, options: [...(req.free.options ?? [])] } } : {}),
    ...(targets ? { targets } : {}),
  };
}

function view(row: FightRow, p: Played): FightView {
  const { result, ff } = p;
  const st = result.state;
  const map = ff.loaded.ruleset.map?.(st) ?? null;
  return {
    id: row.id,
    title: row.title,
    ruleset: row.ruleset,
    seed: ff.seed,
    round: st.round,
    outcome: result.outcome ? describeOutcome(st, result.outcome) : null,
    tracker: ff.loaded.ruleset.tracker(st),
    map,
    question: question(result.pending, st, map),
    events: result.events.map((e: FightEvent) => ({
      type: e.type,
      round: e.round,
      who: e.who ?? [],
      text: e.text,
      cite: e.cite ? formatCite(e.cite) : null,
    })),
    inputs: result.log.length,
    canUndo: p.answerable.some((i) => i < result.log.length),
    sides: st.sides.map((sd, i) => ({ name: sd.name, players: sd.players, auto: row.autoSides.includes(i) })),
  };
}

/** The campaign's fights, as the API works them. Every change is one transaction. */
export class Fights {
  constructor(private readonly store: Store) {}

  private row(id: number): FightRow {
    const row = this.store.fight(id);
    if (!row) throw new Refusal(`no fight ${id}`, 404);
    return row;
  }

  private open(row: FightRow): FightFile {
    return saveFromText(`fight ${row.id}`, row.save);
  }

  /** Replays to the next question and keeps the inputs the dice added on the way. */
  private step(
    row: FightRow,
    ff: FightFile,
    inputs: readonly Input[],
    keep: number,
    stored: number,
    save?: string,
  ): FightView {
    const p = play(ff, inputs, row.autoSides);
    if (p.result.pending === null) checkAllUsed({ ...ff, inputs }, inputs.length - p.result.unused);
    return this.keep(row, p, keep, stored, save);
  }

  /** Commits what a replay made of the fight: its log past the first `keep` inputs, and how it ended. */
  private keep(row: FightRow, p: Played, keep: number, stored: number, save?: string): FightView {
    const log = p.result.log as Input[];
    const outcome = p.result.outcome ? describeOutcome(p.result.state, p.result.outcome) : null;
    // Looking at a fight writes nothing unless the dice moved it on.
    const moved = log.length !== stored || keep !== stored || outcome !== row.outcome || save !== undefined;
    if (moved) this.store.commit(row.id, Math.min(keep, log.length), log, outcome, save);
    return view(row, p);
  }

  /**
   * Starts a fight from a fight file: an encounter (no inputs yet) or an imported save, whose
   * inputs must replay (a problem is reported at its place in the save, and nothing is kept).
   */
  create(ff: FightFile, encounterId: number | null): number {
    const p = replaying(ff, () => play(ff, ff.inputs));
    if (p.result.pending === null) checkAllUsed(ff, ff.inputs.length - p.result.unused);
    const save = saveText(ff, [], ff.seed, ff.maxRounds);
    const id = this.store.addFight(
      { title: ff.loaded.setup.title, ruleset: ff.loaded.ruleset.id, encounterId, save },
      p.result.log as Input[],
    );
    if (p.result.outcome)
      this.store.commit(
        id,
        p.result.log.length,
        p.result.log as Input[],
        describeOutcome(p.result.state, p.result.outcome),
      );
    return id;
  }

  get(id: number): FightView {
    const row = this.row(id);
    const inputs = this.store.inputs(id);
    return this.step(row, this.open(row), inputs, inputs.length, inputs.length);
  }

  /** The person's answer to the question asked: checked against it, kept, and the fight played on. */
  answer(id: number, answer: Input): FightView {
    const row = this.row(id);
    const ff = this.open(row);
    const inputs = this.store.inputs(id);
    // One replay: the engine checks the answer against the question it meets there.
    let p: Played;
    try {
      p = play(ff, [...inputs, answer], row.autoSides);
    } catch (e) {
      if (e instanceof InputError) throw new Refusal(e.message.replace(/^input \d+: /, ''));
      throw e;
    }
    if (p.result.unused > 0) throw new Refusal('the fight is over: nothing is asked', 409);
    return this.keep(row, p, inputs.length, inputs.length);
  }

  /** Back to before the last answer a person gave (or ruling). */
  undo(id: number): FightView {
    const row = this.row(id);
    const ff = this.open(row);
    const inputs = this.store.inputs(id);
    const back = play(ff, inputs, row.autoSides)
      .answerable.filter((i) => i < inputs.length)
      .sort((a, b) => a - b)
      .pop();
    if (back === undefined) throw new Refusal('nothing to undo', 409);
    return this.step(row, ff, inputs.slice(0, back), back, inputs.length);
  }

  /** A GM's ruling at the question asked, kept with its reason, or refused with the engine's. */
  rule(id: number, ruling: Ruling, answer?: Input): FightView {
    const row = this.row(id);
    const ff = this.open(row);
    const inputs = this.store.inputs(id);
    if (!play(ff, inputs, row.autoSides).result.pending)
      throw new Refusal('the fight is over: no ruling changes it now', 409);
    const added: Input[] = [formatRuling(ruling), ...(answer !== undefined ? [answer] : [])];
    try {
      return this.step(row, ff, [...inputs, ...added], inputs.length, inputs.length);
    } catch (e) {
      if (e instanceof InputError) throw new Refusal(e.message.replace(/^input \d+: /, ''));
      throw e;
    }
  }

  /**
   * A newcomer from the bestiary (`{ use: orc }`) or written out whole, for a side: written into the
   * fight's encounter and brought in at the question asked, with the reason; refused with the
   * loader's reason, nothing kept.
   */
  reinforce(id: number, side: number, entry: Record<string, unknown>, why: string): FightView {
    const row = this.row(id);
    const ff = this.open(row);
    const inputs = this.store.inputs(id);
    if (!play(ff, inputs, row.autoSides).result.pending)
      throw new Refusal('the fight is over: nobody joins it now', 409);
    const sides = play(ff, inputs, row.autoSides).result.state.sides.length;
    if (side < 0 || side >= sides) throw new Refusal(`no side ${side}: the sides are 0..${sides - 1}`);
    let joined: { ff: FightFile; id: string };
    try {
      joined = withNewcomer({ ...ff, inputs }, side, entry, (text) => saveFromText(ff.doc.file, text));
    } catch (e) {
      if (e instanceof ValidationError)
        throw new Refusal(
          e.issues
            .map(
              (i) =>
                `${i.path.replace(/^encounter\.sides\[\d+\]\.combatants\[\d+\]\.?/, '')}${i.path ? ': ' : ''}${i.message}`,
            )
            .join('; '),
        );
      throw new Refusal((e as Error).message);
    }
    const next = { ...joined.ff, seed: ff.seed, maxRounds: ff.maxRounds };
    const save = saveText(next, [], next.seed, next.maxRounds);
    return this.step(
      row,
      next,
      [...inputs, formatRuling({ kind: 'enter', who: joined.id, why })],
      inputs.length,
      inputs.length,
      save,
    );
  }

  /** Lets the tactics play these sides (their decisions and dice), or gives them back to the table. */
  autoplay(id: number, sides: readonly number[]): FightView {
    const row = this.row(id);
    const ff = this.open(row);
    const inputs = this.store.inputs(id);
    const count = play(ff, inputs, row.autoSides).result.state.sides.length;
    const bad = sides.find((x) => x < 0 || x >= count);
    if (bad !== undefined) throw new Refusal(`no side ${bad}: the sides are 0..${count - 1}`);
    this.store.setAutoSides(id, [...new Set(sides)].sort());
    return this.get(id);
  }

  /** The fight as a save file, as `fray fight --save` writes it: `fray fight --resume` carries it on. */
  export(id: number): string {
    const row = this.row(id);
    const ff = this.open(row);
    return saveText(ff, this.store.inputs(id), ff.seed, ff.maxRounds);
  }
}
