// Pictures of a screen for a person to look at (a design review, a bug report): taken only when
// E2E_SHOTS=dir is set, into that folder. A full-page screenshot costs a second or more on a busy
// machine and checks nothing, so an ordinary run takes none. Playwright's own screenshot of a
// failing test (playwright.config.ts) is separate and always on.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** The folder asked for by E2E_SHOTS, or undefined when no pictures are wanted. */
export function evidenceDir(): string | undefined {
  return process.env.E2E_SHOTS || undefined;
}

/** Saves `target` (a page, or one element of it) as E2E_SHOTS/name.png when E2E_SHOTS is set. */
export async function evidence(
  target: Page | Locator,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = evidenceDir();
  if (!dir) return;
  const file = path.join(dir, `${name}.png`);
  // A Locator has no fullPage: it is the element's own box.
  if ('goto' in target) await target.screenshot({ path: file, fullPage: opts.fullPage ?? false });
  else await target.screenshot({ path: file });
}
