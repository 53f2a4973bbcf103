import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '../../common/constants';

/**
 * Keeps the tab's title the screen's own as the visitor moves around: '{its h1} | Living
 * Liberally', as the server writes it for a first page load (seo/meta.ts). Read from the
 * screen's first heading, which every screen has, so that screens whose heading comes with
 * their data (a chapter, a post) need no code of their own. The home page keeps the site's.
 */
export function useTitleFromHeading(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const root = main.current;
    if (!root) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const heading = root.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
        const title = pageTitle(pathname === '/' ? '' : (heading ?? ''));
        if (document.title !== title) document.title = title;
      });
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [main, pathname]);
}
