// npm run bench: exact odds under their budget (issue 29): a refusal of 250 against 250 comes before
// any blow is worked out; the duels' chains as the examples ask them, and as far as the budget goes.
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { foePairs } from '../src/core/odds.js';
import { loadFile, ROOT } from '../test/helpers.js';

const armies = [
  ...Array.from({ length: 250 }, () => ({ side: 0 })),
  ...Array.from({ length: 250 }, () => ({ side: 1 })),
];
const oddsOf = (file: string) => {
  const l = loadFile(join(ROOT, 'data', file));
  const odds = l.ruleset.odds as NonNullable<typeof l.ruleset.odds>;
  return () => void odds(l.setup);
};

describe('exact odds', () => {
  bench('250 against 250: counted and refused', () => {
    try {
      foePairs(armies);
    } catch {
      // The refusal is what is timed.
    }
  });
  bench('WFRP 1e Sudden Death duel, whole', oddsOf('wfrp1e/examples/reference-duel-sudden-death.yaml'), {
    iterations: 3,
    time: 0,
  });
  bench('OpenQuest duel, whole', oddsOf('openquest/encounters/duel.yaml'), { iterations: 3, time: 0 });
  bench('Fantasy Wargaming bare duel, whole', oddsOf('fantasy-wargaming/encounters/duel-bare.yaml'), {
    iterations: 2,
    time: 0,
  });
});
