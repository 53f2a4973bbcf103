// The Mailgun tab's calls (spec 2 §7), admins only: aliases listed, searched, created, edited,
// deleted and tested. With MAILGUN_API_KEY each change reaches Mailgun's routes before it is
// committed; without it Postfix reads the aliases from the database (docs/mail-aliases.md).
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  aliasDomainsSchema,
  aliasesAnswerSchema,
  aliasIdParamsSchema,
  aliasSaveSchema,
  aliasSearchQuerySchema,
  aliasTestAnswerSchema,
  aliasTestRequestSchema,
  emailAliasSchema,
} from '../../../common/schemas/emailAdmin';
import { resultSchema } from '../../../common/schemas/permissions';
import { requireAdmin } from '../../plugins/auth';
import { mailgunClient, type MailgunClient } from '../../mail/aliases/mailgunClient';
import { startMailgunSync } from '../../mail/aliases/mailgunSync';
import { aliasDomains, createAlias, deleteAlias, listAliases, updateAlias } from './service';
import { testAlias } from './aliasTest';

export function aliasRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { apiKey, apiUrl, syncMs } = app.config.mailgun;
  const mailgun: MailgunClient | null = apiKey ? mailgunClient({ apiKey, apiUrl }) : null;
  if (mailgun) {
    // Changes the database makes by itself (a chapter's new host, a renamed alias) reach
    // Mailgun on the next turn.
    let loop: ReturnType<typeof startMailgunSync> | null = null;
    app.addHook('onReady', async () => {
      loop = startMailgunSync({ db: app.db, mailgun, intervalMs: syncMs, log: app.log });
    });
    app.addHook('onClose', async () => loop?.stop());
  }
  const admin = { access: 'admin' } as const;

  app.get(
    '/api/admin/mailgun/aliases',
    {
      config: admin,
      schema: { querystring: aliasSearchQuerySchema, response: { 200: aliasesAnswerSchema } },
    },
    async (request) => {
      requireAdmin(request);
      return { aliases: await listAliases(app.db, request.query.search) };
    },
  );

  app.get(
    '/api/admin/mailgun/domains',
    { config: admin, schema: { response: { 200: aliasDomainsSchema } } },
    async (request) => {
      requireAdmin(request);
      return { domains: await aliasDomains(app.db) };
    },
  );

  app.post(
    '/api/admin/mailgun/aliases',
    { config: admin, schema: { body: aliasSaveSchema, response: { 200: emailAliasSchema } } },
    (request) => {
      const by = requireAdmin(request);
      return createAlias(app.db, { ...request.body, by }, mailgun);
    },
  );

  app.put(
    '/api/admin/mailgun/aliases/:id',
    {
      config: admin,
      schema: {
        params: aliasIdParamsSchema,
        body: aliasSaveSchema,
        response: { 200: emailAliasSchema },
      },
    },
    (request) => {
      const by = requireAdmin(request);
      return updateAlias(app.db, request.params.id, { ...request.body, by }, mailgun);
    },
  );

  app.delete(
    '/api/admin/mailgun/aliases/:id',
    { config: admin, schema: { params: aliasIdParamsSchema, response: { 200: resultSchema } } },
    async (request) => {
      requireAdmin(request);
      await deleteAlias(app.db, request.params.id, mailgun);
      return { result: 'success' as const };
    },
  );

  app.post(
    '/api/admin/mailgun/aliases/test',
    {
      config: admin,
      schema: { body: aliasTestRequestSchema, response: { 200: aliasTestAnswerSchema } },
    },
    (request) => {
      const user = requireAdmin(request);
      return testAlias(app.db, app.mailer, request.body.id, user.email, app.config.publicUrl);
    },
  );
}
