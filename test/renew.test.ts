// A ruleset's `renew` puts a played state back to the start in place (a simulation's runs share
// one state): after any fight it must equal what `create` builds, and a fight on a renewed state
// must be the fight on a new one.
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import type { FightState } from '../src/core/state.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { exampleFiles } from '../scripts/examples.mjs';
import { loadFile, plain, ROOT } from './helpers.js';

const files = exampleFiles(ROOT).filter((file) => {
  const { ruleset } = loadFile(file);
  return ruleset.renew !== undefined;
});

describe('renew: a played state back to the start, in place', () => {
  it('is offered by WFRP 1e at least', () => {
    expect(files.some((f) => f.includes('wfrp1e'))).toBe(true);
  });
  for (const file of files) {
    it(relative(ROOT, file), () => {
      const { ruleset, setup } = loadFile(file);
      const auto = (seed: number) => new AutoDriver(new SeededDice(Rng.seeded(seed)));
      let reused: FightState | undefined;
      for (let seed = 1; seed <= 12; seed++) {
        const fresh = runFight(ruleset, setup, { driver: auto(seed), words: false });
        const again = runFight(ruleset, setup, { driver: auto(seed), words: false, reuse: reused });
        if (reused) expect(again.state).toBe(reused);
        expect(again.outcome).toEqual(fresh.outcome);
        expect(plain(again.state)).toEqual(plain(fresh.state));
        reused = again.state;
        ruleset.renew?.(again.state, setup);
        expect(plain(again.state)).toEqual(plain(ruleset.create(setup)));
      }
    });
  }
});
