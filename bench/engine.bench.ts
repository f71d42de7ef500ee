// npm run bench: the engine against a hand-written loop for the same duel, side by side in one run.
import { bench, describe } from 'vitest';
import { AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import { reverseD100 } from '../src/dice/d100.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { encounterPath, loadFile } from '../test/helpers.js';

const duel = loadFile(encounterPath('helmut-and-the-skaven.yaml'));
const demo = loadFile(encounterPath('demo.yaml'));
const rng = Rng.seeded(1);
const dice = new SeededDice(rng);

/**
 * The same duel written by hand with no engine: I order with the winner's +10, to-hit with
 * +10 for winning, reversed location, armour on body and head, D6 + S − T with additional
 * damage, and Sudden Death criticals. It leaves out fumbles and the explanations; it is the
 * floor the engine's overhead is measured against.
 */
function handDuel(r: Rng): number {
  let hW = 8;
  let sW = 7;
  let hWin = false;
  let sWin = false;
  for (let round = 1; round <= 100; round++) {
    let hDealt = 0;
    let sDealt = 0;
    const hEI = 45 + (hWin ? 10 : 0);
    const sEI = 40 + (sWin ? 10 : 0);
    const order = hEI > sEI || (hEI === sEI && hWin) ? [0, 1] : [1, 0];
    let dead = -1;
    for (const who of order) {
      if (dead >= 0) break;
      const ws = who === 0 ? 45 : 33;
      const S = who === 0 ? 4 : 3;
      const won = who === 0 ? hWin : sWin;
      const roll = r.die(100);
      if (roll > ws + (won ? 10 : 0)) continue;
      const loc = reverseD100(roll);
      const ap = who === 1 && ((loc >= 56 && loc <= 80) || loc <= 15) ? 1 : 0;
      let d = r.die(6);
      let total = d;
      if (d === 6 && r.die(100) <= ws) {
        do {
          d = r.die(6);
          total += d;
        } while (d === 6);
      }
      const wounds = Math.max(0, total + S - 3 - ap);
      if (who === 0) {
        hDealt += wounds;
        const crit = wounds - sW;
        sW = Math.max(0, sW - wounds);
        if (crit > 0 && r.die(100) >= [51, 41, 31, 21, 10, 1][Math.min(crit, 6) - 1]!) dead = 1;
      } else {
        sDealt += wounds;
        const crit = wounds - hW;
        hW = Math.max(0, hW - wounds);
        if (crit > 0 && r.die(100) >= [51, 41, 31, 21, 10, 1][Math.min(crit, 6) - 1]!) dead = 0;
      }
    }
    if (dead >= 0) return dead === 0 ? 1 : 0;
    hWin = hDealt > sDealt;
    sWin = sDealt > hDealt;
  }
  return -1;
}

describe('one fight: Helmut and the Skaven (1 against 1)', () => {
  bench('engine, simulation mode (no explanations)', () => {
    runFight(duel.ruleset, duel.setup, { driver: new AutoDriver(dice) });
  });
  bench('engine, explained (as fray fight prints it)', () => {
    runFight(duel.ruleset, duel.setup, { driver: new AutoDriver(dice), explain: true, record: true });
  });
  bench('hand-written loop for the same duel', () => {
    handDuel(rng);
  });
});

describe('one fight: the bridge at Grissenwald (2 against 3)', () => {
  bench(
    'engine, simulation mode',
    () => {
      runFight(demo.ruleset, demo.setup, { driver: new AutoDriver(dice) });
    },
    { time: 2000 },
  );
});
