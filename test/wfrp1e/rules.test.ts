// One test (or a few) per rule function: the numbers the text and the facts give.
import { describe, expect, it } from 'vitest';
import { lookup } from '../../src/core/table.js';
import { reverseD100 } from '../../src/dice/d100.js';
import {
  CRITICAL_CHART,
  CRITICAL_EFFECTS,
  SUDDEN_DEATH_KILLS_FROM,
} from '../../src/rulesets/wfrp1e/data/criticals.js';
import { HUMANOID_TABLE, PARTS } from '../../src/rulesets/wfrp1e/data/locations.js';
import { RIDER_UP_TO, SLAIN_MOUNT_TABLE, WEAPON_MODIFIERS } from '../../src/rulesets/wfrp1e/data/tables.js';
import {
  afterTakeUp,
  applyWounds,
  armourPoints,
  blowTicks,
  canCharge,
  criticalColumn,
  drawLoss,
  modifierRow,
  isFumble,
  isHit,
  muchTaller,
  packRounds,
  parrySucceeds,
  roundHalfUp,
  stunChance,
  stunDice,
  suddenDeathKills,
  targetedPenalty,
  testTarget,
  weaponInitiative,
  weaponToHit,
  wornOn,
} from '../../src/rulesets/wfrp1e/rules.js';
import type { ArmourPiece } from '../../src/rulesets/wfrp1e/catalogue.js';

describe('§ Multiple Attacks', () => {
  it('rounds fractions of one half up', () => {
    expect(roundHalfUp(17.5)).toBe(18);
    expect(roundHalfUp(46.49)).toBe(46);
    expect(roundHalfUp(23.5)).toBe(24);
  });
  it('spreads blows at regular intervals: 72 / 3 A → 72, 48, 24; 30 / 2 A → 30, 15', () => {
    expect(blowTicks(72, 3, 'intervals')).toEqual([72, 48, 24]);
    expect(blowTicks(30, 2, 'intervals')).toEqual([30, 15]);
    expect(blowTicks(70, 3, 'intervals')).toEqual([70, 47, 23]);
    expect(blowTicks(20, 5, 'intervals')).toEqual([20, 16, 12, 8, 4]);
  });
  it('reads the "70, 35, 18" example as halving when asked', () => {
    expect(blowTicks(70, 3, 'halving')).toEqual([70, 35, 18]);
    expect(blowTicks(72, 3, 'halving')).toEqual([72, 36, 18]);
  });
  it('never puts a blow before the round starts or after it ends', () => {
    expect(blowTicks(2, 4, 'intervals')).toEqual([2, 2, 1, 1]);
    expect(blowTicks(0, 1, 'intervals')).toEqual([1]);
    expect(blowTicks(45, 0, 'intervals')).toEqual([]);
  });
});

describe('§ Take-Up Actions', () => {
  it('moves every blow down by the EI loss after the spread, losing those pushed out of the round', () => {
    expect(afterTakeUp([72, 48, 24], -20)).toEqual([52, 28, 4]);
    expect(afterTakeUp([30, 15], -20)).toEqual([10]);
    expect(afterTakeUp([40], -10)).toEqual([30]);
  });
  it('counts a round to open a pack and one more per 30 ENC or part of it', () => {
    expect(packRounds(0)).toBe(1);
    expect(packRounds(30)).toBe(2);
    expect(packRounds(31)).toBe(3);
    expect(packRounds(95)).toBe(5);
  });
});

describe('§ Take-Up Actions: drawing', () => {
  const w = (draw: -10 | -20 | 'round' | 'none') => ({
    id: 'x',
    name: 'x',
    group: 'hand-weapon' as const,
    hands: 1 as const,
    parry: true,
    draw,
    natural: false,
    shield: false,
    source: 'test',
    melee: true,
  });
  it('costs a knife −10 EI, a sword −20, and a two-handed weapon, bow or shield the round', () => {
    expect(drawLoss(w(-10))).toBe(-10);
    expect(drawLoss(w(-20))).toBe(-20);
    expect(drawLoss(w('round'))).toBe(null);
    expect(drawLoss(w('none'))).toBe(0);
  });
  it('uses the lance row only mounted and charging, the hand weapon row otherwise', () => {
    const lance = { ...w('round'), group: 'lance' as const };
    expect(modifierRow(lance, true)).toBe(WEAPON_MODIFIERS.lance);
    expect(modifierRow(lance, false)).toBe(WEAPON_MODIFIERS['hand-weapon']);
    expect(modifierRow({ ...w(-20), group: 'flail' as const }, false)).toBe(WEAPON_MODIFIERS.flail);
  });
});

describe('§ Combat Procedure', () => {
  it('hits on equal to or less than WS', () => {
    expect(isHit(45, 45)).toBe(true);
    expect(isHit(46, 45)).toBe(false);
  });
  it('locates by the reversed roll: 27 → 72 body; 100 reads 00', () => {
    expect(lookup(HUMANOID_TABLE, reverseD100(27))).toBe(PARTS.body);
    expect(lookup(HUMANOID_TABLE, reverseD100(51))).toBe(PARTS.head);
    expect(lookup(HUMANOID_TABLE, reverseD100(100))).toBe(PARTS.leftLeg);
    const bounds: [number, string][] = [
      [1, 'head'],
      [15, 'head'],
      [16, 'right-arm'],
      [35, 'right-arm'],
      [36, 'left-arm'],
      [55, 'left-arm'],
      [56, 'body'],
      [80, 'body'],
      [81, 'right-leg'],
      [90, 'right-leg'],
      [91, 'left-leg'],
      [100, 'left-leg'],
    ];
    for (const [r, id] of bounds) expect(lookup(HUMANOID_TABLE, r).id).toBe(id);
  });
});

describe('§ Targeted Blows', () => {
  it('costs −20 for head and arms, −10 for body and legs', () => {
    expect(targetedPenalty(PARTS.head)).toBe(-20);
    expect(targetedPenalty(PARTS.leftArm)).toBe(-20);
    expect(targetedPenalty(PARTS.body)).toBe(-10);
    expect(targetedPenalty(PARTS.rightLeg)).toBe(-10);
  });
});

describe('§ Critical Fumbles', () => {
  it('WS 45 fumbles on 55, 66, 77, 88, 99 and 00, and on nothing else', () => {
    const fumbles = [];
    for (let r = 1; r <= 100; r++) if (isFumble(r, 45)) fumbles.push(r);
    expect(fumbles).toEqual([55, 66, 77, 88, 99, 100]);
  });
});

describe('§ Parrying', () => {
  it('succeeds on less than WS, or at most WS when the option says so', () => {
    expect(parrySucceeds(39, 40, 'below')).toBe(true);
    expect(parrySucceeds(40, 40, 'below')).toBe(false);
    expect(parrySucceeds(40, 40, 'at-most')).toBe(true);
  });
});

const piece = (
  id: string,
  covers: ArmourPiece['covers'],
  kind: 'metal' | 'leather' = 'metal',
): ArmourPiece => ({ id, name: id, covers, kind, source: 'facts: Armour' });

describe('Armour (README facts; § Unarmed Combat)', () => {
  const mail = piece('mail-shirt', ['body']);
  const plate = piece('breastplate', ['body']);
  const jerkin = piece('leather-jerkin', ['body'], 'leather');
  it('counts metal pieces on the zone, at most 2', () => {
    expect(wornOn([mail, plate], 'body')).toEqual({ metal: 2, leather: false });
    expect(wornOn([mail], 'head')).toEqual({ metal: 0, leather: false });
    expect(wornOn([mail], null)).toEqual({ metal: 0, leather: false });
  });
  it('gives leather its 1 only against 1-3 damage left after T, never past 2 worn', () => {
    expect(armourPoints(wornOn([jerkin], 'body'), false, 3, false)).toBe(1);
    expect(armourPoints(wornOn([jerkin], 'body'), false, 4, false)).toBe(0);
    expect(armourPoints(wornOn([jerkin], 'body'), false, 0, false)).toBe(0);
    expect(armourPoints(wornOn([mail, jerkin], 'body'), false, 2, false)).toBe(2);
    expect(armourPoints(wornOn([mail, plate, jerkin], 'body'), false, 2, false)).toBe(2);
    expect(armourPoints(wornOn([mail], 'body'), true, 5, false)).toBe(2);
  });
  it('doubles metal and adds 1 for leather against unarmed blows', () => {
    expect(armourPoints(wornOn([mail], 'body'), false, 9, true)).toBe(2);
    expect(armourPoints(wornOn([mail, plate], 'body'), false, 9, true)).toBe(4);
    expect(armourPoints(wornOn([jerkin], 'body'), false, 9, true)).toBe(1);
    expect(armourPoints(wornOn([mail, jerkin], 'body'), false, 9, true)).toBe(3);
  });
});

describe('Armour points, explained', () => {
  it('gives each point its reason, adding up to the total', () => {
    const terms: { label: string; value: number }[] = [];
    const mail = piece('mail-shirt', ['body']);
    const jerkin = piece('leather-jerkin', ['body'], 'leather');
    expect(armourPoints(wornOn([mail, jerkin], 'body'), true, 2, false, terms)).toBe(3);
    expect(terms).toEqual([
      { label: 'metal armour', value: 1 },
      { label: 'leather (damage 1-3)', value: 1 },
      { label: 'shield', value: 1 },
    ]);
  });
});

describe('Critical value (README facts)', () => {
  it('is what is left over once W reach 0; W never go below 0', () => {
    expect(applyWounds(7, 5)).toEqual({ W: 2, critical: 0 });
    expect(applyWounds(7, 7)).toEqual({ W: 0, critical: 0 });
    expect(applyWounds(2, 5)).toEqual({ W: 0, critical: 3 });
    expect(applyWounds(0, 4)).toEqual({ W: 0, critical: 4 });
  });
  it('uses columns +1 … +5 and one for +6 and more', () => {
    expect([1, 2, 5, 6, 7, 17].map(criticalColumn)).toEqual([1, 2, 5, 6, 6, 6]);
  });
  it('reads the chart as the facts print it', () => {
    const cell = (r: number, col: number) => lookup(CRITICAL_CHART, r)[col - 1];
    expect(cell(1, 1)).toEqual({ effect: 1, flee: false });
    expect(cell(10, 5)).toEqual({ effect: 11, flee: true });
    expect(cell(55, 2)).toEqual({ effect: 12, flee: true });
    expect(cell(65, 1)).toEqual({ effect: 9, flee: true });
    expect(cell(85, 3)).toEqual({ effect: 16, flee: false });
    expect(cell(100, 6)).toEqual({ effect: 15, flee: false });
    expect(cell(25, 4)).toEqual({ effect: 14, flee: true });
    for (const chart of ['head', 'arm', 'body', 'leg'] as const)
      expect(CRITICAL_EFFECTS[chart]).toHaveLength(16);
  });
  it('kills on Sudden Death from 51, 41, 31, 21, 10 and always at +6', () => {
    // +5 kills from 10, not the 11 the step of ten would give: the rulebook prints the band "10-20%"
    // (docs/rulesets/wfrp1e.md, Sudden Death criticals).
    expect(SUDDEN_DEATH_KILLS_FROM).toEqual([51, 41, 31, 21, 10, 1]);
    expect(suddenDeathKills(1, 50)).toBe(false);
    expect(suddenDeathKills(1, 51)).toBe(true);
    expect(suddenDeathKills(5, 9)).toBe(false);
    expect(suddenDeathKills(5, 10)).toBe(true);
    expect(suddenDeathKills(9, 1)).toBe(true);
  });
});

describe('§ Stuns', () => {
  it('gives the modified D6 × 5 %, +20 with Strike To Stun, doubled against a static target', () => {
    expect(stunChance(5, false, false)).toBe(25);
    expect(stunChance(5, true, false)).toBe(45);
    expect(stunChance(5, false, true)).toBe(50);
    expect(stunChance(-2, false, false)).toBe(0);
    expect(stunChance(-2, true, true)).toBe(40);
  });
  it('keeps the victim out for (10 − T) D10 minutes', () => {
    expect(stunDice(3)).toBe(7);
    expect(stunDice(10)).toBe(0);
  });
});

describe('Tests', () => {
  it('are made against % characteristics as they are and S and T times ten', () => {
    expect(testTarget('Dex', 30)).toBe(30);
    expect(testTarget('S', 4)).toBe(40);
    expect(testTarget('T', 3)).toBe(30);
  });
});

describe('§ Weapon Modifiers (optional)', () => {
  it('gives spears +10 I in the first round and when winning, +20 against the mounted', () => {
    const spear = WEAPON_MODIFIERS.spear;
    expect(weaponInitiative(spear, true, false)).toBe(10);
    expect(weaponInitiative(spear, true, true)).toBe(20);
    expect(weaponInitiative(spear, false, false)).toBe(0);
  });
  it('gives halberds −10 I, but +20 against the mounted in the first round and when winning', () => {
    const halberd = WEAPON_MODIFIERS.halberd;
    expect(weaponInitiative(halberd, false, false)).toBe(-10);
    expect(weaponInitiative(halberd, true, false)).toBe(-10);
    expect(weaponInitiative(halberd, true, true)).toBe(20);
  });
  it('applies the ** to-hit entries only against aerial combatants', () => {
    expect(weaponToHit(WEAPON_MODIFIERS.spear, false, false)).toBe(0);
    expect(weaponToHit(WEAPON_MODIFIERS.spear, true, false)).toBe(10);
    expect(weaponToHit(WEAPON_MODIFIERS.halberd, true, false)).toBe(-10);
    expect(weaponToHit(WEAPON_MODIFIERS.flail, false, false)).toBe(-10);
  });
  it('reads the rest of the table as printed', () => {
    expect(WEAPON_MODIFIERS.knife).toMatchObject({ I: 10, toHit: 0, damage: -2, parry: -20 });
    expect(WEAPON_MODIFIERS['two-handed-flail']).toMatchObject({ I: -20, toHit: -20, damage: 3, parry: -10 });
    expect(WEAPON_MODIFIERS.lance).toMatchObject({ I: 20, toHit: 10, damage: 2, parry: -20, lance: true });
    expect(WEAPON_MODIFIERS.buckler).toMatchObject({ damage: -2, parry: 20 });
  });
});

describe('§ Charging, § Especially Tall Opponents', () => {
  it('charges from within M yards', () => {
    expect(canCharge(3, 3)).toBe(true);
    expect(canCharge(4, 3)).toBe(false);
  });
  it('counts a height difference of 10 feet or more', () => {
    expect(muchTaller(3, 13)).toBe(true);
    expect(muchTaller(6, 15)).toBe(false);
  });
});

describe('§ Mounted Combat tables', () => {
  it('strikes the rider on 01-40 (horse) or 01-20 (larger) from a creature under 10 feet, 01-50 otherwise', () => {
    expect(RIDER_UP_TO['under-10ft']).toEqual({ horse: 40, larger: 20 });
    expect(RIDER_UP_TO['10ft-or-more']).toEqual({ horse: 50, larger: 50 });
    expect(RIDER_UP_TO.rider).toEqual({ horse: 50, larger: 50 });
  });
  it('dismounts on 01-70, throws on 71-90, traps on 91-00', () => {
    expect([1, 70, 71, 90, 91, 100].map((r) => lookup(SLAIN_MOUNT_TABLE, r))).toEqual([
      'dismounted',
      'dismounted',
      'thrown',
      'thrown',
      'trapped',
      'trapped',
    ]);
  });
});
