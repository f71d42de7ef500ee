// A Fantasy Wargaming character as its character sheet lists it: the characteristics (physique,
// agility, endurance, intelligence, bravery, and the selfishness, greed and lust the morale rules
// use) by name or as three-letter abbreviations, in a row of headings over values or as pairs,
// the combat level, and lines naming weapons, armour, culture and role. The text prints no
// characters of its own: these are the sheet's usual layouts (docs/rulesets/fantasy-wargaming.md).
import type { ImportOptions } from '../../core/ruleset.js';
import { isMoney, readGear, type Item, type Taken } from '../../core/gear.js';
import {
  dataRows,
  matchName,
  placeOf,
  plainName,
  type FieldLine,
  type Headings,
  type Imported,
  type Named,
  type StatBlock,
} from '../../core/statblock.js';

const FIELDS = [
  'physique',
  'agility',
  'endurance',
  'intelligence',
  'bravery',
  'selfishness',
  'greed',
  'lust',
] as const;

export const FW_HEADINGS: Headings = {
  names: {
    ...Object.fromEntries(
      FIELDS.flatMap((f) => [
        [f, f],
        [f.slice(0, 3), f],
      ]),
    ),
    phys: 'physique',
    agil: 'agility',
    endur: 'endurance',
    intel: 'intelligence',
    brav: 'bravery',
    brv: 'bravery',
    self: 'selfishness',
    cl: 'combatLevel',
    level: 'combatLevel',
    'combat level': 'combatLevel',
  },
  atLeast: 4,
  what: 'the characteristics',
};

const NOT_USED: readonly [RegExp, string, boolean][] = [
  [
    /^(piety|charisma|appearance|social class|class|alignment|horoscope|sign|born under|background|money)\b/i,
    'not used in personal combat',
    false,
  ],
  [
    /^(spells?|magic|mana)\b/i,
    'magic is not read from a block: write it into the entry by hand (magic: { name, level, factor, damage })',
    true,
  ],
];

/** `fray import --ruleset fantasy-wargaming`. */
export function importFantasyWargaming(block: StatBlock, o: ImportOptions): Imported {
  const p = block.profileOrRefuse(
    FW_HEADINGS,
    'no Fantasy Wargaming characteristics found: expected physique, agility, endurance, intelligence and bravery with their values (a heading row over values, or Physique 14, Agility 12, …)',
  );
  const entry: Record<string, unknown> = { name: block.entryName(o.name, p, 'the characteristics').name };
  const ch: Record<string, number> = {};
  for (const f of FIELDS) {
    const v = p.values[f];
    if (typeof v === 'number') {
      ch[f] = v;
      block.place(`characteristics.${f}`, p.at[f]);
    }
  }
  const lacking = FIELDS.slice(0, 5).filter((f) => ch[f] === undefined);
  if (lacking.length > 0)
    throw block.refuse(
      p.lines.at(-1) as number,
      `the characteristics lack ${lacking.join(', ')}: physique, agility, endurance, intelligence and bravery are needed`,
    );
  entry.characteristics = ch;
  block.said(
    'characteristics',
    FIELDS.filter((f) => ch[f] !== undefined)
      .map((f) => `${f} ${ch[f]}`)
      .join(', '),
    p.lines,
  );
  let level = typeof p.values.combatLevel === 'number' ? p.values.combatLevel : null;
  if (level === null) {
    const cl = block.field(/^(combat level|cl|level)$/i, 'combat level');
    const bare = cl ? null : block.free().find((l) => /^(combat level|cl) \S/i.test(l.text));
    const read = cl
      ? { value: cl.value, at: cl.at(), n: cl.n }
      : bare
        ? (() => {
            const k = /^(combat level|cl) /i.exec(bare.text)?.[0].length ?? 0;
            block.use(bare, 'combat level');
            return { value: bare.text.slice(k), at: placeOf(bare, k), n: bare.n };
          })()
        : null;
    if (read) {
      level = block.whole(read.value.replace(/\.$/, ''), 'the combat level', read.at);
      block.place('combatLevel', read.at);
      block.said('combatLevel', String(level), [read.n]);
    }
  } else {
    block.place('combatLevel', p.at.combatLevel);
    block.said('combatLevel', String(level), p.lines);
  }
  if (level === null) {
    block.warn(
      null,
      'no combat level found: 0 is written; give it (combat level 3) or set combatLevel by hand',
    );
    level = 0;
  }
  entry.combatLevel = level;
  const weapons = dataRows<Named>(o.env, 'fantasy-wargaming', 'weapons.yaml', 'weapons');
  const armour = dataRows<Named>(o.env, 'fantasy-wargaming', 'armour.yaml', 'armour');
  const ids: string[] = [];
  const take = (item: Item, f: FieldLine): Taken => {
    if (isMoney(item)) return { left: 'money: not used in a fight' };
    const at = f.at(item.offset);
    const armourLine = /^(armou?r|protection)$/i.test(f.key);
    const piece = matchName(item.name, armour) ?? (armourLine ? bestArmour(item.name, armour) : null);
    const weapon = armourLine ? null : matchName(item.name, weapons);
    if (weapon && (!piece || plainName(weapon.name) === plainName(item.name))) {
      if (ids.length === 0) block.place('weapons', at);
      ids.push(weapon.id);
      block.nearest(f.n, item.name, weapon);
      return { used: weapon.id };
    }
    if (piece) {
      if (entry.armour !== undefined && entry.armour !== piece.id)
        return { left: `a character wears one armour: ${String(entry.armour)} is kept` };
      entry.armour = piece.id;
      block.place('armour', at);
      return { used: `${piece.id} (armour)` };
    }
    return { left: 'no weapon or armour of that name in the data (data/fantasy-wargaming)' };
  };
  readGear(
    block,
    /^(weapons?|armed with|armou?r|protection|possessions|trappings|equipment|gear|carries|carrying|kit)$/i,
    take,
    (s) => [...weapons, ...armour].some((r) => plainName(r.name) === plainName(s)),
  );
  if (ids.length > 0) entry.weapons = ids;
  else
    block.warn(
      null,
      `no weapon read from the block: ${String(entry.name)} will fight with its fists; name its weapons in a Weapons: line`,
    );
  const culture = block.field(/^(culture|nation|people)$/i, 'culture');
  if (culture) {
    entry.culture = culture.value.replace(/\.$/, '');
    block.said('culture', String(entry.culture), [culture.n]);
  }
  const role = block.field(/^(role|profession|calling)$/i, 'role');
  if (role) {
    const r = /(warrior|mage|cleric)/i.exec(role.value);
    if (r) {
      entry.role = (r[1] as string).toLowerCase();
      block.said('role', String(entry.role), [role.n]);
    } else
      block.unused.push({
        line: role.n,
        text: role.value,
        why: 'a role Fray does not know (warrior, mage or cleric)',
      });
  }
  const leader = block.free().find((l) => /^leader\b/i.test(l.text));
  if (leader) {
    entry.leader = true;
    block.use(leader, 'leader');
    block.said('leader', 'yes', [leader.n]);
  }
  block.leftOver((l) => {
    for (const [re, why, warn] of NOT_USED) if (re.test(l.text)) return { why, warn };
    return null;
  });
  return block.result('fantasy-wargaming', entry);
}

/** "Mail hauberk and helm" written otherwise ("mail and helmet"): the row sharing the most words. */
function bestArmour(given: string, rows: readonly Named[]): Named | null {
  const words = new Set(given.toLowerCase().split(/[^a-z]+/));
  let best: Named | null = null;
  let most = 0;
  for (const r of rows) {
    const n = r.name
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => words.has(w)).length;
    if (n > most) [best, most] = [r, n];
  }
  return best;
}
