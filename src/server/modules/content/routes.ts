// Reading network content: the home page's blog list, one post, a page, a wiki page.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  blogPostPageSchema,
  blogPostSchema,
  pageSchema,
  slugParamsSchema,
  wikiPageSchema,
} from '../../../common/schemas/content';
import { getBlogPost, getPage, getWikiPage, listPublicBlogPosts } from './service';

// Non-public content is answered to admins only; for anyone else it is a 404, checked in the
// service once the row is found.
export function contentRoutes(root: AppInstance): void {
  // AppInstance does not carry the zod type provider; this gives handlers typed params and bodies.
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/blog_post/public/:page',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ page: z.coerce.number().int().min(0).max(100_000) }),
        response: { 200: blogPostPageSchema },
      },
    },
    (request) => listPublicBlogPosts(app.db, request.params.page),
  );

  app.get(
    '/api/blog_post/slug/:slug',
    {
      config: { access: 'public' },
      schema: { params: slugParamsSchema, response: { 200: blogPostSchema } },
    },
    (request) => getBlogPost(app.db, request.user, request.params.slug),
  );

  app.get(
    '/api/page/slug/:slug',
    {
      config: { access: 'public' },
      schema: { params: slugParamsSchema, response: { 200: pageSchema } },
    },
    (request) => getPage(app.db, request.user, request.params.slug),
  );

  app.get(
    '/api/wiki_page/slug/:slug',
    {
      config: { access: 'public' },
      schema: { params: slugParamsSchema, response: { 200: wikiPageSchema } },
    },
    (request) => getWikiPage(app.db, request.user, request.params.slug),
  );
}
