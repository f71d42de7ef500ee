// The shipped OpenQuest data against its sources: the SRD's weapons and creatures, each row
// naming where it comes from (docs/rulesets/openquest.md, Data and its sources).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../src/rulesets/openquest/data.js';
import { weaponDice } from '../../src/rulesets/openquest/rules.js';
import { loadText, ROOT, sheetOf } from '../helpers.js';

const file = (name: string) => {
  const path = join(ROOT, 'data', 'openquest', `${name}.yaml`);
  return { file: path, text: readFileSync(path, 'utf8') };
};
const cat = readCatalogue({ weapons: file('weapons'), armour: file('armour'), bestiary: file('bestiary') });
const weapon = (id: string) => {
  const w = cat.weapons.get(id);
  if (!w) throw new Error(`no weapon ${id}`);
  return {
    dice: weaponDice(w.damage),
    hands: w.hands,
    range: w.range,
    bySTR: w.rangeBySTR,
    source: w.source,
  };
};

describe('OpenQuest data from the SRD', () => {
  it('every row names its source', () => {
    for (const table of [cat.weapons, cat.armour, cat.creatures])
      for (const row of table.values())
        expect(row.source, row.id).toMatch(/OpenQuest SRD|OpenQuest 3e|facts|ours/);
  });

  it('close-combat weapons as the SRD gives them: the dagger 1D4+1, the missing ones added, the lance two-handed', () => {
    expect(weapon('dagger')).toMatchObject({
      dice: '1D4+1',
      hands: 1,
      source: 'OpenQuest SRD: Close Combat Weapons',
    });
    expect(weapon('knife').dice).toBe('1D4+1');
    const rows: [string, string, 1 | 2][] = [
      ['scimitar', '1D8', 1],
      ['war-pick', '1D8', 1],
      ['ball-and-chain', '1D8', 1],
      ['greathammer', '2D8', 2],
      ['military-flail', '2D8', 2],
      ['polearm', '1D8', 2],
      ['glaive', '1D8', 2],
      ['gladius', '1D6', 1],
      ['lance', '1D10', 2],
    ];
    for (const [id, dice, hands] of rows) expect(weapon(id), id).toMatchObject({ dice, hands });
  });

  it('ranged weapons with the SRD ranges; thrown ones by STR; the light crossbow one-handed', () => {
    const rows: [string, string, 1 | 2, number][] = [
      ['blowgun', '1D2', 2, 15],
      ['sling', '1D6', 1, 50],
      ['staff-sling', '1D8', 2, 75],
      ['short-bow', '1D8', 2, 75],
      ['nomad-bow', '1D8', 2, 125],
      ['longbow', '1D10', 2, 150],
      ['light-crossbow', '1D8', 1, 125],
      ['heavy-crossbow', '2D6', 2, 150],
    ];
    for (const [id, dice, hands, range] of rows) expect(weapon(id), id).toMatchObject({ dice, hands, range });
    expect(weapon('javelin')).toMatchObject({ dice: '1D6', range: null, bySTR: 2 });
    expect(weapon('thrown-dagger')).toMatchObject({ dice: '1D6', bySTR: 1 });
    expect(weapon('thrown-hatchet')).toMatchObject({ dice: '1D8', bySTR: 1 });
  });

  it("the SRD's creatures: orc, goblin, skeleton; the wolf from the SRD's animal list", () => {
    const c = (id: string) => cat.creatures.get(id);
    expect(c('orc')).toMatchObject({
      source: 'OpenQuest SRD: Creatures',
      characteristics: { STR: 14, CON: 11, SIZ: 10, DEX: 14, INT: 11, POW: 10, CHA: 7 },
      skills: { close: 40, ranged: 50, dodge: 35 },
      weapons: ['scimitar', 'medium-shield', 'short-bow'],
      armour: ['leather'],
    });
    expect(c('goblin')).toMatchObject({
      characteristics: { DEX: 17, SIZ: 7 },
      skills: { close: 40, dodge: 50 },
    });
    expect(c('skeleton')).toMatchObject({
      characteristics: { CON: 4, INT: 0, POW: 0, CHA: 0 },
      skills: { close: 35, dodge: 10 },
      weapons: ['longsword', 'medium-shield'],
      armour: ['leather'],
    });
    expect(c('wolf')).toMatchObject({
      source: 'OpenQuest SRD: Creatures, The Animal List',
      skills: { unarmed: 50 },
      weapons: ['bite'],
    });
    expect(weapon('bite').dice).toBe('1D8');
    expect(weapon('claw').dice).toBe('1D6');
  });

  it("fray sheet names each combatant's sources, and a thrown weapon's range by its STR", () => {
    const loaded = loadText(
      'ruleset: openquest\nsides:\n  - name: A\n    combatants:\n      - { name: Thrax, characteristics: { STR: 14, CON: 12, SIZ: 12, DEX: 12, INT: 10, POW: 10, CHA: 10 }, weapons: [dagger, javelin] }\n  - name: B\n    combatants:\n      - { use: orc }\n',
    );
    const thrax = sheetOf(loaded, 'Thrax');
    expect(thrax).toContain('dagger: 1D4+1+1D4, Close Combat 26%; used at close distance');
    expect(thrax).toContain(
      'javelin: 1D6+1D4, Ranged Combat 22%, range 28 m (STR ×2); used at ranged distance',
    );
    expect(thrax).toContain(
      'sources: OpenQuest SRD: Close Combat Weapons (dagger); OpenQuest SRD: Ranged Weapons (javelin)',
    );
    expect(sheetOf(loaded, 'Orc')).toContain(
      'sources: OpenQuest SRD: Creatures (orc); OpenQuest SRD: Close Combat Weapons (scimitar, medium shield); OpenQuest SRD: Ranged Weapons (short bow); facts: Armour (leather)',
    );
  });
});
