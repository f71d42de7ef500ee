// The Combat Points rules one by one, with the numbers of the text's examples.
import { describe, expect, it } from 'vitest';
import {
  castingActions,
  castingEI,
  combatPoints,
  criticalValue,
  effectiveInitiative,
  fallEffect,
  hits,
  isFumble,
  lifePoints,
  magicActionLimit,
  magicMissileEffect,
  poolDamage,
  poolLosses,
  quickLoadChance,
  regainedWounds,
  stunChance,
  unarmedArmour,
  woundStatus,
  woundsAfterLastLP,
  zeroDamageModifier,
} from '../../src/rulesets/wfrp-cp/rules.js';
import { abilityXp, advanceXp } from '../../src/rulesets/wfrp-cp/abilities.js';

describe('Combat Points rules', () => {
  it('rule 1: CP = WS + ability, +30 a further Attack (Ernst 135 with the mounted 10, the ogre 90)', () => {
    expect(combatPoints(45, 2)).toBe(75);
    expect(combatPoints(65, 3) + 10).toBe(135);
    expect(combatPoints(60, 2)).toBe(90);
    expect(combatPoints(33, 1)).toBe(33);
  });
  it('rule 4: 20 EI an action (Hans drawing: 33 − 60 = −27; fumble: 97 − 10 − 20 = 67)', () => {
    expect(effectiveInitiative(33, 3)).toBe(-27);
    expect(effectiveInitiative(97 - 10, 1)).toBe(67);
    expect(effectiveInitiative(58, 1)).toBe(38);
  });
  it('rule 7: 01-05 always hits, 96-00 always misses; doubles above WS + ability fumble', () => {
    expect(hits(5, 0)).toBe(true);
    expect(hits(6, 0)).toBe(false);
    expect(hits(96, 200)).toBe(false);
    expect(hits(9, 0)).toBe(false);
    expect(hits(9, 0, 10)).toBe(true);
    expect(isFumble(100, 50)).toBe(true);
    expect(isFumble(44, 45)).toBe(false);
    expect(isFumble(55, 45)).toBe(true);
    expect(isFumble(56, 45)).toBe(false);
  });
  it('rule 10: 2.1 → 2, 0.8 → 1, leather 0.2; 0 or less is +1 at −50%, −40%, −30%', () => {
    expect(criticalValue(3, 0, 3, 0, false)).toEqual({ tenths: 21, value: 2 });
    expect(criticalValue(3, 0, 4, 1, false)).toEqual({ tenths: 8, value: 1 });
    expect(criticalValue(3, 0, 4, 0, true)).toEqual({ tenths: 16, value: 2 });
    expect(criticalValue(2, -2, 4, 1, false).value).toBe(-1);
    expect([1, 2, 3, 6].map(zeroDamageModifier)).toEqual([-50, -40, -30, 0]);
  });
  it('rules 11-12: unarmed armour and the stun chance', () => {
    expect(unarmedArmour(1, true)).toBe(3);
    expect(stunChance(9, false)).toBe(30);
    expect(stunChance(4, true)).toBe(20);
  });
  it('rules 23, 24, 29', () => {
    expect(regainedWounds(3, 10, 2, 6)).toBe(6);
    expect(regainedWounds(9, 10, 5, 0)).toBe(10);
    expect(woundStatus(7)).toBe('light');
    expect(woundStatus(8)).toBe('heavy');
    expect(quickLoadChance(6)).toBe(10);
  });
  it('rule 31: LP for every started 5 W above 15 (16 → 1, 17 → 1, 36 → 5, 59 → 9, 89 → 15)', () => {
    expect([15, 16, 17, 36, 59, 89].map(lifePoints)).toEqual([0, 1, 1, 5, 9, 15]);
  });
  it('rules 33-34: Ernst on the ogre: 78 + 42 = 120% → 1 LP and 20% over; W 15 → 12', () => {
    const first = poolDamage(6, 0, 6 + 1, 4, 0, false);
    const second = poolDamage(6, 0, 1, 4, 0, false);
    expect([first, second]).toEqual([78, 42]);
    expect(poolLosses(first + second)).toEqual({ sure: 1, chance: 20 });
    expect(woundsAfterLastLP(20)).toBe(12);
  });
  it('rules 36-39: fireballs at EI 57, 37, 17, −3; the dodged 13 → 7; limits by level', () => {
    expect(castingActions('petty')).toBe(1);
    expect(castingActions(1)).toBe(2);
    expect(castingActions(3)).toBe(3);
    const first = castingEI(77, castingActions(1));
    expect([0, 1, 2, 3].map((k) => first - 20 * k)).toEqual([57, 37, 17, -3]);
    expect(magicActionLimit(4)).toBe(5);
    expect(magicActionLimit(0)).toBe(1);
    expect(magicMissileEffect(6 + 9 + 3, 5, true)).toBe(7);
    expect(magicMissileEffect(18, 5, false)).toBe(13);
  });
  it('rule 41: a fall is height − D4, −2 jumping, −2 Acrobatics, −1 for 5 W', () => {
    expect(fallEffect(6, 2, true, true, 5)).toBe(-1);
    expect(fallEffect(8, 1, false, false, 0)).toBe(7);
  });
  it('§ Learning: 100 XP to learn, then 100, 200, 300, 400 (500 with Weapon Mastery)', () => {
    expect([0, 1, 2, 3, 4].map(advanceXp)).toEqual([100, 200, 300, 400, 500]);
    expect(abilityXp({ cls: 'swords', base: 15, advance: 30 }, false)).toBe(100 + 100 + 200 + 300);
    expect(abilityXp({ cls: 'daggers-and-knives', base: 12, advance: 0 }, true)).toBe(0);
  });
});
