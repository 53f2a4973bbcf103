// The heading the server sent in the page's frame (server/modules/seo/html.ts), read once before
// the app replaces that frame: the first screen keeps showing it while the screen's code loads.
export const serverHeading: string | null =
  document.querySelector('#root [data-server-heading]')?.textContent ?? null;
