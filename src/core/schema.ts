import { z } from 'zod';
import { controlCharacters } from './names.js';

/** A whole number in [lo, hi], with one message for every way of getting it wrong. */
export function whole(lo: number, hi: number, what = 'a whole number') {
  const error = `expected ${what} ${lo}..${hi}`;
  return z.number({ error }).int({ error }).min(lo, { error }).max(hi, { error });
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T, what = 'one of') {
  return z.enum(values, { error: `expected ${what} ${values.join(', ')}` });
}

/**
 * A text from a file. Control characters are refused (a shared file could clear the GM's screen
 * or retitle the terminal when its names are printed), and so are invisible ones (a name shown
 * reversed, two names that look the same); `lines` lets a text span lines (a map).
 */
export function text(what = 'a text', lines = false) {
  const control = controlCharacters(lines);
  return z
    .string({ error: `expected ${what}` })
    .min(1, { error: `expected ${what}, not empty` })
    .refine((s) => !control.test(s), {
      error: `expected ${what} without control or invisible characters (escape codes, tabs${lines ? '' : ', line breaks'}, direction overrides, zero-width characters)`,
    });
}

export function flag() {
  return z.boolean({ error: 'expected true or false' });
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
