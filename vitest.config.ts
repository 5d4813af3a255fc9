import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time fits the 2-core machine (each server test file holds a PGlite instance).
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      // The web app's pure rules (tab rules, addresses, fiscal years); its pages are tested in e2e.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'scripts/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated database per run, that each test file's database is copied from.
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Each file builds its own app, database and clock (nothing of a test lives in a module's
          // state), so a worker keeps the modules it loaded: loading the app again for every file
          // was about half of the server tests' time.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
