// A WFRP 1e creature or character as the rulebook and its adventures print it: a name, the
// profile as a heading row (M WS BS S T W I A Dex Ld Int Cl WP Fel) over a row of values ("-"
// for a characteristic it lacks), and lines around it naming its weapons, armour, skills and the
// rest of its gear (Possessions, Trappings, Equipment: "Sword, Shield, Mail Shirt, Crossbow with
// 12 bolts, 15 GCs").
import type { ImportOptions } from '../../core/ruleset.js';
import { ammunitionOf, GEAR_KEYS, isMoney, readGear, type Item, type Taken } from '../../core/gear.js';
import {
  dataRows,
  listOf,
  lookup,
  matchName,
  plainName,
  type At,
  type BlockLine,
  type FieldLine,
  type Headings,
  type Imported,
  type LeftOver,
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
    'weapon skill': 'WS',
    'ballistic skill': 'BS',
    'will power': 'WP',
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
  fang: 'bite',
  claw: 'claw',
  bow: 'bow',
  staff: 'quarter-staff',
};

/** Names printed for a piece of armour that the data calls otherwise (ours: a "leather jack" is the jacket). */
const ARMOUR_ALIASES: Readonly<Record<string, string>> = {
  'leather jack': 'leather-jacket',
  'mail jerkin': 'mail-shirt',
  'chain mail shirt': 'mail-shirt',
  'chain shirt': 'mail-shirt',
  'chain mail': 'mail-shirt',
  helm: 'helmet',
};

/** The piece of armour a name names: by the data's name, or by one of ARMOUR_ALIASES (then `alias` says so). */
export function armourPiece<T extends Named>(
  name: string,
  rows: readonly T[],
): { row: T; alias: boolean } | null {
  const alias = lookup(ARMOUR_ALIASES, plainName(name));
  const row = alias ? rows.find((r) => r.id === alias) : matchName(name, rows);
  return row ? { row, alias: alias !== undefined } : null;
}

/** Why a line the profile and fields did not use is not used, by what it begins with; `warn`: it would matter to a fight. */
const NOT_USED: readonly [RegExp, string, boolean][] = [
  [/^(treasure|money|gold)\b/i, 'treasure: not used in a fight', false],
  [
    /^(alignment|career|age|height|weight|description|appearance|background|home|sex|race)\b/i,
    'not used in a fight',
    false,
  ],
  [
    /^(magic points|mp|spells?|magic|magic items?)\b/i,
    'magic is not played in WFRP 1e fights here: note it for the GM',
    true,
  ],
  [
    /^(psychology|special|special rules|notes|causes fear|causes terror|fear|terror|hatred|hates|frenzy|stupidity|regenerat)/i,
    'special rules and psychology are not read from a block: write what Fray plays of them into the entry (docs/rulesets/wfrp1e.md)',
    true,
  ],
  [/^(insanity points|fate points|experience|xp|ep)\b/i, 'not used in a fight', false],
];

/** The skills the engine plays, as a block may name them ("Specialist Weapon: Two-Handed" for its full name). */
function skillFor(given: string, specialists: readonly string[]): string | null {
  const g = plainName(given);
  const known = [...KNOWN_SKILLS, ...specialists];
  return (
    known.find((k) => plainName(k) === g) ??
    (/^specialist weapon \S/.test(g) ? (specialists.find((k) => plainName(k).startsWith(g)) ?? null) : null)
  );
}

/** What the WFRP 1e importer leaves to a variant that reads more (the Combat Points' abilities). */
export interface Wfrp1eImport {
  readonly entry: Record<string, unknown>;
  /** The lines left after the profile and the fields: the variant reads on from them. */
  readonly block: StatBlock;
}

type Creature = Named & { profile: Record<string, unknown>; weapons?: string[]; notPlayed?: string };

/** Reads the profile, name, gear and skills; leaves the rest of the block to the caller. */
export function readWfrp1eBlock(block: StatBlock, o: ImportOptions): Wfrp1eImport {
  const p = block.profileOrRefuse(
    WFRP1E_HEADINGS,
    'no WFRP 1e profile found: expected a heading row such as M WS BS S T W I A Dex Ld Int Cl WP Fel with a row of values beneath it',
  );
  const named = block.entryName(o.name, p, 'the profile');
  const entry: Record<string, unknown> = { name: named.name };
  const creatures = dataRows<Creature>(o.env, 'wfrp1e', 'bestiary.yaml', 'creatures');
  // A creature of the bestiary by the block's name (or the one given) gives what no profile
  // prints (height, body, how it sees), whatever the GM calls this one.
  const kinOf = (n: string | null) =>
    n ? creatures.find((c) => plainName(c.name) === plainName(n)) : undefined;
  const kin = kinOf(named.own) ?? kinOf(named.name);
  if (kin) {
    entry.use = kin.id;
    block.said(
      'use',
      `${kin.id} (the bestiary's ${kin.name}: its height, body and sight; the profile is the block's)`,
      [],
    );
    if (kin.notPlayed)
      block.warn(
        null,
        `the bestiary's ${kin.name.toLowerCase()} has rules Fray does not play: ${kin.notPlayed}`,
      );
  }
  const profile: Record<string, number | '-'> = {};
  for (const c of CHARS)
    if (p.values[c] !== undefined) {
      profile[c] = p.values[c] as number | '-';
      block.place(`profile.${c}`, p.at[c]);
    }
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
  readGearOf(block, o, entry, kin);
  readSkills(block, o, entry);
  return { entry, block };
}

interface WeaponRow extends Named {
  readonly hands?: number;
  readonly kind?: string;
  readonly ammo?: string;
  readonly natural?: boolean;
  readonly shield?: boolean;
  readonly light?: string;
}

/** Weapons, armour, ammunition and the rest of the gear, from every line that lists gear. */
function readGearOf(
  block: StatBlock,
  o: ImportOptions,
  entry: Record<string, unknown>,
  kin: Creature | undefined,
): void {
  const weapons = [
    ...dataRows<WeaponRow>(o.env, 'wfrp1e', 'weapons.yaml', 'weapons'),
    ...dataRows<WeaponRow>(o.env, 'wfrp1e', 'missiles.yaml', 'missiles'),
  ];
  const armour = dataRows<Named>(o.env, 'wfrp1e', 'armour.yaml', 'pieces');
  // What is held, with the line it was read from; a Weapons: line's first (what is wielded), then
  // the shields and weapons of the other lines, each in the order printed.
  const held: { id: string; n: number; rank: number }[] = [];
  const worn: string[] = [];
  const ammo: Record<string, number> = {};
  const loaded: string[] = [];
  // A problem of a list (a two-handed weapon and a shield) is shown at the first item of it.
  const placed = new Set<string>();
  const placeFirst = (path: string, at: At) => {
    if (!placed.has(path)) block.place(path, at);
    placed.add(path);
  };
  const shots: { kind: string; count: number | null; at: At; printed: string }[] = [];
  const weaponOf = (item: Item): WeaponRow | null => {
    const alias = lookup(WEAPON_ALIASES, plainName(item.name));
    return alias ? (weapons.find((r) => r.id === alias) ?? null) : matchName(item.name, weapons);
  };
  const take = (item: Item, f: FieldLine): Taken => {
    const at = f.at(item.offset);
    const weaponLine = /^(weapons?|armed with|attacks?)$/i.test(f.key);
    const armourLine = /^armou?r$/i.test(f.key);
    if (isMoney(item)) return { left: 'money: not used in a fight' };
    const kind = ammunitionOf(item);
    if (kind) {
      // "Crossbow with 12 bolts", "20 arrows": the shots of the missile weapon that takes them,
      // found once every line is read (the weapon may come after its shots, or on another line).
      shots.push({ kind, count: item.count, at, printed: item.printed });
      return null;
    }
    const named = weaponLine ? null : armourPiece(item.name, armour);
    const piece = named?.row ?? null;
    const armourAlias = named?.alias === true;
    const weapon = armourLine && piece ? null : weaponOf(item);
    const notes = item.notes.filter((n) => !(weapon && /^loaded$/i.test(n)));
    if (notes.length > 0)
      block.warn(
        f.n,
        `'${item.printed}': what its brackets say (${notes.join('; ')}) is not read; the data's ${(piece ?? weapon)?.name.toLowerCase() ?? 'row'} is used as it is`,
      );
    if (piece && (!weapon || plainName(piece.name) === plainName(item.name))) {
      worn.push(piece.id);
      placeFirst('armour', at);
      if (armourAlias)
        block.warn(
          f.n,
          `'${item.name}' is read as the ${piece.name.toLowerCase()} (ours: the data has no row of that name)`,
        );
      else block.nearest(f.n, item.name, piece);
      return { used: piece.id };
    }
    if (weapon?.light && !weaponLine)
      return { left: 'a light: not held at the start (put it in weapons: if it is)' };
    if (weapon) {
      const alias = lookup(WEAPON_ALIASES, plainName(item.name));
      if (alias && plainName(item.name) !== plainName(weapon.name))
        block.warn(
          f.n,
          `'${item.name}' is read as the ${weapon.name.toLowerCase()} (ours: the data has no row of that name)`,
        );
      else if (!alias) block.nearest(f.n, item.name, weapon);
      placeFirst('weapons', at);
      placeFirst('carried', at);
      const thrown = weapon.kind === 'thrown';
      if (thrown && item.count !== null) {
        ammo[weapon.id] = item.count;
        block.place('ammo', at);
      }
      const copies = thrown || weapon.natural ? 1 : Math.max(1, Math.min(item.count ?? 1, 4));
      for (let k = 0; k < copies; k++)
        if (k > 0 || !held.some((h) => h.id === weapon.id))
          held.push({ id: weapon.id, n: f.n, rank: weaponLine ? 0 : 1 });
      if (item.notes.some((n) => /^loaded$/i.test(n)) && weapon.ammo) loaded.push(weapon.id);
      return {
        used: `${copies > 1 ? `${copies} × ` : ''}${weapon.id}${weapon.shield && armourLine ? ' (a shield is held, not worn)' : ''}`,
      };
    }
    return {
      left: weaponLine
        ? 'no weapon of that name in the data (data/wfrp1e/weapons.yaml, missiles.yaml)'
        : armourLine
          ? 'no armour of that name in the data (data/wfrp1e/armour.yaml)'
          : 'not a weapon or armour of the data: not used in a fight',
    };
  };
  readGear(block, GEAR_KEYS, take, (s) => weapons.some((w) => plainName(w.name) === plainName(s)));
  for (const shot of shots) {
    const shooter = held
      .map((h) => weapons.find((r) => r.id === h.id))
      .find((w): w is WeaponRow => w !== undefined && w.ammo === shot.kind);
    if (!shooter) {
      block.warn(shot.at.line, `'${shot.printed}': no weapon of the block shoots ${shot.kind}; left out`);
      continue;
    }
    if (shot.count !== null) {
      ammo[shooter.id] = (ammo[shooter.id] ?? 0) + shot.count;
      block.place('ammo', shot.at);
      block.place(`ammo.${shooter.id}`, shot.at);
    }
    block.said('ammo', `${shot.count ?? 'some'} ${shot.kind} for the ${shooter.name.toLowerCase()}`, [
      shot.at.line,
    ]);
  }
  // In hand at the start what two hands hold, in the order printed (natural weapons need none);
  // the rest is carried, to be drawn (§ Take-Up Actions).
  let free = 2;
  const inHand: string[] = [];
  const carried: { id: string; n: number }[] = [];
  for (const h of [...held].sort((a, b) => a.rank - b.rank)) {
    const need = weapons.find((r) => r.id === h.id)?.hands ?? 1;
    if (need <= free) {
      inHand.push(h.id);
      free -= need;
    } else carried.push(h);
  }
  if (inHand.length > 0) entry.weapons = inHand;
  if (carried.length > 0) {
    entry.carried = carried.map((c) => c.id);
    block.said(
      'carried',
      `${carried.map((c) => c.id).join(', ')} (no hand free at the start: drawn when wanted)`,
      [...new Set(carried.map((c) => c.n))],
    );
  }
  if (worn.length > 0) entry.armour = [...new Set(worn)];
  if (Object.keys(ammo).length > 0) entry.ammo = ammo;
  if (loaded.length > 0) entry.loaded = loaded;
  if (held.length === 0) {
    if (kin?.weapons?.length)
      block.said(
        'weapons',
        `none in the block: the bestiary's ${kin.name.toLowerCase()} fights with ${kin.weapons.join(', ')}`,
        [],
      );
    else
      block.warn(
        null,
        `no weapon read from the block: ${String(entry.name)} will fight unarmed; name its weapons in a Weapons: line (or add them to the entry)`,
      );
  }
}

/** Skills the engine plays, from every skills line; the rest named as not played. */
function readSkills(block: StatBlock, o: ImportOptions, entry: Record<string, unknown>): void {
  const weapons = [
    ...dataRows<Named>(o.env, 'wfrp1e', 'weapons.yaml', 'weapons'),
    ...dataRows<Named>(o.env, 'wfrp1e', 'missiles.yaml', 'missiles'),
  ];
  const specialists = weapons
    .map((r) => (r as Named & { specialist?: string }).specialist)
    .filter((x): x is string => typeof x === 'string')
    .map(specialistSkill);
  const kept: string[] = [];
  for (const s of block.fields(/^skills?$/i, 'skills')) {
    const left: string[] = [];
    for (const item of listOf(s.value)) {
      // "25% chance of Street Fighting": the GM rolls for each one; not a skill it surely has.
      const chance = /^(\d{1,3})% chance of (.{1,60})$/i.exec(item);
      if (chance) {
        block.warn(
          s.n,
          `'${item}': a chance, not a skill it surely has: roll for it and add '${(chance[2] as string).toLowerCase()}' to skills: by hand if it has it`,
        );
        continue;
      }
      const k = skillFor(item, specialists);
      if (k && !kept.includes(k)) kept.push(k);
      else if (!k) left.push(item);
    }
    block.said('skills', kept.join(', ') || '(none the combat rules play)', [s.n]);
    if (left.length > 0)
      block.unused.push({ line: s.n, text: left.join(', '), why: 'skills the combat rules do not play' });
  }
  if (kept.length > 0) entry.skills = kept;
}

/** Why a line is not used, for the summary. */
export function wfrp1eNotUsed(l: BlockLine): LeftOver {
  for (const [re, why, warn] of NOT_USED) if (re.test(l.text)) return { why, warn };
  return null;
}

/** `fray import --ruleset wfrp1e`. */
export function importWfrp1e(block: StatBlock, o: ImportOptions): Imported {
  const { entry } = readWfrp1eBlock(block, o);
  block.leftOver(wfrp1eNotUsed);
  return block.result('wfrp1e', entry);
}
