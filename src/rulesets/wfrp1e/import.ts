// A WFRP 1e creature or character as the rulebook and its adventures print it: a name, the
// profile as a heading row (M WS BS S T W I A Dex Ld Int Cl WP Fel) over a row of values ("-"
// for a characteristic it lacks), and lines around it naming its weapons, armour and skills.
import type { ImportOptions } from '../../core/ruleset.js';
import {
  dataRows,
  listOf,
  matchName,
  plainName,
  type BlockLine,
  type Headings,
  type Imported,
  type Named,
  type StatBlock,
} from '../../core/statblock.js';
import { CHARS, REQUIRED_CHARS } from './catalogue.js';
import { KNOWN_SKILLS } from './encounter.js';
import { specialistSkill } from './rules.js';

/** The profile's headings, as abbreviations and as words. */
export const WFRP1E_HEADINGS: Headings = {
  names: {
    ...Object.fromEntries(CHARS.map((c) => [c.toLowerCase(), c])),
    mv: 'M',
    move: 'M',
    movement: 'M',
    str: 'S',
    strength: 'S',
    toughness: 'T',
    wounds: 'W',
    ini: 'I',
    initiative: 'I',
    att: 'A',
    attacks: 'A',
    dexterity: 'Dex',
    leadership: 'Ld',
    intelligence: 'Int',
    cool: 'Cl',
    willpower: 'WP',
    fellowship: 'Fel',
  },
  atLeast: 6,
  what: 'the profile',
};

/**
 * Names printed for a weapon that the data calls otherwise, read as the row named (ours: the
 * rulebook's "hand weapon" is any one-handed weapon; the sword stands for it).
 */
const WEAPON_ALIASES: Readonly<Record<string, string>> = {
  'hand weapon': 'sword',
  'two handed weapon': 'two-handed-sword',
  'double handed weapon': 'two-handed-sword',
  'two handed axe': 'great-axe',
  'double handed axe': 'great-axe',
  'great sword': 'two-handed-sword',
  greatsword: 'two-handed-sword',
  'two handed sword': 'two-handed-sword',
  teeth: 'bite',
  claw: 'claw',
  bow: 'bow',
  staff: 'quarter-staff',
};

/** Why a line the profile and fields did not use is not used, by what it begins with. */
const NOT_USED: readonly [RegExp, string][] = [
  [/^(trappings|equipment|possessions|treasure|money|gold)\b/i, 'trappings: not used in combat'],
  [/^(alignment|career|age|height|weight|description|appearance)\b/i, 'not used in combat'],
  [/^(magic points|mp|spells?|magic)\b/i, 'magic is not played in WFRP 1e combat here'],
  [
    /^(psychology|special|special rules|notes|causes fear|causes terror)\b/i,
    'special rules are not read from a block: write what Fray plays of them into the entry (docs/rulesets/wfrp1e.md)',
  ],
];

/** The skills the engine plays, as a block may name them. */
function skillFor(given: string, specialists: readonly string[]): string | null {
  const g = plainName(given);
  const known = [...KNOWN_SKILLS, ...specialists];
  return known.find((k) => plainName(k) === g) ?? null;
}

/** What the WFRP 1e importer leaves to a variant that reads more (the Combat Points' abilities). */
export interface Wfrp1eImport {
  readonly entry: Record<string, unknown>;
  /** The lines left after the profile and the fields: the variant reads on from them. */
  readonly block: StatBlock;
}

/** Reads the profile, name, weapons, armour and skills; leaves the rest of the block to the caller. */
export function readWfrp1eBlock(block: StatBlock, o: ImportOptions): Wfrp1eImport {
  const p = block.profileOrRefuse(
    WFRP1E_HEADINGS,
    'no WFRP 1e profile found: expected a heading row such as M WS BS S T W I A Dex Ld Int Cl WP Fel with a row of values beneath it',
  );
  const entry: Record<string, unknown> = { name: block.entryName(o.name, p, 'the profile') };
  const creatures = dataRows<Named & { profile: Record<string, unknown> }>(
    o.env,
    'wfrp1e',
    'bestiary.yaml',
    'creatures',
  );
  // A creature of the bestiary by that name gives what no profile prints (height, body, how it sees).
  const kin = creatures.find((c) => plainName(c.name) === plainName(String(entry.name)));
  if (kin) {
    entry.use = kin.id;
    block.said(
      'use',
      `${kin.id} (the bestiary's ${kin.name}: its height, body and sight; the profile is the block's)`,
      [],
    );
  }
  const profile: Record<string, number | '-'> = {};
  for (const c of CHARS) if (p.values[c] !== undefined) profile[c] = p.values[c] as number | '-';
  const missing = REQUIRED_CHARS.filter((c) => profile[c] === undefined || profile[c] === '-');
  if (missing.length > 0 && !kin)
    throw block.refuse(
      p.lines[0] as number,
      `the profile lacks ${missing.join(', ')}: WS, S, T, W, I and A are needed (or a name the bestiary knows, to take them from)`,
    );
  entry.profile = profile;
  block.said(
    'profile',
    CHARS.filter((c) => profile[c] !== undefined)
      .map((c) => `${c} ${profile[c]}`)
      .join(' '),
    p.lines,
  );
  for (const x of p.extra)
    block.warn(
      p.lines[1] ?? null,
      `'${x.heading} ${x.value}': a heading WFRP 1e's profile does not have, left out`,
    );
  readGear(block, o, entry);
  return { entry, block };
}

/** Weapons, armour and skills, from their lines. */
function readGear(block: StatBlock, o: ImportOptions, entry: Record<string, unknown>): void {
  const weapons = [
    ...dataRows<Named>(o.env, 'wfrp1e', 'weapons.yaml', 'weapons'),
    ...dataRows<Named>(o.env, 'wfrp1e', 'missiles.yaml', 'missiles'),
  ];
  const armour = dataRows<Named>(o.env, 'wfrp1e', 'armour.yaml', 'pieces');
  const held: string[] = [];
  const worn: string[] = [];
  const hands = (id: string) =>
    (weapons.find((r) => r.id === id) as (Named & { hands?: number }) | undefined)?.hands ?? 1;
  const w = block.field(/^(weapons?|armed with|attacks?)$/i, 'weapons');
  if (w) {
    for (const item of listOf(w.value)) {
      const alias = WEAPON_ALIASES[plainName(item)];
      const row = alias ? weapons.find((r) => r.id === alias) : matchName(item, weapons);
      if (row) {
        if (!held.includes(row.id)) held.push(row.id);
        if (alias && plainName(item) !== plainName(row.name))
          block.warn(
            w.n,
            `'${item}' is read as the ${row.name.toLowerCase()} (ours: the data has no row of that name)`,
          );
        else if (!alias) block.nearest(w.n, item, row);
      } else if (
        /^\d+\s+(arrows?|bolts?|shots?|stones?)$/i.test(item) ||
        /^(arrows?|bolts?|quiver)/i.test(item)
      )
        continue;
      else
        block.warn(
          w.n,
          `'${item}': no weapon of that name in the data (data/wfrp1e/weapons.yaml, missiles.yaml); left out`,
        );
    }
    block.said('weapons', held.join(', ') || '(none)', [w.n]);
  }
  const a = block.field(/^(armou?r|armour worn|protection)$/i, 'armour');
  if (a) {
    for (const item of listOf(a.value)) {
      if (/^(none|nil|no armou?r)$/i.test(item)) continue;
      const piece = matchName(item, armour);
      const shield = matchName(
        item,
        weapons.filter((r) => r.id === 'shield' || r.id === 'buckler'),
      );
      if (piece) {
        worn.push(piece.id);
        block.nearest(a.n, item, piece);
      } else if (shield) {
        // A shield is held, not worn, in WFRP 1e: it goes with the weapons.
        if (!held.includes(shield.id)) held.push(shield.id);
        block.said('weapons', `${shield.id} (from the armour: a shield is held, not worn)`, [a.n]);
      } else
        block.warn(a.n, `'${item}': no armour of that name in the data (data/wfrp1e/armour.yaml); left out`);
    }
    block.said('armour', worn.join(', ') || '(none)', [a.n]);
  }
  // In hand at the start what two hands hold, in the order printed (natural weapons need none);
  // the rest is carried, to be drawn (§ Take-Up Actions).
  let free = 2;
  const inHand: string[] = [];
  const carried: string[] = [];
  for (const id of held) {
    const need = hands(id);
    if (need <= free) {
      inHand.push(id);
      free -= need;
    } else carried.push(id);
  }
  if (inHand.length > 0) entry.weapons = inHand;
  if (carried.length > 0) {
    entry.carried = carried;
    block.said(
      'carried',
      `${carried.join(', ')} (no hand free at the start: drawn when wanted)`,
      w ? [w.n] : [],
    );
  }
  if (worn.length > 0) entry.armour = worn;
  const s = block.field(/^skills?$/i, 'skills');
  if (s) {
    const specialists = weapons
      .map((r) => (r as Named & { specialist?: string }).specialist)
      .filter((x): x is string => typeof x === 'string')
      .map(specialistSkill);
    const kept: string[] = [];
    const left: string[] = [];
    for (const item of listOf(s.value)) {
      const k = skillFor(item, specialists);
      if (k) kept.push(k);
      else left.push(item);
    }
    if (kept.length > 0) {
      entry.skills = kept;
      block.said('skills', kept.join(', '), [s.n]);
    }
    if (left.length > 0)
      block.unused.push({ line: s.n, text: left.join(', '), why: 'skills the combat rules do not play' });
  }
}

/** Why a line is not used, for the summary. */
export function wfrp1eNotUsed(l: BlockLine): string | null {
  for (const [re, why] of NOT_USED) if (re.test(l.text)) return why;
  return null;
}

/** `fray import --ruleset wfrp1e`. */
export function importWfrp1e(block: StatBlock, o: ImportOptions): Imported {
  const { entry } = readWfrp1eBlock(block, o);
  block.leftOver(wfrp1eNotUsed);
  return block.result('wfrp1e', entry);
}
