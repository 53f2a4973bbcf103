// The ceiling of `npm run bench:send`, in a process of its own: nodemailer sending the very
// message a member gets (same size, same pool, same number in flight) straight to the SMTP server.
// `npm run bench:reminders` runs it too, with the reminder its worker sends.
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import {
  personalize,
  renderTemplate,
  type MessageSource,
} from '../../src/server/mail/chapterMessage';
import { calendarAttachment } from '../../src/server/mail/mailAttachments';
import { sanitizeRichText } from '../../src/server/core/sanitize';
import { appConfig, BODY, PUBLIC_URL, TITLE } from './setup';

export interface CeilingReport {
  count: number;
  seconds: number;
  cpuMs: number;
  inFlight: number;
}

/** bench:send's chapter email, as stored with its message. */
const benchMessage = (): MessageSource => ({
  subject: TITLE,
  body: sanitizeRichText(BODY),
  fromName: 'Bench Town',
  replyTo: 'bench@drinkingliberally.org',
});

/**
 * `count` copies of `message` to the SMTP server on `port`, as many in flight as the app sends
 * at once.
 */
export async function runCeiling(
  port: number,
  count: number,
  concurrency: string | undefined,
  message: MessageSource = benchMessage(),
): Promise<CeilingReport> {
  const config = appConfig(port, concurrency);
  const inFlight = config.mail.sendConcurrency;
  // The very message a member gets (the app's own rendering, done once), so sizes match.
  const template = renderTemplate(message, { publicUrl: PUBLIC_URL, tracking: true });
  // The same transport options as the app's mailer (src/server/mail/mailer.ts).
  const transport = nodemailer.createTransport({ url: config.mail.smtpUrl!, pool: true });
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  let next = 0;
  async function loop() {
    while (next < count) {
      const i = next++;
      const token = randomBytes(16).toString('hex');
      const mail = personalize(
        template,
        { email: `reader${i}@example.org`, trackingToken: token, unsubscribeToken: token },
        PUBLIC_URL,
      );
      const { fromName, calendar, ...rest } = mail;
      await transport.sendMail({
        ...rest,
        from: { name: fromName ?? '', address: 'news@example.org' },
        attachDataUrls: true,
        ...(calendar ? { attachments: [calendarAttachment(calendar)] } : {}),
      });
    }
  }
  await Promise.all(Array.from({ length: inFlight }, loop));
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  transport.close();
  return { count, seconds, cpuMs: (cpu.user + cpu.system) / 1000, inFlight };
}
