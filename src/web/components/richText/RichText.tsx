import { nestHeadings } from './headingLevels';
import { isEmptyRichText } from './isEmptyRichText';

/**
 * HTML the server has sanitized (on save and again on the way out), or an empty-state text. Its
 * headings start at h2, under the screen's h1.
 */
export function RichText({ html, empty = 'Nothing here yet.' }: { html: string; empty?: string }) {
  if (isEmptyRichText(html)) return <p className="text-body-secondary">{empty}</p>;
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: nestHeadings(html) }} />;
}
