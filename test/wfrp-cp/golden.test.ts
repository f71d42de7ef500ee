// The three worked combats of wfrp-combat-points.txt, from scripted dice and decisions, to the
// numbers the text prints. Where the text's arithmetic and its rules part, the test follows the
// rules and docs/rulesets/wfrp-cp.md says where.
import { describe, expect, it } from 'vitest';
import { runFight } from '../../src/core/fight.js';
import { ScriptedDice } from '../../src/dice/index.js';
import type { CpFighter, CpState } from '../../src/rulesets/wfrp-cp/state.js';
import { maxCP } from '../../src/rulesets/wfrp-cp/fighter.js';
import { loadFile, ROOT } from '../helpers.js';
import { join } from 'node:path';
import { ScriptDriver } from './script.js';

const enc = (name: string) => join(ROOT, 'data', 'wfrp-cp', 'encounters', name);

function play(file: string, dice: number[], decisions: (readonly [string, string | number])[], rounds: number) {
  const loaded = loadFile(enc(file));
  const script = new ScriptedDice(dice);
  const driver = new ScriptDriver(script, decisions);
  const result = runFight(loaded.ruleset, loaded.setup, { driver, explain: true, record: true, maxRounds: rounds });
  const texts = result.events.map((e) => e.text);
  return { result, texts, state: result.state as unknown as CpState, unusedDice: script.remaining, unusedDecisions: driver.unusedDecisions };
}

const has = (texts: string[], part: string) => expect(texts.some((t) => t.includes(part)), `no event with "${part}":\n${texts.join('\n')}`).toBe(true);

describe('Combat Example #1: Hans and the goblins', () => {
  it('the bow shot: 63 − 10 long range = 53%, head, ES 3 − 1 = +2, 58 → 12, must flee', () => {
    const r = play('hans-shoots.yaml', [31, 58, 2], [['turn', 'shoot:@goblin-1'], ['turn', 'end']], 1);
    has(r.texts, 'BS 20 + Bows 43 − 10 long range = 53; D100 31: hit');
    has(r.texts, "Hans's shot strikes Goblin 1's head: ES 3 − 1 long range = 2: critical +2");
    has(r.texts, 'D100 58, column +2 → effect 12* (head chart)');
    has(r.texts, 'must flee');
    expect(r.unusedDice).toBe(0);
  });

  it('the melee: CP 75 → 45 and priority −27 drawing; goblins 43 CP at 38; 20% and 13%; 2 and 1 critical', () => {
    const r = play('hans-and-the-goblins.yaml', [43, 65, 42, 86, 32, 27, 98, 6, 1], [
      // Round 1: Hans drops the bow and draws; the charging goblins go first.
      ['draw', 'draw'],
      ['turn', 'attack:@hans'], ['attack-cp', 33], ['defence', 'block'], ['defence-cp', 13], ['defence-w', 0],
      ['answer', 'pass'],
      ['turn', 'attack:@hans'], ['attack-cp', 33], ['defence', 'block'], ['defence-cp', 0], ['defence-w', 2],
      ['answer', 'attack:@goblin-1'], ['attack-cp', 32], ['cover', 'no'], ['defence', 'none'],
      ['answer', 'attack:@hans'], ['attack-cp', 10], ['defence', 'none'],
      ['turn', 'attack:@hans'], ['attack-cp', 10], ['defence', 'none'],
      // Round 2.
      ['turn', 'attack:@goblin-1'], ['attack-cp', 45], ['cover', 'no'], ['defence', 'block'], ['defence-cp', 0], ['defence-w', 1],
      ['turn', 'attack:@hans'], ['attack-cp', 33], ['defence', 'block'], ['defence-cp', 0], ['defence-w', 2],
    ], 2);
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
