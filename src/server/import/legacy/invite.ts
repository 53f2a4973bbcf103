// `--invite`: each imported user without a password gets one email with a link to set one. The
// link is a password reset token (modules/auth) that lasts longer than a reset's hour: people
// read such a mail days later. Each user is invited once; a rerun invites only the new ones.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { legacyImportMap, passwordResetTokens, users } from '../../db/schema';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { letterMail } from '../../mail/layout';
import { resetLink, hashToken, newToken } from '../../modules/auth';
import { SITE_NAME } from '../../../common/constants';
import { eachLimit, importEntity, type ImportContext } from './context';

const KIND = 'invitation';
export const INVITATION_DAYS = 14;

export async function inviteUsers(
  ctx: ImportContext,
  mailer: Mailer,
  publicUrl: string,
): Promise<number> {
  ctx.reporter.phase([KIND]);
  const invited = ctx.known.get(KIND) ?? new Map();
  const due = [...(ctx.known.get('user')?.values() ?? [])]
    .map((u) => u.localId)
    .filter((id) => !invited.has(String(id)));
  const waiting = new Set<number>();
  for (let i = 0; i < due.length; i += 1000) {
    const rows = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, due.slice(i, i + 1000)), isNull(users.passwordHash)));
    for (const r of rows) waiting.add(r.id);
  }
  ctx.reporter.read(KIND, waiting.size);
  let sent = 0;
  await eachLimit([...waiting], ctx.concurrency, async (userId) => {
    let invitation: { email: string; name: string; token: string } | undefined;
    await importEntity(ctx, KIND, userId, 'invited', async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      const token = newToken();
      await tx.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      });
      invitation = { email: user!.email, name: user!.name, token };
      return userId;
    });
    if (!invitation) return;
    // The mail goes after the token's transaction has committed: the outbox mailer writes
    // through its own connection, which on the embedded database (one connection) would wait
    // for this transaction forever; and an SMTP hand-off should hold no transaction open. A mail
    // that fails leaves the user uninvited, so the next run invites them again.
    try {
      await mailer.send(invitationMail(invitation, publicUrl));
    } catch (err) {
      await forgetInvitation(ctx, userId);
      throw err;
    }
    sent++;
  });
  return sent;
}

function invitationMail(
  invitation: { email: string; name: string; token: string },
  publicUrl: string,
): OutgoingMail {
  return letterMail(invitation.email, {
    publicUrl,
    subject: `Your ${SITE_NAME} account has moved: set your password`,
    greeting: `Hello ${invitation.name},`,
    blocks: [
      {
        p: `The ${SITE_NAME} site has moved to a new home, and your account came with it: your chapters and roles are as they were. Set a password within ${INVITATION_DAYS} days on this page:`,
      },
      { button: 'Set my password', url: resetLink(publicUrl, invitation.token), showUrl: true },
      { p: 'After that, "Forgot password" on the sign-in page sends a new link at any time.' },
    ],
    reason: `You get this email because ${invitation.email} has an account on the ${SITE_NAME} site.`,
  });
}

/** Undoes the mark of an invitation whose mail could not be handed over. */
async function forgetInvitation(ctx: ImportContext, userId: number): Promise<void> {
  await ctx.db
    .delete(legacyImportMap)
    .where(and(eq(legacyImportMap.kind, KIND), eq(legacyImportMap.originalId, String(userId))));
  ctx.known.get(KIND)?.delete(String(userId));
}
