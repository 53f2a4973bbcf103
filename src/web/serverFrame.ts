// What the server sent in the page's frame (server/modules/seo/html.ts), read once before the
// app replaces that frame: the first screen keeps showing it while the screen's code loads.
import { hydrate, type QueryClient } from '@tanstack/react-query';

const main = typeof document === 'undefined' ? null : document.querySelector('#root main');

/** The page's heading, for a page whose screen the server did not draw. */
export const serverHeading: string | null =
  main?.querySelector('[data-server-heading]')?.textContent ?? null;

/** The first screen as the server drew it (web/ssr/firstScreen.tsx), or null. */
export const serverFirstScreen: string | null = main?.hasAttribute('data-first-screen')
  ? main.innerHTML
  : null;

/**
 * Puts the answers the server drew the first screen with into the app's cache, so that the
 * app's first render draws the same screen without asking for them. Once: they are for the
 * first page view only.
 */
export function takeFirstAnswers(queryClient: QueryClient): void {
  const block = document.getElementById('first-answers');
  if (!block?.textContent) return;
  try {
    hydrate(queryClient, JSON.parse(block.textContent));
  } catch {
    // A page from another release, say: the screens ask for their answers as usual.
  }
  block.remove();
}
