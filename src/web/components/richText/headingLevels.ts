// Headings in stored rich text sit under the screen's own heading: the editor offers h1-h3 and
// authors pick them for their size, so the demo's About page went from the screen's h1 straight
// to an h3 (axe heading-order: a screen reader's outline skipped a level). Levels are renumbered
// as they are drawn, never on save, so the author's text stays as written.

const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>/])/gi;

/**
 * `html` with its headings renumbered from `top` down: the first is at most `top`, each at most
 * one deeper than the one before, and an author's relative levels kept otherwise (a deeper
 * heading stays deeper than the one above it, a shallower one returns to its level).
 */
export function nestHeadings(html: string, top = 2): string {
  // The author's levels seen so far, with what each became: going back up finds its match.
  const open: { from: number; to: number }[] = [];
  let current = 0;
  return html.replace(HEADING_TAG, (_tag, closing: string, digit: string) => {
    if (closing) return `</h${current || top}`;
    const level = Number(digit);
    while (open.length > 0 && open[open.length - 1]!.from >= level) open.pop();
    const parent = open[open.length - 1];
    current = Math.min(6, parent ? parent.to + 1 : top);
    open.push({ from: level, to: current });
    return `<h${current}`;
  });
}
