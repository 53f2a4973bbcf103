import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTestApp } from '../test/app';
import { mailOutbox, mailQueue } from '../db/schema';

const received: { to: string[]; subject: string; text: string }[] = [];
const parsed: ParsedMail[] = [];
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream, { skipImageLinks: true }).then((mail) => {
        parsed.push(mail);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('transactional mail', () => {
  it('goes over SMTP when SMTP_URL is set', async () => {
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Chapters <hello@example.org>' },
    });
    try {
      expect(t.app.mailer.kind).toBe('smtp');
      await t.app.mailer.send({
        to: 'reader@example.org',
        subject: 'Hello',
        text: 'Over the wire.',
      });
      expect(received.at(-1)).toEqual({
        to: ['reader@example.org'],
        subject: 'Hello',
        text: 'Over the wire.\n',
      });
      expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
      // Written to the queue first, and marked sent once the SMTP server took it.
      expect(await t.db.select().from(mailQueue)).toMatchObject([
        { to: 'reader@example.org', status: 'sent', attempts: 1 },
      ]);
    } finally {
      await t.close();
    }
  });

  it('sends a pasted data: image as an inline attachment the HTML points to', async () => {
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Chapters <hello@example.org>' },
    });
    try {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      await t.app.mailer.send({
        to: 'reader@example.org',
        subject: 'With a flyer',
        text: 'See the flyer.',
        html: `<p><img src="data:image/png;base64,${png.toString('base64')}" alt="flyer"></p>`,
        messageId: '<fixed-1@chapters.example.org>',
      });
      const mail = parsed.at(-1)!;
      expect(mail.messageId).toBe('<fixed-1@chapters.example.org>');
      const [image] = mail.attachments;
      expect(image?.contentType).toBe('image/png');
      expect(image?.content.equals(png)).toBe(true);
      const cid = image!.contentId!.replace(/^<|>$/g, '');
      expect(mail.html).toContain(`src="cid:${cid}"`);
      expect(mail.html).not.toContain('data:image');
    } finally {
      await t.close();
    }
  });

  it('is kept in the outbox without SMTP', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.mailer.kind).toBe('outbox');
      await t.app.mailer.send({ to: 'reader@example.org', subject: 'Kept', text: 'In the table.' });
      const [row] = await t.db.select().from(mailOutbox);
      expect(row).toMatchObject({
        to: 'reader@example.org',
        subject: 'Kept',
        text: 'In the table.',
      });
    } finally {
      await t.close();
    }
  });
});
