// npm run bench: every example encounter of the five rulesets, one fight at a time in simulation
// mode (the engine as `fray sim` runs it, without the totals). docs/performance.md has the rates
// before and after issue 19, measured with scripts/rates.mjs.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bench, describe } from 'vitest';
import { AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { loadFile, ROOT } from '../test/helpers.js';

const walk = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return /\.ya?ml$/.test(name) ? [path] : [];
    });

const dice = new SeededDice(Rng.seeded(1));
for (const ruleset of readdirSync(join(ROOT, 'data')).sort()) {
  const files = ['encounters', 'examples']
    .map((sub) => join(ROOT, 'data', ruleset, sub))
    .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    .flatMap(walk);
  if (files.length === 0) continue;
  describe(ruleset, () => {
    for (const file of files) {
      const loaded = loadFile(file);
      bench(
        relative(join(ROOT, 'data', ruleset), file),
        () => {
          runFight(loaded.ruleset, loaded.setup, { driver: new AutoDriver(dice), words: false });
        },
        { time: 300 },
      );
    }
  });
}
