// The party that goes on from fight to fight (docs/table-play.md, The party that goes on): a
// file of combatants in the shape an encounter writes them, which an encounter brings in whole on
// a side (`party: heroes.yaml`) or one member at a time (`use: heroes.yaml#Helmut`). The members
// are written into the encounter before its ruleset reads it, so a save carries them as they were
// when the fight began; a problem in a member is reported at its line in the party file.
import { z } from 'zod';
import { formatPath, SourceDoc, validate, ValidationError, type Issue, type Path } from './document.js';
import { didYouMean } from './names.js';
import { onFirstUse } from './schema.js';
import type { DocPart, FileText, Lasting, LoadEnv } from './ruleset.js';
import type { FightState } from './state.js';

/** A party file: which ruleset its members are written for, and the members. */
export interface PartyFile {
  readonly name?: string;
  readonly ruleset: string;
  readonly members: readonly Record<string, unknown>[];
}

const members = (member: z.ZodType) =>
  z
    .array(member, { error: 'expected the list of members' })
    .min(1, { error: 'expected at least one member' });

const partySchema = onFirstUse(() =>
  z.strictObject({
    name: z.string({ error: 'expected the party’s name' }).optional(),
    ruleset: z.string({ error: 'expected the ruleset its members are written for' }),
    members: members(
      z.record(z.string(), z.unknown(), { error: 'expected a combatant (a map of name, profile, …)' }),
    ),
  }),
);

/** A party file of one ruleset, its members in that ruleset's combatant shape (for editors: `fray schema party`). */
export function partySchemaFor(ruleset: string, member: z.ZodType): z.ZodType {
  return partySchema().extend({ ruleset: z.literal(ruleset), members: members(member) });
}

/** Where a party's members went in an encounter: the file as the encounter names it, the side, and who. */
export interface PartyUse {
  /** The party file, as the encounter names it (absolute once a file was read from disk). */
  readonly file: string;
  /** The index of the side they joined, from 0. */
  readonly side: number;
  /** Each member brought in: its name in the party file, and its name in the fight. */
  readonly members: readonly {
    /** Its name in the party file. */
    readonly member: string;
    /** Its name in the fight. */
    readonly name: string;
  }[];
}

/**
 * `use: heroes.yaml#Helmut`: a member of a party file, not a creature of the bestiary. Written
 * without flags (the case spelt out) so that the editors' schema takes the same words as a pattern.
 */
export const MEMBER_USE_PATTERN = '^(.+\\.(?:[yY][aA]?[mM][lL]|[jJ][sS][oO][nN]))#(.+)$';
const MEMBER_USE = new RegExp(MEMBER_USE_PATTERN);

export function memberName(m: Readonly<Record<string, unknown>>): string | null {
  return typeof m.name === 'string' && m.name.trim() !== '' ? m.name : null;
}

/** Reads and checks a party file: its shape, its ruleset, a name on every member, no name twice. */
export function readParty(f: FileText, ruleset: string | null): { doc: SourceDoc; party: PartyFile } {
  const doc = SourceDoc.parse(f.file, f.text);
  const party = validate(partySchema(), doc, doc.data) as PartyFile;
  const issues: Issue[] = [];
  if (ruleset !== null && party.ruleset !== ruleset)
    issues.push(
      doc.issue(['ruleset'], `the party is written for ${party.ruleset}, the encounter is ${ruleset}`),
    );
  const seen = new Set<string>();
  party.members.forEach((m, i) => {
    const name = memberName(m);
    if (name === null) issues.push(doc.issue(['members', i], 'a member needs a name'));
    else if (seen.has(name)) issues.push(doc.issue(['members', i, 'name'], `'${name}' is a member twice`));
    else seen.add(name);
    if (m.count !== undefined)
      issues.push(doc.issue(['members', i, 'count'], 'a member is one combatant: no count'));
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return { doc, party };
}

/** A spliced entry: its place in the encounter, and where each of its fields was written. */
interface Splice {
  readonly at: string;
  readonly doc: SourceDoc;
  readonly member: Path;
  /** Fields the encounter's entry wrote itself (over the member's): reported in the encounter. */
  readonly own: ReadonlySet<string>;
}

/**
 * The encounter with its parties' members written in, the parties it used, and a way to put a
 * problem found in a member back at its line in the party file.
 */
export function expandParties(
  part: DocPart,
  ruleset: string,
  env: LoadEnv,
): {
  value: unknown;
  parties: PartyUse[];
  /** The party files' names as their problems give them. */
  partyFiles: string[];
  locate: (issues: readonly Issue[]) => Issue[];
} {
  const v = part.value as { sides?: unknown };
  const sides = Array.isArray(v.sides) ? v.sides : [];
  const mentions = sides.some(
    (s) =>
      (s as { party?: unknown })?.party !== undefined ||
      ((s as { combatants?: unknown })?.combatants instanceof Array &&
        ((s as { combatants: unknown[] }).combatants as { use?: unknown }[]).some(
          (c) => typeof c?.use === 'string' && MEMBER_USE.test(c.use),
        )),
  );
  if (!mentions) return { value: part.value, parties: [], partyFiles: [], locate: (i) => [...i] };

  const read = new Map<string, { doc: SourceDoc; party: PartyFile }>();
  const issues: Issue[] = [];
  const partyAt = (given: string, path: Path) => {
    const known = read.get(given);
    if (known) return known;
    try {
      const p = readParty(env.readFile(given), ruleset);
      read.set(given, p);
      return p;
    } catch (e) {
      if (e instanceof ValidationError) issues.push(...e.issues);
      else issues.push(part.doc.issue(path, (e as Error).message));
      return null;
    }
  };
  const splices: Splice[] = [];
  const uses = new Map<string, PartyUse & { members: { member: string; name: string }[] }>();
  const used = (file: string, side: number) => {
    const key = `${side}|${file}`;
    let u = uses.get(key);
    if (!u) uses.set(key, (u = { file, side, members: [] }));
    return u;
  };
  const newSides = sides.map((s, si) => {
    if (s === null || typeof s !== 'object' || Array.isArray(s)) return s;
    const side = s as Record<string, unknown>;
    const sidePath = [...part.base, 'sides', si];
    const out: Record<string, unknown>[] = [];
    const { party, ...rest } = side;
    if (party !== undefined) {
      if (typeof party !== 'string')
        issues.push(part.doc.issue([...sidePath, 'party'], 'expected a party file'));
      else {
        const p = partyAt(party, [...sidePath, 'party']);
        p?.party.members.forEach((m, i) => {
          splices.push({
            at: formatPath([...sidePath, 'combatants', out.length]),
            doc: p.doc,
            member: ['members', i],
            own: new Set(),
          });
          used(party, si).members.push({ member: memberName(m) as string, name: memberName(m) as string });
          out.push({ ...m });
        });
      }
    }
    const listed = Array.isArray(rest.combatants) ? (rest.combatants as unknown[]) : [];
    listed.forEach((c, ci) => {
      const entry = c as Record<string, unknown> | null;
      const m = typeof entry?.use === 'string' ? MEMBER_USE.exec(entry.use) : null;
      if (!entry || !m) {
        out.push(c as Record<string, unknown>);
        return;
      }
      const [, file, who] = m as unknown as [string, string, string];
      const p = partyAt(file, [...sidePath, 'combatants', ci, 'use']);
      const i = p ? p.party.members.findIndex((x) => memberName(x) === who) : -1;
      if (p && i < 0) {
        const names = p.party.members.map((x) => memberName(x) ?? '');
        issues.push(
          part.doc.issue(
            [...sidePath, 'combatants', ci, 'use'],
            `no member '${who}' in ${file}${didYouMean(who, names)}; members: ${names.join(', ')}`,
          ),
        );
      }
      if (!p || i < 0) return;
      const { use: _use, ...own } = entry;
      const member = p.party.members[i] as Record<string, unknown>;
      splices.push({
        at: formatPath([...sidePath, 'combatants', out.length]),
        doc: p.doc,
        member: ['members', i],
        own: new Set(Object.keys(own)),
      });
      const merged = { ...member, ...own };
      used(file, si).members.push({ member: who, name: memberName(merged) ?? who });
      out.push(merged);
    });
    return { ...rest, combatants: out };
  });
  if (issues.length > 0) throw new ValidationError(issues);

  // A problem inside a member is the party file's: reported at its line there.
  const locate = (found: readonly Issue[]): Issue[] =>
    found.map((issue) => {
      const s = splices.find(
        (x) => issue.path === x.at || issue.path.startsWith(`${x.at}.`) || issue.path.startsWith(`${x.at}[`),
      );
      if (!s || issue.file !== part.doc.file) return issue;
      const tail = parsePath(issue.path.slice(s.at.length));
      if (typeof tail[0] === 'string' && s.own.has(tail[0])) return issue;
      return s.doc.issue([...s.member, ...tail], issue.message);
    });
  return {
    value: { ...(part.value as object), sides: newSides },
    parties: [...uses.values()],
    partyFiles: [...read.values()].map((p) => p.doc.file),
    locate,
  };
}

/** ".profile.WS[0]" → ['profile', 'WS', 0]. */
function parsePath(text: string): Path {
  const out: (string | number)[] = [];
  for (const m of text.matchAll(/\.([^.[\]]+)|\[(\d+)\]/g))
    out.push(m[2] !== undefined ? Number(m[2]) : (m[1] as string));
  return out;
}

/** One field of one member, before and after (undefined: not written). */
export interface PartyChange {
  /** The member's place in the party's list. */
  readonly member: number;
  readonly name: string;
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
}

/** Values read from YAML or JSON alike: a map's keys in any order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.hasOwn(b, k) &&
        sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/**
 * What a fight leaves on the party's members, field by field, against the members as they are
 * written now (a party file's, or the campaign's characters): each ruleset's `lasting` of the
 * fight's last state, and missile weapons destroyed taken out of `weapons` and `carried`. The
 * values are whole (W left, not W lost), so applying a fight twice writes the same. `notes` says
 * what no field holds (a member who died) and who could not be matched, each with the member's name.
 */
export function partyChanges(
  lasting: (state: FightState, id: string) => Lasting | null,
  state: FightState,
  uses: readonly PartyUse[],
  members: readonly Readonly<Record<string, unknown>>[],
): { changes: PartyChange[]; notes: { name: string; text: string }[] } {
  const changes: PartyChange[] = [];
  const notes: { name: string; text: string }[] = [];
  for (const { side, m } of uses.flatMap((u) => u.members.map((m) => ({ side: u.side, m })))) {
    const i = members.findIndex((x) => memberName(x) === m.member);
    const c = state.combatants.find((x) => x.side === side && x.name === m.name);
    if (i < 0 || !c) {
      notes.push({
        name: m.member,
        text: `${i < 0 ? 'no longer in the party' : 'not in the fight'}; left as it is`,
      });
      continue;
    }
    const entry = members[i] as Readonly<Record<string, unknown>>;
    const left = lasting(state, c.id);
    if (!left) continue;
    for (const [field, value] of Object.entries(left.fields)) {
      const to = value === null ? undefined : value;
      if (!sameValue(entry[field], to))
        changes.push({ member: i, name: m.member, field, from: entry[field], to });
    }
    for (const list of ['weapons', 'carried']) {
      const had = entry[list];
      if (Array.isArray(had) && left.lost.some((id) => had.includes(id)))
        changes.push({
          member: i,
          name: m.member,
          field: list,
          from: had,
          to: had.filter((id) => !left.lost.includes(id as string)),
        });
    }
    for (const n of left.notes) notes.push({ name: m.member, text: n });
  }
  return { changes, notes };
}
