// What every browser test imports instead of @playwright/test: the same `test` and `expect`,
// plus fixtures for the site's mail, its admin, and checks every screen must pass.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { site } from './sites';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Outbox {
  /** Every message the site has sent so far, oldest first. */
  all(): CapturedMail[];
  /** The newest message to this address; waits up to 10 s for it to arrive. */
  latestTo(email: string): Promise<CapturedMail>;
}

function readMail(): CapturedMail[] {
  const file = site().mailFile;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail);
}

const outbox: Outbox = {
  all: readMail,
  async latestTo(email) {
    const address = email.toLowerCase();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = readMail().filter((m) => m.to.includes(address));
      const last = found.at(-1);
      if (last) return last;
      if (Date.now() > deadline) throw new Error(`No mail arrived for ${email}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  },
};

export const test = base.extend<{
  outbox: Outbox;
  admin: { email: string; password: string };
  /** Console errors of this test's page, checked after every test; `allow` one you expect. */
  consoleErrors: { allow(pattern: RegExp): void };
}>({
  // Playwright reads a fixture's dependencies from its first parameter: {} means none.
  // eslint-disable-next-line no-empty-pattern
  outbox: async ({}, use) => use(outbox),
  // eslint-disable-next-line no-empty-pattern
  admin: async ({}, use) =>
    use({
      email: site().adminEmail,
      password: site().adminPassword,
    }),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on('pageerror', (err) => errors.push(err.message));
      // Whatever the Content-Security-Policy refuses (an eval probe, a blocked image) is a
      // console error too: the site must run under its own policy without tripping it.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e)));
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Waits until the app has taken over a screen the server drew (web/ssr): until then its
 * controls are disabled copies that the app replaces, so a test measuring or holding one of
 * them would hold an element about to leave the page.
 */
export async function appDrawn(page: Page): Promise<void> {
  // The server's frame (its menu marked data-account) stays until the app's first render takes
  // #root over: a click on the frame's menu button before then is lost.
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '#root [data-first-screen], #root .first-screen, #root [data-account]',
      ),
  );
}

/** Waits until the page's finite animations and transitions (a menu opening, a fade) are over. */
export async function transitionsOver(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** What AxeBuilder evaluates in a page that holds axe-core already: nothing more. */
const AXE_IN_PAGE = 'void 0';

/** Fails on any serious or critical axe-core violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // A dialog fading in is half transparent: axe would measure the contrast of a frame no one
  // reads (a Cancel button mid-fade failed color-contrast on a slow CI machine). Check the screen
  // once its finite transitions are over; a spinner's endless animation is left to spin. A fade
  // that starts while axe reads the page (a toast hiding itself after 5 s) makes that reading
  // one of a frame in passing: the page is read again once the fade is over. Only fades count
  // (opacity): a progress bar's width moving on every poll changes no colour.
  for (;;) {
    await transitionsOver(page);
    await page.evaluate(() => {
      const w = window as unknown as { axeSawMotion?: boolean; axeWatching?: boolean };
      w.axeSawMotion = false;
      if (w.axeWatching) return;
      w.axeWatching = true;
      document.addEventListener(
        'transitionrun',
        (e) => {
          if (e.propertyName === 'opacity') w.axeSawMotion = true;
        },
        true,
      );
    });
    // A page without frames is checked as fully by axe.run in the page itself; the default
    // mode opens (and closes) a blank page on every check to merge the frames' results in.
    const legacy = page.frames().length === 1;
    // There, axe-core (about 550 kB of script, which AxeBuilder evaluates twice per check) is
    // put into a document once: a later check of the same document runs the copy already in it.
    const loaded = legacy && (await page.evaluate(() => 'axe' in window));
    const results = await new AxeBuilder(loaded ? { page, axeSource: AXE_IN_PAGE } : { page })
      // Only the violations are read: axe then builds no selector or HTML for every passing node.
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(legacy)
      .analyze();
    const moved = await page.evaluate(
      () => (window as unknown as { axeSawMotion?: boolean }).axeSawMotion === true,
    );
    if (moved) continue;
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(bad, 'serious or critical accessibility violations').toEqual([]);
    return;
  }
}

export { expect };
