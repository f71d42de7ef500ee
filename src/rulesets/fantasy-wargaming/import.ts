// A Fantasy Wargaming character as its character sheet lists it: the characteristics (physique,
// agility, endurance, intelligence, bravery, and the selfishness, greed and lust the morale rules
// use) by name or as three-letter abbreviations, in a row of headings over values or as pairs,
// the combat level, and lines naming weapons, armour, culture and role. The text prints no
// characters of its own: these are the sheet's usual layouts (docs/rulesets/fantasy-wargaming.md).
import type { ImportOptions } from '../../core/ruleset.js';
import {
  dataRows,
  listOf,
  matchName,
  type BlockLine,
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
  },
  atLeast: 4,
  what: 'the characteristics',
};

const NOT_USED: readonly [RegExp, string][] = [
  [
    /^(piety|charisma|appearance|social class|class|alignment|horoscope|sign)\b/i,
    'not used in personal combat',
  ],
  [
    /^(spells?|magic|mana)\b/i,
    'magic is written into the entry by hand (magic: { name, level, factor, damage })',
  ],
];

/** `fray import --ruleset fantasy-wargaming`. */
export function importFantasyWargaming(block: StatBlock, o: ImportOptions): Imported {
  const p = block.profileOrRefuse(
    FW_HEADINGS,
    'no Fantasy Wargaming characteristics found: expected physique, agility, endurance, intelligence and bravery with their values (a heading row over values, or Physique 14, Agility 12, …)',
  );
  const entry: Record<string, unknown> = { name: block.entryName(o.name, p, 'the characteristics') };
  const ch: Record<string, number> = {};
  for (const f of FIELDS) {
    const v = p.values[f];
    if (typeof v === 'number') ch[f] = v;
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
    const cl = block.free().find((l) => /^(combat level|cl)\s*:?\s*\d+/i.test(l.text));
    if (cl) {
      level = Number(/\d+/.exec(cl.text)?.[0]);
      block.use(cl.n, 'combat level');
      block.said('combatLevel', String(level), [cl.n]);
    }
  } else block.said('combatLevel', String(level), p.lines);
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
  const w = block.field(/^(weapons?|armed with)$/i, 'weapons');
  if (w) {
    const ids: string[] = [];
    for (const item of listOf(w.value)) {
      const row = matchName(item, weapons);
      if (row) {
        ids.push(row.id);
        block.nearest(w.n, item, row);
      } else
        block.warn(
          w.n,
          `'${item}': no weapon of that name in the data (data/fantasy-wargaming/weapons.yaml); left out`,
        );
    }
    if (ids.length > 0) entry.weapons = ids;
    block.said('weapons', ids.join(', ') || '(none)', [w.n]);
  }
  const a = block.field(/^(armou?r|protection)$/i, 'armour');
  if (a) {
    const row = /^(none|nil)$/i.test(a.value)
      ? null
      : (matchName(a.value, armour) ?? bestArmour(a.value, armour));
    if (row) {
      entry.armour = row.id;
      block.said('armour', row.id, [a.n]);
    } else if (!/^(none|nil)$/i.test(a.value))
      block.warn(
        a.n,
        `'${a.value}': no armour of that name in the data (data/fantasy-wargaming/armour.yaml); left out`,
      );
  }
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
  if (block.lines.some((l) => /^leader\b/i.test(l.text) && !block.isUsed(l.n))) {
    const l = block.lines.find((x) => /^leader\b/i.test(x.text)) as BlockLine;
    entry.leader = true;
    block.use(l.n, 'leader');
    block.said('leader', 'yes', [l.n]);
  }
  block.leftOver((l) => {
    for (const [re, why] of NOT_USED) if (re.test(l.text)) return why;
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
