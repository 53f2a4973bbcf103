// The site's public URL as the server wrote it into the page (its canonical link is PUBLIC_URL
// plus the path: server/modules/seo/html.ts), or this page's origin where there is none (the
// Vite dev server). Links that must be absolute (a webcal:// subscription, an event's page in a
// calendar's description) are built from it once the page is in the browser: the server's first
// screen and the hydrating render draw the same-origin fallback, then the absolute one.
import { useSyncExternalStore } from 'react';

function pageSiteUrl(): string {
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (canonical) {
    try {
      return new URL(canonical).origin;
    } catch {
      // a malformed link: the page's own origin below
    }
  }
  return location.origin;
}

const never = () => () => undefined;

/** The site's public origin ('https://example.org'), or null while drawn on the server. */
export function useSiteUrl(): string | null {
  return useSyncExternalStore(never, pageSiteUrl, () => null);
}
