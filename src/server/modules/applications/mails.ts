// The mail a new host application sends (issue 34, item 4): a receipt to the applicant saying
// what happens next, and a notice to the site's admins and to the field organizers of
// chapters in the application's state. Sent after the application is saved; a mail that fails
// is logged and undoes nothing (the application is on the admin dashboard either way).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { chapters, permissions, users } from '../../db/schema';
import {
  CHAPTER_TYPE_SUFFIX,
  CHAPTER_TYPES,
  HOST_APPLICATION_TYPE_ID,
  ROLE,
} from '../../../common/constants';
import type { HostApplication } from '../../../common/schemas/applications';
import type { Mailer } from '../../mail/mailer';
import { letterMail } from '../../mail/layout';
import { placeName } from '../../../common/address';

export interface ApplicationMailer {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

function typeName(type: HostApplication['type']): string {
  const id = HOST_APPLICATION_TYPE_ID[type];
  const name = CHAPTER_TYPES.find((t) => t.id === id)?.name ?? 'Drinking';
  return `${name} ${CHAPTER_TYPE_SUFFIX}`;
}

/** Admins, and field organizers of a chapter in `state`: one row per address. */
async function reviewersOf(db: Db, state: string) {
  const rows = await db
    .selectDistinct({ email: users.email, name: users.name, roleId: permissions.roleId })
    .from(permissions)
    .innerJoin(users, eq(users.id, permissions.userId))
    .leftJoin(chapters, eq(chapters.id, permissions.chapterId))
    .where(
      sql`(${and(eq(permissions.roleId, ROLE.admin), isNull(permissions.chapterId))})
          or (${and(
            eq(permissions.roleId, ROLE.fieldOrganizer),
            inArray(sql`upper(${chapters.state})`, [state.toUpperCase()]),
          )})`,
    );
  // An admin who is also a field organizer gets the admin's notice, once.
  const byEmail = new Map<string, { email: string; name: string; admin: boolean }>();
  for (const row of rows) {
    const key = row.email.toLowerCase();
    const admin = row.roleId === ROLE.admin || (byEmail.get(key)?.admin ?? false);
    byEmail.set(key, { email: row.email, name: row.name, admin });
  }
  return [...byEmail.values()];
}

function receipt(publicUrl: string, application: HostApplication) {
  const what = `a ${typeName(application.type)} chapter in ${placeName(application)}`;
  return letterMail(application.user.email, {
    publicUrl,
    subject: `We have your application to start ${what}`,
    preheader: 'What happens next, and when you will hear from us.',
    greeting: `Hi ${application.user.name},`,
    blocks: [
      { p: `Thank you for offering to host ${what}. Your application reached us.` },
      { p: 'What happens next:' },
      {
        items: [
          'One of our organisers reads it, usually within a week.',
          'They email you to set up a short phone call: what a meeting looks like, where it could be, and how we help.',
          'After the call we set up your chapter page and make you its host; you will get an email with your link and the first steps.',
        ],
        numbered: true,
      },
      { p: 'You can see your application, and its status, on the site at any time:' },
      {
        button: 'See my application',
        url: `${publicUrl}/my_chapter_host_applications/${application.slug}`,
      },
      { p: 'If anything changes before then, just reply to the organiser who writes to you.' },
    ],
    signoff: ['Thank you,', 'The Living Liberally organisers'],
    reason: `You get this email because you applied to host a chapter with ${application.user.email}.`,
  });
}

function notice(
  publicUrl: string,
  application: HostApplication,
  to: { email: string; name: string; admin: boolean },
) {
  const where = placeName(application);
  const details = [
    `Applicant: ${application.user.name}`,
    `Chapter type: ${typeName(application.type)}`,
    `Place: ${where}`,
  ];
  return letterMail(to.email, {
    publicUrl,
    subject: `New host application: ${typeName(application.type)} in ${where}`,
    greeting: `Hi ${to.name},`,
    blocks: [
      { p: `${application.user.name} applied to host a chapter in ${where}.` },
      { items: details },
      ...(application.reason.trim()
        ? [{ p: `Why they want to host:\n${application.reason.trim()}` }]
        : []),
      ...(to.admin
        ? [
            {
              button: 'Open the application',
              url: `${publicUrl}/admin/chapter_host_applications/${application.slug}`,
            },
          ]
        : [
            {
              p: `You get this as a field organizer in ${application.state}. The site's admins review the application and will be in touch; if you know the area, tell them what you know.`,
            },
          ]),
    ],
    reason: to.admin
      ? 'You get this email as an admin of the site.'
      : `You get this email as a field organizer of a chapter in ${application.state}.`,
  });
}

/** The receipt and the notices of a new application; never throws. */
export async function tellApplied(ctx: ApplicationMailer, application: HostApplication) {
  const send = async (mail: Parameters<Mailer['send']>[0]) => {
    try {
      await ctx.mailer.send(mail);
    } catch (err) {
      ctx.log.warn({ err, applicationId: application.id }, 'an application mail could not be sent');
    }
  };
  await send(receipt(ctx.publicUrl, application));
  const applicant = application.user.email.toLowerCase();
  for (const reviewer of await reviewersOf(ctx.db, application.state)) {
    if (reviewer.email.toLowerCase() === applicant) continue;
    await send(notice(ctx.publicUrl, application, reviewer));
  }
}
