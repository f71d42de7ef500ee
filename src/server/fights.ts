// A fight in the campaign, played from a page: replayed from its save and inputs at each step
// (the same replay model as the terminal: asking by src/core/asking.ts, the GM's rulings as
// inputs), with each step's new inputs committed to the store before the answer is acknowledged.
import { asksPerson, DEFAULT_POLICY, tableOf } from '../core/asking.js';
import { AskingDriver } from '../core/context.js';
import { formatCite, type FightEvent } from '../core/events.js';
import { runFight, type Checkpoint, type FightResult } from '../core/fight.js';
import { mapTargets, type FightMap, type MapTargets } from '../core/map.js';
import { InputError, isRollFor, type Input, type Request } from '../core/request.js';
import { formatRuling, isRuling, parseRuling, type Ruling } from '../core/rulings.js';
import { describeOutcome, type FightState } from '../core/state.js';
import type { CombatantSheet } from '../core/ruleset.js';
import type { Tracker } from '../core/tracker.js';
import {
  keepsAnything,
  makeVeil,
  playersSee,
  veilEvent,
  veilLabel,
  veilMap,
  veilTracker,
  type PlayersSee,
  type Veil,
  type VeiledTracker,
} from '../core/veil.js';
import { SeededDice, Streams } from '../dice/index.js';
import {
  checkAllUsed,
  replaying,
  saveFromText,
  saveText,
  withNewcomer,
  type FightFile,
} from '../files/fight-file.js';
import { formatIssue, ValidationError } from '../core/document.js';
import { DamagedRow, type FightRow, type GivenBy, type SeatRow, type Store } from './store.js';

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
  /** The GM's modifier given for this roll, which the rules add to what it needs when it is made. */
  readonly ruled?: { readonly by: number; readonly why: string };
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
  /** What the players see of this fight, as the GM set it. */
  readonly see: PlayersSee;
  /**
   * Set when the request said how much of the log it had (`?since=N&hash=H`): `events` are the
   * entries from N on, and the page keeps its first N (src/server/delta.ts).
   */
  readonly eventsFrom?: number;
  /** The answers the players gave from their own devices, latest last: the GM sees each and may undo it. */
  readonly answers: readonly GivenAnswer[];
  /**
   * By combatant id, the numbers a `set` ruling takes (the ruleset's own list, as the engine
   * checks it: W, HP, ammunition, a condition's rounds …), each with its value and bounds.
   */
  readonly settable: Readonly<Record<string, readonly Settable[]>>;
}

/** A number of a combatant the GM may set, as the page lists it. */
export interface Settable {
  /** As a `set` ruling names it: "W", "bow.ammo", "stunned". */
  readonly name: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly about?: string;
}

/** An answer a player gave from their device. */
export interface GivenAnswer {
  /** Its place in the log. */
  readonly index: number;
  /** Who gave it: the player's name and their character's. */
  readonly by: string;
  readonly question: string;
  readonly answer: string;
}

/** What a player's device is shown of a question: the whole question for the players' side, else whose turn it is. */
export type PlayersQuestion =
  | (Question & { readonly waiting?: undefined })
  | {
      readonly kind: Request['kind'];
      readonly actor: string | null;
      readonly actorName: string | null;
      /** The GM answers it: nothing of it is shown but whose it is. */
      readonly waiting: true;
    };

/** A fight as a player's device (or the table display) gets it: what the GM lets the players see. */
export interface PlayersView {
  readonly id: number;
  readonly title: string;
  readonly ruleset: string;
  readonly round: number;
  readonly outcome: string | null;
  /** The inputs so far: an answer names the step it answers, so an old one cannot be played again. */
  readonly step: number;
  readonly tracker: VeiledTracker;
  /** The map, where the fight has positions: in plain sight at the table. */
  readonly map: FightMap | null;
  readonly question: PlayersQuestion | null;
  /** The log as the players may see it, from entry `from` on (a device catching up gets what it lacks). */
  readonly events: { readonly from: number; readonly total: number; readonly items: readonly PlayerEvent[] };
  readonly sides: readonly { readonly name: string; readonly players: boolean }[];
  readonly see: PlayersSee;
  /** The player's own character: its sheet as the rules compute it, and how it stands now. */
  readonly you: { readonly id: string; readonly name: string; readonly sheet: readonly string[] } | null;
}

export interface PlayerEvent {
  readonly type: string;
  readonly round: number;
  readonly who: readonly string[];
  readonly text: string;
  readonly cite: string | null;
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
  /** The request each input of the log answered, by its place. */
  readonly asked: ReadonlyMap<number, Request>;
  /** The sides the tactics play, as this replay asked. */
  readonly autoSides: readonly number[];
  /** The fight as each round began, the earliest first: where the next replay starts (issue 46). */
  readonly checkpoints: readonly Checkpoint[];
}

/**
 * The fight played from its inputs to the next question a person answers, rolling the others'
 * dice. With `warm`, an earlier replay of the same fight: it starts at the last round that replay
 * began on the same inputs, so an answer costs a round, not the fight (the replay from the first
 * input gives the same, as test/warm.test.ts holds it at every step).
 */
function play(
  ff: FightFile,
  inputs: readonly Input[],
  autoSides: readonly number[] = [],
  warm?: Played,
): Played {
  const { ruleset, setup } = ff.loaded;
  const table = tableOf(ruleset.create(setup));
  const policy = { ...DEFAULT_POLICY, autoSides: new Set(autoSides) };
  const personal = (req: Request) => asksPerson(req, table, policy);
  // New dice from the substream past the inputs so far: a replay rolls no die twice.
  const dice = new SeededDice(streamsOf(ff).stream(inputs.length));
  const from = warm ? startOf(warm, ff, inputs, autoSides) : null;
  const checkpoints: Checkpoint[] = [];
  const answerable: number[] = [];
  const asked = new Map<number, Request>();
  if (from && warm) {
    const at = from.mark.at;
    for (const cp of warm.checkpoints) if (cp.mark.at <= at) checkpoints.push(cp);
    for (const i of warm.answerable) if (i < at && !isRuling(inputs[i] as Input)) answerable.push(i);
    for (const [i, req] of warm.asked) if (i < at) asked.set(i, req);
  }
  const result = runFight(ruleset, setup, {
    inputs,
    driver: new AskingDriver(dice, personal),
    explain: true,
    record: true,
    maxRounds: ff.maxRounds ?? undefined,
    onAnswer: (req, i) => {
      asked.set(i, req);
      if (personal(req)) answerable.push(i);
    },
    checkpoint: (cp) => {
      if (!from || cp.mark.at > from.mark.at) checkpoints.push(cp);
    },
    ...(from && warm ? { from: { checkpoint: from, events: warm.result.events } } : {}),
  });
  inputs.forEach((x, i) => {
    if (isRuling(x)) answerable.push(i);
  });
  return { ff, result, answerable, asked, autoSides, checkpoints };
}

/**
 * Each fight file's substreams: an answer moves a few streams on from the last one asked, a step
 * rather than a leap from the seed (docs/performance.md, issue 46).
 */
const STREAMS = new WeakMap<FightFile, Streams>();
function streamsOf(ff: FightFile): Streams {
  let streams = STREAMS.get(ff);
  if (!streams) STREAMS.set(ff, (streams = new Streams(ff.seed ?? 0)));
  return streams;
}

/** The last round an earlier replay began whose inputs so far are these inputs' first ones; null if none. */
function startOf(
  warm: Played,
  ff: FightFile,
  inputs: readonly Input[],
  autoSides: readonly number[],
): Checkpoint | null {
  if (warm.ff !== ff || warm.autoSides.join() !== autoSides.join()) return null;
  const log = warm.result.log;
  let same = 0;
  const most = Math.min(log.length, inputs.length);
  while (same < most && log[same] === inputs[same]) same++;
  for (let k = warm.checkpoints.length - 1; k >= 0; k--) {
    const cp = warm.checkpoints[k] as Checkpoint;
    if (cp.mark.at <= same) return cp;
  }
  return null;
}

/** The GM's modifier for the roll asked: the last `!modify` of the rulings given since the last answer. */
function pendingModifier(log: readonly Input[]): { by: number; why: string } | null {
  for (let i = log.length - 1; i >= 0 && isRuling(log[i] as Input); i--) {
    const r = parseRuling(log[i] as string);
    if (r.kind === 'modify') return { by: r.by, why: r.why };
  }
  return null;
}

function question(
  req: Request | null,
  st: FightState,
  map: FightMap | null,
  log: readonly Input[] = [],
): Question | null {
  if (!req) return null;
  const actorName = req.actor ? (st.combatants.find((c) => c.id === req.actor)?.name ?? null) : null;
  const base = { kind: req.kind, actor: req.actor ?? null, actorName, label: req.label };
  if (req.kind === 'roll') {
    const ruled = pendingModifier(log);
    return {
      ...base,
      count: req.count,
      sides: req.sides,
      ...(req.then ? { then: { ...req.then } } : {}),
      ...(ruled ? { ruled } : {}),
    };
  }
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

/** An answer as the log's reader says it: a choice's label, a roll's total. */
function answerText(req: Request | undefined, x: Input): string {
  if (req?.kind === 'choice') return req.choices.find((c) => c.key === x)?.label ?? String(x);
  return String(x);
}

/**
 * An event as the page reads it, made once: a replay from a checkpoint keeps the events said
 * before it, so an answer makes only the new ones (issue 46).
 */
const VIEWED = new WeakMap<FightEvent, FightView['events'][number]>();
function viewEvent(e: FightEvent): FightView['events'][number] {
  let v = VIEWED.get(e);
  if (!v) {
    v = {
      type: e.type,
      round: e.round,
      who: e.who ?? [],
      text: e.text,
      cite: e.cite ? formatCite(e.cite) : null,
    };
    VIEWED.set(e, v);
  }
  return v;
}

function view(row: FightRow, p: Played, givers: ReadonlyMap<number, string>): FightView {
  const { result, ff } = p;
  const st = result.state;
  const answers = [...givers.entries()]
    .filter(([i, by]) => by.startsWith('seat:') && i < result.log.length)
    .sort((a, b) => a[0] - b[0])
    .slice(-12)
    .map(([index, by]) => ({
      index,
      by: by.split(':').slice(2).join(':') || 'a player',
      question: p.asked.get(index)?.label ?? '',
      answer: answerText(p.asked.get(index), result.log[index] as Input),
    }));
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
    question: question(result.pending, st, map, result.log as Input[]),
    events: result.events.map(viewEvent),
    inputs: result.log.length,
    canUndo: p.answerable.some((i) => i < result.log.length),
    sides: st.sides.map((sd, i) => ({ name: sd.name, players: sd.players, auto: row.autoSides.includes(i) })),
    see: playersSee(row.playersSee),
    answers,
    settable: Object.fromEntries(
      st.combatants.map((c) => [
        c.id,
        (ff.loaded.ruleset.rulings?.numbers(st, c.id) ?? []).map(({ name, value, min, max, about }) => ({
          name,
          value,
          min,
          max,
          ...(about ? { about } : {}),
        })),
      ]),
    ),
  };
}

/** The veil of a fight as it stands: its settings, its ruleset's secrets, who plays which side. */
function veilOf(row: FightRow, p: Played): Veil {
  const st = p.result.state;
  return makeVeil(
    playersSee(row.playersSee),
    p.ff.loaded.ruleset.secrets ?? { events: {}, health: [] },
    st.combatants,
    (s) => st.sides[s]?.players === true,
  );
}

/** The question as the players see it: the players' own in full (veiled), the GM's as whose turn it is. */
function playersQuestion(v: Veil, q: Question | null): PlayersQuestion | null {
  if (!q) return null;
  if (q.actor === null || v.hidden(q.actor))
    return { kind: q.kind, actor: q.actor, actorName: q.actorName, waiting: true };
  const label = (t: string) => veilLabel(v, t, q.actor);
  // The tactics' pick is worked out from what the GM sees (the most hurt foe): the players pick alone.
  const { suggested, ...rest } = q;
  return {
    ...rest,
    ...(keepsAnything(v) ? {} : { suggested }),
    label: label(q.label),
    ...(q.choices ? { choices: q.choices.map((c) => ({ ...c, label: label(c.label) })) } : {}),
    ...(q.refused ? { refused: q.refused.map((c) => ({ ...c, label: label(c.label) })) } : {}),
  };
}

/**
 * The log as the players saw it at a fight's last step, by its fight file: a replay makes every
 * event anew, but those before the step are the same, and the same veil hides the same in them.
 */
interface SeenBefore {
  readonly veil: string;
  readonly from: readonly FightEvent[];
  readonly seen: readonly (PlayerEvent | null)[];
}
const SEEN_BEFORE = new WeakMap<FightFile, SeenBefore>();
/** Each replay's log as the players see it: every seat's view of a step reads it once made. */
const SEEN = new WeakMap<Played, { readonly veil: string; readonly events: readonly PlayerEvent[] }>();

/** Whether two events of a fight's log read the same (the veil reads nothing else of them). */
function sameEvent(a: FightEvent | undefined, b: FightEvent): boolean {
  return (
    a !== undefined &&
    a.text === b.text &&
    a.type === b.type &&
    a.round === b.round &&
    a.cite?.section === b.cite?.section &&
    (a.who ?? []).join('\u0000') === (b.who ?? []).join('\u0000')
  );
}

function seenLog(p: Played, v: Veil): readonly PlayerEvent[] {
  // What the veil hides depends on its settings, who is on the GM's side and who is held back.
  const veil = JSON.stringify([v.see, v.names.length, [...v.held]]);
  const kept = SEEN.get(p);
  if (kept?.veil === veil) return kept.events;
  const before = SEEN_BEFORE.get(p.ff);
  const same = before?.veil === veil ? before : null;
  const seen: (PlayerEvent | null)[] = [];
  const from = p.result.events;
  from.forEach((e, i) => {
    if (same && i < same.seen.length && sameEvent(same.from[i], e)) {
      seen.push(same.seen[i] as PlayerEvent | null);
      return;
    }
    const shown = veilEvent(v, e);
    seen.push(
      shown && {
        type: e.type,
        round: e.round,
        who: e.who ?? [],
        text: shown.text,
        cite: shown.cite ? formatCite(shown.cite) : null,
      },
    );
  });
  SEEN_BEFORE.set(p.ff, { veil, from, seen });
  const events = seen.filter((e): e is PlayerEvent => e !== null);
  SEEN.set(p, { veil, events });
  return events;
}

/**
 * A fight as the players see it (docs/api.md § What the players see): the log from entry `from` on,
 * and for a player's seat its character. Nothing the veil keeps is in it: no seed, no encounter.
 */
function playersView(row: FightRow, p: Played, seat: SeatRow | null, from: number): PlayersView {
  const { result, ff } = p;
  const st = result.state;
  const v = veilOf(row, p);
  const events = seenLog(p, v);
  const start = Math.max(0, Math.min(from, events.length));
  const map = ff.loaded.ruleset.map?.(st) ?? null;
  return {
    id: row.id,
    title: row.title,
    ruleset: row.ruleset,
    round: st.round,
    outcome: result.outcome ? describeOutcome(st, result.outcome) : null,
    step: result.log.length,
    tracker: veilTracker(v, ff.loaded.ruleset.tracker(st)),
    // Where everyone stands is in plain sight; what the GM keeps of it is not (core/veil.ts, veilMap).
    map: map ? veilMap(v, map) : null,
    question: playersQuestion(v, question(result.pending, st, map, result.log as Input[])),
    events: { from: start, total: events.length, items: events.slice(start) },
    sides: st.sides.map((sd) => ({ name: sd.name, players: sd.players })),
    see: v.see,
    you: youOf(p, seat),
  };
}

/** Each fight file's sheets, made once: they depend on the encounter alone. */
const SHEETS = new WeakMap<FightFile, readonly CombatantSheet[]>();

/** A player's own character: its sheet as the rules compute it (`fray sheet`), for its device. */
function youOf(p: Played, seat: SeatRow | null): PlayersView['you'] {
  const { ff, result } = p;
  const st = result.state;
  // A seat is a character of the players' side: in a fight where its id is the GM's, it is nobody.
  const me =
    seat?.kind === 'player'
      ? st.combatants.find((c) => c.id === seat.combatant && st.sides[c.side]?.players === true)
      : undefined;
  if (!me) return null;
  let sheets = SHEETS.get(ff);
  if (!sheets) {
    sheets = ff.loaded.ruleset.sheets?.(ff.loaded.setup) ?? [];
    SHEETS.set(ff, sheets);
  }
  return { id: me.id, name: me.name, sheet: sheets.find((x) => x.id === me.id)?.lines ?? [] };
}

/** The fights whose last replay the server keeps: the table's, the one the GM has open, a few others. */
const REPLAYS_KEPT = 4;

/** Who gives an answer: the GM, or a player's seat (which answers only its character's questions). */
export type Giver = { readonly gm: true } | { readonly seat: SeatRow };

/** What an answer is checked against before it is kept: the step it answers, and who gives it. */
export interface AnswerFrom {
  /** The step (inputs so far) the answer was given at: an answer to a question already answered is refused. */
  readonly step?: number;
  readonly by?: Giver;
}

/** The campaign's fights, as the API works them. Every change is one transaction. */
export class Fights {
  /** The last replay of each fight, as kept: what the players' views are made from without replaying again. */
  private readonly last = new Map<number, { readonly row: FightRow; readonly played: Played }>();

  /**
   * Keeps a fight's last replay, the most recent last. A night plays fight after fight: those not
   * looked at for a while are replayed when they are (once), rather than held all night.
   */
  private remember(id: number, kept: { readonly row: FightRow; readonly played: Played }): void {
    this.last.delete(id);
    this.last.set(id, kept);
    if (this.last.size > REPLAYS_KEPT) this.last.delete(this.last.keys().next().value as number);
  }

  constructor(private readonly store: Store) {}

  private row(id: number): FightRow {
    const row = this.store.fight(id);
    if (!row) throw new Refusal(`no fight ${id}`, 404);
    return row;
  }

  /** The fight's save as kept; one the store cannot read is DamagedRow (the request was not at fault). */
  /** Saves read (parsed and loaded), by their text: a fight's save changes only with its reinforcements. */
  private readonly files = new Map<string, FightFile>();

  private open(row: FightRow): FightFile {
    const kept = this.files.get(row.save);
    if (kept) return kept;
    try {
      const ff = saveFromText(`fight ${row.id}`, row.save);
      // A handful of fights are played at once; the oldest read goes first.
      if (this.files.size >= 16) this.files.delete(this.files.keys().next().value as string);
      this.files.set(row.save, ff);
      return ff;
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      throw new DamagedRow(
        `fight ${row.id} (${row.title}): its save cannot be read (the campaign file was changed outside Fray, or damaged): ${e.issues[0] ? formatIssue(e.issues[0]) : e.message}; delete it, or import its save again`,
      );
    }
  }

  /** Replays to the next question and keeps the inputs the dice added on the way. */
  private step(
    row: FightRow,
    ff: FightFile,
    inputs: readonly Input[],
    keep: number,
    stored: number,
    save?: string,
    givenBy?: GivenBy,
  ): FightView {
    const p = this.play(row, ff, inputs);
    if (p.result.pending === null) checkAllUsed({ ...ff, inputs }, inputs.length - p.result.unused);
    return this.keep(row, p, keep, stored, save, givenBy);
  }

  /** Commits what a replay made of the fight: its log past the first `keep` inputs, and how it ended. */
  private keep(
    row: FightRow,
    p: Played,
    keep: number,
    stored: number,
    save?: string,
    givenBy?: GivenBy,
  ): FightView {
    const log = p.result.log as Input[];
    const outcome = p.result.outcome ? describeOutcome(p.result.state, p.result.outcome) : null;
    // Looking at a fight writes nothing unless the dice moved it on.
    const moved = log.length !== stored || keep !== stored || outcome !== row.outcome || save !== undefined;
    if (moved) this.store.commit(row.id, Math.min(keep, log.length), log, outcome, save, givenBy);
    const now = moved ? this.row(row.id) : row;
    this.remember(row.id, { row: now, played: p });
    return view(now, p, this.store.givers(row.id));
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
    // Looked at again as it was last played: its view, without playing it again.
    if (this.isCurrent(row, inputs)) {
      const last = this.last.get(id) as { played: Played };
      // The row as it is now (what the players see may have changed since): the players' views read it.
      this.remember(id, { row, played: last.played });
      return view(row, last.played, this.store.givers(id));
    }
    return this.step(row, this.open(row), inputs, inputs.length, inputs.length);
  }

  /**
   * The person's answer to the question asked: checked against it, kept, and the fight played on.
   * With `step`, an answer given to an earlier question (answered meanwhile by someone else, or a
   * message sent twice) is refused; a seat answers only its own character's questions.
   */
  answer(id: number, answer: Input, from: AnswerFrom = {}, then?: Input): FightView {
    // A ruling written as an answer would be applied as one: rulings have their own way in (the GM's).
    if (isRuling(answer))
      throw new Refusal("that is a ruling, not an answer: the GM's rulings go to /api/fights/:id/rulings");
    const row = this.row(id);
    const ff = this.open(row);
    const inputs = this.store.inputs(id);
    if (from.step !== undefined && from.step !== inputs.length)
      throw new Refusal(
        from.step < inputs.length
          ? `that question was answered already (the fight is at step ${inputs.length}, the answer was for step ${from.step})`
          : `no step ${from.step} yet: the fight is at step ${inputs.length}`,
        409,
      );
    const by = from.by;
    let giver = 'gm';
    if (by && 'seat' in by) {
      const now = this.current(row, ff, inputs);
      const asked = now.result.pending;
      if (!asked) throw new Refusal('the fight is over: nothing is asked', 409);
      const st = now.result.state;
      const whose = st.combatants.find((c) => c.id === asked.actor);
      // A seat answers for its character, and only where that character is the players'.
      const players = whose !== undefined && st.sides[whose.side]?.players === true;
      if (by.seat.kind !== 'player' || asked.actor !== by.seat.combatant || !players)
        throw new Refusal(
          `this question is not yours to answer: it is ${whose && players ? `${whose.name}'s` : "the GM's"}`,
          403,
        );
      // Who, as the GM reads it, kept with the answer: the seat may be freed and its number given again.
      giver = `seat:${by.seat.id}:${by.seat.player || 'a player'} (${whose.name})`;
    }
    // One replay: the engine checks the answer against the question it meets there.
    const replay = (given: readonly Input[], what: string, warm?: Played) => {
      try {
        return this.play(row, ff, given, warm);
      } catch (e) {
        if (e instanceof InputError) throw new Refusal(`${what}${e.message.replace(/^input \d+: /, '')}`);
        throw e;
      }
    };
    let p = replay([...inputs, answer], '');
    if (p.result.unused > 0) throw new Refusal('the fight is over: nothing is asked', 409);
    const at = [inputs.length];
    // The dice rolled with it ("37 4": the damage with its to-hit) answer the roll they were rolled
    // for, if it comes to it (a miss asks for none): kept as given together, undone together.
    if (then !== undefined) {
      const asked = this.current(row, ff, inputs).result.pending;
      const next = p.result.pending;
      if (asked?.kind === 'roll' && asked.then && next && isRollFor(asked.then, asked.actor, next)) {
        at.push(p.result.log.length);
        p = replay([...(p.result.log as Input[]), then], 'the dice rolled with it: ', p);
      }
    }
    return this.keep(row, p, inputs.length, inputs.length, undefined, { at, by: giver });
  }

  /** The fight replayed from `warm` (by default its last replay kept) where that is the same fight so far. */
  private play(row: FightRow, ff: FightFile, inputs: readonly Input[], warm?: Played): Played {
    return play(ff, inputs, row.autoSides, warm ?? this.last.get(row.id)?.played);
  }

  /** Whether the last replay is the fight as kept (the same save, sides to the tactics, inputs). */
  private isCurrent(row: FightRow, inputs: readonly Input[]): boolean {
    const last = this.last.get(row.id);
    return (
      last !== undefined &&
      last.row.save === row.save &&
      last.row.autoSides.join() === row.autoSides.join() &&
      last.played.result.log.length === inputs.length &&
      last.played.result.log.every((x, i) => x === inputs[i])
    );
  }

  /** The fight as its kept inputs make it: the last replay when it is that, else a replay. */
  private current(row: FightRow, ff: FightFile, inputs: readonly Input[]): Played {
    return this.isCurrent(row, inputs)
      ? (this.last.get(row.id) as { played: Played }).played
      : this.play(row, ff, inputs);
  }

  /** The fight as kept, moved on by the dice nobody is asked for (and those kept): the last replay, made so if it is not. */
  private kept(id: number): { row: FightRow; played: Played } {
    const row = this.row(id);
    if (!this.isCurrent(row, this.store.inputs(id))) this.get(id);
    return this.last.get(id) as { row: FightRow; played: Played };
  }

  /**
   * The fight as the players see it, for a seat (or the table display): from the last replay when
   * it is the fight as kept, else replayed. `from`: the first entry of the log wanted.
   */
  players(id: number, seat: SeatRow | null, from = 0): PlayersView {
    const { row, played } = this.kept(id);
    return playersView(row, played, seat, from);
  }

  /** The fight as kept, moved on by the dice nobody is asked for: its file and where it stands (what it left on the party). */
  standing(id: number): { readonly ff: FightFile; readonly result: FightResult<FightState> } {
    const { played } = this.kept(id);
    return { ff: played.ff, result: played.result };
  }

  /** The fight is gone: its last replay with it. */
  forget(id: number): void {
    this.last.delete(id);
  }

  /** A seat's own part of the players' view of a fight: its character. */
  forSeat(view: PlayersView, seat: SeatRow): PlayersView {
    const last = this.last.get(view.id);
    return { ...view, you: last ? youOf(last.played, seat) : null };
  }

  /** The combatants of a fight as it stands, with their sides' names: for the table's list of characters to pick. */
  combatants(id: number): readonly { id: string; name: string; side: string; players: boolean }[] {
    const st = this.kept(id).played.result.state;
    return st.combatants.map((c) => ({
      id: c.id,
      name: c.name,
      side: st.sides[c.side]?.name ?? '',
      players: st.sides[c.side]?.players === true,
    }));
  }

  /** What the players see of this fight, as the GM sets it. */
  setPlayersSee(id: number, see: PlayersSee): FightView {
    this.row(id);
    this.store.setPlayersSee(id, { ...see });
    return this.get(id);
  }

  /** Back to before the last answer a person gave (or ruling). */
  undo(id: number): FightView {
    const row = this.row(id);
    const ff = this.open(row);
    const inputs = this.store.inputs(id);
    const answerable = this.current(row, ff, inputs)
      .answerable.filter((i) => i < inputs.length)
      .sort((a, b) => a - b);
    let back = answerable[answerable.length - 1];
    if (back === undefined) throw new Refusal('nothing to undo', 409);
    // What was given together is taken back together: to the first of them.
    const joined = this.store.givenWithPrevious(id);
    for (let b = back; joined.has(b) && b > 0;) back = b = answerable.filter((i) => i < b).pop() ?? 0;
    return this.step(row, ff, inputs.slice(0, back), back, inputs.length);
  }

  /** A GM's ruling at the question asked, kept with its reason, or refused with the engine's. */
  rule(id: number, ruling: Ruling, answer?: Input): FightView {
    const row = this.row(id);
    const ff = this.open(row);
    const inputs = this.store.inputs(id);
    if (!this.current(row, ff, inputs).result.pending)
      throw new Refusal('the fight is over: no ruling changes it now', 409);
    const added: Input[] = [formatRuling(ruling), ...(answer !== undefined ? [answer] : [])];
    try {
      return this.step(row, ff, [...inputs, ...added], inputs.length, inputs.length, undefined, {
        at: added.map((_, i) => inputs.length + i),
        by: 'gm',
      });
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
    const now = this.current(row, ff, inputs);
    if (!now.result.pending) throw new Refusal('the fight is over: nobody joins it now', 409);
    const sides = now.result.state.sides.length;
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
    const count = this.current(row, ff, inputs).result.state.sides.length;
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
