import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    benchmark: { include: ['bench/**/*.bench.ts'] },
    // Property tests run many fights; give slow shared machines room.
    testTimeout: 60_000,
  },
});
