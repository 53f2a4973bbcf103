// GET /api/admin/email_queue: the chapter email queue as it is now, for the admin dashboard.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailQueue,
  mailingDeliveries,
  mailingListContacts,
  mailingMessages,
} from '../../db/schema';
import { emailQueueSchema } from '../../../common/schemas/emailQueue';
import { createTestApp } from '../../test/app';
import {
  createChapterAdminWorld,
  send,
  type ChapterAdminWorld,
} from '../../test/chapterAdminWorld';
import { expectAdminOnly } from '../../test/adminOnly';
import { queueMessage, type TestApp } from '../mailing/testWorld';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  // No worker: the queue stays as the test leaves it.
  t = await createTestApp({ env: { MAIL_SEND_POLL_MS: '0' } });
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const ask = async () => {
  const res = await send(t, { method: 'GET', url: '/api/admin/email_queue' }, w.cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return emailQueueSchema.parse(res.json());
};

const HOUR = 3_600_000;

async function setStatus(messageId: number, emails: string[], status: string, error?: string) {
  const contacts = t.db
    .select({ id: mailingListContacts.id })
    .from(mailingListContacts)
    .where(inArray(mailingListContacts.email, emails));
  await t.db
    .update(mailingDeliveries)
    .set({ status, error: error ?? null })
    .where(
      and(
        eq(mailingDeliveries.messageId, messageId),
        inArray(mailingDeliveries.contactId, contacts),
      ),
    );
}

describe('GET /api/admin/email_queue', () => {
  it('is for site admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: '/api/admin/email_queue' });
  });

  it('answers an empty queue as nothing waiting', async () => {
    expect(await ask()).toEqual({
      waiting: 0,
      sending: 0,
      failedLastDay: 0,
      scheduledNextDay: 0,
      oldestWaitingSeconds: null,
      siteMail: { waiting: 0, failedLastDay: 0 },
      lastErrors: [],
    });
  });

  it('counts waiting, sending and the last day’s failures, and names the last errors', async () => {
    const old = await queueMessage(t, 'queueold', 3, 'Old news');
    const fresh = await queueMessage(t, 'queuefresh', 4, 'Fresh news');
    // The old message was sent to the list two hours ago, and one of its copies waits still.
    await t.db
      .update(mailingMessages)
      .set({ createdAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(mailingMessages.id, old.messageId));
    await setStatus(old.messageId, ['queueold0@example.org'], 'sent');
    await setStatus(old.messageId, ['queueold1@example.org'], 'failed', '550 no such user');
    await setStatus(fresh.messageId, ['queuefresh0@example.org'], 'sending');
    await setStatus(fresh.messageId, ['queuefresh1@example.org'], 'failed', '552 mailbox full');
    // A failure of a message older than a day is not counted.
    const ancient = await queueMessage(t, 'queueancient', 1, 'Ancient news');
    await t.db
      .update(mailingMessages)
      .set({ createdAt: new Date(Date.now() - 30 * HOUR) })
      .where(eq(mailingMessages.id, ancient.messageId));
    await setStatus(ancient.messageId, ['queueancient0@example.org'], 'failed', 'old failure');

    // The site's own mail: one waiting, one failed today, one failed two days ago.
    const site = { from: 'a@example.org', subject: 's', text: 't', messageId: '<m@x>' };
    await t.db.insert(mailQueue).values([
      { ...site, to: 'w@example.org', status: 'pending', dueAt: new Date() },
      { ...site, to: 'f@example.org', status: 'failed', dueAt: new Date() },
      {
        ...site,
        to: 'o@example.org',
        status: 'failed',
        dueAt: new Date(),
        createdAt: new Date(Date.now() - 48 * HOUR),
      },
    ]);

    const queue = await ask();
    expect(queue).toMatchObject({ waiting: 1 + 2, sending: 1, failedLastDay: 2 });
    expect(queue.siteMail).toEqual({ waiting: 1, failedLastDay: 1 });
    expect(queue.oldestWaitingSeconds).toBeGreaterThanOrEqual(2 * 3600 - 5);
    expect(queue.oldestWaitingSeconds).toBeLessThan(2 * 3600 + 60);
    expect(queue.lastErrors).toEqual([
      {
        recipient: 'queuefresh1@example.org',
        subject: 'Fresh news',
        error: '552 mailbox full',
        queuedAt: expect.any(String),
      },
      {
        recipient: 'queueold1@example.org',
        subject: 'Old news',
        error: '550 no such user',
        queuedAt: expect.any(String),
      },
    ]);
  });
});
