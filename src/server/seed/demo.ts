// Loads the demo data set (demo-data.ts) into an empty database in one transaction. Used by
// start-up on a fresh embedded database and by `npm run seed:demo`.
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  activityFeedItems,
  blogPosts,
  chapterBlogPosts,
  chapterEventExceptions,
  chapterEvents,
  chapterHostApplications,
  chapterNotes,
  chapters,
  emailAliases,
  pages,
  permissions,
  pressMentions,
  settings,
  userNotes,
  users,
  wikiPages,
} from '../db/schema';
import { ROLE } from '../../common/constants';
import {
  DEMO_ADMIN,
  DEMO_BLOG_POSTS,
  DEMO_CHAPTERS,
  DEMO_CHAPTER_NOTES,
  DEMO_CHAPTER_POSTS,
  DEMO_EMAIL_ALIASES,
  DEMO_EVENTS,
  DEMO_HOST_APPLICATIONS,
  DEMO_PAGES,
  DEMO_PRESS_MENTIONS,
  DEMO_SETTINGS,
  DEMO_SIGN_IN_AS,
  DEMO_USERS,
  DEMO_USER_NOTES,
  DEMO_WIKI_PAGES,
} from './demo-data';
import { insertChapters } from './demo-seed-chapters';
import type { Tx } from '../core/database';
import { insertDemoSends } from './demo-sends';
import { comingThanksgiving, DEMO_THANKSGIVING_SKIPS } from './demo-date-changes';
import type { DemoSignIn } from '../core/demoSignIns';

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when the database has neither users nor chapters: nothing to lose by seeding it. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  const [anyChapter] = await db.select({ id: chapters.id }).from(chapters).limit(1);
  return !anyUser && !anyChapter;
}

/** A password nobody knows: 16 URL-safe characters (96 random bits). */
function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}

function lookup<V>(map: Map<string, V>, key: string, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data: unknown ${what} '${key}'`);
  return value;
}

/**
 * Inserts the whole demo data set. Returns the sign-ins to show whoever ran it, once: the site
 * admin's, a field organizer's and a chapter host's (DEMO_SIGN_IN_AS), each with a freshly
 * generated password. Everyone else gets an unknown password and can reset it.
 */
export async function seedDemo(
  db: Db,
  /** The moment the demo is made as of (its "days ago"); tests set it to run on any day. */
  at: Date = new Date(),
): Promise<{ adminEmail: string; adminPassword: string; signIns: DemoSignIn[] }> {
  const signIns = demoSignIns();
  const passwords = new Map(signIns.map((s) => [s.email, s.password]));
  const adminPassword = passwords.get(DEMO_ADMIN.email) ?? randomPassword();
  // Hashing is slow on purpose: do it before the transaction rather than inside it.
  const adminHash = await hash(adminPassword);
  const userHashes = await Promise.all(
    DEMO_USERS.map((u) => hash(passwords.get(u.email) ?? randomPassword())),
  );
  const now = at.getTime();
  const ago = (days: number) => new Date(now - days * DAY_MS);

  await db.transaction(async (tx) => {
    const userIds = await insertUsers(tx, adminHash, userHashes, ago);
    const userId = (email: string) => lookup(userIds, email, 'user');
    const chapterRows = await insertChapters(tx, ago);
    const chapter = (key: string) => lookup(chapterRows, key, 'chapter');
    const adminId = userId(DEMO_ADMIN.email);

    await tx.insert(permissions).values([
      { userId: adminId, roleId: ROLE.admin, chapterId: null },
      ...DEMO_USERS.flatMap((u) => [
        ...(u.fieldOrganizerOf ?? []).map((key) => ({
          userId: userId(u.email),
          roleId: ROLE.fieldOrganizer,
          chapterId: chapter(key).id,
        })),
        ...(u.hostOf ?? []).map((key) => ({
          userId: userId(u.email),
          roleId: ROLE.chapterHost,
          chapterId: chapter(key).id,
        })),
      ]),
    ]);

    const eventRows = await tx
      .insert(chapterEvents)
      .values(
        DEMO_EVENTS.map(({ chapter: key, singleDate, address2, ...event }) => ({
          ...event,
          chapterId: chapter(key).id,
          // Its chapter's meeting, on the site since the chapter was: a last meeting is never
          // before its event existed (docs/decisions/22-chapter-figures.md).
          createdAt: chapter(key).createdAt,
          address2: address2 ?? '',
          isSingleDate: singleDate !== undefined,
          singleDate: singleDate ?? null,
        })),
      )
      .returning({ id: chapterEvents.id, slug: chapterEvents.slug });
    const eventId = (slug: string) =>
      lookup(new Map(eventRows.map((e) => [e.slug, e.id])), slug, 'event');
    const thanksgiving = comingThanksgiving(new Date(now));
    await tx.insert(chapterEventExceptions).values(
      DEMO_THANKSGIVING_SKIPS.map((x) => ({
        eventId: eventId(x.event),
        date: thanksgiving,
        note: x.note,
      })),
    );

    await tx.insert(chapterBlogPosts).values(
      DEMO_CHAPTER_POSTS.map((p) => ({
        chapterId: chapter(p.chapter).id,
        userId: p.author ? userId(p.author) : null,
        title: p.title,
        body: p.body,
        slug: p.slug,
        createdAt: ago(p.daysAgo),
      })),
    );

    await insertDemoSends(tx, DEMO_CHAPTER_POSTS, chapter, ago);

    await tx.insert(chapterHostApplications).values(
      DEMO_HOST_APPLICATIONS.map(({ user, chapter: key, daysAgo, ...a }) => ({
        ...a,
        userId: userId(user),
        chapterId: key ? chapter(key).id : null,
        createdAt: ago(daysAgo),
        updatedAt: ago(Math.max(0, daysAgo - 3)),
      })),
    );

    // Notes and press mentions, each with the activity feed item admins see for it.
    const authorName = new Map(
      [DEMO_ADMIN, ...DEMO_USERS].map((u) => [userId(u.email), u.name] as const),
    );
    for (const n of DEMO_CHAPTER_NOTES) {
      const c = chapter(n.chapter);
      const author = userId(n.author);
      const [row] = await tx
        .insert(chapterNotes)
        .values({
          chapterId: c.id,
          userId: author,
          note: n.note,
          adminOnly: n.adminOnly,
          createdAt: ago(n.daysAgo),
        })
        .returning({ id: chapterNotes.id });
      await tx.insert(activityFeedItems).values({
        type: 'chapter_note',
        title: `${authorName.get(author)} added a note to ${c.title}`,
        note: n.note,
        userId: author,
        chapterId: c.id,
        objectId: row?.id ?? null,
        adminOnly: n.adminOnly,
        createdAt: ago(n.daysAgo),
      });
    }
    for (const n of DEMO_USER_NOTES) {
      const about = userId(n.about);
      const author = userId(n.author);
      const [row] = await tx
        .insert(userNotes)
        .values({ aboutUserId: about, authorId: author, note: n.note, createdAt: ago(n.daysAgo) })
        .returning({ id: userNotes.id });
      await tx.insert(activityFeedItems).values({
        type: 'user_note',
        title: `${authorName.get(author)} added a note about ${authorName.get(about)}`,
        note: n.note,
        userId: author,
        chapterId: null,
        objectId: row?.id ?? null,
        adminOnly: true,
        createdAt: ago(n.daysAgo),
      });
    }
    for (const m of DEMO_PRESS_MENTIONS) {
      const chapterId = m.chapter ? chapter(m.chapter).id : null;
      const [row] = await tx
        .insert(pressMentions)
        .values({
          chapterId,
          title: m.title,
          url: m.url,
          notes: m.notes,
          slug: m.slug,
          isVisible: m.isVisible,
          createdAt: ago(m.daysAgo),
        })
        .returning({ id: pressMentions.id });
      await tx.insert(activityFeedItems).values({
        type: 'press_mention',
        title: `Press mention: ${m.title}`,
        note: m.url,
        userId: adminId,
        chapterId,
        objectId: row?.id ?? null,
        adminOnly: !m.isVisible,
        createdAt: ago(m.daysAgo),
      });
    }

    await tx.insert(blogPosts).values(
      DEMO_BLOG_POSTS.map(({ daysAgo, ...p }) => ({
        ...p,
        userId: adminId,
        createdAt: ago(daysAgo),
        updatedAt: ago(daysAgo),
      })),
    );
    await tx.insert(pages).values(DEMO_PAGES.map((p) => ({ ...p })));
    await tx.insert(wikiPages).values(DEMO_WIKI_PAGES.map((p) => ({ ...p })));

    await tx
      .insert(emailAliases)
      .values(
        DEMO_EMAIL_ALIASES.map((a) => {
          const c = chapter(a.chapter);
          return {
            localPart: c.emailAlias,
            domain: c.mailDomain,
            recipients: [...a.recipients],
            chapterId: c.id,
          };
        }),
      )
      // The database made each chapter's alias already (forwarding to its hosts); the demo's
      // recipients replace them, set by hand unless they are exactly the hosts.
      .onConflictDoUpdate({
        target: emailAliases.chapterId,
        set: {
          recipients: sql`excluded.recipients`,
          recipientsManual: sql`excluded.recipients is distinct from chapter_host_emails(excluded.chapter_id)`,
        },
      });
    await tx.insert(settings).values(DEMO_SETTINGS.map((s) => ({ ...s })));
  });

  return { adminEmail: DEMO_ADMIN.email, adminPassword, signIns };
}

/** The admin, the field organizer and the host of DEMO_SIGN_IN_AS, each with a new password. */
function demoSignIns(): DemoSignIn[] {
  const person = (email: string) =>
    lookup(new Map(DEMO_USERS.map((u) => [u.email, u])), email, 'user');
  const organizer = person(DEMO_SIGN_IN_AS.fieldOrganizer);
  const host = person(DEMO_SIGN_IN_AS.host);
  const hosted = DEMO_CHAPTERS.find((c) => c.key === host.hostOf?.[0]);
  return [
    { role: 'site admin', email: DEMO_ADMIN.email, password: randomPassword() },
    {
      role: `field organizer of ${organizer.fieldOrganizerOf?.length ?? 0} chapters`,
      email: organizer.email,
      password: randomPassword(),
    },
    {
      role: `chapter host of ${hosted?.title ?? 'a chapter'}`,
      email: host.email,
      password: randomPassword(),
    },
  ];
}

async function insertUsers(
  tx: Tx,
  adminHash: string,
  userHashes: string[],
  ago: (days: number) => Date,
): Promise<Map<string, number>> {
  const rows = await tx
    .insert(users)
    .values([
      { ...DEMO_ADMIN, username: DEMO_ADMIN.email, passwordHash: adminHash, createdAt: ago(1000) },
      ...DEMO_USERS.map((u, i) => ({
        name: u.name,
        email: u.email,
        username: u.email,
        passwordHash: userHashes[i] ?? null,
        createdAt: ago(u.daysAgo),
      })),
    ])
    .returning({ id: users.id, email: users.email });
  return new Map(rows.map((r) => [r.email, r.id]));
}
