// The campaign's party from fight to fight (docs/table-play.md, The party that goes on). An
// encounter kept in the campaign brings in the party's characters by reference, as an encounter
// file brings in a party file's members (`use: party-wfrp1e.yaml#Helmut`, `party:
// party-wfrp1e.yaml`): each fight starts from the characters as they are then, and its save keeps
// them as they were. After a fight, or at any point of one, what it left on them is shown field by
// field and written into the characters in one step, the entries before kept for an undo.
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import { z } from 'zod';
import { partyChanges, sameValue, type PartyUse } from '../core/party.js';
import type { LoadEnv } from '../core/ruleset.js';
import { describeOutcome, type OutReason } from '../core/state.js';
import type { Condition, Gauge } from '../core/tracker.js';
import { checkCharacter, loadCharacter } from '../files/character.js';
import { FileError, shippedOnlyEnv } from '../files/disk.js';
import { encounterFromText, type FightFile } from '../files/fight-file.js';
import { RULESETS } from '../rulesets/index.js';
import { Refusal, type Fights } from './fights.js';
import { guard, idOf, parseBody } from './http.js';
import type { AppliedChange, AppliedEntry, CharacterRow, Store } from './store.js';

/**
 * The name an encounter of the campaign gives the party of a ruleset: the name the page exports
 * it as, so that an exported encounter and its exported party, side by side in a folder, run with
 * `fray fight` and take `fray party apply` as they are.
 */
export function partyFile(ruleset: string): string {
  return `party-${ruleset}.yaml`;
}

const PARTY_FILE = /^party-(.+)\.yaml$/;

/** The party's members of a ruleset: its characters marked as the party's whose rows can be read. */
function members(store: Store, ruleset: string): CharacterRow[] {
  return store.characters(ruleset).filter((c) => c.party && c.damaged === null);
}

/** The party of a ruleset as a party file: what the page exports, and what the campaign's encounters read. */
export function partyText(store: Store, ruleset: string): string {
  const party = store.characters(ruleset).filter((c) => c.party);
  // A member whose row cannot be read is named, not dropped without a word.
  const left = party
    .filter((c) => c.damaged !== null)
    .map((c) => `# Left out: ${c.name}: ${c.damaged}.\n`)
    .join('');
  const list = party.filter((c) => c.damaged === null).map((c) => c.entry);
  return `# The party of a Fray campaign, exported ${new Date().toISOString().slice(0, 10)}.\n${left}${stringify({ name: 'The party', ruleset, members: list }, { lineWidth: 0 })}`;
}

/** Where an encounter kept in the campaign reads: Fray's shipped data, and the campaign's party by its file's name. */
export function campaignEnv(store: Store): LoadEnv {
  return {
    ...shippedOnlyEnv(),
    readFile: (rel) => {
      const ruleset = PARTY_FILE.exec(rel)?.[1];
      if (ruleset === undefined || !RULESETS.has(ruleset))
        throw new FileError(
          `'${rel}': an encounter kept in the campaign names no files but its party (${partyFile('wfrp1e')} for WFRP 1e's); put the table or the combatants in it`,
        );
      if (members(store, ruleset).length === 0)
        throw new FileError(
          `the campaign's ${ruleset} party has nobody in it: add a character of ${ruleset} to the party, or write the combatants in`,
        );
      return { file: rel, text: partyText(store, ruleset) };
    },
  };
}

/** An encounter kept in the campaign, read with its party as it is now. */
export function campaignEncounter(
  store: Store,
  name: string,
  text: string,
  seed: number | null = null,
): FightFile {
  return encounterFromText(name, text, seed, {}, campaignEnv(store));
}

/**
 * The encounter's text with the party's members written in, for what is kept to run again as it
 * was (a study): the text itself when it brings in no party, or cannot be read (what runs it says why).
 */
export function partyWrittenIn(store: Store, text: string): string {
  let ff: FightFile;
  try {
    ff = campaignEncounter(store, 'encounter', text);
  } catch {
    return text;
  }
  if (ff.parties.length === 0) return text;
  return `# The campaign's party written in as it was when this was run.\n${stringify(ff.loaded.source, { lineWidth: 0 })}`;
}

/** Characters' numbers as their rules read them, by ruleset and entry: a list is fetched after every change. */
const HEALTH = new Map<string, Gauge | null>();

/**
 * The number that takes a character out (W 3/8, HP 9/12), as its next fight starts with it:
 * what the fights before left on it. Null for a row that cannot be read, or an entry its rules refuse.
 */
export function healthOf(c: CharacterRow): Gauge | null {
  if (c.damaged !== null) return null;
  const key = `${c.ruleset}\u0000${JSON.stringify(c.entry)}`;
  if (HEALTH.has(key)) return HEALTH.get(key) ?? null;
  let gauge: Gauge | null = null;
  try {
    const { ff } = loadCharacter(c.ruleset, { ...c.entry });
    const { ruleset, setup } = ff.loaded;
    gauge = ruleset.tracker(ruleset.create(setup)).rows[0]?.gauges[0] ?? null;
  } catch {
    // Its rules refuse it now (data changed since it was kept): the list says nothing of its health.
  }
  if (HEALTH.size >= 512) HEALTH.delete(HEALTH.keys().next().value as string);
  HEALTH.set(key, gauge);
  return gauge;
}

/** One field of a member: as the character says it now, and as the fight leaves it (absent: not written). */
export interface FieldChange {
  readonly field: string;
  readonly from?: unknown;
  readonly to?: unknown;
}

export interface MemberResult {
  readonly name: string;
  /** The character it is, or null when the campaign has none of that name in the party any more. */
  readonly character: number | null;
  /** How it stands in the fight now: the number that takes it out, why it is out, its conditions (these end with the fight). */
  readonly end: {
    readonly gauge: Gauge | null;
    readonly out: OutReason | null;
    readonly conditions: readonly Condition[];
  } | null;
  readonly changes: readonly FieldChange[];
  readonly notes: readonly string[];
}

/** What was applied from the fight, as the page shows it. */
export interface AppliedItem {
  readonly id: number;
  readonly step: number;
  readonly outcome: string | null;
  readonly applied: string;
  readonly undone: string | null;
  readonly changes: readonly AppliedChange[];
}

/** What a fight did to the campaign's party, as it stands: the preview of an apply, and what was applied. */
export interface PartyResult {
  readonly fight: number;
  /** The fight's step (inputs) this was read at: an apply names it, and is refused if the fight moved on. */
  readonly step: number;
  readonly round: number;
  /** How it ended, or null while it goes on. */
  readonly outcome: string | null;
  /** The party file's name the fight's encounter brings the party in by. */
  readonly file: string;
  readonly members: readonly MemberResult[];
  /** What the page should know of the fight as a whole (no member of the party fought, another party file). */
  readonly notes: readonly string[];
  /** This fight's applies, newest first. */
  readonly applied: readonly AppliedItem[];
}

interface Reading {
  readonly result: PartyResult;
  readonly title: string;
  readonly ruleset: string;
  /** The characters changed, with their entries before and after. */
  readonly entries: readonly AppliedEntry[];
  readonly changes: readonly AppliedChange[];
}

function read(store: Store, fights: Fights, id: number): Reading {
  const { ff, result } = fights.standing(id);
  const ruleset = ff.loaded.ruleset;
  const st = result.state;
  const file = partyFile(ruleset.id);
  const uses: PartyUse[] = ff.parties.filter((p) => p.file === file);
  const chars = members(store, ruleset.id);
  const found = ruleset.lasting
    ? partyChanges(
        ruleset.lasting.bind(ruleset),
        st,
        uses,
        chars.map((c) => c.entry),
      )
    : { changes: [], notes: [] };
  const rows = ruleset.tracker(st).rows;
  const out: MemberResult[] = uses
    .flatMap((u) => u.members.map((m) => ({ side: u.side, m })))
    .map(({ side, m }) => {
      const c = st.combatants.find((x) => x.side === side && x.name === m.name);
      const row = c ? rows.find((r) => r.id === c.id) : undefined;
      return {
        name: m.member,
        character: chars.find((x) => x.name === m.member)?.id ?? null,
        end: row ? { gauge: row.gauges[0] ?? null, out: row.out, conditions: row.conditions } : null,
        changes: found.changes
          .filter((x) => x.name === m.member)
          .map(({ field, from, to }) => ({ field, from, to })),
        notes: found.notes.filter((n) => n.name === m.member).map((n) => n.text),
      };
    });
  const notes: string[] = [];
  if (!ruleset.lasting) notes.push(`${ruleset.id} keeps nothing from fight to fight`);
  else if (uses.length === 0)
    notes.push(
      `no member of the campaign's party is in this fight by reference: an encounter brings one in with use: ${file}#Name (the builder writes so), or the whole party with party: ${file}`,
    );
  for (const other of new Set(ff.parties.filter((p) => p.file !== file).map((p) => p.file)))
    notes.push(
      `members of ${other}, a party file of the command line, fight here: fray party apply writes what lasts into that file`,
    );
  const changes: AppliedChange[] = [];
  const entries: AppliedEntry[] = [];
  for (const [i, c] of chars.entries()) {
    const mine = found.changes.filter((x) => x.member === i);
    if (mine.length === 0) continue;
    const after: Record<string, unknown> = { ...c.entry };
    for (const x of mine) {
      changes.push({ character: c.id, name: c.name, field: x.field, from: x.from, to: x.to });
      if (x.to === undefined) delete after[x.field];
      else after[x.field] = x.to;
    }
    entries.push({ character: c.id, name: c.name, before: c.entry, after });
  }
  return {
    result: {
      fight: id,
      step: result.log.length,
      round: st.round,
      outcome: result.outcome ? describeOutcome(st, result.outcome) : null,
      file,
      members: out,
      notes,
      applied: store.partyApplies(id).map((a) => ({
        id: a.id,
        step: a.step,
        outcome: a.outcome,
        applied: a.applied,
        undone: a.undone,
        changes: a.changes,
      })),
    },
    title: ff.loaded.setup.title,
    ruleset: ruleset.id,
    entries,
    changes,
  };
}

const APPLY = z.strictObject({
  step: z
    .number({ error: 'expected the step the changes were shown at (the preview’s step)' })
    .int()
    .min(0)
    .optional(),
});

/**
 * The routes: what a fight did to the party (`GET /api/fights/:id/party`), written into the
 * characters (`POST`), and the last apply taken back (`POST …/party/undo`).
 */
export function registerParty(
  app: FastifyInstance,
  store: Store,
  fights: Fights,
  changed: (fight: number | null, what: string) => void,
): void {
  app.get(
    '/api/fights/:id/party',
    guard((req) => read(store, fights, idOf(req.params)).result),
  );

  app.post(
    '/api/fights/:id/party',
    guard((req) => {
      const id = idOf(req.params);
      const { step } = parseBody(APPLY, req.body);
      const now = read(store, fights, id);
      if (step !== undefined && step !== now.result.step)
        throw new Refusal(
          `the fight has moved on since those changes were shown (step ${step}, now ${now.result.step}): look at them again`,
          409,
        );
      if (now.entries.length === 0)
        throw new Refusal('nothing to apply: the characters already say all the fight left on them', 409);
      // What is written must be a character of its ruleset, as one edited on the page must.
      for (const e of now.entries) checkCharacter(now.ruleset, { ...e.after });
      store.addPartyApply({
        fight: id,
        title: now.title,
        ruleset: now.ruleset,
        step: now.result.step,
        outcome: now.result.outcome,
        changes: now.changes,
        entries: now.entries,
      });
      changed(null, 'characters');
      changed(id, 'party');
      return read(store, fights, id).result;
    }),
  );

  app.post(
    '/api/fights/:id/party/undo',
    guard((req) => {
      const id = idOf(req.params);
      fights.standing(id);
      const last = store.partyApplies(id).find((a) => a.undone === null);
      if (!last) throw new Refusal('nothing applied from this fight to take back', 409);
      if (last.damaged) throw new Refusal(`the last apply cannot be taken back: ${last.damaged}`, 409);
      // Taken back only over what it wrote: an edit since, or another fight's apply, is not undone by surprise.
      for (const e of last.entries) {
        const c = store.character(e.character);
        if (!c)
          throw new Refusal(`${e.name} is no longer a character of the campaign: nothing taken back`, 409);
        if (!sameValue(c.entry, e.after))
          throw new Refusal(
            `${e.name} has changed since it was applied (edited, or another fight applied): nothing taken back`,
            409,
          );
      }
      store.undoPartyApply(last.id, last.entries);
      changed(null, 'characters');
      changed(id, 'party');
      return read(store, fights, id).result;
    }),
  );
}
