import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // One migrated embedded database that every test file's starts as a copy of.
    globalSetup: ['src/server/test/globalSetup.ts'],
    // Each file opens its own embedded database (WASM start-up and migrations take a second).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
