// POST /api/admin/mailgun/aliases/test: a real message to the alias's address, handed to the
// site's mail server (SMTP_URL). Whoever delivers the domain's mail (Mailgun's routes or
// Postfix reading our view) forwards it to the recipients; the answer says what happened here.
import type { Db } from '../../db/client';
import type { AliasTestAnswer } from '../../../common/schemas/emailAdmin';
import { HttpError } from '../../core/httpError';
import type { Mailer } from '../../mail/mailer';
import { aliasAddress } from './service';
import { letterMail } from '../../mail/layout';

export async function testAlias(
  db: Db,
  mailer: Mailer,
  id: number,
  adminEmail: string,
  publicUrl: string,
): Promise<AliasTestAnswer> {
  const alias = await aliasAddress(db, id);
  const to = `${alias.localPart}@${alias.domain}`;
  if (alias.recipients.length === 0) {
    throw new HttpError(400, `${to} has no recipients: there is nobody to deliver a test to.`);
  }
  const sentAt = new Date().toISOString();
  try {
    // Straight to SMTP, not the queue: the test is of the mail server, and its answer is the point.
    await mailer.sendNow(
      letterMail(
        to,
        {
          publicUrl,
          subject: `Test of the alias ${to}`,
          blocks: [
            {
              p: `This is a test of the alias ${to}, sent from the site's email administration by ${adminEmail} at ${sentAt}.`,
            },
            { p: `It should reach: ${alias.recipients.join(', ')}.` },
          ],
          reason:
            'You get this email because a site admin tested the alias you receive mail through.',
        },
        { replyTo: adminEmail, headers: { 'X-Alias-Test': String(alias.id) } },
      ),
    );
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new HttpError(502, `The mail server did not take the test message: ${reason}`);
  }
  const delivery = mailer.kind;
  return {
    result: 'success',
    to,
    recipients: alias.recipients,
    delivery,
    message:
      delivery === 'smtp'
        ? `A test message was sent to ${to}; it should reach ${alias.recipients.join(', ')} in a minute or two.`
        : `No mail server is configured (SMTP_URL), so the test message to ${to} was only kept in the outbox and the log, not delivered.`,
  };
}
