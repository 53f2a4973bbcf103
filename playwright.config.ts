// Browser tests: the built site on a free port with a fresh embedded database (see
// e2e/global-setup.ts), driven by Debian's Chromium. No browser is ever downloaded.
import { defineConfig } from '@playwright/test';
import { currentSite, workerCount } from './e2e/sites';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // One site per worker (e2e/sites.ts); a file's tests run in order in one worker, on one site.
  workers: workerCount(),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // No retries: the tests share one database, so a retry meets its first try's changes (see
  // docs/decisions/10-browser-tests.md). A test that fails once is a race to fix.
  retries: 0,
  // Two workers share the machine's two cores with two sites and two browsers: a long test
  // (a whole account's settings, an editor's round trip) runs past 30 s on a busy CI machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: currentSite()?.baseUrl,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});
