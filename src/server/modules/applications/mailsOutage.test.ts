// Issue 34: an application's receipt and notices survive an SMTP server that is down when the
// host applies. The request is answered, the mails wait in the queue, and they arrive once the
// server is back and a loop's clock has passed their wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { insertChapter } from '../../test/chapterAdminWorld';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtpCatcher';
import { TestClock } from '../../test/testClock';
import { mailQueue } from '../../db/schema';
import { createMailer } from '../../mail/mailer';
import { mailQueueLoop } from '../../mail/mailQueueLoop';

let t: Awaited<ReturnType<typeof createTestApp>>;
let catcher: SmtpCatcher;
let port = 0;

beforeAll(async () => {
  // A port where an SMTP server was and is no more: connections to it are refused.
  const gone = await startSmtpCatcher();
  port = gone.port;
  await gone.close();
  t = await createTestApp({
    // The app's own loop stays still: the test's loop, on its clock, does the retrying.
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_SEND_POLL_MS: '0' },
  });
  await t.app.ready();
  await insertChapter(t, { title: 'Columbus', city: 'Columbus', state: 'OH' });
});
afterAll(async () => {
  await t.close();
  await catcher?.close();
});

describe('applying while the SMTP server is down', () => {
  it('answers the applicant, and the receipt and notices arrive once the server is back', async () => {
    const applicant = await signedInUser(t, { name: 'Ann Applicant', email: 'ann@example.org' });
    const admin = await signedInUser(t, { admin: true, email: 'boss@example.org' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chapter_host_application',
      headers: { cookie: applicant.cookie },
      payload: { city: 'Dayton', state: 'OH', type: 'dining', reason: 'Friends want it.' },
    });
    expect(res.statusCode).toBe(200);
    const waiting = await t.db.select().from(mailQueue);
    expect(waiting.map((m) => [m.to, m.status]).sort()).toEqual([
      ['ann@example.org', 'pending'],
      [admin.email, 'pending'],
    ]);

    catcher = await startSmtpCatcher(port);
    // The loop of any app server, a minute later (the first wait): counted from the database's
    // now(), which the rows' waits were written with.
    const clock = new TestClock(Date.now());
    const mailer = createMailer(t.config, t.db, t.app.log, { clock });
    const loop = mailQueueLoop({ db: t.db, queue: mailer.queue, log: t.app.log, clock, pollMs: 0 });
    try {
      expect(await loop.look()).toBe(0);
      await clock.advance(61_000);
      expect(await loop.look()).toBe(2);
    } finally {
      await loop.stop();
      await mailer.close();
    }
    expect(catcher.received.map((m) => m.subject).sort()).toEqual([
      'New host application: Dining Liberally in Dayton, OH',
      'We have your application to start a Dining Liberally chapter in Dayton, OH',
    ]);
    expect((await t.db.select().from(mailQueue)).every((m) => m.status === 'sent')).toBe(true);
  });
});
