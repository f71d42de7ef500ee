// fray sheet for WFRP 1e: the values the round computes, before the first blow; and the load's warnings.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encounterPath, loadFile, sheetOf, warningLines, warningsFixture } from '../helpers.js';

describe('WFRP 1e sheets', () => {
  const knight = loadFile(encounterPath('knight-and-spearmen.yaml'));

  it('Effective Initiative with the weapon modifiers: the lance +20 I, the spear +10 in the first round only (+20 against a mounted foe)', () => {
    expect(sheetOf(knight, 'Sir Konrad')).toContain(
      'W 10/10; EI: I 40 + 20 lance = 60; 70 when winning; A 2: blows at 60, 30',
    );
    expect(sheetOf(knight, 'Spearman 1')).toContain(
      'W 7/7; EI: I 30 + 10 spear = 40 (50 against a mounted foe) in the first round, 30 after; 50 when winning; A 1: blows at 40',
    );
  });

  it('armour points by location, a shield on every one, and the lance fully effective only mounted and charging', () => {
    const konrad = sheetOf(knight, 'Sir Konrad');
    expect(konrad).toContain(
      'armour: head 2, arms 1, body 2, legs 1 (sleeved mail coat, breastplate, mail coif, helmet); shield +1 on every location',
    );
    expect(konrad).toContain(
      'lance (right hand): to hit WS 50; damage D6 + S 4; mounted and charging: to hit WS 50 + 10 lance = 60; damage D6 + 6 (S 4 + 2 lance); no parry',
    );
    expect(konrad).toContain('shield (left hand): parry under WS 50 + 20 shield = 70');
    expect(sheetOf(knight, "Sir Konrad's warhorse")).toContain(
      'ridden by Sir Konrad: a blow at the pair strikes the rider on D100 ≤ 40 from attackers under 10 ft, ≤ 50 from taller or mounted ones; else the mount',
    );
  });

  it('follows the options: without weapon modifiers the lance adds nothing', () => {
    const plain = sheetOf(
      loadFile(encounterPath('knight-and-spearmen.yaml'), { weaponModifiers: 'off' }),
      'Sir Konrad',
    );
    expect(plain).toContain('W 10/10; EI: I 40; 50 when winning; A 2: blows at 40, 20');
    expect(plain).toContain('lance (right hand): to hit WS 50; damage D6 + S 4; no parry');
  });

  it("leather as 0/1, blows spread by EI / A, and what the tactics do (the GM's orcs do not parry)", () => {
    const demo = loadFile(encounterPath('demo.yaml'));
    const skallier = sheetOf(demo, 'Skallier');
    expect(skallier).toContain('W 8/8; EI: I 63; 73 when winning; A 2: blows at 63, 32');
    expect(skallier).toContain(
      "armour: head 0, arms 0/1, body 0/1, legs 0 (leather jacket); x/y: leather's 1 counts only against 1–3 damage after T",
    );
    expect(sheetOf(demo, 'Helmut')).toContain(
      'tactics: parries blows that could bring W to 0; closes; strikes the most wounded foe',
    );
    expect(sheetOf(demo, 'Orc 1')).toContain(
      "tactics: does not parry (the GM's creature; monsterParry=never); closes; strikes the most wounded foe",
    );
  });

  it('missile weapons: BS, each band with its ES, and the ammunition', () => {
    const archers = loadFile(encounterPath('archers-and-goblins.yaml'));
    expect(sheetOf(archers, 'Archer 1')).toContain(
      'normal bow (both hands): shoots at BS 40; short to 24 yd ES 3, long to 48 yd ES 2 (−10 BS), extreme to 250 yd ES 1 (−20 BS); 24 arrows, loaded',
    );
  });
});

describe('WFRP 1e warnings', () => {
  it('each at its place in the file; nothing stops', () => {
    const loaded = loadFile(warningsFixture('wfrp1e'));
    const file = join('test', 'fixtures', 'warnings', 'wfrp1e.yaml');
    expect(warningLines(loaded)).toEqual([
      `${file}:9:19 sides[0].combatants[0].weapons[0]: warning: the flail is a specialist weapon: without the skill Specialist Weapon - Flail it is used at WS 10 (option specialistWeapons)`,
      `${file}:11:22 sides[0].combatants[0].ammo.bow: warning: ammo 0: the normal bow has no arrows, so it never shoots`,
      `${file}:12:51 sides[0].combatants[0].armour[2]: warning: the leather jacket adds nothing on the body: leather counts only where less than 2 metal AP is worn, and sleeved mail shirt and breastplate give 2`,
    ]);
    expect(sheetOf(loaded, 'Hans')).toContain(
      'flail (right hand): to hit WS (unskilled) 10; damage D6 + S 3; parry under WS (unskilled) 10',
    );
  });

  it('an option can make a warning moot: specialistWeapons=off', () => {
    const lines = warningLines(loadFile(warningsFixture('wfrp1e'), { specialistWeapons: 'off' }));
    expect(lines.map((l) => l.replace(/^\S+ (\S+):.*$/, '$1'))).toEqual([
      'sides[0].combatants[0].ammo.bow',
      'sides[0].combatants[0].armour[2]',
    ]);
  });

  it('none for the shipped encounters but what the bestiary says is not played, once', () => {
    for (const name of ['demo.yaml', 'knight-and-spearmen.yaml', 'pistol-duel.yaml', 'eagle-and-party.yaml'])
      expect(warningLines(loadFile(encounterPath(name)))).toEqual([]);
    const hydra = warningLines(loadFile(encounterPath('the-hydra.yaml')));
    expect(hydra).toHaveLength(1);
    expect(hydra[0]).toMatch(
      /use: warning: not played by Fray for the Hydra \(its bestiary row says so; the GM rules it\): causes fear; a fire breath/,
    );
  });
});
