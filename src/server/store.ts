// The campaign store: one SQLite file (better-sqlite3, WAL) with the campaign's encounters and
// fights. A fight is kept as the replay model and nothing else: its save (the encounter with its
// options, the seed, the tables it was played with) and its inputs, one row an input, so that an
// answer is one small transaction. Migrations are the numbered steps below, applied on open;
// `PRAGMA user_version` says how many have been.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import type { Input } from '../core/request.js';

/**
 * What a user runs to give `fray serve` its database. better-sqlite3 is an optional peer of the
 * package (README, Install): only the campaign store needs it, and where no prebuilt binary can
 * be fetched it compiles from source for minutes, which nobody who only fights and simulates
 * should wait for. Its 13th major needs Node 22, hence the 12.
 */
export const INSTALL_DATABASE = 'npm install better-sqlite3@12';

/** better-sqlite3 is not installed, or its native part was never built. */
export class DatabaseMissing extends Error {}

let driver: typeof Database | undefined;

/** better-sqlite3's constructor, loaded the first time a campaign is opened. */
function sqlite(): typeof Database {
  if (driver) return driver;
  try {
    driver = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
  } catch (e) {
    if ((e as { code?: unknown }).code !== 'MODULE_NOT_FOUND') throw e;
    throw new DatabaseMissing(
      `the campaign database needs better-sqlite3, which is not installed here: run ${INSTALL_DATABASE} (README, Install)`,
    );
  }
  return driver;
}

/** The schema, step by step: never edit a step once shipped, add the next. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE encounters (
     id INTEGER PRIMARY KEY,
     title TEXT NOT NULL,
     ruleset TEXT NOT NULL,
     text TEXT NOT NULL,
     created TEXT NOT NULL DEFAULT (datetime('now')),
     updated TEXT NOT NULL DEFAULT (datetime('now'))
   );
   CREATE TABLE fights (
     id INTEGER PRIMARY KEY,
     title TEXT NOT NULL,
     ruleset TEXT NOT NULL,
     encounter_id INTEGER REFERENCES encounters(id) ON DELETE SET NULL,
     save TEXT NOT NULL,
     outcome TEXT,
     created TEXT NOT NULL DEFAULT (datetime('now')),
     updated TEXT NOT NULL DEFAULT (datetime('now'))
   );
   CREATE TABLE inputs (
     fight_id INTEGER NOT NULL REFERENCES fights(id) ON DELETE CASCADE,
     idx INTEGER NOT NULL,
     value TEXT NOT NULL,
     PRIMARY KEY (fight_id, idx)
   ) WITHOUT ROWID;`,
  // The sides the tactics play in a fight ("let the tactics play this side"), as a JSON list of indexes.
  `ALTER TABLE fights ADD COLUMN auto_sides TEXT NOT NULL DEFAULT '[]';`,
  // Characters: party members and others, each an encounter's combatant entry (JSON) for a ruleset.
  `CREATE TABLE characters (
     id INTEGER PRIMARY KEY,
     ruleset TEXT NOT NULL,
     name TEXT NOT NULL,
     party INTEGER NOT NULL DEFAULT 1,
     entry TEXT NOT NULL,
     created TEXT NOT NULL DEFAULT (datetime('now')),
     updated TEXT NOT NULL DEFAULT (datetime('now')),
     UNIQUE (ruleset, name)
   );`,
  // The table: the GM's token and the table's settings (the fight open to the table, its join code),
  // the players' seats (a token each, a character or the table display), what the players see of
  // each fight, and who gave each input (the GM, a seat; none: the dice or the tactics).
  `CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE seats (
     id INTEGER PRIMARY KEY,
     token TEXT NOT NULL UNIQUE,
     kind TEXT NOT NULL CHECK (kind IN ('player', 'display')),
     combatant TEXT,
     player TEXT NOT NULL DEFAULT '',
     created TEXT NOT NULL DEFAULT (datetime('now'))
   );
   ALTER TABLE fights ADD COLUMN players_see TEXT NOT NULL DEFAULT '{}';
   ALTER TABLE inputs ADD COLUMN given_by TEXT;`,
  // Studies: simulations, comparisons, sweeps and exact odds run from the designer's page, each
  // with the encounter's text as it was (so a re-run is exact after the encounter is edited or
  // deleted), its parameters and seed, how it ended, and its result (JSON) and plots (JSON).
  `CREATE TABLE studies (
     id INTEGER PRIMARY KEY,
     kind TEXT NOT NULL CHECK (kind IN ('sim', 'compare', 'sweep', 'odds')),
     encounter_id INTEGER REFERENCES encounters(id) ON DELETE SET NULL,
     title TEXT NOT NULL,
     ruleset TEXT NOT NULL,
     text TEXT NOT NULL,
     params TEXT NOT NULL,
     seed INTEGER,
     status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'stopped', 'failed')),
     error TEXT,
     done INTEGER NOT NULL DEFAULT 0,
     total INTEGER NOT NULL DEFAULT 0,
     result TEXT,
     plots TEXT,
     rerun_of INTEGER REFERENCES studies(id) ON DELETE SET NULL,
     created TEXT NOT NULL DEFAULT (datetime('now')),
     started TEXT,
     finished TEXT
   );`,
  // An input given together with the person's answer before it (the damage typed with its to-hit,
  // the answer a "give" ruling gives): one undo takes back the pair.
  `ALTER TABLE inputs ADD COLUMN with_previous INTEGER NOT NULL DEFAULT 0;`,
  // What a simulation or comparison has added up so far (fray-checkpoint JSON: the runs done and
  // their totals), kept as it runs: a restart or a stop loses nothing, and it can go on from there.
  `ALTER TABLE studies ADD COLUMN checkpoint TEXT;`,
  // What a fight left on the party, written into the characters: the changes field by field, and
  // each character's entry before and after, so that an undo puts back exactly what was there.
  // Kept when the fight is deleted: the characters keep what was applied.
  `CREATE TABLE party_applied (
     id INTEGER PRIMARY KEY,
     fight_id INTEGER REFERENCES fights(id) ON DELETE SET NULL,
     title TEXT NOT NULL,
     ruleset TEXT NOT NULL,
     step INTEGER NOT NULL,
     outcome TEXT,
     changes TEXT NOT NULL,
     entries TEXT NOT NULL,
     applied TEXT NOT NULL DEFAULT (datetime('now')),
     undone TEXT
   );`,
];

/** A fight's log as a store keeps it in memory: its inputs, who gave them, which go with the one before. */
interface KeptLog {
  readonly inputs: Input[];
  readonly givers: Map<number, string>;
  readonly joined: Set<number>;
}

/** What a person gave in one request: the places of its inputs in the log (the first, and those given with it), and who. */
export interface GivenBy {
  readonly at: readonly number[];
  readonly by: string;
}

/** The schema version this Fray writes: one more for each migration step. */
export const SCHEMA_VERSION = MIGRATIONS.length;

export interface EncounterRow {
  readonly id: number;
  readonly title: string;
  readonly ruleset: string;
  readonly text: string;
  readonly created: string;
  readonly updated: string;
}

export interface CharacterRow {
  readonly id: number;
  readonly ruleset: string;
  readonly name: string;
  /** A member of the party (else another character: a rival, a hireling). */
  readonly party: boolean;
  /** The combatant entry, as an encounter writes it ({} when the row is damaged). */
  readonly entry: Readonly<Record<string, unknown>>;
  readonly created: string;
  readonly updated: string;
  /** Why the row cannot be read (changed outside Fray, or a disk fault); null when it is sound. */
  readonly damaged: string | null;
}

/** A player's place at the table: a token for a character (by combatant id), or for the table display. */
export interface SeatRow {
  readonly id: number;
  readonly token: string;
  readonly kind: 'player' | 'display';
  /** The character's combatant id (the same in every fight it is in); null for the display. */
  readonly combatant: string | null;
  /** The player's name, as they gave it. */
  readonly player: string;
  readonly created: string;
}

/** Why a campaign file could not be opened, in our words rather than the driver's. */
function openingFault(e: unknown): string {
  const code = String((e as { code?: unknown }).code ?? '');
  if (code === 'SQLITE_NOTADB') return 'it is not a campaign file (not an SQLite database)';
  if (code.startsWith('SQLITE_CORRUPT')) return 'the file is damaged (SQLite reports it corrupt)';
  if (code.startsWith('SQLITE_CANTOPEN'))
    return 'it cannot be opened there (no such folder, or no permission)';
  if (code.startsWith('SQLITE_READONLY')) return 'it can only be read (no permission to write it)';
  if (code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR'))
    return 'the disk refused to write it (full?)';
  return (e as Error).message;
}

/** A row the store cannot read: reported with what it is, never a 500 for every row beside it. */
export class DamagedRow extends Error {}

/** A new secret: 128 random bits as hex. */
export function newToken(): string {
  return randomBytes(16).toString('hex');
}

export interface FightRow {
  readonly id: number;
  readonly title: string;
  readonly ruleset: string;
  readonly encounterId: number | null;
  /** The fight's save with no inputs (they are rows of their own). */
  readonly save: string;
  /** How it ended, once it has (describeOutcome's words). */
  readonly outcome: string | null;
  /** The sides (indexes) whose decisions and dice the tactics take. */
  readonly autoSides: readonly number[];
  /** What the players see of this fight (server/veil.ts), as the GM set it; {} is the defaults. */
  readonly playersSee: Readonly<Record<string, string>>;
  readonly created: string;
  readonly updated: string;
  /** Why part of the row cannot be read (its defaults stand in); null when it is sound. */
  readonly damaged: string | null;
}

export class Store {
  private readonly db: Database.Database;

  constructor(path: string) {
    const Sqlite = sqlite();
    try {
      this.db = new Sqlite(path);
    } catch (e) {
      // Installed with its scripts skipped: the package is there, its compiled part is not.
      if (/Could not locate the bindings file/.test((e as Error).message))
        throw new DatabaseMissing(
          `better-sqlite3 is installed but its native part was never built (installed with --ignore-scripts?): run npm rebuild better-sqlite3 (README, Install)`,
        );
      throw new Error(openingFault(e));
    }
    try {
      this.db.pragma('journal_mode = WAL');
      // An answer is acknowledged only once it is on disk.
      this.db.pragma('synchronous = FULL');
      this.db.pragma('foreign_keys = ON');
      this.db.pragma('busy_timeout = 5000');
      this.migrate();
    } catch (e) {
      this.db.close();
      throw new Error(openingFault(e));
    }
  }

  /** The schema steps this file has had applied. */
  get version(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  private migrate(): void {
    const at = this.version;
    if (!Number.isSafeInteger(at) || at < 0)
      throw new Error(
        `the campaign file says it has schema ${at}, which no Fray writes: it was changed outside Fray, or is no campaign`,
      );
    if (at > MIGRATIONS.length)
      throw new Error(
        `the campaign file was made by a newer Fray (schema ${at}; this one knows ${MIGRATIONS.length})`,
      );
    for (let v = at; v < MIGRATIONS.length; v++)
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[v] as string);
        this.db.pragma(`user_version = ${v + 1}`);
      })();
  }

  close(): void {
    this.db.close();
  }

  // ---------------------------------------------------------------- encounters

  encounters(): EncounterRow[] {
    return this.db.prepare('SELECT * FROM encounters ORDER BY id').all() as EncounterRow[];
  }

  encounter(id: number): EncounterRow | null {
    return (
      (this.db.prepare('SELECT * FROM encounters WHERE id = ?').get(id) as EncounterRow | undefined) ?? null
    );
  }

  addEncounter(title: string, ruleset: string, text: string): number {
    const r = this.db
      .prepare('INSERT INTO encounters (title, ruleset, text) VALUES (?, ?, ?)')
      .run(title, ruleset, text);
    return Number(r.lastInsertRowid);
  }

  updateEncounter(id: number, title: string, ruleset: string, text: string): boolean {
    const r = this.db
      .prepare(
        "UPDATE encounters SET title = ?, ruleset = ?, text = ?, updated = datetime('now') WHERE id = ?",
      )
      .run(title, ruleset, text, id);
    return r.changes > 0;
  }

  deleteEncounter(id: number): boolean {
    return this.db.prepare('DELETE FROM encounters WHERE id = ?').run(id).changes > 0;
  }

  // ---------------------------------------------------------------- characters

  characters(ruleset?: string): CharacterRow[] {
    const rows = (
      ruleset === undefined
        ? this.db.prepare('SELECT * FROM characters ORDER BY ruleset, name').all()
        : this.db.prepare('SELECT * FROM characters WHERE ruleset = ? ORDER BY name').all(ruleset)
    ) as RawCharacter[];
    return rows.map(characterRow);
  }

  character(id: number): CharacterRow | null {
    const r = this.db.prepare('SELECT * FROM characters WHERE id = ?').get(id) as RawCharacter | undefined;
    return r ? characterRow(r) : null;
  }

  /** A new character, or null when the ruleset has one of that name already. */
  addCharacter(ruleset: string, name: string, party: boolean, entry: object): number | null {
    const r = this.db
      .prepare('INSERT OR IGNORE INTO characters (ruleset, name, party, entry) VALUES (?, ?, ?, ?)')
      .run(ruleset, name, party ? 1 : 0, JSON.stringify(entry));
    return r.changes > 0 ? Number(r.lastInsertRowid) : null;
  }

  /** Several characters at once, all or none: the names each ruleset has already are refused first. */
  addCharacters(list: readonly { ruleset: string; name: string; party: boolean; entry: object }[]): number[] {
    return this.db.transaction(() =>
      list.map((c) => {
        const id = this.addCharacter(c.ruleset, c.name, c.party, c.entry);
        if (id === null) throw new Error(`${c.ruleset} has a character named ${c.name} already`);
        return id;
      }),
    )();
  }

  updateCharacter(id: number, name: string, party: boolean, entry: object): boolean {
    const r = this.db
      .prepare("UPDATE characters SET name = ?, party = ?, entry = ?, updated = datetime('now') WHERE id = ?")
      .run(name, party ? 1 : 0, JSON.stringify(entry), id);
    return r.changes > 0;
  }

  deleteCharacter(id: number): boolean {
    return this.db.prepare('DELETE FROM characters WHERE id = ?').run(id).changes > 0;
  }

  // ---------------------------------------------------------------- the party after a fight

  /**
   * What a fight left on the party, written: each character's entry replaced by its `after`, and
   * the record kept, in one transaction.
   */
  addPartyApply(a: NewPartyApply): number {
    return this.db.transaction(() => {
      const put = this.db.prepare("UPDATE characters SET entry = ?, updated = datetime('now') WHERE id = ?");
      for (const e of a.entries) put.run(JSON.stringify(e.after), e.character);
      const r = this.db
        .prepare(
          'INSERT INTO party_applied (fight_id, title, ruleset, step, outcome, changes, entries) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          a.fight,
          a.title,
          a.ruleset,
          a.step,
          a.outcome,
          JSON.stringify(a.changes),
          JSON.stringify(a.entries),
        );
      return Number(r.lastInsertRowid);
    })();
  }

  /** What was applied from a fight, newest first. */
  partyApplies(fightId: number): PartyApplyRow[] {
    return (
      this.db
        .prepare('SELECT * FROM party_applied WHERE fight_id = ? ORDER BY id DESC')
        .all(fightId) as RawPartyApply[]
    ).map(partyApplyRow);
  }

  /** An apply taken back: each character's entry as it was before, in one transaction with the mark. */
  undoPartyApply(id: number, entries: readonly { character: number; before: object }[]): void {
    this.db.transaction(() => {
      const put = this.db.prepare("UPDATE characters SET entry = ?, updated = datetime('now') WHERE id = ?");
      for (const e of entries) put.run(JSON.stringify(e.before), e.character);
      this.db.prepare("UPDATE party_applied SET undone = datetime('now') WHERE id = ?").run(id);
    })();
  }

  // ---------------------------------------------------------------- fights

  fights(): FightRow[] {
    return (this.db.prepare('SELECT * FROM fights ORDER BY id').all() as RawFight[]).map(fightRow);
  }

  fight(id: number): FightRow | null {
    const r = this.db.prepare('SELECT * FROM fights WHERE id = ?').get(id) as RawFight | undefined;
    return r ? fightRow(r) : null;
  }

  /** A new fight with its inputs so far (an imported save has some), in one transaction. */
  addFight(
    f: { title: string; ruleset: string; encounterId: number | null; save: string },
    inputs: readonly Input[],
  ): number {
    return this.db.transaction(() => {
      const r = this.db
        .prepare('INSERT INTO fights (title, ruleset, encounter_id, save) VALUES (?, ?, ?, ?)')
        .run(f.title, f.ruleset, f.encounterId, f.save);
      const id = Number(r.lastInsertRowid);
      this.appendInputs(id, 0, inputs);
      return id;
    })();
  }

  /** The fight's save changed (a newcomer written into its encounter). */
  setSave(id: number, save: string): void {
    this.db.prepare("UPDATE fights SET save = ?, updated = datetime('now') WHERE id = ?").run(save, id);
  }

  setPlayersSee(id: number, see: Readonly<Record<string, string>>): void {
    this.db
      .prepare("UPDATE fights SET players_see = ?, updated = datetime('now') WHERE id = ?")
      .run(JSON.stringify(see), id);
  }

  setAutoSides(id: number, sides: readonly number[]): void {
    this.db
      .prepare("UPDATE fights SET auto_sides = ?, updated = datetime('now') WHERE id = ?")
      .run(JSON.stringify(sides), id);
  }

  deleteFight(id: number): boolean {
    this.logs.delete(id);
    return this.db.prepare('DELETE FROM fights WHERE id = ?').run(id).changes > 0;
  }

  /**
   * Each fight's log as this connection last read or wrote it, so that an answer does not read the
   * whole log again (issue 46): forgotten when another connection has changed the file (SQLite's
   * data_version), and each time this one changes a log, kept as written.
   */
  private readonly logs = new Map<number, KeptLog>();
  private dataVersion: unknown = null;

  private kept(fightId: number): KeptLog {
    const version = this.db.pragma('data_version', { simple: true });
    if (version !== this.dataVersion) {
      this.logs.clear();
      this.dataVersion = version;
    }
    let log = this.logs.get(fightId);
    if (!log) {
      log = {
        inputs: this.readInputs(fightId),
        givers: this.readGivers(fightId),
        joined: this.readJoined(fightId),
      };
      // A few fights are played in a night: the one looked at longest ago goes first.
      if (this.logs.size >= 16) this.logs.delete(this.logs.keys().next().value as number);
    } else this.logs.delete(fightId);
    this.logs.set(fightId, log);
    return log;
  }

  /** The fight's input log; a row that is no input is DamagedRow, naming the fight and the place. */
  inputs(fightId: number): Input[] {
    return this.kept(fightId).inputs.slice();
  }

  /** Who gave each input a person gave (the GM, `seat:N`), by its place in the log. */
  givers(fightId: number): Map<number, string> {
    return new Map(this.kept(fightId).givers);
  }

  /** The places of the inputs given together with the person's answer before them (one undo takes both). */
  givenWithPrevious(fightId: number): Set<number> {
    return new Set(this.kept(fightId).joined);
  }

  private readInputs(fightId: number): Input[] {
    const rows = this.db
      .prepare('SELECT idx, value FROM inputs WHERE fight_id = ? ORDER BY idx')
      .all(fightId) as { idx: number; value: string }[];
    return rows.map((r, i) => {
      let v: unknown;
      try {
        v = JSON.parse(r.value);
      } catch {
        v = undefined;
      }
      if (r.idx !== i || !(Number.isSafeInteger(v) || typeof v === 'string'))
        throw new DamagedRow(
          `fight ${fightId}: input ${i + 1} of its log cannot be read (the campaign file was changed outside Fray, or damaged); export it to see the rest, or delete it`,
        );
      return v as Input;
    });
  }

  private readGivers(fightId: number): Map<number, string> {
    const rows = this.db
      .prepare('SELECT idx, given_by FROM inputs WHERE fight_id = ? AND given_by IS NOT NULL')
      .all(fightId) as { idx: number; given_by: string }[];
    return new Map(rows.map((r) => [r.idx, r.given_by]));
  }

  private readJoined(fightId: number): Set<number> {
    const rows = this.db
      .prepare('SELECT idx FROM inputs WHERE fight_id = ? AND with_previous = 1')
      .all(fightId) as { idx: number }[];
    return new Set(rows.map((r) => r.idx));
  }

  /**
   * The fight's inputs become `inputs`: those past the first `keep` are replaced, in one
   * transaction, with the outcome once there is one. Committed (and on disk) when this returns.
   * `givenBy`: the places of what a person gave in this request, and who; the second and later
   * were given together with the first.
   */
  commit(
    fightId: number,
    keep: number,
    inputs: readonly Input[],
    outcome: string | null,
    save?: string,
    givenBy?: GivenBy,
  ): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM inputs WHERE fight_id = ? AND idx >= ?').run(fightId, keep);
      this.appendInputs(fightId, keep, inputs.slice(keep));
      // The person's answer (a ruling and its answer, a roll and the dice typed with it): whose they are.
      if (givenBy) {
        const mark = this.db.prepare(
          'UPDATE inputs SET given_by = ?, with_previous = ? WHERE fight_id = ? AND idx = ?',
        );
        givenBy.at.forEach((idx, i) => mark.run(givenBy.by, i > 0 ? 1 : 0, fightId, idx));
      }
      this.db
        .prepare(
          `UPDATE fights SET outcome = ?, ${save !== undefined ? 'save = ?, ' : ''}updated = datetime('now') WHERE id = ?`,
        )
        .run(...(save !== undefined ? [outcome, save, fightId] : [outcome, fightId]));
    })();
    // The log kept in memory becomes what was written, as a read would find it.
    const log = this.logs.get(fightId);
    if (!log) return;
    log.inputs.length = Math.min(log.inputs.length, keep);
    for (let i = keep; i < inputs.length; i++) log.inputs.push(inputs[i] as Input);
    for (const i of log.givers.keys()) if (i >= keep) log.givers.delete(i);
    for (const i of log.joined) if (i >= keep) log.joined.delete(i);
    givenBy?.at.forEach((idx, i) => {
      log.givers.set(idx, givenBy.by);
      if (i > 0) log.joined.add(idx);
    });
    // Our own commit moved the file's version on only for other connections: ours is unchanged.
  }

  // ---------------------------------------------------------------- the table

  setting(key: string): string | null {
    const r = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      { value: string } | undefined;
    return r?.value ?? null;
  }

  setSetting(key: string, value: string | null): void {
    if (value === null) this.db.prepare('DELETE FROM settings WHERE key = ?').run(key);
    else
      this.db
        .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = ?')
        .run(key, value, value);
  }

  /** The GM's token, made on first use and kept, so pages stay signed in across restarts; `renew` makes a new one. */
  gmToken(renew = false): string {
    const had = renew ? null : this.setting('gm_token');
    if (had) return had;
    const token = newToken();
    this.setSetting('gm_token', token);
    return token;
  }

  seats(): SeatRow[] {
    return this.db.prepare('SELECT * FROM seats ORDER BY id').all() as SeatRow[];
  }

  seatByToken(token: string): SeatRow | null {
    return (this.db.prepare('SELECT * FROM seats WHERE token = ?').get(token) as SeatRow | undefined) ?? null;
  }

  /** A new seat; null when the character has one already. */
  addSeat(kind: 'player' | 'display', combatant: string | null, player: string): SeatRow | null {
    return this.db.transaction(() => {
      if (kind === 'player' && this.db.prepare('SELECT 1 FROM seats WHERE combatant = ?').get(combatant))
        return null;
      const token = newToken();
      this.db
        .prepare('INSERT INTO seats (token, kind, combatant, player) VALUES (?, ?, ?, ?)')
        .run(token, kind, combatant, player);
      return this.seatByToken(token);
    })();
  }

  deleteSeat(id: number): boolean {
    return this.db.prepare('DELETE FROM seats WHERE id = ?').run(id).changes > 0;
  }

  // ---------------------------------------------------------------- studies

  /** Every study, newest first, without its result and plots (they can be large). */
  studies(): StudyRow[] {
    return (
      this.db
        .prepare(
          'SELECT id, kind, encounter_id, title, ruleset, params, seed, status, error, done, total, rerun_of, created, started, finished FROM studies ORDER BY id DESC',
        )
        .all() as RawStudy[]
    ).map((r) => studyRow(r));
  }

  study(
    id: number,
  ): (StudyRow & { readonly text: string; readonly result: unknown; readonly plots: unknown }) | null {
    const r = this.db.prepare('SELECT * FROM studies WHERE id = ?').get(id) as RawStudy | undefined;
    if (!r) return null;
    const damage: string[] = [];
    const result = r.result ? column<unknown>(r.result, null, 'result', isMap, damage) : null;
    const plots = r.plots ? column<unknown>(r.plots, [], 'plots', Array.isArray, damage) : [];
    return { ...studyRow(r, damage), text: r.text ?? '', result, plots };
  }

  /** A new study, queued to run. */
  addStudy(s: NewStudy): number {
    const r = this.db
      .prepare(
        "INSERT INTO studies (kind, encounter_id, title, ruleset, text, params, seed, status, total, rerun_of) VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?)",
      )
      .run(
        s.kind,
        s.encounterId,
        s.title,
        s.ruleset,
        s.text,
        JSON.stringify(s.params),
        s.seed,
        s.total,
        s.rerunOf ?? null,
      );
    return Number(r.lastInsertRowid);
  }

  /** A queued study starts. */
  startStudy(id: number): void {
    this.db.prepare("UPDATE studies SET status = 'running', started = datetime('now') WHERE id = ?").run(id);
  }

  /** How a study ended: its status, the fights done, its result and plots (or its error). */
  endStudy(
    id: number,
    end: {
      status: 'done' | 'stopped' | 'failed';
      done: number;
      result?: unknown;
      plots?: unknown;
      error?: string | null;
    },
  ): void {
    this.db
      .prepare(
        "UPDATE studies SET status = ?, done = ?, result = ?, plots = ?, error = ?, finished = datetime('now'), checkpoint = CASE WHEN status = 'done' THEN NULL ELSE checkpoint END WHERE id = ?",
      )
      .run(
        end.status,
        end.done,
        end.result === undefined ? null : JSON.stringify(end.result),
        end.plots === undefined ? null : JSON.stringify(end.plots),
        end.error ?? null,
        id,
      );
  }

  /**
   * Studies the last server left queued or running (it stopped, or was killed): stopped, saying
   * so. Their threads died with it; what they had run was not kept.
   */
  stopLeftRunning(): number {
    const left = this.db
      .prepare("SELECT id, status, done, total FROM studies WHERE status IN ('queued', 'running')")
      .all() as { id: number; status: string; done: number; total: number }[];
    const stop = this.db.prepare(
      "UPDATE studies SET status = 'stopped', finished = datetime('now'), error = ? WHERE id = ?",
    );
    this.db.transaction(() => {
      for (const r of left)
        stop.run(
          r.status === 'queued'
            ? 'the server stopped before it ran'
            : r.done > 0
              ? `stopped by a restart at ${r.done.toLocaleString('en-US')} of ${r.total.toLocaleString('en-US')}`
              : 'the server stopped while it ran',
          r.id,
        );
    })();
    return left.length;
  }

  /** What a running study has added up so far: kept (on disk) before this returns. */
  checkpointStudy(id: number, done: number, checkpoint: unknown): void {
    this.db
      .prepare("UPDATE studies SET done = ?, checkpoint = ? WHERE id = ? AND status = 'running'")
      .run(done, JSON.stringify(checkpoint), id);
  }

  /** The checkpoint a study keeps (its totals so far), or null; a damaged one is null. */
  studyCheckpoint(id: number): unknown {
    const r = this.db.prepare('SELECT checkpoint FROM studies WHERE id = ?').get(id) as
      { checkpoint: string | null } | undefined;
    if (!r?.checkpoint) return null;
    try {
      return JSON.parse(r.checkpoint) as unknown;
    } catch {
      return null;
    }
  }

  /** A stopped study goes on: queued again, its result to come. */
  resumeStudy(id: number): void {
    this.db
      .prepare("UPDATE studies SET status = 'queued', error = NULL, finished = NULL WHERE id = ?")
      .run(id);
  }

  deleteStudy(id: number): boolean {
    return this.db.prepare('DELETE FROM studies WHERE id = ?').run(id).changes > 0;
  }

  private appendInputs(fightId: number, from: number, inputs: readonly Input[]): void {
    const put = this.db.prepare('INSERT INTO inputs (fight_id, idx, value) VALUES (?, ?, ?)');
    inputs.forEach((x, i) => put.run(fightId, from + i, JSON.stringify(x)));
  }
}

interface RawCharacter {
  id: number;
  ruleset: string;
  name: string;
  party: number;
  entry: string;
  created: string;
  updated: string;
}

/**
 * A JSON column as read, or `fallback` with why it could not be (a row changed outside Fray, or
 * a disk fault): one damaged row is reported beside the others, never hides them.
 */
function column<T>(
  text: string | null,
  fallback: T,
  what: string,
  ok: (v: unknown) => boolean,
  damage: string[],
): T {
  try {
    const v: unknown = text === null ? null : JSON.parse(text);
    if (ok(v)) return v as T;
  } catch {
    // Said below: not JSON at all is damage like JSON of the wrong shape.
  }
  damage.push(`its ${what} cannot be read`);
  return fallback;
}

const isMap = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
const damaged = (damage: readonly string[]) =>
  damage.length === 0
    ? null
    : `${damage.join('; ')} (the campaign file was changed outside Fray, or damaged)`;

function characterRow(r: RawCharacter): CharacterRow {
  const damage: string[] = [];
  return {
    id: r.id,
    ruleset: r.ruleset,
    name: r.name,
    party: r.party === 1,
    entry: column<Record<string, unknown>>(r.entry, {}, 'entry', isMap, damage),
    created: r.created,
    updated: r.updated,
    damaged: damaged(damage),
  };
}

/** One field of a character that an apply changed (undefined: the field not written). */
export interface AppliedChange {
  readonly character: number;
  readonly name: string;
  readonly field: string;
  readonly from?: unknown;
  readonly to?: unknown;
}

/** A character's entry before and after an apply. */
export interface AppliedEntry {
  readonly character: number;
  readonly name: string;
  readonly before: Readonly<Record<string, unknown>>;
  readonly after: Readonly<Record<string, unknown>>;
}

export interface NewPartyApply {
  readonly fight: number;
  readonly title: string;
  readonly ruleset: string;
  /** The fight's step (its inputs) the changes were read at. */
  readonly step: number;
  /** How the fight had ended by then (null: not over). */
  readonly outcome: string | null;
  readonly changes: readonly AppliedChange[];
  readonly entries: readonly AppliedEntry[];
}

export interface PartyApplyRow extends NewPartyApply {
  readonly id: number;
  /** When, as SQLite writes it (UTC, `YYYY-MM-DD HH:MM:SS`). */
  readonly applied: string;
  /** When it was taken back, or null. */
  readonly undone: string | null;
  /** Why part of the row cannot be read; null when it is sound. */
  readonly damaged: string | null;
}

interface RawPartyApply {
  id: number;
  fight_id: number | null;
  title: string;
  ruleset: string;
  step: number;
  outcome: string | null;
  changes: string;
  entries: string;
  applied: string;
  undone: string | null;
}

function partyApplyRow(r: RawPartyApply): PartyApplyRow {
  const damage: string[] = [];
  return {
    id: r.id,
    fight: r.fight_id ?? 0,
    title: r.title,
    ruleset: r.ruleset,
    step: r.step,
    outcome: r.outcome,
    changes: column<AppliedChange[]>(r.changes, [], 'changes', Array.isArray, damage),
    entries: column<AppliedEntry[]>(r.entries, [], 'entries before and after', Array.isArray, damage),
    applied: r.applied,
    undone: r.undone,
    damaged: damaged(damage),
  };
}

interface RawFight {
  id: number;
  title: string;
  ruleset: string;
  encounter_id: number | null;
  save: string;
  outcome: string | null;
  auto_sides: string;
  players_see: string;
  created: string;
  updated: string;
}

function fightRow(r: RawFight): FightRow {
  const damage: string[] = [];
  return {
    id: r.id,
    title: r.title,
    ruleset: r.ruleset,
    encounterId: r.encounter_id,
    save: r.save,
    outcome: r.outcome,
    autoSides: column<number[]>(
      r.auto_sides,
      [],
      'list of sides the tactics play',
      (v) => Array.isArray(v) && v.every((x) => Number.isSafeInteger(x)),
      damage,
    ),
    playersSee: column<Record<string, string>>(
      r.players_see,
      {},
      'settings of what the players see',
      (v) => isMap(v) && Object.values(v as object).every((x) => typeof x === 'string'),
      damage,
    ),
    created: r.created,
    updated: r.updated,
    damaged: damaged(damage),
  };
}

export type StudyKind = 'sim' | 'compare' | 'sweep' | 'odds';
export type StudyStatus = 'queued' | 'running' | 'done' | 'stopped' | 'failed';

export interface NewStudy {
  readonly kind: StudyKind;
  readonly encounterId: number | null;
  readonly title: string;
  readonly ruleset: string;
  /** The encounter's text as it was (odds: the duel's), what the study runs. */
  readonly text: string;
  /** The parameters as the API took them, spelled out (runs, options, variants, axes, round cap…). */
  readonly params: Readonly<Record<string, unknown>>;
  /** Null for exact odds, which roll no dice. */
  readonly seed: number | null;
  /** Fights in all (a sweep: every point's); 0 for odds. */
  readonly total: number;
  readonly rerunOf?: number | null;
}

export interface StudyRow {
  readonly id: number;
  readonly kind: StudyKind;
  readonly encounterId: number | null;
  readonly title: string;
  readonly ruleset: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly seed: number | null;
  readonly status: StudyStatus;
  /** Why it failed, or why it stopped when the person did not stop it. */
  readonly error: string | null;
  /** Fights done when it ended (while it runs, the live socket says). */
  readonly done: number;
  /** Why part of the row cannot be read; null when it is sound. */
  readonly damaged: string | null;
  readonly total: number;
  readonly rerunOf: number | null;
  readonly created: string;
  readonly started: string | null;
  readonly finished: string | null;
}

interface RawStudy {
  id: number;
  kind: StudyKind;
  encounter_id: number | null;
  title: string;
  ruleset: string;
  text?: string;
  params: string;
  seed: number | null;
  status: StudyStatus;
  error: string | null;
  done: number;
  total: number;
  result?: string | null;
  plots?: string | null;
  rerun_of: number | null;
  created: string;
  started: string | null;
  finished: string | null;
}

function studyRow(r: RawStudy, damage: string[] = []): StudyRow {
  const params = column<Record<string, unknown>>(r.params, {}, 'parameters', isMap, damage);
  return {
    id: r.id,
    kind: r.kind,
    encounterId: r.encounter_id,
    title: r.title,
    ruleset: r.ruleset,
    params,
    seed: r.seed,
    status: r.status,
    error: r.error,
    done: r.done,
    total: r.total,
    rerunOf: r.rerun_of,
    created: r.created,
    started: r.started,
    finished: r.finished,
    damaged: damaged(damage),
  };
}
