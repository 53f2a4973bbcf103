// The two widths the browser tests look at. A test whose behaviour does not depend on the
// width (where one lands after signing in, whether a mail's link counts) runs at one of them,
// and the screens it passes are checked at the other by resizing the window, which costs no new
// session, page or setup: the screen fits the window and axe finds nothing serious there
// (docs/decisions/10-browser-tests.md, 2026-11-29).
import type { Page } from '@playwright/test';
import { expect, expectAccessible } from './harness';

export interface Size {
  width: number;
  height: number;
}

export const PHONE: Size = { width: 390, height: 844 };
export const DESKTOP: Size = { width: 1280, height: 900 };

/**
 * The screen as it is now, at `size` as well: no wider than the window, `shows` (what the test
 * expects to see there), and accessible. The window then gets its first size back.
 */
export async function expectAlsoAt(
  page: Page,
  size: Size,
  shows?: () => Promise<void>,
): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize(size);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `the page is no wider than ${size.width} px`).toBeLessThanOrEqual(0);
  await shows?.();
  await expectAccessible(page);
  if (before) await page.setViewportSize(before);
}
