import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/testOrder.js';

/**
 * Server test files that replace a module with vi.mock: they need modules of their own, so they
 * run isolated (a module another file loaded first in the same worker would not be replaced).
 * They say so in their name; ESLint refuses vi.mock in any other server test file.
 */
const MOCKING = ['src/server/**/*.mocking.test.ts'];
const SERVER = ['src/server/**/*.test.ts'];

// What both projects share. Not `extends: true`: that would add the root's `include` to the
// isolated project's, and run every file twice.
const common = {
  environment: 'node',
  // One migrated embedded database that every test file's starts as a copy of.
  globalSetup: ['src/server/test/globalSetup.ts'],
  // Each file opens its own embedded database (WASM start-up and migrations take a second).
  // A time limit finds a hang; it is no measure of speed: a test that makes an app or the demo
  // took over 30 s (a hook over 60 s) on a loaded two-core machine and failed for nothing.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    // Vitest's default is a worker per core less one: on a two-core machine (CI's) one file at a
    // time, with a core idle while a test waits on PostgreSQL, a child process or a socket.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The longest files first, so that the workers end together (scripts/testOrder.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          ...common,
          name: 'server',
          include: SERVER,
          exclude: ['**/node_modules/**', ...MOCKING],
          // A worker keeps the modules it loaded from one file to the next: loading the server's
          // modules again for every file was 40% of the suite's time. Every file makes its own
          // app and database and passes them to what it tests, so nothing a test relies on is
          // left in a module by another file (docs/decisions/02-operation.md).
          isolate: false,
        },
      },
      // The web app's modules keep state of their own (web/api.ts's answer source, which the
      // server's first-screen drawing sets), and its tests and the rest are quick to load.
      {
        test: {
          ...common,
          name: 'isolated',
          include: [
            'src/web/**/*.test.ts',
            'src/common/**/*.test.ts',
            'scripts/**/*.test.ts',
            ...MOCKING,
          ],
        },
      },
      // The screens' tests (Testing Library) need a DOM: jsdom, the most complete of the DOMs in
      // Node (docs/decisions/10-browser-tests.md). They need no database, so no global setup.
      {
        test: {
          name: 'screens',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx'],
          setupFiles: ['src/web/test/setup.ts'],
          // A hang guard as the server's: a file's first screen test, which loads React and the
          // screen, took 33 s beside a busy suite (issue 31, item 7); findBy waits 15 s at most.
          testTimeout: 60_000,
          pool: 'forks' as const,
        },
      },
    ],
  },
});
