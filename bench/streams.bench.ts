// npm run bench: reaching run i's dice (the seed's substream i), side by side in one run: a jump
// for each stream on the way, as Fray did before issue 29, against one leap computed by squaring.
import { bench, describe } from 'vitest';
import { Rng } from '../src/dice/index.js';

const walk = (n: number) => {
  const r = Rng.seeded(1);
  for (let i = 0; i < n; i++) r.jump();
  return r;
};
const leap = (n: number) => {
  const r = Rng.seeded(1);
  r.jumps(n);
  return r;
};

describe('substream 1,000', () => {
  bench('a jump for each (before)', () => void walk(1_000));
  bench('one leap', () => void leap(1_000));
});

describe('substream 1,000,000 (the last shard of 10^8 runs in 100 shards starts near 99,000,000)', () => {
  bench('a jump for each (before)', () => void walk(1_000_000), { iterations: 3, time: 0 });
  bench('one leap', () => void leap(1_000_000));
});

describe('substream 2^53 − 1 (fray fight --run 9007199254740991)', () => {
  bench('one leap (a walk would take about 170 years)', () => void leap(Number.MAX_SAFE_INTEGER));
});
