// The study form's data: the encounter's entries a sweep or a comparison may name, the form's
// fields, and the body the form sends to the API.
// ------------------------------------------------------------------ the encounter's entries
import type { Character, Creature, RulesetItem, StudyKind } from '../api.js';
import { randomSeed } from './format.js';

interface Entry {
  readonly side: number;
  readonly entry: number;
  readonly label: string;
  readonly doc: Record<string, unknown>;
}

export interface EncounterData {
  readonly sides: readonly { readonly name: string; readonly entries: readonly Entry[] }[];
  /** The rule options the encounter sets itself. */
  readonly options: Readonly<Record<string, string>>;
}

/** Each side's combatant entries as written, labelled by name or the bestiary's name for them ("Orc × 2"). */
export function entriesOf(data: unknown, creatures: readonly Creature[]): EncounterData {
  const doc = (data ?? {}) as { sides?: unknown[]; options?: Record<string, unknown> };
  const sides = (doc.sides ?? []) as {
    name?: string;
    combatants?: Record<string, unknown>[];
  }[];
  const creature = (id: unknown) => creatures.find((c) => c.id === id)?.name ?? String(id ?? 'combatant');
  return {
    options: Object.fromEntries(Object.entries(doc.options ?? {}).map(([k, v]) => [k, String(v)])),
    sides: sides.map((s, side) => ({
      name: String(s.name ?? `side ${side + 1}`),
      entries: (s.combatants ?? []).map((doc, entry) => {
        const name = typeof doc.name === 'string' ? doc.name : creature(doc.use);
        const n =
          typeof doc.count === 'number'
            ? doc.count
            : Array.isArray(doc.at) && typeof doc.at[0] !== 'number'
              ? doc.at.length
              : 1;
        return { side, entry, label: n > 1 ? `${name} × ${n}` : name, doc };
      }),
    })),
  };
}

/** Axes a sweep might take: each number written for a combatant, a range round it; each option's values. */
export function axisHints(data: EncounterData, ruleset: RulesetItem | undefined): string[] {
  const out: string[] = [];
  const walk = (prefix: string, v: unknown, depth: number) => {
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) {
      const step = v >= 20 ? 5 : 1;
      out.push(`${prefix}=${Math.max(step, v - 4 * step)}..${v + 4 * step}:${step}`);
    } else if (v && typeof v === 'object' && !Array.isArray(v) && depth < 2)
      for (const [k, x] of Object.entries(v)) walk(`${prefix}.${k}`, x, depth + 1);
  };
  for (const s of data.sides)
    for (const e of s.entries)
      for (const [k, v] of Object.entries(e.doc))
        if (k !== 'count' && k !== 'at') walk(`sides[${e.side}].combatants[${e.entry}].${k}`, v, 0);
  for (const o of ruleset?.options ?? []) out.push(`options.${o.name}=${o.values.join(',')}`);
  return out;
}

// ------------------------------------------------------------------ an axis picked by name

/** A number of a combatant entry a sweep may vary: its path under the entry, and its bounds. */
export interface NumberField {
  /** Under the entry: "profile.WS", "dd", "ammo.bow". */
  readonly path: string;
  /** What the lists show it under: the field it is in ("profile", "tactics"), or "" at the top. */
  readonly group: string;
  readonly name: string;
  readonly min?: number;
  readonly max?: number;
}

interface Schema {
  readonly type?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly anyOf?: readonly Schema[];
  readonly properties?: Readonly<Record<string, Schema>>;
}

/** The whole-number part of a schema (a profile's "45 or '-'"), or null when it takes no number. */
function numberOf(s: Schema | undefined): Schema | null {
  if (!s) return null;
  if (s.type === 'integer' || s.type === 'number') return s;
  return s.anyOf?.find((x) => x.type === 'integer' || x.type === 'number') ?? null;
}

/**
 * The numbers a combatant entry of the ruleset takes, from the character form's schema (its
 * characteristics, skills, damage dice, a tactic's threshold), in the schema's order.
 */
export function numberFields(
  schema: { readonly properties: Readonly<Record<string, Schema>> } | null,
): NumberField[] {
  const out: NumberField[] = [];
  const add = (path: string, group: string, name: string, s: Schema) =>
    out.push({
      path,
      group,
      name,
      ...(s.minimum !== undefined ? { min: s.minimum } : {}),
      ...(s.maximum !== undefined ? { max: s.maximum } : {}),
    });
  for (const [field, s] of Object.entries(schema?.properties ?? {})) {
    const n = numberOf(s);
    if (n) add(field, '', field, n);
    else
      for (const [key, sub] of Object.entries(s.properties ?? {})) {
        const m = numberOf(sub);
        if (m) add(`${field}.${key}`, field, key, m);
      }
  }
  return out;
}

/** The numbers an entry writes itself (`ammo: { bow: 24 }`), those the schema lists or not, with their values. */
export function writtenNumbers(doc: Record<string, unknown>): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (prefix: string, v: unknown, depth: number) => {
    if (typeof v === 'number' && Number.isFinite(v)) out.set(prefix, v);
    else if (v && typeof v === 'object' && !Array.isArray(v) && depth < 2)
      for (const [k, x] of Object.entries(v)) walk(`${prefix}.${k}`, x, depth + 1);
  };
  for (const [k, v] of Object.entries(doc)) if (k !== 'count' && k !== 'at') walk(k, v, 0);
  return out;
}

/**
 * The values a sweep of a number might begin with: four steps either side of what the entry
 * writes, or of the middle of its bounds when it writes nothing (the bestiary's value is not
 * known here), kept within the bounds. The GM edits them.
 */
export function valuesAround(written: number | undefined, f: Pick<NumberField, 'min' | 'max'>): string {
  const lo = f.min ?? 0;
  const hi = f.max ?? Number.MAX_SAFE_INTEGER;
  const at = written ?? Math.round((lo + Math.min(hi, lo + 100)) / 2);
  const step = at >= 20 ? 5 : 1;
  const from = Math.max(lo, step, at - 4 * step);
  return `${from}..${Math.max(from, Math.min(hi, at + 4 * step))}:${step}`;
}

/** What an axis's text names: a combatant entry's number or a rule option, and its values; null for any other text. */
export type AxisPick =
  | {
      readonly who: { readonly side: number; readonly entry: number };
      readonly field: string;
      readonly values: string;
    }
  | { readonly who: 'options'; readonly field: string; readonly values: string };

export function readAxis(text: string): AxisPick | null {
  const entry = /^sides\[(\d+)\]\.combatants\[(\d+)\]\.([A-Za-z_][\w.-]*)=(.*)$/.exec(text.trim());
  if (entry)
    return {
      who: { side: Number(entry[1]), entry: Number(entry[2]) },
      field: entry[3] as string,
      values: entry[4] as string,
    };
  const option = /^options\.([A-Za-z_][\w-]*)=(.*)$/.exec(text.trim());
  return option ? { who: 'options', field: option[1] as string, values: option[2] as string } : null;
}

/** An axis as the API takes it: `sides[0].combatants[1].profile.WS=25..65:5`, `options.criticals=a,b`. */
export function axisText(p: AxisPick): string {
  const where = p.who === 'options' ? 'options' : `sides[${p.who.side}].combatants[${p.who.entry}]`;
  return `${where}.${p.field}=${p.values}`;
}

// ------------------------------------------------------------------ the form

export interface Form {
  kind: StudyKind;
  runs: string;
  seed: string;
  maxRounds: string;
  untilCi: string;
  options: Record<string, string>;
  a: Record<string, string>;
  b: Record<string, string>;
  editsA: string;
  editsB: string;
  vary: string;
  vary2: string;
  /** auto: exact when every point is a duel fray odds solves; exact; sim. */
  method: 'auto' | 'exact' | 'sim';
  from: 'encounter' | 'bestiary';
  pickA: string;
  pickB: string;
  pairA: string;
  pairB: string;
}

export const freshForm = (): Form => ({
  kind: 'sim',
  runs: '2000',
  seed: randomSeed(),
  maxRounds: '',
  untilCi: '',
  options: {},
  a: {},
  b: {},
  editsA: '',
  editsB: '',
  method: 'auto',
  vary: '',
  vary2: '',
  from: 'encounter',
  pickA: '',
  pickB: '',
  pairA: '',
  pairB: '',
});

/** A number typed, as the API takes it; '' left out (the server's default); anything else sent as typed, for its refusal. */
export const num = (t: string): number | string | undefined =>
  t.trim() === '' ? undefined : Number.isNaN(Number(t)) ? t : Number(t);
export const chosen = (o: Record<string, string>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ''));
const lines = (t: string) =>
  t
    .split('\n')
    .map((x) => x.trim())
    .filter((x) => x !== '');

/** What the form asks of the API. */
export function bodyOf(
  f: Form,
  encounterId: number | null,
  ruleset: string,
  pool: Pool,
): Record<string, unknown> {
  const common = {
    ...(num(f.maxRounds) !== undefined ? { maxRounds: num(f.maxRounds) } : {}),
    options: chosen(f.options),
  };
  const sims = {
    encounterId,
    runs: num(f.runs),
    ...(num(f.seed) !== undefined ? { seed: num(f.seed) } : {}),
    ...common,
  };
  const until = num(f.untilCi) !== undefined ? { untilCi: num(f.untilCi) } : {};
  if (f.kind === 'sim') return { kind: 'sim', ...sims, ...until };
  if (f.kind === 'compare') {
    const spec = (o: Record<string, string>, edits: string) => [
      ...Object.entries(chosen(o)).map(([k, v]) => `${k}=${v}`),
      ...lines(edits),
    ];
    return {
      kind: 'compare',
      ...sims,
      ...until,
      method: f.method,
      a: spec(f.a, f.editsA),
      b: spec(f.b, f.editsB),
    };
  }
  if (f.kind === 'sweep')
    return {
      kind: 'sweep',
      ...sims,
      method: f.method,
      vary: [f.vary, f.vary2].map((x) => x.trim()).filter((x) => x),
    };
  if (f.from === 'encounter') {
    const pick = (v: string) => {
      const [side, entry] = v.split(':').map(Number);
      return { side, entry };
    };
    return { kind: 'odds', encounterId, pick: [pick(f.pickA), pick(f.pickB)], ...common };
  }
  return { kind: 'odds', ruleset, pair: [pool.entryOf(f.pairA), pool.entryOf(f.pairB)], ...common };
}

/** Creatures of the ruleset's bestiary and the campaign's characters, to set against each other. */
export interface Pool {
  readonly creatures: readonly Creature[];
  readonly characters: readonly Character[];
  entryOf(key: string): Record<string, unknown> | null;
}

export function poolOf(creatures: readonly Creature[], characters: readonly Character[]): Pool {
  return {
    creatures,
    characters,
    entryOf: (key) => {
      const [what, id] = [key.slice(0, 2), key.slice(2)];
      if (what === 'c:') return { use: id };
      return characters.find((c) => String(c.id) === id)?.entry ?? null;
    },
  };
}
