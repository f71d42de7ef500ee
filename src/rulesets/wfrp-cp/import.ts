// A character or creature for the Combat Points rules as the text's combat examples print it: the
// WFRP 1e profile (WS BS S T W I A, often with Int or WP), then "Weapon Abilities:" with a line a
// weapon class ("Swords 25% (15% basic, +10 advance)", "Swords 13% / 33%", "Bows 13 +30 =43/63"),
// and the armour in words ("Chain mail - 1AP on chest"). The profile, name, weapons and armour are
// read as WFRP 1e's importer reads them; the abilities are this variant's own.
import type { ImportOptions } from '../../core/ruleset.js';
import { dataRows, type BlockLine, type Imported, type Named, type StatBlock } from '../../core/statblock.js';
import { readWfrp1eBlock, wfrp1eNotUsed } from '../wfrp1e/import.js';

/** A weapon class's name as compared: "Daggers&Knives", "Daggers and Knives" → "daggers and knives". */
function className(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** One ability line: the class, and the ability as the text writes it (basic and advance, or the total above basic WS). */
const ABILITY = [
  // Swords 25% (15% basic, +10 advance), total of 45% …
  /^(.+?)\s+\d+%?\s*\(\s*(\d+)%?\s*basic\s*,\s*\+?(\d+)%?\s*advance\s*\)/i,
  // Swords 13% +10 = 23/43%   ·   Bows 13 +30 =43/63
  /^(.+?)\s+(\d+)%?\s*\+\s*(\d+)%?\s*=\s*\d+/i,
  // Swords 13% / 33%   ·   Swords 13%
  /^(.+?)\s+(\d+)%?(?:\s*\/\s*\d+%?)?\s*$/i,
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
  let inAbilities = false;
  for (const l of block.lines) {
    if (l.text === '' || block.isUsed(l.n)) {
      inAbilities = inAbilities && l.text === '' ? inAbilities : false;
      continue;
    }
    if (/^weapon abilities\s*:?$/i.test(l.text) || /^basic (ws|bs)\s*=\s*\d+$/i.test(l.text)) {
      block.use(l.n, 'abilities');
      inAbilities = true;
      continue;
    }
    const read = abilityOf(l, byName);
    if (!read) continue;
    const [cls, value] = read;
    abilities[cls] = value;
    lines.push(l.n);
    block.use(l.n, 'abilities');
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
  // "Chain mail - 1AP on chest": the text's armour line, read as the WFRP 1e piece of that cover.
  for (const l of block.free()) {
    const m = /^(.+?)\s+-\s+(\d+)\s*AP\b(.*)$/i.exec(l.text);
    if (!m || entry.armour) continue;
    const piece = /chain|mail/i.test(m[1] as string) ? 'mail-shirt' : null;
    if (piece) {
      entry.armour = [piece];
      block.use(l.n, 'armour');
      block.said('armour', `${piece} (${(m[1] as string).trim()}, ${m[2]} AP${m[3]})`, [l.n]);
    }
  }
  const mage = block.lines.map((l) => /(\d)(?:st|nd|rd|th)\s+level\s+mage/i.exec(l.text)).find((m) => m);
  if (mage) {
    entry.mage = { level: Number(mage[1]), spells: [] };
    block.said('mage', `level ${mage[1]} (its spells: write them into mage.spells by hand)`, []);
  }
  block.leftOver((l) =>
    /\bAcP\b|spell/i.test(l.text)
      ? 'magic: the spells known and in effect are written into the entry by hand'
      : wfrp1eNotUsed(l),
  );
  return block.result('wfrp-cp', entry);
}

/** A line of a class and its ability, or null when it is not one. */
function abilityOf(
  l: BlockLine,
  byName: ReadonlyMap<string, string>,
): [string, number | { base: number; advance: number }] | null {
  for (const [k, re] of ABILITY.entries()) {
    const m = re.exec(l.text.replace(/\t/g, ' '));
    if (!m) continue;
    const cls = byName.get(className(m[1] as string));
    if (!cls) return null;
    return k === 2 ? [cls, Number(m[2])] : [cls, { base: Number(m[2]), advance: Number(m[3]) }];
  }
  return null;
}
