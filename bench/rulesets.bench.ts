// npm run bench: every example encounter of the five rulesets, one fight at a time in simulation
// mode (the engine as `fray sim` runs it, without the totals). docs/performance.md has the rates
// before and after issue 19, measured with scripts/rates.mjs.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bench, describe } from 'vitest';
import { AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import type { FightState } from '../src/core/state.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { exampleFiles } from '../scripts/examples.mjs';
import { loadFile, ROOT } from '../test/helpers.js';

const dice = new SeededDice(Rng.seeded(1));
for (const ruleset of readdirSync(join(ROOT, 'data')).sort()) {
  const files = exampleFiles(ROOT, { only: join(ROOT, 'data', ruleset, '') });
  if (files.length === 0) continue;
  describe(ruleset, () => {
    for (const file of files) {
      const loaded = loadFile(file);
      // As fray sim plays: each run starts over on the last one's state.
      let reuse: FightState | undefined;
      bench(
        relative(join(ROOT, 'data', ruleset), file),
        () => {
          reuse = runFight(loaded.ruleset, loaded.setup, {
            driver: new AutoDriver(dice),
            words: false,
            reuse,
          }).state;
        },
        { time: 300 },
      );
    }
  });
}
