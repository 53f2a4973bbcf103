// Network content lists and saves (spec 2 §7): GET /api/blog_post, /api/page, /api/wiki_page
// (the public ones for anyone, every one for admins) and POST of each (admins) to create or
// edit: see save.ts.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  blogPostListItemSchema,
  blogPostSaveSchema,
  blogPostSchema,
  pageListItemSchema,
  pageSaveSchema,
  pageSchema,
  wikiPageListItemSchema,
  wikiPageSaveSchema,
  wikiPageSchema,
} from '../../../common/schemas/content';
import { requireAdmin } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import {
  listBlogPosts,
  listPages,
  listWikiPages,
  saveBlogPost,
  savePage,
  saveWikiPage,
} from './save';

export function contentAdminRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blog_post',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.array(blogPostListItemSchema) } },
    },
    (request) => listBlogPosts(app.db, request.user),
  );

  app.get(
    '/api/page',
    { config: { access: 'public' }, schema: { response: { 200: z.array(pageListItemSchema) } } },
    (request) => listPages(app.db, request.user),
  );

  app.get(
    '/api/wiki_page',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.array(wikiPageListItemSchema) } },
    },
    (request) => listWikiPages(app.db, request.user),
  );

  app.post(
    '/api/blog_post',
    {
      config: { access: 'admin' },
      schema: { body: blogPostSaveSchema, response: { 200: blogPostSchema } },
    },
    async (request) => {
      const post = await saveBlogPost(app.db, requireAdmin(request), request.body);
      await forgetAnswers(app, changed.content('blog'));
      return post;
    },
  );

  app.post(
    '/api/page',
    {
      config: { access: 'admin' },
      schema: { body: pageSaveSchema, response: { 200: pageSchema } },
    },
    async (request) => {
      const page = await savePage(app.db, requireAdmin(request), request.body);
      await forgetAnswers(app, changed.content('page'));
      return page;
    },
  );

  app.post(
    '/api/wiki_page',
    {
      config: { access: 'admin' },
      schema: { body: wikiPageSaveSchema, response: { 200: wikiPageSchema } },
    },
    async (request) => {
      const page = await saveWikiPage(app.db, requireAdmin(request), request.body);
      await forgetAnswers(app, changed.content('wiki'));
      return page;
    },
  );
}
