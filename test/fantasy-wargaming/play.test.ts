// Fantasy Wargaming in play, from scripted dice and decisions. The text has no worked examples:
// these follow its procedure step by step. Dice per blow: the attacker's luck D6, the defender's
// luck D6 and D20 (once a phase, if it defends), the Striking Table D20, then on a hit the location
// D20 and the damage dice, then for a parry the parrying weapon's damage and the breakage D20.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataLine } from '../../src/core/loader.js';
import { loadText, ROOT } from '../helpers.js';
import { has, played, playScript, type Decisions } from '../script.js';
import { duel, en, fighter, fw, NO_MORALE, play } from './scene.js';

describe('Fantasy Wargaming: the melee phase', () => {
  it('a flurry of blows: WF + luck on the Striking Table, location, adjusted damage − protection', () => {
    const r = play(
      duel(fighter('Ann'), fighter('Bob', ', armour: leather')),
      [5, 14, 12, 6, 3, 1],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
        ['lunge', 'flurry'],
      ],
    );
    // Ann: WF 4 + 1 luck = 5; D20 14: substantial (14–17), body; 1D8 6 + 1 surplus physique = 7 − 2 leather = 5.
    // Bob's leather takes 1 from his surplus agility: WF 3.
    has(
      r.texts,
      'Ann at Bob: WF (broadsword) 4 + 1 luck = 5; D20 14: substantial success, body; D8: 6 + 1 surplus physique = 7 − 2 protection: 5 off endurance.',
    );
    // Bob's blow, resolved on the same step's state: luck 3 → 0, D20 1: failure.
    has(r.texts, 'Bob at Ann: WF (broadsword) 3 + 0 luck = 3; D20 1: failure.');
    expect(en(r, 'Bob')).toBe(7);
    played(r);
  });

  it('simultaneous death: both fall in the same step, and the fight is a draw', () => {
    const hurt = ', endurance: 2';
    const r = play(
      duel(fighter('Ann', hurt), fighter('Bob', hurt)),
      [3, 20, 10, 5, 3, 19, 10, 4],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
        ['lunge', 'flurry'],
      ],
      3,
    );
    has(
      r.texts,
      'Ann at Bob: WF (broadsword) 4 + 0 luck = 4; D20 20: total success, body; D8: 5 + 1 surplus physique = 6: 6 off endurance.',
    );
    has(
      r.texts,
      'Bob at Ann: WF (broadsword) 4 + 0 luck = 4; D20 19: total success, body; D8: 4 + 1 surplus physique = 5: 5 off endurance.',
    );
    has(r.texts, 'Bob: endurance 2 → -4: falls, out of the fight.');
    has(r.texts, 'Ann: endurance 2 → -3: falls, out of the fight.');
    expect(r.result.outcome).toEqual({ winner: null, reason: 'all-out', rounds: 1 });
    // Every strike of the step is told before any of its effects.
    const types = r.result.events.filter((e) => e.detail?.step === 'Flurries of blows').map((e) => e.type);
    expect(types).toEqual(['step', 'strike', 'strike', 'wound', 'wound']);
  });

  it('a first strike by reach (+1) lands before the counter-attack; a fallen fighter does not counter', () => {
    const spear = fighter('Ann').replace('[broadsword]', '[spear]');
    const r = play(
      duel(spear, fighter('Bob', ', endurance: 3')),
      [3, 10, 10, 6],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
      ],
      2,
    );
    // Spear 7 ft against the broadsword's 3: 4 feet longer. WF (12 − 8 = 4 → 2, + 2) 4 + 1 first strike.
    has(
      r.texts,
      'Ann (first strike by reach) at Bob: WF (spear) 4 + 1 first strike = 5 + 0 luck = 5; D20 10: partial success, body; D8: 6 + 1 surplus physique, half = 4: 4 off endurance.',
    );
    has(r.texts, 'Bob: endurance 3 → -1: falls, out of the fight.');
    expect(r.texts.some((t) => t.startsWith('Bob at Ann'))).toBe(false);
    expect(r.result.outcome?.winner).toBe(0);
  });

  it('a first strike by surplus agility 5 more; the counter-attack follows at the first striker', () => {
    const quick = fighter('Ann').replace('agility: 12', 'agility: 18').replace('[broadsword]', '[dagger]');
    // Ann's dagger: surplus agility 18 − 6 = 12; Bob's broadsword 3: 9 more.
    // Bob's short sword is not 2 feet longer than the dagger, so only Ann strikes first.
    const r = play(
      duel(quick, fighter('Bob').replace('[broadsword]', '[short-sword]')),
      [3, 2, 3, 2],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
      ],
    );
    has(
      r.texts,
      'Ann (first strike by agility) at Bob: WF (dagger) 8 + 1 first strike = 9 + 0 luck = 9; D20 2: failure.',
    );
    has(r.texts, 'Counter-attacks:');
    has(r.texts, 'Bob at Ann: WF (short sword) 4 + 0 luck = 4; D20 2: failure.');
    played(r);
  });

  it('two first strikes at each other (one by reach, one by agility) are one simultaneous step', () => {
    const quick = fighter('Ann').replace('agility: 12', 'agility: 18').replace('[broadsword]', '[dagger]');
    const r = play(
      duel(quick, fighter('Bob')),
      [3, 2, 3, 2],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
      ],
    );
    has(r.texts, 'Ann (first strike by agility) at Bob');
    has(r.texts, 'Bob (first strike by reach) at Ann');
    expect(r.texts.some((t) => t.startsWith('Counter-attacks'))).toBe(false);
  });

  it('surplus agility 4 more strikes first only with the option firstStrike=4', () => {
    const four = fighter('Ann').replace('agility: 12', 'agility: 16');
    const yaml = duel(four, fighter('Bob'));
    const text = play(
      yaml,
      [3, 2, 3, 2],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
        ['lunge', 'flurry'],
      ],
    );
    expect(text.texts.some((t) => t.includes('first strike'))).toBe(false);
    const opt = play(
      yaml,
      [3, 2, 3, 2],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
      ],
      1,
      { ...NO_MORALE, firstStrike: '4' },
    );
    has(opt.texts, 'Ann (first strike by agility) at Bob');
  });

  it("a substantial parry: one column to the left and 3 less damage (the text's example); the parrying weapon rolls its damage", () => {
    const r = play(
      duel(fighter('Ann'), fighter('Bob')),
      [3, 4, 13, 18, 12, 8, 7, 5],
      [
        ['action', 'attack:@bob'],
        ['action', 'parry'],
        ['lunge', 'flurry'],
      ],
    );
    // Bob parries: WF 4 + 2 large area + 0 luck = 6; D20 13: substantial. Ann: column 4 − 1 = 3; D20 18: substantial.
    has(
      r.texts,
      'Bob parries with the broadsword: WF (broadsword) 4 + 2 maneuver area large = 6 + 0 luck = 6; D20 13: substantial success: −1 column, −3 damage.',
    );
    // The parrying broadsword rolls 7 + 1 = 8, less than the blow's 9: the Weapon Breakage table, D20 5: it holds.
    has(
      r.texts,
      'Ann at Bob: WF (broadsword) 4 + 0 luck = 4, −1 parry = 3; D20 18: substantial success, body; D8: 8 + 1 surplus physique = 9 − 3 parry: 6 off endurance. The broadsword rolls 8 < 9: Weapon Breakage D20 5: it holds.',
    );
    expect(en(r, 'Bob')).toBe(6);
    played(r);
  });

  it("a parrying weapon that rolls at least the blow's damage cannot break", () => {
    const r = play(
      duel(fighter('Ann'), fighter('Bob')),
      [3, 4, 13, 18, 12, 2, 7],
      [
        ['action', 'attack:@bob'],
        ['action', 'parry'],
        ['lunge', 'flurry'],
      ],
    );
    has(r.texts, 'The broadsword rolls 8 ≥ 3: it holds.');
    played(r);
  });

  it('a parry whose weapon breaks: the blow carries over at −2, without the parry', () => {
    const r = play(
      duel(fighter('Ann'), fighter('Bob')),
      [3, 4, 13, 18, 12, 8, 7, 20],
      [
        ['action', 'attack:@bob'],
        ['action', 'parry'],
        ['lunge', 'flurry'],
      ],
    );
    has(
      r.texts,
      'The broadsword rolls 8 < 9: Weapon Breakage D20 20: it breaks. The blow carries over: column 4 − 2 = 2, D20 18: substantial success, body;',
    );
    has(r.texts, "Bob's broadsword breaks.");
    // Column 2: 17–20 substantial, so the full 9 go through, with no parry reduction.
    expect(en(r, 'Bob')).toBe(3);
    expect(fw(r).combatants.find((f) => f.name === 'Bob')?.wielded.name).toBe('fist');
  });

  it('a totally successful parry leaves the defender unharmed even when the weapon breaks', () => {
    const r = play(
      duel(fighter('Ann'), fighter('Bob')),
      [3, 4, 20, 18, 12, 8, 7, 20],
      [
        ['action', 'attack:@bob'],
        ['action', 'parry'],
        ['lunge', 'flurry'],
      ],
    );
    has(r.texts, 'D20 20: total success: no harm to the defender.');
    has(
      r.texts,
      'D20 18: substantial success. The broadsword rolls 8 < 9: Weapon Breakage D20 20: it breaks. The parry was a total success: Bob is unharmed.',
    );
    has(r.texts, "Bob's broadsword breaks.");
    expect(en(r, 'Bob')).toBe(12);
    played(r);
  });

  it('a shield rolls for breakage only when the damage exceeds its defensive value', () => {
    const shielded = fighter('Bob').replace('[broadsword]', '[broadsword, small-shield]');
    // The small shield's WF: agility 12 − 6 = 6 → 3 (the sword in the other hand is wielded, not carried) + 2 = 5.
    const held = play(
      duel(fighter('Ann'), shielded),
      [3, 4, 9, 18, 12, 3],
      [
        ['action', 'attack:@bob'],
        ['action', 'parry'],
        ['lunge', 'flurry'],
      ],
    );
    has(
      held.texts,
      'Bob parries with the small shield: WF (small shield) 5 + 2 maneuver area large = 7 + 0 luck = 7; D20 9: partial success: +0 column, −1 damage.',
    );
    has(held.texts, 'The small shield takes it (4 ≤ defensive value 4).');
    played(held);
    const broke = play(
      duel(fighter('Ann'), shielded),
      [3, 4, 9, 18, 12, 8, 13],
      [
        ['action', 'attack:@bob'],
        ['action', 'parry'],
        ['lunge', 'flurry'],
      ],
    );
    has(broke.texts, "9 > the small shield's defensive value 4: Weapon Breakage D20 13: it breaks.");
    expect(fw(broke).combatants.find((f) => f.name === 'Bob')?.shield).toBe(null);
  });

  it('a totally successful defence leaves the defender unharmed', () => {
    const r = play(
      duel(fighter('Ann'), fighter('Bob')),
      [3, 6, 20, 20, 12, 8, 8],
      [
        ['action', 'attack:@bob'],
        ['action', 'dodge'],
        ['lunge', 'flurry'],
      ],
    );
    has(
      r.texts,
      'Bob dodges: WF (broadsword) 4 + 2 maneuver area large = 6 + 2 luck = 8; D20 20: total success: no harm to the defender.',
    );
    has(r.texts, 'the dodge is a total success: unharmed');
    expect(en(r, 'Bob')).toBe(12);
  });

  it("the other reading of the text's contradiction: the table's damage reduction moves the column instead", () => {
    const r = play(
      duel(fighter('Ann'), fighter('Bob')),
      [3, 4, 13, 18, 12, 8, 7, 5],
      [
        ['action', 'attack:@bob'],
        ['action', 'parry'],
        ['lunge', 'flurry'],
      ],
      1,
      { ...NO_MORALE, defenceEffect: 'column-shifts' },
    );
    // Substantial parry: −1 column and the 3 points as 3 more columns: 4 − 4 = 0; D20 18: partial (15–18), damage halved.
    has(
      r.texts,
      'Ann at Bob: WF (broadsword) 4 + 0 luck = 4, −4 parry = 0; D20 18: partial success, body; D8: 8 + 1 surplus physique, half = 5: 5 off endurance.',
    );
  });
});

describe('Fantasy Wargaming: what a step reads', () => {
  const spear = fighter('Ann').replace('[broadsword]', '[spear]');
  it('"damaged in the last melee phase" is the last phase, even after this phase\'s first strike', () => {
    const r = play(
      duel(spear, fighter('Bob')),
      [3, 10, 12, 3, 3, 1, 3, 10, 12, 3, 3, 1],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
      ],
      2,
    );
    has(
      r.texts,
      'Ann (first strike by reach) at Bob: WF (spear) 4 + 1 opponent damaged in the last melee phase + 1 first strike = 6 + 0 luck = 6; D20 10: partial success',
    );
    // Bob was hit in phase 1 and again by this phase's first strike: his counter still carries the −2 of phase 1.
    has(
      r.texts,
      'Bob at Ann: WF (broadsword) 4 − 2 damaged in the last melee phase = 2 + 0 luck = 2; D20 1: failure.',
    );
    played(r);
  });

  it('a weapon dropped to a first strike is not used to counter: the fist is', () => {
    const r = play(
      duel(spear, fighter('Bob')),
      [3, 14, 4, 5, 3, 1],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
      ],
    );
    has(r.texts, 'Bob: drops weapon, fights on with the fist.');
    // The fist: agility 12 − 0, nothing else carried: 12 → 6, + 2 combat level.
    has(r.texts, 'Bob at Ann: WF (fist) 8 + 0 luck = 8; D20 1: failure.');
  });

  it('a parrying weapon that breaks still parried every blow of that step', () => {
    const yaml = `ruleset: fantasy-wargaming\nsides:\n  - name: A\n    combatants:\n      - ${fighter('Ann')}\n      - ${fighter('Cat')}\n  - name: B\n    combatants:\n      - ${fighter('Bob')}\n`;
    const r = play(
      yaml,
      [3, 4, 14, 18, 12, 8, 7, 20, 3, 1],
      [
        ['action', 'attack:@bob'],
        ['action', 'parry'],
        ['action', 'attack:@bob'],
        ['lunge', 'flurry'],
        ['lunge', 'flurry'],
      ],
    );
    has(
      r.texts,
      'The broadsword rolls 8 < 9: Weapon Breakage D20 20: it breaks. The blow carries over: column 5 − 2 = 3, D20 18: substantial success, body;',
    );
    has(
      r.texts,
      'Cat at Bob: WF (broadsword) 4 + 1 opponent outnumbered = 5 + 0 luck = 5, −1 parry = 4; D20 1: failure.',
    );
    played(r);
  });
});

describe('Fantasy Wargaming: declarations and what they allow', () => {
  it('after a charge no parry, dodge or disengage in the next melee phase', () => {
    const two = `ruleset: fantasy-wargaming\nsides:\n  - name: A\n    combatants:\n      - ${fighter('Ann')}\n  - name: B\n    combatants:\n      - ${fighter('Bob')}\n      - ${fighter('Cy')}\n`;
    const first: Decisions = [
      ['action', 'charge:@bob'],
      ['action', 'attack:@ann'],
      ['action', 'attack:@ann'],
      ['lunge', 'flurry'],
      ['lunge', 'flurry'],
    ];
    const dice = [3, 1, 3, 1, 3, 1];
    expect(() => play(two, dice, [...first, ['action', 'parry']], 2)).toThrow(
      /"parry" is not a choice[^]*charged or lunged in the previous melee phase/,
    );
    // One who only attacked may parry.
    const r = play(
      two,
      [...dice, 3, 3, 1, 1, 3, 1],
      [
        ['action', 'attack:@bob'],
        ...first.slice(1),
        ['lunge', 'flurry'],
        ['action', 'parry'],
        ['action', 'attack:@ann'],
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
        ['lunge', 'flurry'],
      ],
      2,
    );
    has(r.texts, 'Ann parries with the broadsword');
    expect(r.asked).toContain('action: Ann: what in this melee phase?');
  });

  it('a dodge needs a medium area or more, a disengage a moderate one or more', () => {
    expect(() => play(duel(fighter('Ann'), fighter('Bob'), 'area: 19'), [], [['action', 'dodge']])).toThrow(
      /dodge: the maneuver area is small \(medium or more needed\)/,
    );
    expect(() =>
      play(duel(fighter('Ann'), fighter('Bob'), 'area: 25'), [], [['action', 'disengage']]),
    ).toThrow(/the maneuver area is medium \(moderate or more needed\)/);
  });

  it('missiles in the pre-melee phase: WF with the ranged modifiers, all shots at once', () => {
    const archer = fighter('Ann').replace('[broadsword]', '[short-bow, dagger]');
    const r = play(
      duel(archer, fighter('Bob', ', size: large'), 'distance: 60'),
      [3, 16, 12, 4, 3, 1, 3, 1],
      [
        ['missile', 'shoot:@bob'],
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
        ['lunge', 'flurry'],
      ],
    );
    // Short bow: agility 12 − 10 − 1 dagger unwielded = 1 → 1, + 2 = 3; + 1 large target − 1 over half range − 1 seen = 2.
    has(
      r.texts,
      'Ann at Bob: WF (short bow) 3 + 1 large target − 1 over half range − 1 opponent sees you fire = 2 + 0 luck = 2; D20 16: partial success, body; D6: 4 + 1 surplus physique, half = 3: 3 off endurance.',
    );
    expect(en(r, 'Bob')).toBe(9);
  });

  it('magic in the pre-melee phase strikes with its own factor and ignores armour (ours)', () => {
    const mage = fighter('Ann', ', role: mage, magic: { name: Bolt, level: 3, factor: 6, damage: 2D6 }');
    const r = play(
      duel(mage, fighter('Bob', ', armour: mail')),
      [3, 13, 12, 7, 3, 1, 3, 1],
      [
        ['magic', 'cast:@bob'],
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
        ['lunge', 'flurry'],
      ],
    );
    has(
      r.texts,
      'Ann at Bob: Bolt factor 6 + 0 luck = 6; D20 13: substantial success, body; 2D6: 7 (armour ignored): 7 off endurance.',
    );
  });

  it('with intoMelee=random, one archer a phase looses into the melee at a random participant', () => {
    const yaml = `ruleset: fantasy-wargaming\nsides:\n  - name: A\n    combatants:\n      - ${fighter('Ann')}\n      - ${fighter('Cat').replace('[broadsword]', '[short-bow]')}\n  - name: B\n    combatants:\n      - ${fighter('Bob')}\n`;
    const decisions: Decisions = [
      ['missile', 'hold'],
      ['action', 'attack:@bob'],
      ['action', 'attack:@ann'],
      ['action', 'into-melee'],
      ['lunge', 'flurry'],
      ['lunge', 'flurry'],
    ];
    const r = play(yaml, [1, 3, 1, 3, 1, 3, 1], decisions, 1, { ...NO_MORALE, intoMelee: 'random' });
    has(r.texts, 'Cat looses into the melee: D2 1 picks Ann.');
    has(r.texts, 'Cat at Ann: WF (short bow)');
    expect(() => play(yaml, [], decisions)).toThrow(/into-melee/);
  });
});

describe('Fantasy Wargaming: ranged-only combat and magic', () => {
  const archer = (name: string) => fighter(name).replace('[broadsword]', '[short-bow, dagger]');
  const mage = (name: string) =>
    fighter(name, ', role: mage, magic: { name: Bolt, level: 3, factor: 6, damage: 2D6 }');

  it('a ranged exchange: all missiles and magic of a move in one simultaneous step, move after move, then the pre-melee phase', () => {
    const r = play(
      duel(archer('Ann'), mage('Bob'), 'volleys: 2'),
      [3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1],
      [
        ['missile', 'shoot:@bob'],
        ['magic', 'cast:@ann'],
        ['missile', 'shoot:@bob'],
        ['missile', 'shoot:@bob'],
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
      ],
      3,
    );
    // Bob's broadsword is 2 feet longer than Ann's dagger: a first strike, and Ann's counter-attack.
    has(r.texts, 'Bob (first strike by reach) at Ann');
    has(r.texts, 'Ranged exchange, move 1 of 2.');
    has(r.texts, 'Ranged exchange, move 2 of 2.');
    const first = r.result.events
      .filter((e) => e.round === 1 && e.type === 'strike')
      .map((e) => e.text.slice(0, 10));
    expect(first).toEqual(['Ann at Bob', 'Bob at Ann']);
    // The spell is prepared once: no second casting in move 2 or after.
    expect(r.asked.filter((a) => a.startsWith('magic:')).length).toBe(1);
    has(r.texts, 'Pre-melee phase.');
    has(r.texts, 'Melee phase 1.');
    played(r);
  });

  it('damage before the melee phase is not "damaged in the last melee phase", but calls for a morale check', () => {
    // Morale (both obey), the arrow (column 2, D20 20: substantial, D6 5 + 1 = 6), then two melee phases in which
    // Bob's broadsword strikes first by reach and Ann's dagger counters, all missing.
    const dice = [3, 20, 3, 20, 3, 20, 12, 5, 3, 1, 3, 1, 3, 20, 3, 1, 3, 1];
    const r = play(
      duel(archer('Ann'), fighter('Bob')),
      dice,
      [
        ['missile', 'shoot:@bob'],
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
      ],
      2,
      { morale: 'on' },
    );
    played(r);
    has(r.texts, 'Bob: endurance 12 → 6.');
    expect(r.texts.some((t) => t.includes('damaged in the last melee phase'))).toBe(false);
    has(r.texts, 'Morale checks (post-melee).');
    has(r.texts, 'Bob checks morale: MF 13 − 2 half endurance or less');
  });

  it('with intoMelee=random a prepared spell may go into the melee at a random participant', () => {
    const yaml = `ruleset: fantasy-wargaming\nsides:\n  - name: A\n    combatants:\n      - ${fighter('Ann')}\n      - ${mage('Cat').replace(', magic:', ', tactics: { shoot: false }, magic:')}\n  - name: B\n    combatants:\n      - ${fighter('Bob')}\n`;
    const r = play(
      yaml,
      [2, 3, 1, 3, 1, 3, 1],
      [
        ['magic', 'hold'],
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
        ['action', 'magic-into-melee'],
        ['lunge', 'flurry'],
        ['lunge', 'flurry'],
      ],
      1,
      { ...NO_MORALE, intoMelee: 'random' },
    );
    has(r.texts, 'Cat casts into the melee: D2 2 picks Bob.');
    has(r.texts, 'Cat at Bob: Bolt factor 6');
  });
});

describe('Fantasy Wargaming: morale and berserk in play', () => {
  const timid = fighter('Ann').replace('bravery: 11', 'bravery: 3');
  const MORALE = { morale: 'on' };
  it('flee: no action or defence, the foe gets a free hack, and without a rally the fleer is gone', () => {
    // Ann's MF: combat level 2 + bravery 3 = 5; + 2 uninjured + 2 party intact − 1 shieldless − 1 unarmored − 2 isolated (no friend standing) − 2 luck = 3: D20 1 is flee.
    const r = play(
      duel(timid, fighter('Bob')),
      [1, 1, 3, 20, 3, 2, 3, 1],
      [
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
      ],
      2,
      MORALE,
    );
    has(
      r.texts,
      'Ann checks morale: MF 5 + 2 uninjured + 2 party intact − 1 shieldless − 1 unarmored − 2 isolated = 5 − 2 luck = 3; D20 1: flee.',
    );
    has(r.texts, 'Ann turns to flee');
    has(r.texts, 'Ann flees.');
    has(r.texts, 'Bob at Ann: WF (broadsword) 4 + 3 free hack = 7 + 0 luck = 7; D20 2: failure.');
    // The rally check: − 2 demoralized − 4 already fleeing: 1; D20 1: flee: gone.
    has(
      r.texts,
      'Ann checks morale: MF 5 + 2 uninjured + 2 party intact − 1 shieldless − 1 unarmored − 2 isolated − 2 demoralized by the last check − 4 already fleeing = -1 + 0 luck = -1; D20 1: flee.',
    );
    has(r.texts, 'Ann flees the fight.');
    expect(r.result.outcome?.winner).toBe(1);
  });

  it('panic or surrender: a surrender ends the fight for that character', () => {
    // Column 5: panic on 9–10.
    const r = play(duel(timid, fighter('Bob')), [3, 9, 3, 20], [['panic', 'surrender']], 1, MORALE);
    has(r.texts, 'D20 9: panic or surrender.');
    has(r.texts, 'Ann surrenders.');
    expect(r.result.outcome?.winner).toBe(1);
  });

  it('act selfishly: try to retreat; a totally successful disengage leaves the melee', () => {
    const r = play(
      duel(timid, fighter('Bob')),
      [3, 11, 3, 20, 3, 6, 20, 5],
      [
        ['action', 'disengage'],
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
      ],
      1,
      MORALE,
    );
    has(r.texts, 'D20 11: act selfishly (try to retreat).');
    has(
      r.texts,
      'Ann disengages: WF (broadsword) 2 + 2 maneuver area large = 4 + 2 luck = 6; D20 20: total success: no harm to the defender, and out of the melee.',
    );
    has(r.texts, 'Ann disengages and leaves the melee.');
    expect(() =>
      play(duel(timid, fighter('Bob')), [3, 11, 3, 20], [['action', 'attack:@bob']], 1, MORALE),
    ).toThrow(/not a choice/);
  });

  it('a Viking checks for berserk: BF from half combat level + 2; berserk means attack, no defence, −1 to strike', () => {
    const viking = fighter('Ann', ', culture: Viking');
    // BF: combat level 2 → 1 + 2 = 3; + 1 shieldless + 1 unarmored − 1 alone + 0 luck = 4, at least 3 (ours): berserk.
    const r = play(
      duel(viking, fighter('Bob')),
      [3, 3, 1, 3, 1],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
        ['lunge', 'flurry'],
      ],
    );
    has(
      r.texts,
      'Ann checks for berserk: BF 3 + 1 shieldless + 1 unarmored − 1 alone = 4 + 0 luck = 4, against 3 (ours): goes berserk',
    );
    has(r.texts, 'Ann at Bob: WF (broadsword) 4 − 1 berserk = 3 + 0 luck = 3; D20 1: failure.');
    expect(() => play(duel(viking, fighter('Bob')), [3], [['action', 'parry']])).toThrow(/not a choice/);
  });

  it('a non-Viking with bravery 12+ and intelligence 9− checks too, from a negative start', () => {
    const wild = fighter('Ann').replace('intelligence: 11, bravery: 11', 'intelligence: 5, bravery: 15');
    // −1 (half of combat level 2) + 2 bravery 15–16 + 2 intelligence 4–5 = BF 3; + 1 shieldless + 1 unarmored − 1 alone + 0 luck = 4.
    const r = play(
      duel(wild, fighter('Bob')),
      [3, 3, 1, 3, 1],
      [
        ['action', 'attack:@bob'],
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
        ['lunge', 'flurry'],
      ],
    );
    has(r.texts, 'Ann checks for berserk: BF 3 + 1 shieldless + 1 unarmored − 1 alone = 4 + 0 luck = 4');
  });
});

describe('Fantasy Wargaming: the tables as data', () => {
  const ours = readFileSync(join(ROOT, 'data', 'fantasy-wargaming', 'charts.yaml'), 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'fray-fw-'));
  it("a user's own charts load with one option, in our shape", () => {
    const book = join(dir, 'book.yaml');
    writeFileSync(
      book,
      ours
        .replace(/^source: .*$/m, 'source: the book (typed in by its owner)')
        .replace('charge: 1', 'charge: 2'),
    );
    const r = playScript(
      loadText(duel(), NO_MORALE, { charts: book }),
      [3, 1, 3, 1],
      [
        ['action', 'charge:@bob'],
        ['action', 'attack:@ann'],
        ['lunge', 'flurry'],
      ],
      1,
    );
    has(r.texts, 'Tables: the book (typed in by its owner).');
    has(r.texts, '+ 2 charge (ours)');
    // The user's charts are theirs wherever the numbers are shown, and cited as their file.
    const loaded = loadText(duel(), NO_MORALE, { charts: book });
    expect(dataLine(loaded.setup.data)).toMatch(/Yours: charts \(.*book\.yaml\)/);
    expect(dataLine(loaded.setup.data)).not.toContain('the charts');
    expect(r.result.events.find((e) => e.type === 'start')?.cite?.source).toMatch(/book\.yaml$/);
  });
  it('a table of the wrong shape is refused with the file, line and field', () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      ours
        .replace(
          '- { factor: 0, failure: [1, 14], partial: [15, 18], substantial: [19, 20] }',
          '- { factor: 0, failure: [1, 14], partial: [16, 18], substantial: [19, 20] }',
        )
        .replace(
          '  parry:\n    partial: { shift: 0, reduce: 1 }',
          '  parry:\n    partial: { shift: zero, reduce: 1 }',
        ),
    );
    expect(() => loadText(duel(), NO_MORALE, { charts: bad })).toThrow(
      /bad\.yaml:\d+:\d+ defence\.parry\.partial\.shift: expected a column shift/,
    );
    writeFileSync(
      bad,
      ours.replace(
        '- { factor: 0, failure: [1, 14], partial: [15, 18], substantial: [19, 20] }',
        '- { factor: 0, failure: [1, 14], partial: [16, 18], substantial: [19, 20] }',
      ),
    );
    expect(() => loadText(duel(), NO_MORALE, { charts: bad })).toThrow(
      /bad\.yaml:24:\d+ striking\.columns\[6\]: the results \(failure, partial, substantial, total\) must cover 1\.\.20 once each/,
    );
  });
  it('bad encounters are refused, located', () => {
    // Two of one name are numbered on (Ann, Ann 2); names that differ only in case would share an id.
    expect(() => loadText(duel(fighter('Ann'), fighter('ann')))).toThrow(/'ann' is taken/);
    const two = loadText(duel(fighter('Ann'), fighter('Ann'))).setup as unknown as {
      fighters: { name: string }[];
    };
    expect(two.fighters.map((f) => f.name)).toEqual(['Ann', 'Ann 2']);
    expect(() => loadText(duel(fighter('Ann').replace('[broadsword]', '[brodsword]')))).toThrow(
      /unknown weapon 'brodsword' \(did you mean broadsword/,
    );
    expect(() => loadText(duel(fighter('Ann', ', endurance: 13')))).toThrow(/expected at most 12/);
    expect(() => loadText(duel(fighter('Ann', ', astrology: 2')))).toThrow(
      /astrology: expected an influence -1\.\.1/,
    );
  });
});
