import type { AppInstance } from '../../appInstance';
import { sitemapEntries, sitemapXml } from './sitemap';

export function seoRoutes(app: AppInstance): void {
  app.get('/sitemap.xml', { config: { access: 'public' } }, async (_request, reply) => {
    const xml = sitemapXml(app.config.publicUrl, await sitemapEntries(app.db));
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });

  app.get('/robots.txt', { config: { access: 'public' } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(
      [
        'User-agent: *',
        // Accounts and the admin areas hold nothing for a search engine.
        'Disallow: /admin',
        'Disallow: /settings',
        'Disallow: /my_chapters',
        'Disallow: /my_chapter_host_applications',
        'Disallow: /password_verify/',
        'Disallow: /email_change/',
        'Disallow: /api/',
        `Sitemap: ${app.config.publicUrl}/sitemap.xml`,
        '',
      ].join('\n'),
    ),
  );
}
