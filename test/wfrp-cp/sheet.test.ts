// fray sheet for the Combat Points rules: CP, EI, the action cap, the shield's pool, armour; and the warnings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFile, loadText, ROOT, sheetOf, warningLines, warningsFixture } from '../helpers.js';

const cp = (name: string) => join(ROOT, 'data', 'wfrp-cp', 'encounters', name);

describe('Combat Points sheets', () => {
  it("Ernst: CP 125 + 10 mounted, EI, the shield's pool of 30 (Combat Example #2)", () => {
    const ernst = sheetOf(loadFile(cp('ernst-and-the-ogre.yaml')), 'Ernst');
    expect(ernst).toContain('W 10/10; CP 135; EI 43, 5 actions; one action takes at most 65 CP');
    expect(ernst).toContain(
      'armour: head 1, arms 1, body 1, legs 1 (sleeved mail coat, helmet); leather counts 0.2 (rule 10)',
    );
    expect(ernst).toContain('sword (right hand): WS 20 + Swords 45');
    expect(ernst).toContain('shield (left hand): defence pool 30 CP a round');
    expect(ernst).toContain('Swords: 15% + 30 = 45/65% (level 3), CP 125; 700 XP spent, next level 400 XP');
  });

  it("rule 2's armour modifiers to I: leggings with a mail coat cost 10, as bracers over sleeved mail do", () => {
    const text = readFileSync(cp('ernst-and-the-ogre.yaml'), 'utf8');
    const armoured = (armour: string) =>
      sheetOf(loadText(text.replace('[sleeved-mail-coat, helmet]', `[${armour}]`)), 'Ernst').find((l) =>
        l.startsWith('W '),
      );
    expect(armoured('sleeved-mail-coat, helmet')).toContain('EI 43,');
    expect(armoured('sleeved-mail-coat, helmet, mail-leggings')).toContain('EI 33,');
    expect(armoured('sleeved-mail-coat, helmet, mail-leggings, plate-bracers')).toContain('EI 23,');
  });

  it('a monster with Life Points spends everything on attacks (rule 32); spells count as armour', () => {
    const ogre = sheetOf(loadFile(cp('ernst-and-the-ogre.yaml')), 'Ogre');
    expect(ogre).toContain('W 16/16, LP 1/1; CP 90; EI 30, 5 actions; one action takes at most 60 CP');
    expect(ogre).toContain('tactics: spends all its CP on attacks and never defends (rule 32)');
    const tanalor = sheetOf(loadFile(cp('master-tanalor.yaml')), 'Tanalor');
    expect(tanalor).toContain(
      'armour: head 1, arms 1, body 1, legs 1; 1 of it from spells; leather counts 0.2 (rule 10)',
    );
    expect(tanalor).toContain('unarmed: WS 20 + Unarmed 22');
  });
});

describe('Combat Points warnings', () => {
  it('a weapon with no ability in its class, a missile weapon with no ammunition', () => {
    const file = join('test', 'fixtures', 'warnings', 'wfrp-cp.yaml');
    expect(warningLines(loadFile(warningsFixture('wfrp-cp')))).toEqual([
      `${file}:11:19 sides[0].combatants[0].carried[0]: warning: the crossbow is used at BS 30 (no Crossbows ability)`,
      `${file}:12:27 sides[0].combatants[0].ammo.crossbow: warning: ammo 0: the crossbow has no bolts, so it never shoots`,
    ]);
  });

  it('none for the shipped encounters', () => {
    for (const name of ['ernst-and-the-ogre.yaml', 'hans-and-the-goblins.yaml', 'master-tanalor.yaml'])
      expect(warningLines(loadFile(cp(name)))).toEqual([]);
  });
});
