import { availableParallelism } from 'node:os';
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
    // Vitest's default is a worker per core less one: on a two-core machine (CI's) one file at a
    // time, with a core idle while a test waits on PostgreSQL, a child process or a socket.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
