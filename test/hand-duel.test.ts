// The bench's hand-written duel (bench/hand-duel.ts) is a fair floor only if it plays the engine's
// rules with the engine's dice: for the same stream it must reach the engine's winner and rounds.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handDuel } from '../bench/hand-duel.js';
import { AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { loadFile, ROOT } from './helpers.js';

const duel = loadFile(join(ROOT, 'data', 'wfrp1e', 'examples', 'reference-duel-sudden-death.yaml'));

describe('the hand-written reference duel', () => {
  it('gives the engine’s winner and rounds for 3,000 seeds, and leaves the generator where the engine does', () => {
    const outcomes = [0, 0, 0];
    for (let seed = 1; seed <= 3000; seed++) {
      const rng = Rng.seeded(seed);
      const r = runFight(duel.ruleset, duel.setup, {
        driver: new AutoDriver(new SeededDice(rng)),
        words: false,
      });
      const words = Int32Array.from(Rng.seeded(seed).words());
      const hand = handDuel(words);
      const winner = r.outcome?.winner ?? null;
      expect({ seed, rounds: hand >> 2, winner: (hand & 3) - 1 }).toEqual({
        seed,
        rounds: r.outcome?.rounds,
        winner: winner ?? -1,
      });
      expect(Array.from(words)).toEqual(rng.words());
      outcomes[hand & 3]!++;
    }
    // Both sides win often: the comparison covers both ways a duel ends.
    expect(outcomes[1]).toBeGreaterThan(500);
    expect(outcomes[2]).toBeGreaterThan(500);
  });
});
