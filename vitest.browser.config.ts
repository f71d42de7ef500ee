import { defineConfig } from 'vitest/config';

// The GM's page in real Chromium (playwright-core driving Debian's chromium): `npm run test:browser`.
export default defineConfig({
  test: {
    include: ['test-browser/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
