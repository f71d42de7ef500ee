/** Edit distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      prev[j] = Math.min(up + 1, (prev[j - 1] as number) + 1, diag + cost);
      diag = up;
    }
  }
  return prev[b.length] as number;
}

/** Up to `max` candidates close to `word`: shared prefix or small edit distance, best first. */
export function closeMatches(word: string, candidates: Iterable<string>, max = 3): string[] {
  const w = word.toLowerCase();
  const scored: { c: string; d: number }[] = [];
  for (const c of candidates) {
    const lc = c.toLowerCase();
    const d = editDistance(w, lc);
    const related = lc.includes(w) || w.includes(lc);
    const limit = Math.max(2, Math.floor(Math.max(w.length, lc.length) / 3));
    if (d <= limit || related) scored.push({ c, d: related ? Math.min(d, 1) : d });
  }
  scored.sort((a, b) => a.d - b.d || a.c.localeCompare(b.c));
  return scored.slice(0, max).map((s) => s.c);
}

/** " (did you mean sword, short-sword?)" or "". */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const m = closeMatches(word, candidates);
  return m.length === 0 ? '' : ` (did you mean ${m.join(', ')}?)`;
}

/**
 * A record keyed by names a user typed: no prototype, so `__proto__` or `constructor` is a name
 * like any other (kept, and refused where it is no known one), never the object's own machinery.
 */
export function byName<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** "Skaven" gives "Skaven's", "Heroes" gives "Heroes'". */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/**
 * Names for the models of an encounter's entries, entry after entry: one of a name keeps it, several
 * are numbered ("Orc 1" … "Orc 3"), and entries of one name are numbered on from each other (two of
 * 8 goblins make Goblin 1 to Goblin 16; a second plain "Orc" is "Orc 2"). The loader and the page's
 * board editor both name models with it, so the board shows the names a fight will use.
 */
export function modelNamer(): (name: string, count: number) => string[] {
  const next = new Map<string, number>();
  const taken = new Set<string>();
  return (name, count) => {
    if (count === 1 && !taken.has(name)) {
      taken.add(name);
      return [name];
    }
    let k = Math.max(next.get(name) ?? 1, taken.has(name) ? 2 : 1);
    const names: string[] = [];
    while (names.length < count) {
      const n = `${name} ${k++}`;
      if (taken.has(n)) continue;
      taken.add(n);
      names.push(n);
    }
    next.set(name, k);
    return names;
  };
}

/** "Skaven 2" → "skaven-2": ids are stable, lower-case and safe in paths and logs. */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// Control characters are exactly what these look for: escape codes, bells, other C0 and C1 codes;
// and the invisible format characters (Unicode's Cf: direction overrides and isolates, zero-width
// spaces and joiners, the byte-order mark), which reverse a name on screen or make two "Orc"s differ.
/* eslint-disable no-control-regex */
/** Control and invisible characters a text from a file may not hold; with `lines`, tabs and line breaks are allowed. */
export function controlCharacters(lines: boolean): RegExp {
  return lines ? /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}]/u : /[\u0000-\u001f\u007f-\u009f\p{Cf}]/u;
}

/**
 * Control and invisible characters that came from a file shown as escapes (\x1b, \u{202e}), never
 * sent to the terminal; line breaks kept (a message of several lines) unless `oneLine` (a name).
 */
export function printable(s: string, oneLine = false): string {
  const unsafe = oneLine
    ? /[\u0000-\u001f\u007f-\u009f\p{Cf}]/gu
    : /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\p{Cf}]/gu;
  return s.replace(unsafe, (c) => {
    const code = c.codePointAt(0) as number;
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}
/* eslint-enable no-control-regex */
