// The three worked combats of New Rules of Combat v2.4.4 (docs/sources.md), from scripted dice and
// decisions, to the numbers the text prints. Where the text's arithmetic and its rules part, the
// test follows the rules and docs/rulesets/wfrp-cp.md says where.
import { describe, expect, it } from 'vitest';
import type { CpFighter, CpState } from '../../src/rulesets/wfrp-cp/state.js';
import { maxCP } from '../../src/rulesets/wfrp-cp/fighter.js';
import { loadFile, ROOT } from '../helpers.js';
import { join } from 'node:path';
import { has, playScript, type Decisions } from '../script.js';

const enc = (name: string) => join(ROOT, 'data', 'wfrp-cp', 'encounters', name);
const play = (file: string, dice: number[], decisions: Decisions, rounds: number) =>
  playScript<CpState>(loadFile(enc(file)), dice, decisions, rounds);

describe('Combat Example #1: Hans and the goblins', () => {
  it('the bow shot: 63 − 10 long range = 53%, head, ES 3 − 1 = +2, 58 → 12, must flee', () => {
    const r = play(
      'hans-shoots.yaml',
      [31, 58, 2],
      [
        ['turn', 'shoot:@goblin-1'],
        ['turn', 'end'],
      ],
      1,
    );
    has(r.texts, 'BS 20 + Bows 43 − 10 long range = 53; D100 31: hit');
    has(r.texts, "Hans's shot strikes Goblin 1's head: ES 3 − 1 long range = 2: critical +2");
    has(r.texts, 'D100 58, column +2 → effect 12* (head chart)');
    has(r.texts, 'must flee');
    expect(r.unusedDice).toBe(0);
  });

  it('the melee: CP 75 → 45 and priority −27 drawing; goblins 43 CP at 38; 20% and 13%; 2 and 1 critical', () => {
    const r = play(
      'hans-and-the-goblins.yaml',
      [43, 65, 42, 86, 32, 27, 98, 6, 1],
      [
        // Round 1: Hans drops the bow and draws; the charging goblins go first.
        ['draw', 'draw'],
        ['turn', 'attack:@hans'],
        ['attack-cp', 33],
        ['defence', 'block'],
        ['defence-cp', 13],
        ['defence-w', 0],
        ['answer', 'pass'],
        ['turn', 'attack:@hans'],
        ['attack-cp', 33],
        ['defence', 'block'],
        ['defence-cp', 0],
        ['defence-w', 2],
        ['answer', 'attack:@goblin-1'],
        ['attack-cp', 32],
        ['cover', 'no'],
        ['defence', 'none'],
        ['answer', 'attack:@hans'],
        ['attack-cp', 10],
        ['defence', 'none'],
        ['turn', 'attack:@hans'],
        ['attack-cp', 10],
        ['defence', 'none'],
        // Round 2.
        ['turn', 'attack:@goblin-1'],
        ['attack-cp', 45],
        ['cover', 'no'],
        ['defence', 'block'],
        ['defence-cp', 0],
        ['defence-w', 1],
        ['turn', 'attack:@hans'],
        ['attack-cp', 33],
        ['defence', 'block'],
        ['defence-cp', 0],
        ['defence-w', 2],
      ],
      2,
    );
    has(r.texts, 'Hans draws the sword: −3 actions, −30 CP; CP left 45, EI -27');
    has(r.texts, 'Goblin 1 charges: +10 CP');
    has(r.texts, 'Goblin 1 attacks Hans: 33 CP − 13 CP = 20%; D100 43: miss');
    has(r.texts, 'Goblin 2 attacks Hans: 33 CP − 2 W × 10 = 13%; D100 65: miss');
    has(r.texts, 'Hans attacks Goblin 1: 32 CP = 32%; D100 42: miss');
    has(r.texts, 'Hans attacks Goblin 1: 45 CP − 1 W × 10 = 35%; D100 27: hit');
    has(r.texts, '(S 3 + 0) × (10 − T 2) × 0.1 = 2.4 → 2: critical +2');
    has(r.texts, 'D100 98, column +2 → effect 15');
    has(r.texts, 'Goblin 2 attacks Hans: 33 CP − 2 W × 10 = 13%; D100 06: hit');
    has(r.texts, '(S 3 + 0) × (10 − T 4) × 0.1 − 1 armour = 0.8 → 1: critical +1');
    const hans = r.state.combatants.find((f) => f.name === 'Hans');
    expect(hans?.W).toBe(3);
    // Swords 45 + 30 for the second Attack.
    expect(maxCP(r.state, hans as CpFighter)).toBe(75);
    expect(r.unusedDice).toBe(0);
    expect(r.unusedDecisions).toBe(0);
  });
});

describe('Combat Example #2: Ernst and the ogre', () => {
  it('CP 135 and 90; 10%; 45% and the pool 78; 0% and 09; 42 → 120%: 1 LP, W 15 → 12', () => {
    const r = play(
      'ernst-and-the-ogre.yaml',
      [50, 30, 6, 51, 1, 9, 20, 1],
      [
        ['turn', 'give'],
        ['turn', 'attack:@ernst'],
        ['attack-cp', 30],
        ['defence', 'block'],
        ['defence-cp', 10],
        ['defence-pool', 0],
        ['defence-w', 1],
        ['answer', 'attack:@ogre'],
        ['attack-cp', 65],
        ['defence', 'block'],
        ['defence-cp', 20],
        ['answer', 'attack:@ernst'],
        ['attack-cp', 40],
        ['defence', 'block'],
        ['defence-cp', 10],
        ['defence-pool', 30],
        ['defence-w', 0],
        ['answer', 'attack:@ogre'],
        ['attack-cp', 50],
        ['turn', 'end'],
      ],
      1,
    );
    has(r.texts, 'Ernst: CP 135, at most 65 an action');
    has(r.texts, 'Ogre: CP 90, at most 60 an action (club: WS 20 + Maces and Hammers 40), EI 30, 1 LP');
    has(r.texts, 'Ernst gives the initiative away');
    has(r.texts, 'Ogre attacks Ernst: 30 CP − 10 CP − 1 W × 10 = 10%; D100 50: miss');
    has(r.texts, 'Ernst attacks Ogre: 65 CP − 20 CP = 45%; D100 30: hit');
    has(r.texts, 'A natural 6: additional damage test D100 51 ≤ WS 65: another D6');
    has(r.texts, '(S 6 + 0 + D6 6 + 1) × (10 − T 4) = 78%');
    has(r.texts, 'Ogre attacks Ernst: 40 CP − 10 CP − 30 pool = 0%; D100 09: miss');
    has(r.texts, "(S 6 + 0 + D6 1) × (10 − T 4) = 42%; the round's pool is 120%");
    has(
      r.texts,
      "Ogre's pool is 120%: 1 LP lost outright; the last LP is gone: W 15 less 20% = 12. LP 1 → 0",
    );
    const ernst = r.state.combatants.find((f) => f.name === 'Ernst') as CpFighter;
    const ogre = r.state.combatants.find((f) => f.name === 'Ogre') as CpFighter;
    expect([ernst.W, ogre.W, ogre.LP]).toEqual([9, 12, 0]);
    expect(maxCP(r.state, ernst)).toBe(135);
    expect(r.unusedDice).toBe(0);
    expect(r.unusedDecisions).toBe(0);
  });
});

describe('Combat example #3: Master Tanalor', () => {
  it('the opening: surprised from the flank, Swords 50 → 30; Sleep at 97 for 42 CP, 21 hits, WP 69 fails', () => {
    const r = play(
      'tanalor-surprises-jagwar.yaml',
      [21, 69, 4],
      [
        ['draw', 'no'],
        ['turn', 'cast:sleep'],
        ['attack-cp', 42],
        ['defence', 'none'],
        ['turn', 'end'],
      ],
      1,
    );
    has(
      r.texts,
      'Jagwar: CP 50, at most 30 an action (sword: WS 20 + Swords 30), EI 60, surprised from the flank',
    );
    has(r.texts, 'Tanalor casts Sleep: 1 action (petty magic); it acts at EI 97');
    has(r.texts, 'Tanalor attacks Jagwar: 42 CP = 42%; D100 21: hit');
    has(r.texts, 'Jagwar tests WP against Sleep: D100 69 > 50: falls asleep');
    expect(r.result.outcome).toMatchObject({ winner: 0, reason: 'victory' });
    expect(r.unusedDice).toBe(0);
    expect(r.unusedDecisions).toBe(0);
  });

  it('the dog, the fumble, the bow shot and the fireballs', () => {
    const r = play(
      'master-tanalor.yaml',
      [15, 40, 60, 60, 70, 100, 80, 70, 11, 38, 90, 25, 10, 90, 20, 99, 90, 15, 30, 2, 10],
      [
        // Round 1: the dog attacks first, Tanalor dodges, draws, and trades 10 CP blows.
        ['draw', 'no'],
        ['turn', 'give'],
        ['turn', 'attack:@tanalor'],
        ['attack-cp', 23],
        ['defence', 'dodge'],
        ['answer', 'pass'],
        ['turn', 'draw:sword'],
        ['turn', 'attack:@tanalor'],
        ['attack-cp', 10],
        ['defence', 'none'],
        ['answer', 'attack:@dog'],
        ['attack-cp', 10],
        ['defence', 'none'],
        ['turn', 'attack:@dog'],
        ['attack-cp', 10],
        ['defence', 'none'],
        // Round 2: Jagwar wakes; Tanalor fumbles; Jagwar takes up his bow.
        ['turn', 'attack:@dog'],
        ['attack-cp', 50],
        ['defence', 'none'],
        ['answer', 'attack:@tanalor'],
        ['attack-cp', 33],
        ['defence', 'none'],
        ['turn', 'end'],
        ['turn', 'draw:bow'],
        // Round 3: Tanalor at 87 with 40, the bow shot at 40 m, the dog.
        ['turn', 'attack:@dog'],
        ['attack-cp', 40],
        ['defence', 'none'],
        ['answer', 'pass'],
        ['turn', 'end'],
        ['turn', 'shoot:@tanalor'],
        ['turn', 'attack:@tanalor'],
        ['attack-cp', 33],
        ['turn', 'end'],
        // Round 4: Tanalor loses his first action, strikes at 77 for 40: +3 on the dog.
        ['turn', 'attack:@dog'],
        ['attack-cp', 40],
        ['defence', 'none'],
        ['answer', 'pass'],
        ['turn', 'shoot:@tanalor'],
        ['turn', 'end'],
        ['turn', 'end'],
        ['turn', 'end'],
        // Round 5: the dog dies; two Fire Balls at Jagwar, at 57 and 37; Jagwar shoots first.
        ['turn', 'attack:@dog'],
        ['attack-cp', 50],
        ['defence', 'none'],
        ['turn', 'cast:fireball'],
        ['missiles', 2],
        ['turn', 'shoot:@tanalor'],
        ['dodge-magic', 'dodge'],
        ['turn', 'end'],
        ['dodge-magic', 'no'],
        ['turn', 'end'],
      ],
      5,
    );
    const at = (who: string, ei: number, cp: number, actions: number) =>
      expect(r.asked).toContain(`turn: ${who} (EI ${ei}, ${cp} CP, ${actions} actions): what now?`);
    // Round 1.
    has(r.texts, 'Dog attacks Tanalor: 23 CP = 23%; D100 15: hit');
    has(r.texts, 'Tanalor dodges: D100 40 ≤ I 97: dodged');
    at('Dog', 38, 10, 4);
    has(r.texts, 'Tanalor draws the sword: −3 actions, −30 CP; CP left 20, EI 37');
    has(r.texts, 'Dog attacks Tanalor: 10 CP = 10%; D100 60: miss');
    has(r.texts, 'Tanalor attacks Dog: 10 CP = 10%; D100 70: miss');
    // Round 2: the fumble's −10 to WS and I.
    has(r.texts, 'Jagwar wakes up');
    has(r.texts, 'Tanalor attacks Dog: 50 CP = 50%; D100 00: miss');
    has(r.texts, 'Tanalor fumbles: 00 is a double above WS + ability 50');
    at('Tanalor', 67, 0, 4);
    has(r.texts, 'Jagwar draws the normal bow: −5 actions, −50 CP');
    // Round 3: 87 with 40 CP; 10 CP back after the first action; the bow shot.
    at('Tanalor', 87, 40, 5);
    at('Tanalor', 77, 10, 4);
    has(r.texts, 'Jagwar shoots at Tanalor (long range): BS 20 + Bows 37 − 10 long range = 47; D100 11: hit');
    has(r.texts, "Jagwar's shot strikes Tanalor's head: ES 3 − 1 long range − 1 armour = 1: critical +1");
    has(r.texts, 'Critical +1 on the head: D100 38, column +1 → effect 4');
    has(r.texts, 'Dog attacks Tanalor: 33 CP = 33%; D100 90: miss');
    // Round 4: the lost action, then 40 CP at 77 and a +3 critical.
    has(r.texts, 'Tanalor can do nothing: an action lost (EI now 77, CP 40)');
    has(r.texts, 'Tanalor attacks Dog: 40 CP = 40%; D100 25: hit');
    has(r.texts, '(S 5 + 0) × (10 − T 4) × 0.1 = 3.0 → 3: critical +3');
    // Round 5: the dog dies; Fire Balls at 57 and 37; Jagwar's shot at 60 goes first.
    has(r.texts, 'Dog is dead');
    has(r.texts, 'Tanalor casts Fire Ball: 3 actions (level 1); it acts at EI 57, then 37');
    const shot = r.texts.findIndex((t) => t.includes('D100 90: miss') && t.startsWith('Jagwar shoots'));
    const ball = r.texts.findIndex((t) => t.startsWith('EI 57:'));
    expect(shot).toBeGreaterThan(-1);
    expect(shot).toBeLessThan(ball);
    has(
      r.texts,
      'Fire Ball strikes Jagwar: 15 + 3 − T 5 = 13, halved: 6.5 → 7: effect 7 on the Fire and Energy chart',
    );
    has(r.texts, "Jagwar's normal bow is destroyed");
    has(r.texts, "EI 37: Tanalor's Fire Ball 2 at Jagwar");
    has(r.texts, 'Jagwar gains an Insanity Point (a heavy effect, 8)');
    expect(r.texts.some((t) => t.startsWith('Dog gains an Insanity Point'))).toBe(false);
    expect(r.unusedDice).toBe(0);
    expect(r.unusedDecisions).toBe(0);
  });
});
