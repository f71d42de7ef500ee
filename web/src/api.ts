// The page's side of docs/api.md: typed calls, and refusals as errors carrying the server's message.
import type { FightView } from '../../src/server/fights.js';
import type { TableState } from '../../src/server/table.js';
import type { PlayersSee } from '../../src/core/veil.js';
import type { Issue } from '../../src/core/document.js';
import type { StudyRow } from '../../src/server/store.js';
import type { ReportPlot } from '../../src/sim/report.js';
import type { Imported } from '../../src/core/statblock.js';
import type { CombatantSheet } from '../../src/core/ruleset.js';
import { connection, UNREACHABLE, type Heard } from './state.js';
import { LOG_HASH_START, logHash } from '../../src/core/veil.js';

export type {
  FightView,
  GivenAnswer,
  PlayerEvent,
  PlayersQuestion,
  PlayersView,
  Question,
} from '../../src/server/fights.js';
export type { TableState, Pickable } from '../../src/server/table.js';
export type { AppliedItem, MemberResult, PartyResult } from '../../src/server/party.js';
import type { PartyResult } from '../../src/server/party.js';
export type { PlayersSee, VeiledRow, VeiledTracker } from '../../src/core/veil.js';
export type { Issue } from '../../src/core/document.js';
export type { Gauge, Tracker, TrackerRow } from '../../src/core/tracker.js';
import type { Gauge } from '../../src/core/tracker.js';

export interface EncounterItem {
  readonly id: number;
  readonly title: string;
  readonly ruleset: string;
  readonly updated: string;
}
export interface Encounter extends EncounterItem {
  readonly text: string;
}
export interface FightItem {
  readonly id: number;
  readonly title: string;
  readonly ruleset: string;
  readonly encounterId: number | null;
  readonly outcome: string | null;
  readonly updated: string;
  readonly damaged?: string | null;
}
export interface RulesetItem {
  readonly id: string;
  readonly title: string;
  /** The switches the text offers (`-o name=value`). */
  readonly options?: readonly {
    readonly name: string;
    readonly values: readonly string[];
    readonly default: string;
    readonly summary: string;
  }[];
}
export interface Character {
  readonly id: number;
  readonly ruleset: string;
  readonly name: string;
  readonly party: boolean;
  readonly entry: Record<string, unknown>;
  /** Why its row cannot be read (the campaign file was changed outside Fray); null when sound. */
  readonly damaged?: string | null;
  /** The number that takes it out as its next fight starts (W 3/8): what the fights before left on it. */
  readonly health?: Gauge | null;
}

/**
 * The file name the campaign's party of a ruleset goes by: an encounter brings a member in with
 * `use: party-wfrp1e.yaml#Name` (the server reads it so, src/server/party.ts), and the party is
 * exported under it, so the two run together on the command line.
 */
export const partyFile = (ruleset: string) => `party-${ruleset}.yaml`;
export interface Creature {
  readonly id: string;
  readonly name: string;
  /** How the book groups it (Humanoids, Animals and Monsters, Undead …). */
  readonly group?: string;
  readonly source?: string;
  /** Its rules Fray does not play, if any. */
  readonly notPlayed?: string | null;
  /** Squares a side on a grid (2: a 2 × 2 block); null or absent: one. */
  readonly size?: number | null;
  /** Feet tall (a plane's base grows with it); null or absent: man-sized. */
  readonly height?: number | null;
}
export type { Imported } from '../../src/core/statblock.js';
export type { CombatantSheet } from '../../src/core/ruleset.js';

/** A property of a JSON Schema, as the character builder's form reads it. */
export interface PropSchema {
  readonly type?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
  readonly anyOf?: readonly PropSchema[];
  readonly items?: PropSchema;
  readonly properties?: Readonly<Record<string, PropSchema>>;
  readonly additionalProperties?: PropSchema | boolean;
  readonly const?: unknown;
}

/** What the builder's form offers a ruleset's characters: the fields, their schema, the ids lists take. */
export interface CharacterFormSpec {
  readonly fields: readonly string[];
  readonly schema: { readonly properties: Readonly<Record<string, PropSchema>> } | null;
  readonly lists: Readonly<Record<string, readonly { readonly id: string; readonly name: string }[]>>;
  readonly skills: readonly string[];
}

export type { StudyKind, StudyRow, StudyStatus } from '../../src/server/store.js';
export type { SimSummary } from '../../src/sim/run.js';
export type { Comparison } from '../../src/sim/compare.js';
export type { SweepResult } from '../../src/sim/sweep.js';
export type { OddsReport } from '../../src/sim/odds.js';
export type { Band, BrokenLimit, DangerReport } from '../../src/sim/danger.js';
export type { Proposal, TargetResult } from '../../src/sim/danger-target.js';
import type { Band, DangerReport } from '../../src/sim/danger.js';
import type { TargetResult } from '../../src/sim/danger-target.js';
export type { ReportPlot } from '../../src/sim/report.js';

/** A study with its result: the figures of `fray sim`, `compare`, `sweep` or `odds --json`, and the plots. */
export interface Study extends StudyRow {
  readonly text: string;
  readonly result: unknown;
  readonly plots: readonly ReportPlot[];
  /** It stopped (a restart, a Stop) and can go on from what it had added up. */
  readonly goesOn?: boolean;
}

/**
 * What the live socket says of studies: progress (`done` of `total` fights added up, after each
 * block), the fights under way (`played`, a few times a second in between), each change of status.
 */
export interface StudyMessage {
  readonly type: 'progress' | 'underway' | 'study';
  readonly study: number;
  readonly status?: string;
  readonly done: number;
  readonly played?: number;
  readonly total: number;
}

const studyListeners = new Set<(msg: StudyMessage) => void>();

/** Hears the studies' messages of the page's live socket (the designer's page); returns how to stop. */
export function onStudies(listener: (msg: StudyMessage) => void): () => void {
  studyListeners.add(listener);
  return () => studyListeners.delete(listener);
}

function heardStudy(data: string): void {
  const msg = JSON.parse(data) as Partial<StudyMessage>;
  if (msg.type === 'progress' || msg.type === 'underway' || msg.type === 'study')
    for (const l of studyListeners) l(msg as StudyMessage);
}

/** A refused request: the server's message, and its located problems. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: readonly Issue[] = [],
  ) {
    super(message);
  }
}

/**
 * The GM's token: fray serve prints the page's address with it (`/?token=…`); the page keeps it
 * and takes it out of the address bar, so a bookmark or a shared screen does not show it.
 */
export function gmToken(): string {
  const given = new URLSearchParams(location.search).get('token');
  if (given) {
    localStorage.setItem('fray.gm', given);
    history.replaceState(null, '', location.pathname + location.hash);
  }
  return localStorage.getItem('fray.gm') ?? '';
}

/** A fetch that says, in our words, that the server is gone (the browser's own is "Failed to fetch"). */
export async function reach(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch {
    connection.value = 'down';
    throw new ApiError(UNREACHABLE, 0);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  // While the server is gone nothing is sent, so nothing can be queued and sent late by surprise.
  if (connection.value === 'down') throw new ApiError(UNREACHABLE, 0);
  const r = await reach(path, {
    method,
    headers: {
      authorization: `Bearer ${gmToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = r.headers.get('content-type') ?? '';
  const data: unknown = type.includes('json') ? await r.json() : await r.text();
  if (!r.ok) {
    const e = data as { error?: string; issues?: Issue[] };
    throw new ApiError(e.error ?? `${r.status} ${r.statusText}`, r.status, e.issues ?? []);
  }
  return data as T;
}

/** The running hash of a view's log (core/veil.ts logHash), kept per view: what the page says it has. */
const hashes = new WeakMap<FightView, number>();
export function logHashOf(v: FightView): number {
  let h = hashes.get(v);
  if (h === undefined) {
    h = logHashUpTo(v, v.events.length);
    hashes.set(v, h);
  }
  return h;
}

/** The running hash of the first `n` entries of a view's log. */
function logHashUpTo(v: FightView, n: number): number {
  let h = LOG_HASH_START;
  for (let i = 0; i < n; i++) h = logHash(h, (v.events[i] as { text: string }).text);
  return h;
}

/**
 * The view a step's change brought (src/server/live.ts stepped), put together with the log the
 * page has; null when the page lacks the entries before what was sent (it fetches the view).
 */
export function viewHeard(had: FightView | null, heard: Heard): FightView | null {
  const { view, from, prefix } = heard;
  if (!view || from === undefined || prefix === undefined) return null;
  if (
    from > 0 &&
    (!had || had.id !== view.id || from > had.events.length || logHashUpTo(had, from) !== prefix)
  )
    return null;
  return from === 0
    ? view
    : { ...view, events: [...(had as FightView).events.slice(0, from), ...view.events] };
}

/**
 * A call answered with a fight's view. Given the view the page has (of that fight), it asks for
 * only the log entries past those, and puts the view back together.
 */
async function fightCall(method: string, path: string, had: FightView | null | undefined, body?: unknown) {
  const mine = had && path.startsWith(`/api/fights/${had.id}`) ? had : null;
  const asked = mine ? `${path}?since=${mine.events.length}&hash=${logHashOf(mine)}` : path;
  const v = await call<FightView>(method, asked, body);
  if (v.eventsFrom === undefined || !mine) return v;
  const { eventsFrom, ...rest } = v;
  return { ...rest, events: [...mine.events.slice(0, eventsFrom), ...v.events] };
}

/** The seed the builder's danger is played with. */
const DANGER_SEED = 1;

export const api = {
  rulesets: () => call<RulesetItem[]>('GET', '/api/rulesets'),
  bestiary: (ruleset: string) => call<Creature[]>('GET', `/api/rulesets/${ruleset}/bestiary`),
  // The same seed every time: the same encounter reads the same band, so a change of the figures
  // is the GM's change of the encounter, not other dice.
  danger: (text: string, key: string) =>
    call<DangerReport>('POST', '/api/danger', { text, key, seed: DANGER_SEED }),
  /** The smallest changes of the monsters that make the encounter `target`, on the same seed as its band. */
  dangerTarget: (text: string, key: string, target: Band) =>
    call<TargetResult>('POST', '/api/danger', { text, key, seed: DANGER_SEED, target }),
  studies: () => call<StudyRow[]>('GET', '/api/studies'),
  study: (id: number) => call<Study>('GET', `/api/studies/${id}`),
  startStudy: (body: Record<string, unknown>) =>
    call<{ id: number; seed: number | null }>('POST', '/api/studies', body),
  stopStudy: (id: number) => call<Study>('POST', `/api/studies/${id}/stop`),
  rerunStudy: (id: number) => call<{ id: number; seed: number | null }>('POST', `/api/studies/${id}/rerun`),
  /** A stopped simulation or comparison goes on from what it had added up. */
  goOnStudy: (id: number) => call<Study>('POST', `/api/studies/${id}/go-on`),
  deleteStudy: (id: number) => call<unknown>('DELETE', `/api/studies/${id}`),
  characters: (ruleset?: string) =>
    call<Character[]>(
      'GET',
      ruleset ? `/api/characters?ruleset=${encodeURIComponent(ruleset)}` : '/api/characters',
    ),
  /** The characters that can be brought into a fight: not those whose row cannot be read. */
  usableCharacters: (ruleset: string) =>
    api.characters(ruleset).then((list) => list.filter((c) => !c.damaged)),
  addCharacter: (ruleset: string, text: string) =>
    call<Character>('POST', '/api/characters', { ruleset, text }),
  importParty: (text: string) => call<Character[]>('POST', '/api/characters/import', { text }),
  /** A stat block read as `fray import` reads it: nothing is kept. */
  importBlock: (ruleset: string, text: string, name?: string) =>
    call<Imported & { yaml: string; report: string[] }>(
      'POST',
      '/api/import',
      name ? { ruleset, text, name } : { ruleset, text },
    ),
  characterForm: (ruleset: string) => call<CharacterFormSpec>('GET', `/api/rulesets/${ruleset}/character`),
  /** A character's sheet as the rules compute it, from its entry or its YAML: nothing is kept. */
  characterSheet: (ruleset: string, from: { entry: Record<string, unknown> } | { text: string }) =>
    call<{ entry: Record<string, unknown>; sheet: CombatantSheet; yaml: string }>(
      'POST',
      '/api/characters/sheet',
      {
        ruleset,
        ...from,
      },
    ),
  /** The shipped examples of a ruleset, into the campaign: how many encounters and characters came. */
  loadExamples: (ruleset: string) =>
    call<{ encounters: number; characters: number }>('POST', '/api/examples', { ruleset }),
  deleteCharacter: (id: number) => call<unknown>('DELETE', `/api/characters/${id}`),
  encounters: () => call<EncounterItem[]>('GET', '/api/encounters'),
  checkEncounter: (text: string) =>
    call<{ ok: boolean; data: unknown; issues: Issue[] }>('POST', '/api/encounters/check', { text }),
  encounter: (id: number) => call<Encounter>('GET', `/api/encounters/${id}`),
  addEncounter: (text: string) => call<EncounterItem>('POST', '/api/encounters', { text }),
  saveEncounter: (id: number, text: string) => call<Encounter>('PUT', `/api/encounters/${id}`, { text }),
  deleteEncounter: (id: number) => call<unknown>('DELETE', `/api/encounters/${id}`),
  fights: () => call<FightItem[]>('GET', '/api/fights'),
  startFight: (encounterId: number, seed?: number) =>
    call<FightView>('POST', '/api/fights', seed === undefined ? { encounterId } : { encounterId, seed }),
  importFight: (text: string) => call<FightView>('POST', '/api/fights/import', { text }),
  /** `had`: the view the page shows; only the log entries it lacks are sent (src/server/delta.ts). */
  fight: (id: number, had?: FightView | null) => fightCall('GET', `/api/fights/${id}`, had),
  /**
   * `step`: the step the answer is for (the view's inputs): refused if someone answered first.
   * `then`: the dice rolled with a roll (its damage), kept with it and undone with it.
   */
  answer: (id: number, answer: number | string, step?: number, then?: number, had?: FightView | null) =>
    fightCall('POST', `/api/fights/${id}/answer`, had, { answer, step, then }),
  undo: (id: number, had?: FightView | null) => fightCall('POST', `/api/fights/${id}/undo`, had),
  rule: (id: number, ruling: Record<string, unknown>, had?: FightView | null) =>
    fightCall('POST', `/api/fights/${id}/rulings`, had, ruling),
  reinforce: (
    id: number,
    side: number,
    entry: Record<string, unknown>,
    why: string,
    had?: FightView | null,
  ) => fightCall('POST', `/api/fights/${id}/combatants`, had, { side, entry, why }),
  autoplay: (id: number, sides: readonly number[], had?: FightView | null) =>
    fightCall('PUT', `/api/fights/${id}/auto`, had, { sides }),
  deleteFight: (id: number) => call<unknown>('DELETE', `/api/fights/${id}`),
  /** What the fight did to the campaign's party so far, and what was applied from it. */
  party: (id: number) => call<PartyResult>('GET', `/api/fights/${id}/party`),
  /** `step`: the step the changes were shown at: refused if the fight has moved on since. */
  applyParty: (id: number, step: number) => call<PartyResult>('POST', `/api/fights/${id}/party`, { step }),
  undoParty: (id: number) => call<PartyResult>('POST', `/api/fights/${id}/party/undo`),
  table: () => call<TableState>('GET', '/api/table'),
  openTable: (fight: number | null) => call<TableState>('PUT', '/api/table', { fight }),
  newCode: () => call<TableState>('POST', '/api/table/code'),
  giveSeat: (pick: { character?: string; display?: true; player?: string }) =>
    call<{ id: number; token: string; link: string }>('POST', '/api/table/seats', pick),
  freeSeat: (id: number) => call<TableState>('DELETE', `/api/table/seats/${id}`),
  network: (open: boolean) => call<TableState>('PUT', '/api/table/network', { open }),
  see: (id: number, see: PlayersSee, had?: FightView | null) =>
    fightCall('PUT', `/api/fights/${id}/see`, had, see),
  /** The QR code of the join link (or a seat's link) as SVG text. */
  qr: async (link: string) => {
    const r = await reach(`/api/table/qr.svg?link=${encodeURIComponent(link)}`, {
      headers: { authorization: `Bearer ${gmToken()}` },
    });
    if (!r.ok) throw new ApiError(`${r.status} ${r.statusText}`, r.status);
    return r.text();
  },
};

/** Saves what a GET of the API answers as a file (a plain link cannot carry the token). */
export async function download(path: string, name: string): Promise<void> {
  const r = await reach(path, { headers: { authorization: `Bearer ${gmToken()}` } });
  if (!r.ok) throw new ApiError(`${r.status} ${r.statusText}`, r.status);
  const url = URL.createObjectURL(await r.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Calls `changed` whenever the server says something changed; reconnects after a drop (a phone waking). */
export function live(changed: (msg: Heard) => void): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let heard = Date.now();
  // The server pings every 20 s: a minute of silence is a dead socket (the laptop slept, the network dropped).
  const watchdog = setInterval(() => {
    if (socket && socket.readyState === WebSocket.OPEN && Date.now() - heard > 60_000) {
      heard = Date.now();
      socket.close();
    }
  }, 10_000);
  const connect = () => {
    socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live`);
    const s = socket;
    s.onopen = () => s.send(JSON.stringify({ type: 'hello', token: gmToken() }));
    s.addEventListener('message', (m) => heardStudy(String(m.data)));
    socket.onmessage = (m) => {
      heard = Date.now();
      const msg = JSON.parse(String(m.data)) as Heard & { type?: string };
      if (msg.type === undefined) changed(msg);
      // What a page shows was fetched before its socket listened (at the page's start, or before a
      // drop: the server restarted, the laptop slept); anything said meanwhile was not heard, so each
      // welcome, the first too, has the page fetch again what it shows.
      else if (msg.type === 'welcome') {
        connection.value = 'live';
        changed({ fight: null, what: 'reconnected' });
      }
    };
    socket.onclose = () => {
      connection.value = 'down';
      if (!stopped) setTimeout(connect, 1000);
    };
  };
  connect();
  return () => {
    stopped = true;
    clearInterval(watchdog);
    socket?.close();
  };
}
