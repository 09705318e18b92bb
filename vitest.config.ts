import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/platform/test/**/*.test.ts', 'apps/studio/test/**/*.test.ts', 'apps/studio/e2e/**/*.test.ts'],
    // Builds the embedded seed once, so no suite pays PGlite's initdb (see apps/platform/test/support/seed.ts).
    globalSetup: ['apps/platform/test/support/global-setup.ts'],
    setupFiles: ['apps/platform/test/support/unheard-pg-errors.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: more workers than that only thrash PGlite start-up.
    maxWorkers: 2,
    // Known and still open (issue 17 note): once in a while, as a local cluster is stopped under load
    // (point-in-time recovery, a kill), a 57P01 surfaces as an unhandled error whose source is not yet
    // found. Only that error is let through, with its stack printed (and unheard-pg-errors.ts prints
    // where a pg client with no 'error' listener was connected); every other one fails the run.
    onUnhandledError: (error) => {
      if ((error as { code?: string }).code !== '57P01') return true;
      console.warn(`Let through (issue 17): ${(error as Error).stack ?? String(error)}`);
      return false;
    },
    reporters: ['default', ['json', { outputFile: '.tmp/vitest-report.json' }]],
  },
});
