import { z } from 'zod';
import { controlCharacters } from './names.js';

/**
 * A schema (or anything) built when first asked for, then kept: building zod schemas is a good
 * part of a command's start, and most commands never check most kinds of file.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

// The same words give the same schema, made once: a zod schema is never changed (its methods
// return new ones), so the fields of a ruleset's files share one `text('a name')`, and making each
// again was a good part of a ruleset's loading (docs/performance.md, Issue 46).
const made = new Map<string, unknown>();
function once<T>(key: readonly unknown[], make: () => T): T {
  const k = JSON.stringify(key);
  let s = made.get(k) as T | undefined;
  if (s === undefined) made.set(k, (s = make()));
  return s;
}

/** A whole number in [lo, hi], with one message for every way of getting it wrong. */
export function whole(lo: number, hi: number, what = 'a whole number') {
  return once(['whole', lo, hi, what], () => {
    const error = `expected ${what} ${lo}..${hi}`;
    return z.number({ error }).int({ error }).min(lo, { error }).max(hi, { error });
  });
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T, what = 'one of') {
  return once(['oneOf', values, what], () =>
    z.enum(values, { error: `expected ${what} ${values.join(', ')}` }),
  );
}

/**
 * A text from a file. Control characters are refused (a shared file could clear the GM's screen
 * or retitle the terminal when its names are printed), and so are invisible ones (a name shown
 * reversed, two names that look the same); `lines` lets a text span lines (a map).
 */
export function text(what = 'a text', lines = false) {
  return once(['text', what, lines], () => {
    const control = controlCharacters(lines);
    return z
      .string({ error: `expected ${what}` })
      .min(1, { error: `expected ${what}, not empty` })
      .refine((s) => !control.test(s), {
        error: `expected ${what} without control or invisible characters (escape codes, tabs${lines ? '' : ', line breaks'}, direction overrides, zero-width characters)`,
      });
  });
}

/** The kinds of name a file takes from its ruleset's data: a creature, a weapon, a piece of armour, a spell. */
export type NameKind = 'creature' | 'weapon' | 'armour' | 'spell';

/**
 * The fields that name a row of the ruleset's data, and of which kind. The loader looks each name
 * up in the data it reads (which may be the user's); the schema an editor reads lists the names
 * there are (files/schema.ts), so that it completes them and marks a misspelt one.
 */
export const NAMED_IN_DATA = z.registry<{ readonly kind: NameKind; readonly what: string }>();

/** A text naming a row of the ruleset's data ('a weapon id'): checked as `text` is, and marked for the editors' schema. */
export function dataName(kind: NameKind, what: string) {
  return once(['dataName', kind, what], () => {
    // A copy of its own: `text` gives every field of the same words one schema, and marking that
    // one would mark fields that name nothing of the data.
    const named = text(what).clone();
    NAMED_IN_DATA.add(named, { kind, what });
    return named;
  });
}

export function flag() {
  return once(['flag'], () => z.boolean({ error: 'expected true or false' }));
}

/**
 * A list in which an entry may appear once (spells known, skills, armour worn): a repeat is
 * refused at its own line, since a list that names a thing twice is a slip, not a second one.
 */
export function uniqueList<T extends z.ZodType<string>>(item: T) {
  return z.array(item).superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((x, i) => {
      const first = seen.get(x);
      if (first !== undefined)
        ctx.addIssue({ code: 'custom', path: [i], message: `'${x}' is listed twice (first at [${first}])` });
      else seen.set(x, i);
    });
  });
}
