// Transactional mail through the queue (issue 34): written before it is tried, tried again after
// a refusal for a while or an SMTP server that is down, never after a refusal for good, once
// whichever of two servers' loops claims it, and after the lease of a server that died mid-send.
// Each "server" is a mailer and a loop on the test's clock, over one database and a real SMTP peer.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { mailQueue, type MailQueueRow } from '../db/schema';
import { createTestApp } from '../test/app';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtpCatcher';
import { TestClock } from '../test/testClock';
import { createMailer, type Mailer } from './mailer';
import { mailQueueLoop, type MailQueueLoop } from './mailQueueLoop';
import { QUEUE_LEASE_MS } from './mailQueueSender';

const MINUTE = 60_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let catcher: SmtpCatcher;
let clock: TestClock;
const servers: { mailer: Mailer; loop: MailQueueLoop }[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { MAIL_SEND_POLL_MS: '0' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(mailQueue);
  clock = new TestClock();
  catcher = await startSmtpCatcher();
});
afterEach(async () => {
  for (const s of servers.splice(0)) {
    await s.loop.stop();
    await s.mailer.close();
  }
  await catcher.close();
});

/** An app server's mailer and loop, on the test's clock, sending to `smtpUrl`. */
function server(smtpUrl = catcher.url) {
  const config: Config = { ...t.config, mail: { ...t.config.mail, smtpUrl } };
  const mailer = createMailer(config, t.db, t.app.log, { clock });
  const loop = mailQueueLoop({ db: t.db, queue: mailer.queue, log: t.app.log, clock, pollMs: 0 });
  servers.push({ mailer, loop });
  return { mailer, loop };
}

const rows = (): Promise<MailQueueRow[]> => t.db.select().from(mailQueue).orderBy(mailQueue.id);
const mail = (n = 1) => ({
  to: `reader${n}@example.org`,
  subject: `Your link ${n}`,
  text: `Open https://chapters.example.org/rsvp/secret-${n}`,
});

describe('the transactional mail queue', () => {
  it('tries a mail refused with a 4xx again after its wait, and it arrives once', async () => {
    const { mailer, loop } = server();
    catcher.refuse({ code: 451, message: 'Try again later' });
    await mailer.send(mail());
    expect(catcher.refused).toBe(1);
    expect(catcher.received).toHaveLength(0);
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toContain('451');

    catcher.refuse(null);
    await clock.advance(MINUTE - 1000);
    expect(await loop.look()).toBe(0);
    await clock.advance(1000);
    expect(await loop.look()).toBe(1);
    expect(catcher.received.map((m) => m.subject)).toEqual(['Your link 1']);
    expect(catcher.received[0]!.messageId).toBe(waiting!.messageId);
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    await clock.advance(60 * MINUTE);
    expect(await loop.look()).toBe(0);
    expect(catcher.received).toHaveLength(1);
    // A day after it was sent, its row (and the link in its text) is gone.
    await clock.advance(24 * 60 * MINUTE);
    await loop.look();
    expect(await rows()).toEqual([]);
  });

  it('marks a mail refused with a 5xx failed, drops its text and never tries it again', async () => {
    const { mailer, loop } = server();
    catcher.refuse({ code: 550, message: 'No such user here' });
    await mailer.send(mail());
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, text: '', html: null });
    expect(failed!.lastError).toContain('550');
    catcher.refuse(null);
    await clock.advance(6 * 60 * MINUTE);
    expect(await loop.look()).toBe(0);
    expect(catcher.received).toHaveLength(0);
    expect(catcher.refused).toBe(1);
  });

  it('gives a mail up a day after it was written, with its last error', async () => {
    const { mailer, loop } = server();
    catcher.refuse({ code: 421, message: 'Service not available' });
    await mailer.send(mail());
    for (let hour = 0; hour < 25; hour += 1) {
      await clock.advance(60 * MINUTE);
      await loop.look();
    }
    const [given] = await rows();
    expect(given).toMatchObject({ status: 'failed', text: '' });
    expect(given!.lastError).toContain('421');
    // 1, 5, 15 minutes, then hourly: the first try and 24 more within the day.
    expect(given!.attempts).toBeGreaterThan(20);
    expect(given!.attempts).toBeLessThan(30);
    expect(catcher.refused).toBe(given!.attempts);
  });

  it('sends what two servers wrote while the SMTP server was down once, whichever loop claims it', async () => {
    const port = catcher.port;
    await catcher.close();
    const a = server(`smtp://127.0.0.1:${port}`);
    const b = server(`smtp://127.0.0.1:${port}`);
    for (let n = 1; n <= 6; n += 1) await (n % 2 ? a : b).mailer.send(mail(n));
    expect((await rows()).map((r) => r.status)).toEqual(Array(6).fill('pending'));
    expect((await rows())[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);

    catcher = await startSmtpCatcher(port);
    await clock.advance(MINUTE);
    const tried = await Promise.all([a.loop.look(), b.loop.look(), a.loop.look()]);
    expect(tried[0] + tried[1]).toBe(6);
    expect(catcher.received.map((m) => m.subject).sort()).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `Your link ${n}`),
    );
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
  });

  it('sends a mail whose server died mid-send once its lease runs out, under the same Message-ID', async () => {
    const dead = server();
    const { loop } = server();
    // Written and claimed by the server that was to try it, which died before it recorded a try.
    const written = await dead.mailer.queue!.write({
      to: 'reader@example.org',
      from: 'Chapters <hello@example.org>',
      replyTo: null,
      subject: 'Your RSVP link',
      text: 'Open the link.',
      html: null,
      calendar: null,
      headers: {},
      messageId: '<kept-1@chapters.example.org>',
    });
    await clock.advance(QUEUE_LEASE_MS - 1000);
    expect(await loop.look()).toBe(0);
    await clock.advance(1000);
    expect(await loop.look()).toBe(1);
    expect(catcher.received.map((m) => m.messageId)).toEqual(['<kept-1@chapters.example.org>']);
    const [sent] = await rows();
    expect(sent).toMatchObject({ id: written.id, status: 'sent', attempts: 2 });
    // Had it only stalled, its late try refused for a while changes nothing: the row is not its.
    catcher.refuse({ code: 451, message: 'Try again later' });
    expect(await dead.mailer.queue!.attempt(written)).toBe('not ours');
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 2, lastError: null }]);
  });
});
