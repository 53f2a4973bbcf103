// A page of the site: the built index.html with the page's meta and first screen (buildPage.ts),
// as the web plugin serves it (plugins/web.ts RenderPage).
import type { FastifyInstance } from 'fastify';
import type { RenderPage } from '../../plugins/web';
import { buildPage } from './buildPage';
import type { DrawFirstScreen } from './firstScreen';
import { renderIndex } from './html';

/** `draw` is the web app's server-side drawing of a first screen (handed over by app.ts). */
export function pageRenderer(app: FastifyInstance, draw: DrawFirstScreen): RenderPage {
  const client = {
    mapTileUrl: app.config.map.tileUrl,
    mapTileAttribution: app.config.map.tileAttribution,
  };
  return async (url, indexHtml, context) => {
    // A missing chapter, page or event is a 404 to search engines and link checkers too; the
    // page is still the app, which says what was not found.
    const { meta, first, shows } = await buildPage(app, draw, url, context);
    const html = renderIndex(indexHtml, meta, context.publicUrl, client, first, context.account);
    return { status: meta.status, html, shows };
  };
}
