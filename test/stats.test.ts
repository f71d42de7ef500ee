// The simulation's statistics: intervals that behave at the edges, and a streamed mean.
import { describe, expect, it } from 'vitest';
import { Mean, wilson } from '../src/sim/stats.js';

describe('wilson', () => {
  it('stays inside [0, 1] at 0 and n, and brackets the rate', () => {
    const [lo0, hi0] = wilson(0, 100);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.037, 3);
    const [lo1, hi1] = wilson(100, 100);
    expect(hi1).toBe(1);
    expect(lo1).toBeCloseTo(0.963, 3);
    // 50 of 100: the textbook figure 0.404 – 0.596.
    const [lo, hi] = wilson(50, 100);
    expect(lo).toBeCloseTo(0.4038, 4);
    expect(hi).toBeCloseTo(0.5962, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});

describe('Mean', () => {
  it('streams the mean and sample variance', () => {
    const m = new Mean();
    for (const x of [2, 4, 4, 4, 5, 5, 7, 9]) m.add(x);
    expect(m.count).toBe(8);
    expect(m.value).toBe(5);
    expect(m.variance).toBeCloseTo(32 / 7, 12);
    const [lo, hi] = m.ci95();
    expect(hi - 5).toBeCloseTo(5 - lo, 12);
    expect(hi - 5).toBeCloseTo(1.959963984540054 * Math.sqrt(32 / 7 / 8), 12);
  });
  it('has no spread with fewer than two values, and no NaN when empty', () => {
    const m = new Mean();
    expect(m.value).toBe(0);
    expect(m.ci95()).toEqual([0, 0]);
    m.add(3);
    expect(m.ci95()).toEqual([3, 3]);
  });
});
