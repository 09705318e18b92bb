import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/platform/test/**/*.test.ts', 'apps/studio/test/**/*.test.ts', 'apps/studio/e2e/**/*.test.ts'],
    // Builds the embedded seed once, so no suite pays PGlite's initdb (see apps/platform/test/support/seed.ts).
    globalSetup: ['apps/platform/test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: more workers than that only thrash PGlite start-up.
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: '.tmp/vitest-report.json' }]],
  },
});
