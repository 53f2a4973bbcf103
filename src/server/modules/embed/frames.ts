// The frames other sites put on their pages when they allow no script (issue 36): a small page
// with the list the widget draws (common/embedMarkup.ts), its style from /embed/frame.css and
// no script at all. Only /embed/* may be framed by other sites (plugins/security.ts).
import { z } from 'zod';
import { SITE_NAME } from '../../../common/constants';
import { drawEmbedList, text } from '../../../common/embedMarkup';
import type { EmbedEvents } from '../../../common/schemas/embed';

export const themeSchema = z.enum(['light', 'dark', 'auto']).optional();
export type Theme = NonNullable<z.infer<typeof themeSchema>>;

export function frameHtml(list: EmbedEvents, theme: Theme): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${text(list.title)}</title>` +
    '<meta name="robots" content="noindex">' +
    // Opened alone (a link shared, a test), the browser asks for an icon: the site's, not a 404.
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">' +
    '<link rel="stylesheet" href="/embed/frame.css"></head>' +
    `<body><main class="frame ${theme}"><h1 class="visually-hidden">${text(list.title)}</h1>` +
    `${drawEmbedList(list, SITE_NAME)}</main></body></html>`
  );
}
