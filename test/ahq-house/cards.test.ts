// Issue 43: the bestiary as the monster cards print it. Every card of the transcription
// (test/fixtures/ahq-cards.json: its numbers and its special rules, gathered for this test) against
// the row that cites it, as a fight plays the row: WS, W and Br as printed; T, Sp and BS with the
// armour worn equal to the card's; the damage dice of its blows and of its missile the card's; the
// D12 it needs against a defender's skill 1 to 12 the card's row; every special rule played or named.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { closeNeed } from '../../src/rulesets/ahq-house/rules.js';
import {
  handWeapon,
  missileWeapon,
  toughnessOf,
  withArmour,
  type AhqSetup,
} from '../../src/rulesets/ahq-house/state.js';
import { loadText, ROOT } from '../helpers.js';

interface Card {
  readonly name: string;
  readonly id: string;
  readonly stats: Readonly<Record<'WS' | 'BS' | 'S' | 'T' | 'Sp' | 'Br' | 'Int' | 'W' | 'PV', string>>;
  readonly damage: string;
  readonly hits: readonly number[];
  readonly ranged: readonly string[];
  readonly rules: readonly { readonly printed: string; readonly played: string; readonly as: string }[];
}

const cards = (
  JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'ahq-cards.json'), 'utf8')) as { cards: Card[] }
).cards;
const rows = (
  parse(readFileSync(join(ROOT, 'data', 'ahq-house', 'bestiary.yaml'), 'utf8')) as {
    creatures: { id: string; source?: string; notPlayed?: string; rules?: string[] }[];
  }
).creatures;

/** The monster as a fight fields it: alone on a floor big enough for it, against a hero of ours. */
function fielded(id: string, options: Record<string, string> = {}) {
  const yaml = [
    'ruleset: ahq-house',
    'map: |',
    '  ########',
    '  #A..B..#',
    '  #......#',
    '  #......#',
    '  ########',
    'sides:',
    '  - name: Heroes',
    '    players: true',
    '    combatants:',
    '      - { name: Hero, at: A, profile: { WS: 7, BS: 7, DS: 7, T: 4, W: 8, Sp: 6, St: 5, Br: 8 }, weapons: [sword] }',
    '  - name: Monsters',
    `    combatants: [{ use: ${id}, at: B }]`,
  ].join('\n');
  const setup = loadText(yaml, options).setup as AhqSetup;
  return setup.fighters[1] as AhqSetup['fighters'][number];
}

/** A printed number, "8+2" as its first part. */
const printed = (v: string) => Number(v.split('+')[0]);

describe('the AHQ monster cards and the bestiary rows that cite them (issue 43)', () => {
  it('all 64 cards, each with its row', () => {
    expect(cards).toHaveLength(64);
    for (const c of cards)
      expect(rows.find((r) => r.id === c.id)?.source, c.name).toContain('AHQ monster card');
  });

  it.each(cards.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const m = fielded(c.id);
    const s = c.stats;
    // As printed: WS (a runesword's "+2" aside), W and Br.
    expect(m.profile.WS, 'WS').toBe(printed(s.WS));
    expect(m.profile.W, 'W').toBe(printed(s.W));
    expect(m.profile.Br, 'Br').toBe(printed(s.Br));
    // With the armour worn, the card's T, Sp and BS (an animal's BS '-' is 1, ours).
    expect(toughnessOf(m).T + toughnessOf(m).helmet, 'T').toBe(printed(s.T));
    expect(withArmour(m, 'Sp'), 'Sp').toBe(printed(s.Sp));
    expect(withArmour(m, 'BS'), 'BS').toBe(s.BS === '-' ? 1 : printed(s.BS));
    // The dice of its blows: the card's (the first of two attacks; a card with none printed keeps the weapon's).
    if (c.damage !== '') expect(handWeapon(m)?.dd ?? m.unarmedDd, 'damage dice').toBe(printed(c.damage));
    // The D12 it needs against a defender's skill 1 to 12: the card's row.
    const needs = c.hits.map((_, k) => closeNeed(m, k + 1, { limit: 10, cardRows: true }).need);
    expect(needs, 'row of needs').toEqual(c.hits);
    // Its missile: the card's dice and longest range, where it names a missile weapon.
    const missile = missileWeapon(m);
    const [, , , , , range, dice] = c.ranged;
    if (missile && /^\d+$/.test(range ?? '') && /^\d+$/.test(dice ?? '')) {
      expect(missile.dd, 'missile dice').toBe(Number(dice));
      expect(missile.range, 'missile range').toBe(Number(range));
    }
    // Each special rule it prints: played, or named in what is not played.
    const row = rows.find((r) => r.id === c.id);
    for (const rule of c.rules) {
      if (rule.played === 'notPlayed') expect(row?.notPlayed ?? '', rule.printed).toContain(rule.as);
      else if (rule.played === 'rules') {
        const name = rule.as.split(/[ ,]/)[0] as string;
        expect(m.rules, rule.printed).toContain(name);
        // A rule the card does not print is ours, and the row's source says so.
        if (rule.printed.startsWith('(not on card)'))
          expect(row?.source ?? '', rule.printed).toContain(`${name} ours`);
      } else expect(['field', 'default', 'card'], rule.printed).toContain(rule.played);
    }
  });

  it('our older reading is an option: 7 + DS − WS up to 12, and no card rows', () => {
    const orc = fielded('orc-champion', { toHit: 'ours' });
    expect(closeNeed(orc, 12, { limit: 12, cardRows: false }).need).toBe(12);
    expect(closeNeed(orc, 12, { limit: 10, cardRows: true }).need).toBe(12);
    const goblin = fielded('goblin-warrior');
    expect(closeNeed(goblin, 12, { limit: 10, cardRows: true })).toEqual({
      need: 10,
      why: '10 (7 + DS − WS, at most 10: the monster cards)',
    });
    expect(closeNeed(goblin, 12, { limit: 12, cardRows: false }).why).toBe(
      '12 (7 + DS − WS, at most 12: ours)',
    );
  });
});
