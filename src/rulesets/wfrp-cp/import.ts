// A character or creature for the Combat Points rules as the text's combat examples print it: the
// WFRP 1e profile (WS BS S T W I A, often with Int or WP), then "Weapon Abilities:" with a line a
// weapon class ("Swords 25% (15% basic, +10 advance)", "Swords 13% / 33%", "Bows 13 +30 =43/63"),
// and the armour in words ("Chain mail - 1AP on chest"). The profile, name, weapons and armour are
// read as WFRP 1e's importer reads them; the abilities are this variant's own.
import type { ImportOptions } from '../../core/ruleset.js';
import {
  dataRows,
  placeOf,
  type BlockLine,
  type Imported,
  type Named,
  type StatBlock,
} from '../../core/statblock.js';
import { itemsOf } from '../../core/gear.js';
import { armourPiece, readWfrp1eBlock, wfrp1eNotUsed } from '../wfrp1e/import.js';

/** The class a line names: by its name, else the one class whose name holds it ("Knives" for Daggers&Knives). */
function classFor(name: string, byName: ReadonlyMap<string, string>): string | null {
  const exact = byName.get(name);
  if (exact) return exact;
  if (name.length < 4) return null;
  const holding = [...new Set([...byName].filter(([k]) => k.split(' ').includes(name)).map(([, id]) => id))];
  return holding.length === 1 ? (holding[0] as string) : null;
}

/** A weapon class's name as compared: "Daggers&Knives", "Daggers and Knives" → "daggers and knives". */
function className(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * One ability line: the class, and the ability as the text writes it (basic and advance, or the
 * total above basic WS). The line's blanks are single spaces, and a class's name is short.
 */
const ABILITY = [
  // Swords 25% (15% basic, +10 advance), total of 45% …
  /^([A-Za-z][A-Za-z&' -]{0,40}?) \d{1,3}%? ?\( ?([^ ,)]{1,12})%? ?basic ?, ?\+?([^ %)]{1,12})%? ?advance ?\)/i,
  // Swords 13% +10 = 23/43%   ·   Bows 13 +30 =43/63
  /^([A-Za-z][A-Za-z&' -]{0,40}?) ([^ %+]{1,12})%? ?\+ ?([^ %=]{1,12})%? ?= ?\d/i,
  // Swords 13% / 33%   ·   Swords 13%
  /^([A-Za-z][A-Za-z&' -]{0,40}?) ([^ %/]{1,12})%?(?: ?\/ ?[^ %]{1,12}%?)?$/i,
] as const;

/** `fray import --ruleset wfrp-cp`. */
export function importCombatPoints(block: StatBlock, o: ImportOptions): Imported {
  const { entry } = readWfrp1eBlock(block, o);
  const classes = [
    ...dataRows<Named>(o.env, 'wfrp-cp', 'classes.yaml', 'hand'),
    ...dataRows<Named>(o.env, 'wfrp-cp', 'classes.yaml', 'ballistic'),
  ];
  const byName = new Map(
    classes.flatMap((c) => [
      [className(c.name), c.id],
      [className(c.id), c.id],
    ]),
  );
  const abilities: Record<string, number | { base: number; advance: number }> = {};
  const lines: number[] = [];
  for (const l of block.lines) {
    if (l.text === '' || l.long || block.isUsed(l)) continue;
    if (/^weapon abilities ?:?$/i.test(l.text) || /^basic (ws|bs) ?= ?\d{1,3}$/i.test(l.text)) {
      block.use(l, 'abilities');
      continue;
    }
    const read = abilityOf(block, l, byName);
    if (!read) continue;
    const [cls, value] = read;
    abilities[cls] = value;
    lines.push(l.n);
    block.place(`abilities.${cls}`, placeOf(l, 0));
    block.use(l, 'abilities');
  }
  if (Object.keys(abilities).length > 0) {
    entry.abilities = abilities;
    block.said(
      'abilities',
      Object.entries(abilities)
        .map(([k, v]) => (typeof v === 'number' ? `${k} ${v}` : `${k} ${v.base} + ${v.advance}`))
        .join(', '),
      lines,
    );
  }
  readArmourLine(block, o, entry);
  // "(he is a 4th level mage)": the level, refused at its place when it is no whole number.
  for (const l of block.lines) {
    if (l.long) continue;
    const at = l.text.search(/\d\S{0,10} level mage/i);
    if (at < 0) continue;
    const m = /^(\S{1,12}?)(?:st|nd|rd|th)? level mage/i.exec(l.text.slice(at)) as RegExpExecArray;
    const level = block.whole(m[1] as string, "the mage's level", placeOf(l, at));
    entry.mage = { level, spells: [] };
    block.place('mage.level', placeOf(l, at));
    block.said('mage', `level ${level} (its spells: write them into mage.spells by hand)`, [l.n]);
    break;
  }
  block.leftOver((l) =>
    /\bAcP\b|spell/i.test(l.text)
      ? { why: 'magic: the spells known and in effect are written into the entry by hand', warn: true }
      : wfrp1eNotUsed(l),
  );
  return block.result('wfrp-cp', entry);
}

/** The body's locations as the text's armour lines name them. */
const ZONES: Readonly<Record<string, string>> = {
  chest: 'body',
  body: 'body',
  head: 'head',
  arms: 'arms',
  legs: 'legs',
};

/**
 * "Chain mail - 1AP on chest", "Full chain mail and helmet - 1AP all locations": the text's armour
 * line, each piece named read as the WFRP 1e piece, and mail as the mail that covers the
 * locations the line names (a helmet named covers the head).
 */
function readArmourLine(block: StatBlock, o: ImportOptions, entry: Record<string, unknown>): void {
  if (entry.armour) return;
  const rows = dataRows<Named & { covers: string[]; kind?: string }>(
    o.env,
    'wfrp1e',
    'armour.yaml',
    'pieces',
  );
  for (const l of block.free()) {
    const m = /^([A-Za-z][A-Za-z ]{0,60}?) - (\d{1,2}) ?AP\b(.{0,200})$/i.exec(l.text);
    if (!m) continue;
    const where = (m[3] as string).toLowerCase();
    const zones = new Set(
      /all locations|everywhere/.test(where)
        ? ['head', 'body', 'arms', 'legs']
        : Object.entries(ZONES)
            .filter(([w]) => new RegExp(`\\b${w}\\b`).test(where))
            .map(([, z]) => z),
    );
    const pieces: string[] = [];
    const left: string[] = [];
    for (const item of itemsOf(m[1] as string)) {
      const named = armourPiece(item.name.replace(/^full /i, ''), rows);
      if (named && !/mail/i.test(item.name)) {
        pieces.push(named.row.id);
        for (const z of named.row.covers) zones.delete(z);
      } else if (/mail/i.test(item.name)) pieces.push('mail');
      else left.push(item.printed);
    }
    if (pieces.length === 0) continue;
    // The mail that covers what the line names and the pieces named do not.
    const need = [...zones].sort().join(',');
    const mail = rows.find(
      (r) => /mail/i.test(r.name) && r.id !== 'mail-coif' && [...r.covers].sort().join(',') === need,
    );
    const ids = pieces.map((p) => (p === 'mail' ? (mail?.id ?? 'mail-shirt') : p));
    entry.armour = [...new Set(ids)];
    block.use(l, 'armour');
    block.place('armour', placeOf(l, 0));
    block.said('armour', `${ids.join(', ')} (${(m[1] as string).trim()}, ${m[2]} AP${m[3]})`, [l.n]);
    if (pieces.includes('mail') && !mail)
      block.warn(
        l.n,
        `no mail of the data covers ${need || 'what the line names'}: the mail shirt (body) is read`,
      );
    if (left.length > 0) block.warn(l.n, `left out of the armour: ${left.map((x) => `'${x}'`).join(', ')}`);
    return;
  }
}

/** A line of a class and its ability, or null when it is not one; a number that is not whole is refused at its place. */
function abilityOf(
  block: StatBlock,
  l: BlockLine,
  byName: ReadonlyMap<string, string>,
): [string, number | { base: number; advance: number }] | null {
  for (const [k, re] of ABILITY.entries()) {
    const m = re.exec(l.text);
    if (!m) continue;
    const cls = classFor(className(m[1] as string), byName);
    if (!cls) return null;
    const at = (s: string) => placeOf(l, Math.max(0, l.text.indexOf(s, (m[1] as string).length)));
    const base = block.whole(m[2] as string, `the ${cls} ability`, at(m[2] as string));
    if (k === 2) return [cls, base];
    return [cls, { base, advance: block.whole(m[3] as string, `the ${cls} advance`, at(m[3] as string)) }];
  }
  return null;
}
