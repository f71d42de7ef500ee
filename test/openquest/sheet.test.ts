// fray sheet for OpenQuest: hit points, damage modifier, the combat skills, weapons, armour, parry; and the warnings.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFile, ROOT, sheetOf, warningLines, warningsFixture } from '../helpers.js';

const oq = (name: string) => join(ROOT, 'data', 'openquest', 'encounters', name);

describe('OpenQuest sheets', () => {
  const ford = loadFile(oq('bandits-at-the-ford.yaml'));

  it('Aldric: HP (SIZ + CON) / 2, damage modifier by STR + SIZ, the longsword with it, the best armour', () => {
    const aldric = sheetOf(ford, 'Aldric');
    expect(aldric).toContain('HP 14/14; damage modifier +1D4 (STR + SIZ 29)');
    expect(aldric).toContain('longsword: 1D8+1D4, Close Combat 65%; used at close distance');
    expect(aldric).toContain('armour: 5 AP (chainmail 5)');
    expect(aldric).toContain('parries with the medium shield (Close Combat 65%)');
    expect(aldric).toContain(
      'tactics: parries with the medium shield (Close Combat 65% ≥ Dodge 35%); attacks the most hurt enemy; closes in when apart',
    );
  });

  it('Bryn: a sword at close distance, the bow at ranged; dodges, her Dodge being the better', () => {
    const bryn = sheetOf(ford, 'Bryn');
    expect(bryn).toContain(
      'skills: Close Combat 45%, Ranged Combat 60%, Unarmed 27%, Dodge 50%; Healing 55%, Athletics 27%, Resilience 25%',
    );
    expect(bryn).toContain('short bow: 1D8, Ranged Combat 60%, range 75 m; used at ranged distance');
    expect(bryn).toContain(
      'tactics: dodges (Close Combat 45% < Dodge 50%); attacks the most hurt enemy; shoots while apart; stabilises a dying friend (Healing 40% or more)',
    );
  });
});

describe('OpenQuest warnings', () => {
  it('armour that adds nothing, a weapon never used, only missiles, tactics that leave at once', () => {
    const file = join('test', 'fixtures', 'warnings', 'openquest.yaml');
    expect(warningLines(loadFile(warningsFixture('openquest')))).toEqual([
      `${file}:10:27 sides[0].combatants[0].weapons[1]: warning: the longsword is never used: only the first close-combat weapon strikes (the dagger)`,
      `${file}:11:18 sides[0].combatants[0].armour[0]: warning: only the best piece of armour counts: the chainmail's 5 AP; the leather adds nothing`,
      `${file}:14:19 sides[0].combatants[1].weapons[0]: warning: only missile weapons: at close distance (2 m or less) it attacks with its fist (1D4, Unarmed 27%)`,
      `${file}:16:28 sides[0].combatants[1].tactics.fleeAt: warning: tactics fleeAt 4: with 3 HP it flees at its first action`,
    ]);
  });

  it('none for the shipped encounters', () => {
    for (const name of ['bandits-at-the-ford.yaml', 'duel.yaml'])
      expect(warningLines(loadFile(oq(name)))).toEqual([]);
  });
});
