// The Brevo tab's calls (spec 2 §7), admins only: a contact by address, its block, its lists.
// Served by whichever provider serves the lists (the factory decides per call), so with the
// built-in provider the tab manages the built-in contacts the same way.
import { inArray } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { chapters } from '../../db/schema';
import {
  BREVO_TEXT,
  brevoContactSchema,
  brevoContactsSchema,
  brevoListsSchema,
  chaptersByListIdsAnswerSchema,
  chaptersByListIdsRequestSchema,
  contactEmailParamsSchema,
  contactListParamsSchema,
  contactSearchQuerySchema,
  emailStatusSchema,
} from '../../../common/schemas/emailAdmin';
import { SIGN_UP_MANY_ERRORS } from '../../../common/schemas/mailing';
import { resultSchema } from '../../../common/schemas/permissions';
import { requireAdmin } from '../../plugins/auth';
import { HttpError } from '../../core/httpError';
import { activeListProvider, mailingListProvider } from '../../mail/lists/factory';
import { brevoChoice } from './providers';
import { displayTitle } from '../../core/summaries';
import { getEmailService } from '../settings';
import { LIST_NOT_FOUND, listIdField } from './listAccess';

const SEARCH_LIMIT = 50;
const success = { result: 'success' as const };

export function contactAdminRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const brevo = brevoChoice(app.config);
  const provider = mailingListProvider(app.db, brevo);
  const admin = { access: 'admin' } as const;
  const notFound = () => new HttpError(404, BREVO_TEXT.notFound);

  app.get(
    '/api/admin/email/status',
    { config: admin, schema: { response: { 200: emailStatusSchema } } },
    async (request) => {
      requireAdmin(request);
      return {
        listProvider: await activeListProvider(app.db, brevo),
        brevoConfigured: brevo !== null,
        aliasDelivery: app.config.mailgun.apiKey ? ('mailgun' as const) : ('postfix' as const),
      };
    },
  );

  app.get(
    '/api/admin/brevo/contact/:email',
    {
      config: admin,
      schema: { params: contactEmailParamsSchema, response: { 200: brevoContactSchema } },
    },
    async (request) => {
      requireAdmin(request);
      return (await provider.findContact(request.params.email)) ?? Promise.reject(notFound());
    },
  );

  app.post(
    '/api/admin/brevo/contact/:email/block',
    {
      config: admin,
      schema: { params: contactEmailParamsSchema, response: { 200: resultSchema } },
    },
    async (request) => {
      requireAdmin(request);
      if ((await provider.blockContact(request.params.email, 'Blocked by an admin')) === 0) {
        throw notFound();
      }
      return success;
    },
  );

  app.post(
    '/api/admin/brevo/contact/:email/unblock',
    {
      config: admin,
      schema: { params: contactEmailParamsSchema, response: { 200: resultSchema } },
    },
    async (request) => {
      requireAdmin(request);
      const { email } = request.params;
      // Unblocking a contact that is not blocked is done already; one that does not exist is not.
      if ((await provider.unblockContact(email)) === 0 && !(await provider.findContact(email))) {
        throw notFound();
      }
      return success;
    },
  );

  app.post(
    '/api/admin/brevo/contact/:email/lists/:listId',
    {
      config: admin,
      schema: { params: contactListParamsSchema, response: { 200: resultSchema } },
    },
    async (request) => {
      requireAdmin(request);
      const listId = String(request.params.listId);
      if (!(await provider.getList(listId))) throw new HttpError(404, LIST_NOT_FOUND);
      // As a host's Add Members: an admin's add does not undo the person's unsubscribe.
      const [result] = await provider.addContacts(listId, [request.params.email], {
        reactivate: false,
      });
      if (!result?.added) {
        const reason =
          result?.failure === 'unsubscribed'
            ? SIGN_UP_MANY_ERRORS.unsubscribed
            : result?.failure === 'blocked'
              ? SIGN_UP_MANY_ERRORS.blocked
              : result?.failure === 'bounced'
                ? SIGN_UP_MANY_ERRORS.bounced
                : 'The list did not take the address.';
        throw new HttpError(409, reason);
      }
      return success;
    },
  );

  app.delete(
    '/api/admin/brevo/contact/:email/lists/:listId',
    {
      config: admin,
      schema: { params: contactListParamsSchema, response: { 200: resultSchema } },
    },
    async (request) => {
      requireAdmin(request);
      const { email, listId } = request.params;
      if (!(await provider.removeContact(String(listId), email))) {
        throw new HttpError(404, 'The contact is not on this list.');
      }
      return success;
    },
  );

  app.get(
    '/api/admin/brevo/lists',
    { config: admin, schema: { response: { 200: brevoListsSchema } } },
    async (request) => {
      requireAdmin(request);
      const lists = await provider.allLists();
      return { lists: lists.map((l) => ({ id: Number(l.id), name: l.name })) };
    },
  );

  app.get(
    '/api/admin/brevo/contacts/search',
    {
      config: admin,
      schema: { querystring: contactSearchQuerySchema, response: { 200: brevoContactsSchema } },
    },
    async (request) => {
      requireAdmin(request);
      return { contacts: await provider.searchContacts(request.query.query, SEARCH_LIMIT) };
    },
  );

  app.post(
    '/api/admin/brevo/chapters/by-list-ids',
    {
      config: admin,
      schema: {
        body: chaptersByListIdsRequestSchema,
        response: { 200: chaptersByListIdsAnswerSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      const ids = [...new Set(request.body.listIds)].map(String);
      if (ids.length === 0) return { chapters: [] };
      const field = listIdField(await getEmailService(app.db));
      const rows = await app.db.select().from(chapters).where(inArray(chapters[field], ids));
      return {
        chapters: rows.map((c) => ({
          listId: Number(c[field]),
          chapterId: c.id,
          displayName: displayTitle(c),
        })),
      };
    },
  );
}
