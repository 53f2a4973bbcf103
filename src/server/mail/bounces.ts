// Bounces: the SMTP server refused a recipient for good (a 5xx answer to RCPT TO, or to the
// message itself). The mailbox is then taken as gone for the whole site: every contact row of
// the address that would still get mail (active or unconfirmed, on any list) becomes 'bounce',
// with the server's answer and when, in the columns a block uses (blocked_date,
// blocked_reason: the spec's contact details show those two). It gets no more email until a
// host re-activates it on their list. A temporary refusal (4xx) or a lost connection is no
// bounce: the delivery is retried (sendFailures.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { STORED_STATUS } from '../../common/memberFilters';
import { queryRows } from '../core/database';

/** What nodemailer's error carries of the SMTP exchange. */
interface SmtpError {
  responseCode?: unknown;
  command?: unknown;
  response?: unknown;
  rejectedErrors?: { response?: unknown; responseCode?: unknown }[];
}

// Only answers about this recipient or this message: a 5xx to AUTH or MAIL FROM is about us.
const RECIPIENT_COMMANDS = new Set(['RCPT TO', 'DATA']);

/**
 * The server's answer when `err` is a permanent refusal of the recipient or of the message
 * (a bounce), else null. One recipient per message here, so a refused RCPT TO is theirs.
 */
export function bounceReason(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as SmtpError;
  const code = e.responseCode;
  if (typeof code !== 'number' || code < 500 || code > 599) return null;
  if (typeof e.command !== 'string' || !RECIPIENT_COMMANDS.has(e.command)) return null;
  // The recipient's own answer ("550 5.1.1 No such user") rather than nodemailer's summary.
  const own = e.rejectedErrors?.find((r) => r.responseCode === code)?.response;
  const answer = typeof own === 'string' ? own : e.response;
  return (typeof answer === 'string' && answer.trim() ? answer.trim() : `${code}`).slice(0, 500);
}

/** Marks every row of the address that would get mail as bounced; answers how many. */
export async function markBounced(db: Db, email: string, reason: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update mailing_list_contacts
        set status = ${STORED_STATUS.bounced}, blocked_date = now(), blocked_reason = ${reason}
        where lower(email) = ${email.trim().toLowerCase()}
          and status in (${STORED_STATUS.active}, ${STORED_STATUS.unconfirmed})
        returning id`,
  );
  return rows.length;
}
