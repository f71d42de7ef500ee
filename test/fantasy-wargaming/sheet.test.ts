// fray sheet for Fantasy Wargaming: the recorded values (MF, BF, WF, adjusted damage), endurance, armour, parry; and the warnings.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFile, ROOT, sheetOf, warningLines, warningsFixture } from '../helpers.js';

const fw = (name: string) => join(ROOT, 'data', 'fantasy-wargaming', 'encounters', name);

describe('Fantasy Wargaming sheets', () => {
  const raid = loadFile(fw('raid.yaml'));

  it("Aelfric: Morale Factor, the spear's WF and damage, the shield he parries with", () => {
    const a = sheetOf(raid, 'Aelfric');
    expect(a).toContain('endurance 14/14; armour: leather jerkin, protection 2, agility 1');
    expect(a).toContain(
      'Morale Factor 20 (+4 combat level, +13 bravery, +2 party leader, +1 selfishness 8−)',
    );
    expect(a).toContain(
      'spear (wielded): surplus strength 5 (surplus physique 5), surplus agility = agility 12 − 8 (spear) − 1 leather jerkin = 3, halved rounded up: 2; WF 2 + 4 combat level + 1 endurance 14+ = 7; adjusted damage D8+1',
    );
    expect(a).toContain('parries with the small shield (defensive value 4)');
  });

  it("Thorkell: a Viking's Berserk Factor; the tactics", () => {
    const t = sheetOf(raid, 'Thorkell');
    expect(t).toContain(
      'Berserk Factor 5 (+5 Viking: half combat level, rounded up, + 2, +2 bravery 15–16, −2 leader of party)',
    );
    expect(t).toContain(
      'tactics: defends when more than one foe came at it; strikes at the weakest foe; charges into the first melee phase; lunges at a foe down to half endurance; panicking, surrenders at half endurance or less',
    );
  });
});

describe('Fantasy Wargaming warnings', () => {
  it('no melee weapon, a defence the area forbids, a shield off the arm, out before the fight', () => {
    const file = join('test', 'fixtures', 'warnings', 'fantasy-wargaming.yaml');
    expect(warningLines(loadFile(warningsFixture('fantasy-wargaming')))).toEqual([
      `${file}:11:18 sides[0].combatants[0].weapons: warning: no melee weapon: in the melee it fights with its fist (1D3)`,
      `${file}:12:29 sides[0].combatants[0].tactics.defence: warning: tactics defence: dodge, but the maneuver area is small (medium or more needed): it never dodges, and attacks instead`,
      `${file}:18:31 sides[1].combatants[0].weapons[1]: warning: the large shield is not on its arm while the two-handed battle axe is wielded: its encumbrance 5 counts against the battle axe's WF`,
      `${file}:23:20 sides[1].combatants[1].endurance: warning: endurance 0: unconscious before the fight begins`,
    ]);
  });

  it('none for the shipped encounters', () => {
    for (const name of ['raid.yaml', 'duel.yaml', 'duel-bare.yaml'])
      expect(warningLines(loadFile(fw(name)))).toEqual([]);
  });
});
