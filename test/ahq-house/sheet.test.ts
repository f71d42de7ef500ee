// fray sheet for the AHQ house rules: profile with armour, what each needs to hit, damage dice, monster rules; and the warnings.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFile, ROOT, sheetOf, warningLines, warningsFixture } from '../helpers.js';

const crypt = () => loadFile(join(ROOT, 'data', 'ahq-house', 'encounters', 'crypt.yaml'));

describe('AHQ house-rules sheets', () => {
  it("the Barbarian: leather's effects, and D12 ≥ 7 + DS − WS against each enemy", () => {
    const b = sheetOf(crypt(), 'Barbarian');
    expect(b).toContain('with armour: BS 4, DS 6, T 5, Sp 5, St 5 (leather armour BS −1, T +1, Sp −1)');
    expect(b).toContain(
      'two-handed sword: 4 damage dice; hits Goblin Slave (DS 4) on D12 ≥ 3, Orc (DS 7) on D12 ≥ 6',
    );
  });

  it("the Elf's bow on the ranged table; an orc's shield; the goblin slave's Panic", () => {
    const sheets = crypt();
    expect(sheetOf(sheets, 'Elf')).toContain(
      'bow: 3 damage dice, range 40 squares; shoots at BS 8: D12 ≥ 4 at 1-2, 5 at 3-5, 6 at 6-10, 7 at 11-24, 8 at 25+ squares (* no critical)',
    );
    expect(sheetOf(sheets, 'Orc 1')).toContain(
      'with armour: BS 4, DS 7, T 6, Sp 6, St 3 (shield DS +1, BS −1, T +1, St −1)',
    );
    expect(sheetOf(sheets, 'Goblin Slave')).toContain(
      'Panic: each turn a Bravery roll (D12 ≤ Br), failed, it flees 2 × Sp squares; a slavemaster of its side near it spares the roll',
    );
  });
});

describe('AHQ house-rules warnings', () => {
  it('a weapon never used, a bow with a shield, body armour twice, dead before the fight', () => {
    const file = join('test', 'fixtures', 'warnings', 'ahq-house.yaml');
    expect(warningLines(loadFile(warningsFixture('ahq-house')))).toEqual([
      `${file}:15:27 sides[0].combatants[0].weapons[1]: warning: the sword is never used: only the first hand weapon strikes (the dagger)`,
      `${file}:16:18 sides[0].combatants[0].armour[0]: warning: the bow takes both hands, yet the shield's modifiers count all the time, shooting or not`,
      `${file}:21:25 sides[0].combatants[1].armour[1]: warning: chain mail and leather armour are both body armour: their modifiers add up`,
      `${file}:25:36 sides[1].combatants[1].wounds: warning: wounds 0: dead before the fight begins`,
    ]);
  });

  it('none for the shipped encounter', () => {
    expect(warningLines(crypt())).toEqual([]);
  });
});
