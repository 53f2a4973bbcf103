// A host's answer to a bounce (src/server/mail/bounces.ts): the member's mailbox works again, so
// the member of their list gets chapter email again. Built-in lists only: Brevo keeps its own
// bounces, and a Brevo list has no rows here (the call then answers 404).
import { and, eq, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import type { Db } from '../../db/client';
import { mailingListContacts } from '../../db/schema';
import { STORED_STATUS } from '../../../common/memberFilters';
import { reactivateContactRequestSchema } from '../../../common/schemas/mailing';
import { resultSchema } from '../../../common/schemas/permissions';
import { HttpError } from '../../core/httpError';
import { mailingListProvider } from '../../mail/lists/factory';
import { parseListId } from '../../mail/lists/builtinLists';
import { liftKeptBounce } from '../../mail/lists/suppressions';
import { brevoChoice } from './providers';
import { authorizeList } from './listAccess';

/** The list's bounced member becomes active; the address stays bounced on other lists. */
export async function reactivateBounced(
  db: Db,
  listId: string,
  email: string,
): Promise<{ result: 'success' }> {
  const id = parseListId(listId);
  const rows =
    id === null
      ? []
      : await db
          .update(mailingListContacts)
          .set({ status: STORED_STATUS.active, blockedDate: null, blockedReason: null })
          .where(
            and(
              eq(mailingListContacts.listId, id),
              eq(sql`lower(${mailingListContacts.email})`, email.trim().toLowerCase()),
              eq(mailingListContacts.status, STORED_STATUS.bounced),
            ),
          )
          .returning({ id: mailingListContacts.id });
  if (rows.length === 0) throw new HttpError(404, 'No bounced member with this address.');
  // A bounce kept from this list's deleted row goes with it: other lists' bounces stay.
  await liftKeptBounce(db, id!, email.trim().toLowerCase());
  return { result: 'success' };
}

export function mailingBounceRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const provider = mailingListProvider(app.db, brevoChoice(app.config));

  app.post(
    '/api/mailing_list/reactivate',
    {
      config: { access: 'hostAccess' },
      schema: { body: reactivateContactRequestSchema, response: { 200: resultSchema } },
    },
    async (request) => {
      const { listId, email } = request.body;
      await authorizeList(request, app.db, provider, listId);
      return reactivateBounced(app.db, listId, email);
    },
  );
}
