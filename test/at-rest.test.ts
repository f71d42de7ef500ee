// A quiet server collects once (src/node/at-rest.ts): not while requests come, once after the last
// of a busy spell, and never after it is stopped. That the collection gives memory back is measured
// by `npm run soak` (docs/table-play.md), not here.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtRest, REST_MS } from '../src/node/at-rest.js';

afterEach(() => vi.useRealTimers());

describe('a server at rest', () => {
  it('collects once, REST_MS after the last request of a spell', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const rest = new AtRest(REST_MS, collect);
    for (let i = 0; i < 5; i++) {
      rest.busy();
      vi.advanceTimersByTime(REST_MS - 1);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REST_MS * 10);
    expect(collect).toHaveBeenCalledTimes(1);
    rest.busy();
    rest.stop();
    vi.advanceTimersByTime(REST_MS * 2);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("reaches V8's full collection without node being started for it", () => {
    // The collection made reachable at run time is a function that runs (and returns) at once.
    const rest = new AtRest(1);
    expect(() => (rest as unknown as { collect: () => void }).collect()).not.toThrow();
    rest.stop();
  });
});
