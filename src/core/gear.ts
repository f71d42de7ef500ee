// A creature's gear as books and adventures list it ("Sword, Shield, Mail Shirt, Crossbow with 12
// bolts, 15 GCs"), split into items in one pass: each with what its brackets hold, a count, and
// where it was typed, so that every item is used, matched with the choice shown, or named as left
// out. Which lines list gear, and what money and ammunition look like, are said here once for
// every ruleset.
import type { FieldLine, StatBlock } from './statblock.js';

/** The keys of the lines that list a creature's gear, under the names published books and adventures use. */
export const GEAR_KEYS =
  /^(weapons?|attacks?|armou?r|armed with|possessions|trappings|equipment|gear|carries|carrying|kit)$/i;

/** Keys of gear lines that hold weapons and armour alike (not the `Weapons:` or `Armour:` line). */
export const MIXED_GEAR_KEYS = /^(possessions|trappings|equipment|gear|carries|carrying|kit)$/i;

/** One item of a list of gear. */
export interface Item {
  /** Its words: brackets, a count and a full stop taken off ("Crossbow"). */
  readonly name: string;
  /** As printed, trimmed ("Crossbow (loaded)"). */
  readonly printed: string;
  /** What its brackets held, each ("1D8", "magic"). */
  readonly notes: readonly string[];
  /** A count printed with it: "12 bolts", "2 daggers", "dagger x2". */
  readonly count: number | null;
  /** Where it begins in the list. */
  readonly offset: number;
  /** It followed "with" ("Crossbow with 12 bolts"): it belongs with the item before. */
  readonly withBefore: boolean;
  /** What cut it from the item before: ',', 'and', 'with' … ('' for the first). */
  readonly cutBy: string;
}

/**
 * Where a list of gear is cut: at depth 0, these, a '/' with blanks around it, and the words
 * " and ", " with ", " & ". A '/' between two words ("Fist/Kick") names one thing two ways.
 */
const CUTS = new Set([',', ';']);

/**
 * A list of gear, item by item, in one pass. Brackets keep what is inside them together; a
 * bracket left open at a comma and opened again ("Target Shield (1D6+1D6 , War Sword (1D8+1D6)",
 * as a transcription prints it) is taken as closed at that comma.
 */
export function itemsOf(value: string): Item[] {
  const text = value.replace(/\.\s*$/, '');
  const pieces: { from: number; to: number; cutBy: string }[] = [];
  let start = 0;
  let depth = 0;
  let commaInside = -1;
  let cutBy = '';
  const cutAt = (at: number, skip: number, by: string) => {
    pieces.push({ from: start, to: at, cutBy });
    cutBy = by;
    start = at + skip;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '(' || c === '[') {
      if (depth === 1 && commaInside >= 0) {
        // The bracket before was never closed: it ends at the comma inside it.
        cutAt(commaInside, 1, ',');
        depth = 0;
      }
      depth++;
      commaInside = -1;
      continue;
    }
    if (c === ')' || c === ']') {
      depth = Math.max(0, depth - 1);
      commaInside = -1;
      continue;
    }
    if (depth > 0) {
      if (c === ',' && depth === 1) commaInside = i;
      continue;
    }
    if (CUTS.has(c) || ((c === '+' || c === '/') && text[i - 1] === ' ')) cutAt(i, 1, c);
    else if (c === ' ') {
      const word = /^ (and|with|&|plus) /i.exec(text.slice(i, i + 7));
      if (word) {
        cutAt(i, (word[0] as string).length - 1, (word[1] as string).toLowerCase());
        i += (word[0] as string).length - 2;
      }
    }
  }
  pieces.push({ from: start, to: text.length, cutBy });
  const out: Item[] = [];
  for (const p of pieces) {
    const raw = text.slice(p.from, p.to);
    const printed = raw.trim();
    if (printed === '') continue;
    const offset = p.from + (raw.length - raw.trimStart().length);
    const notes: string[] = [];
    let words = '';
    let d = 0;
    let note = '';
    for (const c of printed) {
      if (c === '(' || c === '[') {
        if (d > 0) note += c;
        d++;
      } else if ((c === ')' || c === ']') && d > 0) {
        d--;
        if (d === 0) {
          if (note.trim()) notes.push(note.trim());
          note = '';
        } else note += c;
      } else if (d > 0) note += c;
      else words += c;
    }
    if (note.trim()) notes.push(note.trim());
    let name = words.replace(/\s+/g, ' ').trim();
    let count: number | null = null;
    const before = /^(\d{1,4}) ?x? (.+)$/i.exec(name);
    const after = /^(.+?) ?[x×] ?(\d{1,3})$/i.exec(name);
    if (before) {
      count = Number(before[1]);
      name = before[2] as string;
    } else if (after) {
      count = Number(after[2]);
      name = after[1] as string;
    }
    out.push({
      name: name.trim(),
      printed,
      notes,
      count,
      offset,
      withBefore: p.cutBy === 'with',
      cutBy: p.cutBy,
    });
  }
  return out;
}

/** Money as gear lists print it: "15 GCs", "3 gold crowns", "12/6", "a purse of 20 shillings". */
export function isMoney(item: Item): boolean {
  // "3D10 Shillings": a sum rolled for.
  const name = item.name.replace(/^\d{0,2}D\d{1,3}([+-]\d{1,3})? /i, '');
  return (
    /^(gcs?|gold crowns?|crowns?|gold|silver|shillings?|pennies|pence|brass pennies|bps?|ss|gp|sp|cp|coins?|gold pieces?|silver pieces?|pieces? of (gold|silver)|purse( of .*)?|money|loot|treasure)$/i.test(
      name,
    ) || /^\d{1,5}\/\d{1,3}$/.test(item.printed)
  );
}

/** Ammunition as gear lists print it: arrows, bolts, shot, stones, darts for a blowpipe, a quiver. */
export function ammunitionOf(item: Item): string | null {
  const m =
    /^(quiver of |bag of |pouch of |case of |brace of )?(arrows?|bolts?|quarrels?|shots?|bullets?|sling ?stones?|stones?|darts?|quiver)$/i.exec(
      item.name,
    );
  if (!m) return null;
  const kind = (m[2] as string).toLowerCase();
  if (/^(quiver|arrow)/.test(kind)) return 'arrows';
  if (/^(bolt|quarrel)/.test(kind)) return 'bolts';
  if (/^(shot|bullet)/.test(kind)) return 'shot';
  if (/stone/.test(kind)) return 'stones';
  return 'darts';
}

/** "none", "nil", "no armour", "-": nothing to read. */
export function isNone(item: Item): boolean {
  return /^(none|nil|nothing|no armou?r|no weapons?|-)$/i.test(item.name);
}

/**
 * Items cut at "and" put back together where together they name a row ("Ball and chain", "Fish
 * and chips" stay one), `names` saying which names are rows.
 */
export function joinedNames(items: readonly Item[], names: (s: string) => boolean): Item[] {
  const out: Item[] = [];
  for (const it of items) {
    const prev = out.at(-1);
    if (prev && it.cutBy === 'and' && prev.notes.length === 0 && names(`${prev.name} and ${it.name}`)) {
      out[out.length - 1] = {
        ...prev,
        name: `${prev.name} and ${it.name}`,
        printed: `${prev.printed} and ${it.printed}`,
        notes: it.notes,
      };
      continue;
    }
    out.push(it);
  }
  return out;
}

/** What became of an item: used (and how the summary says it), or left out and why. */
export type Taken = { readonly used: string } | { readonly left: string } | null;

/**
 * Every line of gear whose key matches, item by item: `take` says what each became; what it
 * leaves out is warned of at its line, one warning a line naming each item and why. An item
 * `take` passes over (null) is the importer's to say (shots, once their weapon is known).
 */
export function readGear(
  block: StatBlock,
  keys: RegExp,
  take: (item: Item, line: FieldLine, all: readonly Item[]) => Taken,
  names: (s: string) => boolean = () => false,
): FieldLine[] {
  const lines = block.fields(keys, 'gear');
  for (const f of lines) {
    const items = joinedNames(itemsOf(f.value), names);
    const used: string[] = [];
    const left: string[] = [];
    for (const item of items) {
      if (isNone(item)) continue;
      const t = take(item, f, items);
      if (t === null) continue;
      if ('used' in t) used.push(t.used);
      else left.push(`'${item.printed}' (${t.left})`);
    }
    block.said(f.key.toLowerCase(), used.join(', ') || '(nothing played)', [f.n]);
    if (left.length > 0) block.warn(f.n, `left out of ${f.key}: ${left.join('; ')}`);
  }
  return lines;
}
