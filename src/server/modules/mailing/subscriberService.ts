// What a recipient's mail links reach: the unsubscribe page and one-click unsubscribe, the open
// pixel and tracked links. These are the built-in provider's own (a service such as Brevo
// answers its own links). Tokens are the only credential: random, one per contact (unsubscribe)
// and one per copy sent (tracking).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  mailingDeliveries,
  mailingListContacts,
  mailingLists,
  mailingMessages,
} from '../../db/schema';
import type { UnsubscribeInfo } from '../../../common/schemas/mailing';
import { STORED_STATUS } from '../../../common/memberFilters';
import { HttpError } from '../../core/httpError';
import { messageLinks } from '../../mail/chapterMessage';
import { displayTitle } from '../../core/summaries';
import { chaptersOfList } from './listAccess';

const TOKEN = /^[0-9a-f]{32}$/;

function notFound(): HttpError {
  return new HttpError(404, 'This link is not valid.');
}

async function contactForToken(db: Db, token: string) {
  if (!TOKEN.test(token)) throw notFound();
  const [row] = await db
    .select({
      email: mailingListContacts.email,
      status: mailingListContacts.status,
      listId: mailingLists.id,
      listName: mailingLists.name,
    })
    .from(mailingListContacts)
    .innerJoin(mailingLists, eq(mailingLists.id, mailingListContacts.listId))
    .where(eq(mailingListContacts.unsubscribeToken, token))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** GET /api/mailing_list/unsubscribe/{token}: changes nothing (mail scanners follow links). */
export async function unsubscribeInfo(db: Db, token: string): Promise<UnsubscribeInfo> {
  const contact = await contactForToken(db, token);
  const [chapter] = await chaptersOfList(db, String(contact.listId));
  return {
    email: contact.email,
    listName: chapter ? displayTitle(chapter) : contact.listName,
    // Anything but active gets no mail: unsubscribed, blocked or bounced alike.
    unsubscribed: contact.status !== 'active',
  };
}

/**
 * POST /api/mailing_list/unsubscribe/{token}: from our page or a mail client's one-click.
 * Unsubscribing twice succeeds; a blocked contact stays blocked (it gets no mail either way,
 * and lifting the block later must not send to someone who asked to stop).
 */
export async function unsubscribe(db: Db, token: string): Promise<{ result: 'success' }> {
  await contactForToken(db, token);
  await db
    .update(mailingListContacts)
    .set({ status: STORED_STATUS.unsubscribed })
    .where(
      sql`${mailingListContacts.unsubscribeToken} = ${token} and ${mailingListContacts.status} <> 'blocked'`,
    );
  return { result: 'success' };
}

/**
 * Counts an open once per copy (the delivery's openedAt, the contact's numOpens); any open is
 * activity. Unknown tokens are ignored: the pixel is answered whatever happens.
 */
export async function recordOpen(db: Db, token: string): Promise<void> {
  if (!TOKEN.test(token)) return;
  await db.execute(
    sql`with d as (select id, contact_id from mailing_deliveries where tracking_token = ${token}),
             opened as (
               update mailing_deliveries set opened_at = now()
               where id in (select id from d) and opened_at is null
               returning id
             )
        update mailing_list_contacts
        set num_opens = num_opens + (select count(*)::int from opened), last_activity = now()
        where id in (select contact_id from d)`,
  );
}

async function recordClick(db: Db, token: string): Promise<void> {
  // A click shows the message was opened, even when its images were not loaded.
  await recordOpen(db, token);
  await db.execute(
    sql`with clicked as (
          update mailing_deliveries set clicked_at = now()
          where tracking_token = ${token} and clicked_at is null
          returning contact_id
        )
        update mailing_list_contacts set num_clicks = num_clicks + 1
        where id in (select contact_id from clicked)`,
  );
}

/**
 * GET /api/mailing_list/click/{token}?url=: where to send the reader. Only a link of that very
 * message is followed, so the route is no open redirect for anyone's phishing.
 */
export async function clickTarget(
  db: Db,
  token: string,
  url: string,
  tracking: boolean,
): Promise<string> {
  if (!TOKEN.test(token)) throw notFound();
  const [row] = await db
    .select({ body: mailingMessages.body })
    .from(mailingDeliveries)
    .innerJoin(mailingMessages, eq(mailingMessages.id, mailingDeliveries.messageId))
    .where(eq(mailingDeliveries.trackingToken, token))
    .limit(1);
  if (!row) throw notFound();
  if (!messageLinks(row.body).has(url)) {
    throw new HttpError(400, 'Invalid request: querystring.url', [
      { field: 'querystring.url', message: 'Not a link of this message' },
    ]);
  }
  if (tracking) await recordClick(db, token);
  // As ASCII (punycode host, percent-encoded path): a Location header takes nothing else.
  return new URL(url).href;
}
