// The mail a chapter's hosts get from the site (issue 34, item 4): the new host's welcome when
// an admin makes a chapter from their application (the chapter's link, how to sign in, the
// first steps), and the news that a hidden chapter is now active. No password goes by mail:
// the welcome carries a set-password link, a page with a button, as a reset does. A mail that
// fails is logged and undoes nothing.
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { chapters, permissions, users } from '../../db/schema';
import { LIMITS, ROLE } from '../../../common/constants';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { chapterUrl, letterMail } from '../../mail/layout';
import { displayTitle } from '../../core/summaries';
import { createResetToken, resetLink } from '../auth';

export interface HostMailer {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

async function hostsOf(db: Db, chapterId: number) {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(permissions)
    .innerJoin(users, eq(users.id, permissions.userId))
    .where(and(eq(permissions.chapterId, chapterId), eq(permissions.roleId, ROLE.chapterHost)));
}

async function chapterOf(db: Db, chapterId: number) {
  const [chapter] = await db.select().from(chapters).where(eq(chapters.id, chapterId)).limit(1);
  return chapter ?? null;
}

async function send(ctx: HostMailer, mail: OutgoingMail, chapterId: number) {
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.log.warn({ err, chapterId }, 'a mail to a chapter host could not be sent');
  }
}

const hours = (minutes: number) =>
  minutes % 60 === 0 && minutes >= 60
    ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
    : `${minutes} minutes`;

/** The welcome of the host whose application became chapter `chapterId`. */
export async function tellNewHost(ctx: HostMailer, chapterId: number, userId: number) {
  const chapter = await chapterOf(ctx.db, chapterId);
  const [host] = (await hostsOf(ctx.db, chapterId)).filter((h) => h.id === userId);
  if (!chapter || !host) return;
  const name = displayTitle(chapter);
  const page = chapterUrl(ctx.publicUrl, chapter);
  const setPassword = resetLink(ctx.publicUrl, await createResetToken(ctx.db, host.id));
  await send(
    ctx,
    letterMail(host.email, {
      publicUrl: ctx.publicUrl,
      subject: `Your chapter is ready to set up: ${name}`,
      preheader: 'Your link, how to sign in, and the first steps.',
      chapter: { name, url: page },
      greeting: `Hi ${host.name},`,
      blocks: [
        {
          p: `Welcome aboard: you are now the host of ${name}. Its page is hidden from visitors while you set it up, and it lives here:`,
        },
        { link: page, url: page },
        {
          p: `To sign in, use ${host.email} and your password on the site's sign-in page. If you have none, or forgot it, choose one on this page (the link works for ${hours(LIMITS.resetLinkMinutes)}; "Forgot password" sends a new one at any time):`,
        },
        { button: 'Choose my password', url: setPassword, showUrl: true },
        { link: 'Sign in', url: `${ctx.publicUrl}/signin` },
        { p: "Then, from your chapter page's admin area, four steps make it ready:" },
        {
          items: [
            'About: a few lines on who you are and what a meeting is like (Page Content).',
            'A header image: the bar, the café or the table you meet at (Page Content).',
            'Your first event: where and when you meet, and how often (Events).',
            'Your mailing list: add the people you already know (Email).',
          ],
          numbered: true,
        },
        {
          p: "When they are done, tell us: an admin sets up your chapter's email address and makes the page active, and you will get an email when it is.",
        },
        { button: 'Set up my chapter', url: `${page}/admin` },
      ],
      signoff: ['Thank you for hosting,', 'The Living Liberally organisers'],
      reason: `You get this email because your application to host was approved and ${host.email} is the host of ${name}.`,
    }),
    chapterId,
  );
}

/** Tells every host of chapter `chapterId` that it is now active: visible to everyone. */
export async function tellActivated(ctx: HostMailer, chapterId: number) {
  const chapter = await chapterOf(ctx.db, chapterId);
  if (!chapter) return;
  const name = displayTitle(chapter);
  const page = chapterUrl(ctx.publicUrl, chapter);
  for (const host of await hostsOf(ctx.db, chapterId)) {
    await send(
      ctx,
      letterMail(host.email, {
        publicUrl: ctx.publicUrl,
        subject: `${name} is live`,
        chapter: { name, url: page },
        greeting: `Hi ${host.name},`,
        blocks: [
          {
            p: `${name} is now active: its page shows on the map and in the directory, and visitors can join its mailing list and say they are coming to its meetings.`,
          },
          { button: 'See the chapter page', url: page },
          {
            p: "A good first move: send your list a note about the next meeting (Email, in your chapter's admin area), and share the page's link wherever your neighbours read.",
          },
        ],
        signoff: ['See you at the table,', 'The Living Liberally organisers'],
        reason: `You get this email as a host of ${name}.`,
      }),
      chapterId,
    );
  }
}
