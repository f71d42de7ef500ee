// A model for the Advanced HeroQuest house rules, as the house profile writes it (WS BS DS T W Sp
// St Br) or as the AHQ rulebook's monster cards print it (WS BS S T Sp Br Int W: no DS or St, the
// house rules' own; T and Sp with the armour worn already counted), with lines naming its weapons,
// armour, unarmed damage dice and the special rules the house rules give monsters.
import type { ImportOptions } from '../../core/ruleset.js';
import { GEAR_KEYS, isMoney, readGear, type Item, type Taken } from '../../core/gear.js';
import {
  dataRows,
  listOf,
  lookup,
  matchName,
  placeOf,
  plainName,
  type FieldLine,
  type Headings,
  type Imported,
  type Named,
  type StatBlock,
} from '../../core/statblock.js';

const FIELDS = ['WS', 'BS', 'DS', 'T', 'W', 'Sp', 'St', 'Br'] as const;

export const AHQ_HEADINGS: Headings = {
  names: {
    ...Object.fromEntries(FIELDS.map((f) => [f.toLowerCase(), f])),
    s: 'S',
    str: 'S',
    int: 'Int',
    pv: 'PV',
    sp: 'Sp',
    speed: 'Sp',
    stealth: 'St',
    bravery: 'Br',
    wounds: 'W',
    toughness: 'T',
  },
  atLeast: 5,
  what: 'the profile',
  asPrinted: new Set(['S', 'Int', 'PV']),
};

/** The house rules' monster rules, as a line may name them. */
const RULES: Readonly<Record<string, string>> = {
  infestation: 'infestation',
  backstab: 'backstab',
  'run amok': 'run-amok',
  panic: 'panic',
};

interface ArmourRow extends Named {
  readonly BS?: number;
  readonly T?: number;
  readonly Sp?: number;
  readonly shield?: boolean;
  readonly helmet?: boolean;
}

/**
 * A card's tables: its row of needs in close combat ("Close combat, target's WS: 1 … 12" over "Roll
 * to hit: 3 4 … 10"), kept when it departs from 7 + DS − WS (2 to 10), and its missile's dice and
 * range ("Max range 24, damage dice 3"); its ranged row of needs is not played (the house table is).
 */
function readCardTables(
  block: StatBlock,
  entry: Record<string, unknown>,
  WS: number,
  held: readonly string[],
  weapons: readonly (Named & { range?: number })[],
): void {
  const free = block.free();
  for (const [i, head] of free.entries()) {
    const kind = /^(close|ranged) combat\b/i.exec(head.text)?.[1]?.toLowerCase();
    const row = free[i + 1];
    if (!kind || !row || !/^roll to hit\b/i.test(row.text)) continue;
    block.use(head, 'to hit');
    block.use(row, 'to hit');
    if (kind === 'ranged') {
      block.warn(row.n, "the card's row of ranged needs is not played: the house ranged table is");
      continue;
    }
    const cells = row.text.replace(/^roll to hit:? ?/i, '').split(' ');
    if (cells.length !== 12) {
      block.warn(
        row.n,
        `the card's row of needs has ${cells.length} numbers, not 12 (skill 1 to 12): not read`,
      );
      continue;
    }
    const needs = cells.map((c, k) =>
      block.whole(c, `the need against skill ${k + 1}`, placeOf(row, row.text.indexOf(c))),
    );
    const formula = needs.map((_, k) => Math.min(10, Math.max(2, 7 + k + 1 - WS)));
    if (needs.every((n, k) => n === formula[k]))
      block.said('to hit', `the card's row agrees with 7 + DS − WS, 2 to 10 (WS ${WS})`, [head.n, row.n]);
    else {
      entry.toHit = needs;
      block.place('toHit', placeOf(row, 0));
      block.said(
        'toHit',
        `${needs.join(' ')} (the card's own row: it departs from 7 + DS − WS at WS ${WS})`,
        [row.n],
      );
    }
  }
  const missile = held.map((id) => weapons.find((w) => w.id === id)).find((w) => w?.range !== undefined);
  for (const l of block.free()) {
    const m = /max(?:imum)? range:? (\S{1,6}?),? (?:ranged )?damage(?: dice)?:? (\S{1,6}?)\.?$/i.exec(l.text);
    if (!m) continue;
    block.use(l, 'ranged');
    const at = placeOf(l, 0);
    if (!missile) {
      block.warn(l.n, 'its card prints a missile, but the block names no missile weapon: not played');
      continue;
    }
    entry.ranged = {
      dd: block.whole(m[2] as string, "the missile's damage dice", at),
      range: block.whole(m[1] as string, "the missile's range", at),
    };
    block.place('ranged', at);
    block.said(
      'ranged',
      `${missile.id}: ${String((entry.ranged as { dd: number }).dd)} dice, range ${m[1]} (the card's)`,
      [l.n],
    );
  }
}

/** `fray import --ruleset ahq-house`. */
export function importAhq(block: StatBlock, o: ImportOptions): Imported {
  const p = block.profileOrRefuse(
    AHQ_HEADINGS,
    'no profile found: expected a heading row such as WS BS DS T W Sp St Br (or the rulebook card’s WS BS S T Sp Br Int W) with a row of values beneath it',
  );
  const entry: Record<string, unknown> = { name: block.entryName(o.name, p, 'the profile').name };
  entry.profile = {};
  const profile: Record<string, number> = {};
  for (const f of FIELDS)
    if (typeof p.values[f] === 'number') {
      profile[f] = p.values[f] as number;
      block.place(`profile.${f}`, p.at[f]);
    }
  // An animal's card prints BS as '-': it never shoots; the house profile needs a number (as the bestiary's rows).
  if (p.values.BS === '-') {
    profile.BS = 1;
    block.warn(
      p.lines.at(-1) ?? null,
      "BS '-' (it does not shoot) is written as BS 1 (ours), as the bestiary's animals",
    );
  }
  const lacking = ['WS', 'BS', 'T', 'W', 'Sp', 'Br'].filter((f) => profile[f] === undefined);
  if (lacking.length > 0)
    throw block.refuse(
      p.lines.at(-1) as number,
      `the profile lacks ${lacking.join(', ')}: WS, BS, T, W, Sp and Br are needed`,
    );
  const card = profile.DS === undefined || profile.St === undefined;
  if (profile.DS === undefined) {
    profile.DS = profile.WS as number;
    block.warn(
      p.lines.at(-1) ?? null,
      `no DS (the house rules' Defense Skill): DS ${profile.DS} is written, as its WS (ours); set it by hand`,
    );
  }
  if (profile.St === undefined) {
    profile.St = 5;
    block.warn(
      p.lines.at(-1) ?? null,
      'no St (the house rules’ Stealth): St 5 is written (ours); set it by hand',
    );
  }
  for (const x of ['S', 'Int', 'PV'])
    if (p.printed?.[x] !== undefined)
      block.unused.push({
        line: p.lines.at(-1) as number,
        text: `${x} ${p.printed[x]}`,
        why:
          x === 'S'
            ? 'the house rules give a model its damage dice, not S'
            : 'not used by the house rules in combat',
      });
  const weapons = dataRows<Named>(o.env, 'ahq-house', 'weapons.yaml', 'weapons');
  const armour = dataRows<ArmourRow>(o.env, 'ahq-house', 'armour.yaml', 'armour');
  const held: string[] = [];
  const worn: string[] = [];
  let natural = false;
  const take = (item: Item, f: FieldLine): Taken => {
    const at = f.at(item.offset);
    // Claws, fangs, a bite: its natural attack, whose dice are its unarmed damage dice (dd).
    if (/^(claws?|fangs?|bites?|teeth|horns?|tails?|tusks?|natural)\b/i.test(item.name)) {
      natural = true;
      return { used: `${item.name} (natural: its unarmed damage dice)` };
    }
    if (isMoney(item)) return { left: 'money: not used in a fight' };
    const armourLine = /^armou?r$/i.test(f.key);
    const wpn = armourLine ? null : matchName(item.name, weapons);
    const arm = matchName(item.name, armour);
    if (wpn && (!arm || plainName(wpn.name) === plainName(item.name))) {
      if (held.length === 0) block.place('weapons', at);
      held.push(wpn.id);
      block.nearest(f.n, item.name, wpn);
      return { used: wpn.id };
    }
    if (arm) {
      if (worn.length === 0) block.place('armour', at);
      worn.push(arm.id);
      block.nearest(f.n, item.name, arm);
      return { used: arm.id };
    }
    return {
      left: `no ${armourLine ? 'armour' : 'weapon or armour'} of that name in the data (data/ahq-house)`,
    };
  };
  readGear(block, GEAR_KEYS, take);
  if (held.length > 0) entry.weapons = held;
  if (worn.length > 0) {
    entry.armour = [...new Set(worn)];
    // A rulebook card counts its armour in T, Sp and BS (its BS never drops for a shield); Fray adds
    // every piece worn, so all of it is taken out again, as the bestiary's rows are: with its armour
    // on, the model has its card's numbers.
    if (card) {
      const rows = (entry.armour as string[]).map((id) => armour.find((r) => r.id === id) as ArmourRow);
      const t = rows.reduce((n, r) => n + (r.T ?? 0), 0);
      const sp = rows.reduce((n, r) => n + (r.Sp ?? 0), 0);
      const bs = rows.filter((r) => !r.helmet).reduce((n, r) => n + (r.BS ?? 0), 0);
      if (t !== 0 || sp !== 0 || bs !== 0) {
        profile.T = (profile.T as number) - t;
        profile.Sp = (profile.Sp as number) - sp;
        profile.BS = (profile.BS as number) - bs;
        block.warn(
          p.lines.at(-1) ?? null,
          `the card's T, Sp and BS count its armour: T ${profile.T}, Sp ${profile.Sp} and BS ${profile.BS} are written without it, since Fray adds the armour worn`,
        );
      }
    }
  }
  entry.profile = Object.fromEntries(FIELDS.map((f) => [f, profile[f]]));
  block.said('profile', FIELDS.map((f) => `${f} ${profile[f]}`).join(' '), p.lines);
  // Its unarmed damage dice: written so, or a card's damage dice for a model with no weapon (claws, fangs).
  const dd =
    block.field(/^(dd|damage dice unarmed|unarmed)$/i, 'dd') ??
    (held.length === 0 ? block.field(/^(damage|damage dice)$/i, 'dd') : null);
  // "DD 2", as the house profile writes it, with no colon.
  const ddLine = dd ? undefined : block.free().find((l) => /^DD \S/.test(l.text));
  const read = dd
    ? { value: dd.value, at: dd.at() }
    : ddLine
      ? { value: ddLine.text.slice(3), at: placeOf(ddLine, 3) }
      : null;
  // "Skaven Slave: WS 5, … No weapon; damage 1 die.": the card's dice said in the profile's line.
  const inline =
    read || held.length > 0
      ? null
      : block.lines
          .filter((l) => !l.long)
          .map((l) => ({ l, at: l.text.search(/\bdamage:? \d{1,2} (die|dice)\b/i) }))
          .find((x) => x.at >= 0);
  const said = inline
    ? { value: inline.l.text.slice(inline.at).replace(/^damage:? /i, ''), at: placeOf(inline.l, inline.at) }
    : read;
  if (said) {
    const token =
      /^(\S{1,12}?)( (die|dice|dd))?\.?(;.*)?$/i.exec(said.value.split(/[;,]/)[0]?.trim() ?? '')?.[1] ??
      said.value;
    entry.dd = block.whole(token, 'the damage dice', said.at);
    block.place('dd', said.at);
    if (ddLine) block.use(ddLine, 'dd');
    block.said('dd', `${entry.dd} (its unarmed damage dice)`, [said.at.line]);
  }
  // A card's damage dice with a weapon: its blows roll them, whatever the weapon table says.
  const cardDamage = held.length > 0 && card ? block.field(/^(damage|damage dice)$/i, 'damage') : null;
  if (cardDamage) {
    const token = /^(\S{1,12}?)( (die|dice))?\.?$/i.exec(
      cardDamage.value.split(/[;,]/)[0]?.trim() ?? '',
    )?.[1];
    entry.damage = block.whole(token ?? cardDamage.value, 'the damage dice', cardDamage.at());
    block.place('damage', cardDamage.at());
    block.said('damage', `${entry.damage} (the card's dice: its blows roll them, whatever its weapon)`, [
      cardDamage.n,
    ]);
  }
  readCardTables(block, entry, profile.WS as number, held, weapons);
  if (held.length === 0 && entry.dd === undefined)
    block.warn(
      null,
      `no weapon read from the block: ${String(entry.name)} will fight unarmed; name its weapons in a Weapons: line, or its damage dice in a DD line`,
    );
  else if (held.length === 0 && !natural && entry.dd !== undefined)
    block.said('weapons', 'none: it strikes with its unarmed damage dice', []);
  const r = block.field(/^(special rules?|rules|special)$/i, 'rules');
  if (r) {
    const rules: string[] = [];
    const left: string[] = [];
    for (const item of listOf(r.value)) {
      const rule =
        lookup(RULES, plainName(item).replace(/s$/, '')) ?? lookup(RULES, item.toLowerCase().trim());
      if (rule) rules.push(rule);
      else if (/^large\b/i.test(item.trim())) {
        entry.size = 2;
        block.said('size', '2 (a large monster: 2 × 2 squares)', [r.n]);
      } else left.push(item);
    }
    if (rules.length > 0) {
      entry.rules = rules;
      block.said('rules', rules.join(', '), [r.n]);
    }
    if (left.length > 0)
      block.warn(
        r.n,
        `${left.map((x) => `'${x}'`).join(', ')}: ${left.length === 1 ? 'a rule' : 'rules'} the house rules do not give monsters, not played`,
      );
  }
  block.leftOver((l) =>
    /^(to hit|damage|roll to hit)\b/i.test(l.text)
      ? {
          why: "the card's table of needs: Fray works it out from WS and DS as the cards do (docs/rulesets/ahq-house.md, To hit)",
        }
      : /^(\*|at this range)/i.test(l.text)
        ? { why: "a note of the card's ranged row: the house ranged table is played", warn: true }
        : /^(spells?|magic)\b/i.test(l.text)
          ? {
              why: 'spells are not read from a block: write them into the entry by hand (spells: { college, list })',
              warn: true,
            }
          : null,
  );
  return block.result('ahq-house', entry);
}
