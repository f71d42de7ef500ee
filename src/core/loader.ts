// The steps every ruleset's encounter loading shares: validate against the ruleset's schema, read
// its tables (the command line's, the encounter's, the shipped ones), resolve `use:` from a
// bestiary, expand `count:`, give each combatant a unique id, and report every problem with its
// place in the file before anything runs. A ruleset gives its schema and its own resolution.
import { z } from 'zod';
import {
  Reporter,
  SourceDoc,
  ValidationError,
  formatWarning,
  inFileOrder,
  validate,
  type Path,
  type Warning,
} from './document.js';
import { didYouMean, modelNamer, slug } from './names.js';
import type { CombatantSheet, DataNote, DocPart, FileText, LoadEnv } from './ruleset.js';
import { flag, text, whole } from './schema.js';

/** Each sheet with the warnings the load noted about its combatant. */
export function sheetsWithWarnings(
  sheets: readonly CombatantSheet[],
  warnings: readonly Warning[] = [],
): CombatantSheet[] {
  return sheets.map((s) => ({
    ...s,
    warnings: warnings.filter((w) => w.about.includes(s.id)).map(formatWarning),
  }));
}

/** The fields every encounter has besides its sides: a title, options and the round cap. */
export function encounterFields(maxRounds = 100_000) {
  return {
    title: text('a title').optional(),
    // Each value is checked against the ruleset's switches (resolveOptions), with their words.
    options: z.record(z.string(), z.unknown()).optional(),
    maxRounds: whole(1, maxRounds).optional(),
  };
}

/** `sides:`, two or more, each a name, perhaps `players: true`, and its combatants. */
export function sidesSchema<C extends z.ZodType>(combatant: C, more: z.ZodRawShape = {}) {
  return z
    .array(
      z.strictObject({
        name: text('a side name'),
        players: flag().optional(),
        ...more,
        combatants: z.array(combatant).min(1, { error: 'expected at least one combatant' }),
      }),
    )
    .min(2, { error: 'expected two sides or more' });
}

/** What the loader reads of any encounter. */
export interface EncounterShape {
  readonly title?: string;
  readonly maxRounds?: number;
  readonly tables?: Readonly<Record<string, string | undefined>>;
  readonly sides: readonly SideShape[];
}

export interface SideShape {
  readonly name: string;
  readonly players?: boolean;
  readonly combatants: readonly unknown[];
}

/** One entry of `sides[].combatants[]`, with `use:` resolved and `count:` expanded. */
export interface CombatantEntry<C, K> {
  /** The entry as written. */
  readonly doc: C;
  readonly side: number;
  /** Where it is written, for messages. */
  readonly path: Path;
  /** The bestiary's creature it `use:`s, if any. */
  readonly creature: K | null;
  /** One name per model: the name written or the creature's; with `count: n`, "Orc 1" … "Orc n". */
  readonly names: readonly string[];
}

const ours = (source: unknown) => typeof source === 'string' && /\bours\b/i.test(source);

/**
 * The rows of a table file that are ours among those used: null if none is; [] if the whole table
 * is ours and its rows say nothing of their own. Rows are a top-level list of maps named by `id`
 * (or `roll`, 100 shown as 00).
 */
const parsedTables = new Map<string, unknown>();

export function oursIn(file: FileText, used: ReadonlySet<string> | 'all'): string[] | null {
  const key = `${file.file}\u0000${file.text}`;
  if (!parsedTables.has(key)) parsedTables.set(key, SourceDoc.parse(file.file, file.text).data);
  const data = parsedTables.get(key) as Record<string, unknown> | null;
  if (data === null || typeof data !== 'object') return null;
  const rows = Object.values(data).find(
    (v): v is Record<string, unknown>[] =>
      Array.isArray(v) && v.every((r) => r !== null && typeof r === 'object'),
  );
  const own = rows?.some((r) => r.source !== undefined) ?? false;
  const nameOf = (r: Record<string, unknown>, key: string) =>
    typeof r.name === 'string' ? r.name : key === '100' ? '00' : key;
  if (!own) {
    // The table is ours as a whole: the rows used, or the whole table.
    if (!ours(data.source)) return null;
    if (used === 'all') return [];
    const named = (rows ?? []).flatMap((r) => {
      const key = String(r.id ?? r.roll ?? '');
      return used.has(key) ? [nameOf(r, key)] : [];
    });
    return named.length > 0 ? named : null;
  }
  const found: string[] = [];
  for (const r of rows ?? []) {
    const key = String(r.id ?? r.roll ?? '');
    if (used !== 'all' && !used.has(key)) continue;
    if (ours(r.source ?? data.source)) found.push(nameOf(r, key));
  }
  return found.length > 0 ? found : null;
}

/**
 * The line every report prints about its data: "Data of ours, not the texts': bestiary:
 * Ogre; fumbles: 44, 55. Yours: fumbles (my.yaml)."; null when all comes from the texts and facts.
 */
export function dataLine(notes: readonly DataNote[] | undefined): string | null {
  const ourNotes = (notes ?? []).filter((n) => n.kind === 'ours');
  const yourNotes = (notes ?? []).filter((n) => n.kind === 'yours');
  const parts: string[] = [];
  if (ourNotes.length > 0) {
    const replaceable = ourNotes.filter((n) => n.replaceable).map((n) => `${n.table}=FILE`);
    parts.push(
      `Data of ours, not the texts': ${ourNotes
        .map((n) => (n.rows.length ? `${n.table}: ${n.rows.join(', ')}` : `the ${n.table}`))
        .join(
          '; ',
        )}.${replaceable.length ? ` Your own file replaces one with --table ${replaceable.join(', ')}.` : ''}`,
    );
  }
  if (yourNotes.length > 0)
    parts.push(`Yours: ${yourNotes.map((n) => `${n.table} (${n.file})`).join(', ')}.`);
  return parts.length ? parts.join(' ') : null;
}

/** A data row as a sheet names it: its name, and where it comes from (its `source:`). */
export interface SourcedRow {
  readonly name: string;
  readonly source: string;
}

/**
 * A sheet's line naming where a combatant's data rows come from, each source once with the rows
 * taken from it: "sources: OpenQuest SRD: Creatures (orc); ours (bite)"; none without rows. A row
 * a user's file gave without a source is "yours".
 */
export function sourcesLines(rows: readonly SourcedRow[]): string[] {
  const bySource = new Map<string, string[]>();
  for (const r of rows) {
    const names = bySource.get(r.source) ?? [];
    const name = r.name.toLowerCase();
    if (!names.includes(name)) names.push(name);
    bySource.set(r.source, names);
  }
  if (bySource.size === 0) return [];
  return [`sources: ${[...bySource].map(([source, names]) => `${source} (${names.join(', ')})`).join('; ')}`];
}

/** One combatant entry as written, and the fighters it makes (`count: 3` makes three). */
export interface WrittenEntry<C, F extends { readonly id: string }> {
  readonly path: Path;
  readonly doc: C;
  readonly fighters: readonly F[];
}

/** The ids of the fighters an entry makes: whom a warning about it concerns. */
export const idsOf = (e: WrittenEntry<unknown, { readonly id: string }>) => e.fighters.map((f) => f.id);

/**
 * Where an item of an entry's list stands, for a message: the entry's own list (`weapons`,
 * `armour`), or `use:` when the bestiary gave the list, or the list itself.
 */
export function placeOf(e: WrittenEntry<unknown, { readonly id: string }>, list: string, id: string): Path {
  const doc = e.doc as Readonly<Record<string, unknown>>;
  const own = doc[list];
  const i = Array.isArray(own) ? own.indexOf(id) : -1;
  if (i >= 0) return [...e.path, list, i];
  return doc.use !== undefined ? [...e.path, 'use'] : [...e.path, list];
}

/** "unknown weapon 'swrod' (did you mean sword?)", or with no close match the names there are, if few. */
export function unknownName(what: string, name: string, known: Iterable<string>): string {
  const close = didYouMean(name, known);
  if (close) return `unknown ${what} '${name}'${close}`;
  const all = [...known];
  return `unknown ${what} '${name}'${all.length > 0 && all.length <= 40 ? `; known: ${all.join(', ')}` : ''}`;
}

/** The most combatants an encounter may field: a 300-model fight takes about a third of a second. */
export const MAX_COMBATANTS = 500;

export class EncounterLoader<E extends EncounterShape> {
  readonly enc: E;
  readonly doc: SourceDoc;
  readonly rep: Reporter;
  private readonly ids = new Set<string>();
  private readonly later: string[] = [];
  private readonly yours = new Set<string>();
  private readonly asked = new Set<string>();
  private readonly notes: DataNote[] = [];
  private readonly warned: Warning[] = [];
  /** Each combatant's id by its name: the first one given it. */
  private readonly idOf = new Map<string, string>();
  /** Entries of creatures whose bestiary row names rules Fray does not play. */
  private readonly unplayed: {
    readonly path: Path;
    readonly creature: string;
    readonly notPlayed: string;
    readonly names: readonly string[];
  }[] = [];

  /** Validates the part against the schema (a ValidationError lists every problem). */
  constructor(
    readonly part: DocPart,
    schema: z.ZodType<E>,
    private readonly env: LoadEnv,
    /** Whose shipped data files the tables default to. */
    private readonly rulesetId: string,
  ) {
    this.doc = part.doc;
    this.enc = validate(schema, part.doc, part.value, part.base);
    this.rep = new Reporter(part.doc);
    const names = new Set<string>();
    this.enc.sides.forEach((s, i) => {
      // Sides are named by other fields (surprise, --auto): a name must say which.
      if (names.has(s.name)) this.rep.add(this.at('sides', i, 'name'), `two sides are named '${s.name}'`);
      names.add(s.name);
    });
  }

  /** A path inside this encounter (which may be the `encounter` of a save). */
  at(...p: (string | number)[]): Path {
    return [...this.part.base, ...p];
  }

  /** A table: the command line's `--table`, else the file the encounter's `tables:` names, else the shipped one. */
  table(name: string, shippedBy: string = this.rulesetId): FileText {
    this.asked.add(name);
    let t = this.env.tables[name]?.();
    if (t === undefined) {
      const given = this.enc.tables?.[name];
      if (given === undefined) return this.env.readData(shippedBy, `${name}.yaml`);
      t = this.docTable(name, given);
    }
    this.yours.add(name);
    this.env.onTable?.(name, t);
    return t;
  }

  private docTable(name: string, given: string): FileText {
    try {
      const f = this.env.readFile(given);
      this.yours.add(name);
      return f;
    } catch (e) {
      throw new ValidationError([this.doc.issue(this.at('tables', name), (e as Error).message)]);
    }
  }

  /**
   * Notes what the fight takes from a table: a user's table as theirs; of a shipped one, the rows
   * it uses (by id, or `all`) that are ours, by each row's `source:`, else the table's.
   */
  noteData(name: string, file: FileText, used: ReadonlySet<string> | 'all'): void {
    if (this.yours.has(name)) {
      this.notes.push({ kind: 'yours', table: name, file: file.file, rows: [], replaceable: true });
      return;
    }
    const rows = oursIn(file, used);
    if (rows)
      this.notes.push({
        kind: 'ours',
        table: name,
        file: file.file,
        rows,
        replaceable: this.asked.has(name),
      });
  }

  /** What the notes found, for the setup. */
  dataNotes(): readonly DataNote[] {
    return this.notes;
  }

  /** The title, or the file's name. */
  title(): string {
    return this.enc.title ?? this.doc.file;
  }

  /** Each side's name, and whether the players play it: the sides marked so, else the first. */
  sides(): { name: string; players: boolean }[] {
    const marked = this.enc.sides.some((s) => s.players === true);
    return this.enc.sides.map((s, i) => ({ name: s.name, players: s.players ?? (i === 0 && !marked) }));
  }

  /** The side of that name, or an issue at `path` (and null). */
  sideIndex(name: string, path: Path): number | null {
    const i = this.enc.sides.findIndex((s) => s.name === name);
    if (i < 0)
      this.rep.add(
        path,
        `no side named '${name}'${didYouMean(
          name,
          this.enc.sides.map((s) => s.name),
        )}`,
      );
    return i < 0 ? null : i;
  }

  /** An id from a name, unique in the encounter: "orc", then "orc-2"; `entersLater`: its entry says `enters: true`. */
  uniqueId(name: string, entersLater = false): string {
    const base = slug(name) || 'combatant';
    let id = base;
    for (let n = 2; this.ids.has(id); n++) id = `${base}-${n}`;
    this.ids.add(id);
    if (!this.idOf.has(name)) this.idOf.set(name, id);
    if (entersLater) this.later.push(id);
    return id;
  }

  /** The ids of those who come into the fight later, by the GM's ruling. */
  entersLater(): readonly string[] {
    return this.later;
  }

  /**
   * Every combatant entry, side by side, with its creature and names; an entry whose `use:` is
   * not in the bestiary, or that has no name, is reported and left out. `countOf` says how many
   * models an entry makes (default: its `count:`).
   */
  combatants<C extends { readonly name?: string; readonly use?: string; readonly count?: number }, K>(
    bestiary: ReadonlyMap<string, K & { readonly name: string }> | null,
    countOf: (c: C) => number = (c) => c.count ?? 1,
  ): CombatantEntry<C, K & { readonly name: string }>[] {
    const out: CombatantEntry<C, K & { readonly name: string }>[] = [];
    const numbered = modelNamer();
    this.enc.sides.forEach((side, si) =>
      (side.combatants as readonly C[]).forEach((c, ci) => {
        const path = this.at('sides', si, 'combatants', ci);
        let creature: (K & { readonly name: string }) | null = null;
        if (c.use !== undefined && bestiary) {
          creature = bestiary.get(c.use) ?? null;
          if (!creature)
            return this.rep.add([...path, 'use'], unknownName('creature', c.use, bestiary.keys()));
        }
        const name = c.name ?? creature?.name;
        if (name === undefined)
          return this.rep.add(path, 'needs a name, or `use:` naming a creature from the bestiary');
        const names = numbered(name, countOf(c));
        out.push({ doc: c, side: si, path, creature, names });
        const notPlayed = (creature as { readonly notPlayed?: string } | null)?.notPlayed;
        if (creature && notPlayed)
          this.unplayed.push({ path: [...path, 'use'], creature: creature.name, notPlayed, names });
      }),
    );
    const all = out.reduce((n, e) => n + e.names.length, 0);
    if (all > MAX_COMBATANTS)
      this.rep.add(
        this.at('sides'),
        `expected at most ${MAX_COMBATANTS} combatants in all; the sides make ${all} (a fight of this size is a battle, not a skirmish)`,
      );
    return out;
  }

  /** The named entries of a list in a catalogue (weapons, armour, spells); each unknown one is reported. */
  resolve<T>(ids: readonly string[], catalogue: ReadonlyMap<string, T>, what: string, path: Path): T[] {
    const out: T[] = [];
    ids.forEach((id, i) => {
      const item = this.lookup(id, catalogue, what, [...path, i]);
      if (item !== null) out.push(item);
    });
    return out;
  }

  /** One named entry of a catalogue, or an issue at `path` (and null). */
  lookup<T>(id: string, catalogue: ReadonlyMap<string, T>, what: string, path: Path): T | null {
    const item = catalogue.get(id);
    if (item === undefined) this.rep.add(path, unknownName(what, id, catalogue.keys()));
    return item ?? null;
  }

  /** Throws every problem found, if any. */
  finish(): void {
    this.rep.throwIfAny();
  }

  /**
   * Notes something legal that a GM would likely not mean, at its place in the file; `about`
   * names the combatants (ids) it concerns. Nothing stops: the setup carries it (`warnings()`).
   */
  warn(path: Path, message: string, about: readonly string[], keyOf?: string): void {
    this.warned.push({ ...this.doc.issue(path, message, keyOf), about });
  }

  /**
   * The warnings so far, in file order; with one for each creature of the bestiary whose rules
   * Fray does not all play (its row's `notPlayed`), once for all who use it.
   */
  warnings(): Warning[] {
    const said = new Map<string, Warning>();
    for (const u of this.unplayed) {
      const about = u.names.map((n) => this.idOf.get(n)).filter((x): x is string => x !== undefined);
      const had = said.get(u.creature);
      if (had) said.set(u.creature, { ...had, about: [...had.about, ...about] });
      else
        said.set(u.creature, {
          ...this.doc.issue(
            u.path,
            `not played by Fray for the ${u.creature} (its bestiary row says so; the GM rules it): ${u.notPlayed}`,
          ),
          about,
        });
    }
    return inFileOrder([...this.warned, ...said.values()]);
  }
}
