// What the server sent in the page's frame (server/modules/seo/html.ts), read once before the
// app replaces that frame: the first screen keeps showing it while the screen's code loads.
import { hydrate, type QueryClient } from '@tanstack/react-query';

const main = typeof document === 'undefined' ? null : document.querySelector('#root main');

/** The page's heading, for a page whose screen the server did not draw. */
export const serverHeading: string | null =
  main?.querySelector('[data-server-heading]')?.textContent ?? null;

/**
 * Who the server's frame drew the menu for (server/modules/seo/html.ts): 'visitor' when the page
 * was asked for without a session cookie, so no one is signed in here; 'unknown' when with one,
 * which only the API can vouch for. Null without a frame (Vite's development server).
 */
export const serverAccount: 'visitor' | 'unknown' | null = (() => {
  if (typeof document === 'undefined') return null;
  const drawn = document.querySelector('#root header [data-account]')?.getAttribute('data-account');
  return drawn === 'visitor' || drawn === 'unknown' ? drawn : null;
})();

/** The path the server drew the frame for: the first page's, whatever the app moves to. */
export const serverPath: string | null =
  typeof location === 'undefined' || !main ? null : location.pathname;

/** Whether the frame holds the grey shape of a list still to load (components/ListPlaceholder). */
export const serverListPlaceholder: boolean = !!main?.querySelector('.list-placeholder');

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
