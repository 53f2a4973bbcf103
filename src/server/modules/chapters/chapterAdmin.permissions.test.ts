// The permission matrix of the chapter admin calls (spec 2 §6, §7; ARCHITECTURE "Permissions"):
// every call against six callers, asserting the exact set allowed and what the others get: 401
// for a visitor, 403 for the signed-in, and 404 where the service hides that the thing exists.
// Each mutating call runs on a fresh chapter per caller, so one caller's success cannot change
// the next one's case.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { chapterBlogPosts, chapterEvents, permissions, pressMentions } from '../../db/schema';
import { CHAPTER_FIELD_ACCESS } from '../../../common/policy';
import {
  CALLER_KINDS,
  createChapterAdminWorld,
  grantRole,
  imageUpload,
  insertChapter,
  send,
  uniqueListId,
  uniqueSlug,
  type ApiRequest,
  type CallerKind,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import type { ChapterRow } from '../../db/schema';
import { createUser } from '../../test/users';

let t: TestApp;
let w: ChapterAdminWorld;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const EVERYONE = CALLER_KINDS;
const HOST_LEVEL = ['host', 'fieldOrganizer', 'admin'] as const;
const FIELD_ORGANIZER_LEVEL = ['fieldOrganizer', 'admin'] as const;
const ADMIN = ['admin'] as const;
/** Those a hidden thing is hidden from: they get the 404 of something that never existed. */
const OUTSIDERS = ['visitor', 'noRole', 'otherHost'] as const;

/** A chapter of the world's host (role 3 only) and field organizer (role 2 only). */
async function fixture(status = 1): Promise<ChapterRow> {
  // Each with an address and a list of its own, as every real chapter has.
  const chapter = await insertChapter(t, {
    status,
    emailAlias: uniqueSlug('alias'),
    sendInBlueListId: uniqueListId(),
  });
  await grantRole(t, w.users.host.id, 3, chapter.id);
  await grantRole(t, w.users.fieldOrganizer.id, 2, chapter.id);
  return chapter;
}

async function event(chapterId: number) {
  const [row] = await t.db
    .insert(chapterEvents)
    .values({
      chapterId,
      name: 'Pencil Factory',
      slug: uniqueSlug('event'),
      address1: '142 Franklin St',
      city: 'Brooklyn',
      state: 'NY',
      postalCode: '11222',
      startTime: '19:00',
      endTime: '21:00',
    })
    .returning();
  return row!;
}

async function mention(chapterId: number | null, isVisible = true) {
  const [row] = await t.db
    .insert(pressMentions)
    .values({
      chapterId,
      title: 'A story',
      url: 'https://news.example.com/story',
      slug: uniqueSlug('story'),
      isVisible,
    })
    .returning();
  return row!;
}

async function post(chapterId: number) {
  const [row] = await t.db
    .insert(chapterBlogPosts)
    .values({ chapterId, title: 'A post', slug: uniqueSlug('post'), body: '<p>Hi</p>' })
    .returning();
  return row!;
}

const eventBody = (chapterId: number, slug?: string) => ({
  chapterId,
  ...(slug ? { slug } : {}),
  name: 'Pencil Factory',
  address1: '142 Franklin St',
  city: 'Brooklyn',
  state: 'NY',
  postalCode: '11222',
  startTime: '19:00',
  endTime: '21:30',
  isSingleDate: false,
  dayOfWeekIndex: 2,
  weeksOfMonthIndexes: '1,3',
});

const mentionBody = (chapterId: number | null, slug?: string) => ({
  ...(slug ? { slug } : {}),
  title: 'In the news',
  url: 'https://news.example.com/in-the-news',
  notes: '',
  isVisible: true,
  chapterId,
});

interface Row {
  call: string;
  allowed: readonly CallerKind[];
  /** Refused with 404 instead of 401/403. */
  notFound?: readonly CallerKind[];
  /** Changes something: a fresh chapter for each caller. */
  mutates?: boolean;
  request: (chapter: ChapterRow) => ApiRequest | Promise<ApiRequest>;
}

const GET = (url: string): ApiRequest => ({ method: 'GET', url });
const POST = (url: string, payload: object): ApiRequest => ({ method: 'POST', url, payload });
const DELETE = (url: string): ApiRequest => ({ method: 'DELETE', url });

/** POST /api/chapter changing one field, with the level of access the spec gives it. */
const chapterFieldChanges: Record<
  keyof typeof CHAPTER_FIELD_ACCESS,
  [unknown, readonly CallerKind[]]
> = {
  about: ['<p>A new about text</p>', HOST_LEVEL],
  reminderDaysBefore: [7, HOST_LEVEL],
  reminderHour: [18, HOST_LEVEL],
  rsvpReminderHours: [48, HOST_LEVEL],
  hostDigestHours: [12, HOST_LEVEL],
  title: ['A new title', FIELD_ORGANIZER_LEVEL],
  city: ['Queens', FIELD_ORGANIZER_LEVEL],
  state: ['NJ', FIELD_ORGANIZER_LEVEL],
  postalCode: ['07302', FIELD_ORGANIZER_LEVEL],
  country: ['Canada', FIELD_ORGANIZER_LEVEL],
  chapterTypeId: [6, FIELD_ORGANIZER_LEVEL],
  status: [0, FIELD_ORGANIZER_LEVEL],
  emailAlias: ['__unique__', FIELD_ORGANIZER_LEVEL],
  brontoListName: ['A new list', FIELD_ORGANIZER_LEVEL],
  brontoListId: ['__uniqueListId__', FIELD_ORGANIZER_LEVEL],
  sendInBlueListId: ['__uniqueListId__', FIELD_ORGANIZER_LEVEL],
  slug: ['__unique__', ADMIN],
};

const rows: Row[] = [
  // ------------------------------------------------------------ POST /api/chapter
  ...Object.entries(chapterFieldChanges).map(([field, [value, allowed]]): Row => ({
    call: `POST /api/chapter changing ${field}`,
    allowed,
    mutates: true,
    request: (c) =>
      POST('/api/chapter', {
        id: c.id,
        [field]:
          value === '__unique__'
            ? uniqueSlug('s')
            : value === '__uniqueListId__'
              ? uniqueListId()
              : value,
      }),
  })),
  {
    call: 'POST /api/chapter with the settings unchanged and a new about',
    allowed: HOST_LEVEL,
    mutates: true,
    request: (c) =>
      POST('/api/chapter', {
        id: c.id,
        title: c.title,
        slug: c.slug,
        status: c.status,
        emailAlias: c.emailAlias,
        about: '<p>Only this</p>',
      }),
  },
  // ------------------------------------------------------------ header image
  {
    call: 'POST /api/chapter/header_image/{id}',
    allowed: HOST_LEVEL,
    mutates: true,
    request: (c) => ({
      method: 'POST',
      url: `/api/chapter/header_image/${c.id}`,
      raw: imageUpload(png),
    }),
  },
  {
    call: 'DELETE /api/chapter/header_image/{id}',
    allowed: HOST_LEVEL,
    mutates: true,
    request: (c) => DELETE(`/api/chapter/header_image/${c.id}`),
  },
  // ------------------------------------------------------------ events
  {
    call: 'POST /api/chapter_event (add)',
    allowed: HOST_LEVEL,
    mutates: true,
    request: (c) => POST('/api/chapter_event', eventBody(c.id)),
  },
  {
    call: 'POST /api/chapter_event (edit by slug)',
    allowed: HOST_LEVEL,
    mutates: true,
    request: async (c) => POST('/api/chapter_event', eventBody(c.id, (await event(c.id)).slug)),
  },
  {
    call: 'POST /api/chapter_event (move to a chapter only the admin runs)',
    allowed: ADMIN,
    mutates: true,
    request: async (c) =>
      POST('/api/chapter_event', eventBody(w.other.id, (await event(c.id)).slug)),
  },
  {
    call: 'DELETE /api/chapter_event/slug/{slug}',
    allowed: HOST_LEVEL,
    mutates: true,
    request: async (c) => DELETE(`/api/chapter_event/slug/${(await event(c.id)).slug}`),
  },
  // ------------------------------------------------------------ links
  {
    call: 'GET /api/chapter_link/chapter/{id} (active chapter)',
    allowed: EVERYONE,
    request: (c) => GET(`/api/chapter_link/chapter/${c.id}`),
  },
  {
    call: 'GET /api/chapter_link/chapter/{id} (hidden chapter)',
    allowed: HOST_LEVEL,
    notFound: OUTSIDERS,
    request: async () => GET(`/api/chapter_link/chapter/${(await fixture(0)).id}`),
  },
  {
    call: 'POST /api/chapter_link/chapter/{id}',
    allowed: HOST_LEVEL,
    mutates: true,
    request: (c) =>
      POST(`/api/chapter_link/chapter/${c.id}`, {
        links: [{ title: 'Meetup', url: 'https://meetup.example.com/x' }],
      }),
  },
  // ------------------------------------------------------------ notes
  {
    call: 'GET /api/chapter_note/chapter/{id}',
    allowed: HOST_LEVEL,
    request: (c) => GET(`/api/chapter_note/chapter/${c.id}`),
  },
  {
    call: 'GET /api/chapter_note/chapter/{id} (hidden chapter: its id is no secret)',
    allowed: HOST_LEVEL,
    request: async () => GET(`/api/chapter_note/chapter/${(await fixture(0)).id}`),
  },
  {
    call: 'POST /api/chapter_note',
    allowed: HOST_LEVEL,
    mutates: true,
    request: (c) => POST('/api/chapter_note', { note: 'Hello', chapterId: c.id }),
  },
  {
    call: 'POST /api/chapter_note (admin only)',
    allowed: ADMIN,
    mutates: true,
    request: (c) => POST('/api/chapter_note', { note: 'Hello', adminOnly: true, chapterId: c.id }),
  },
  // ------------------------------------------------------------ roles and users
  {
    call: 'GET /api/permission/{chapterId}',
    allowed: HOST_LEVEL,
    request: (c) => GET(`/api/permission/${c.id}`),
  },
  {
    call: 'POST /api/permission/{chapterId}',
    allowed: ADMIN,
    mutates: true,
    request: async (c) =>
      POST(`/api/permission/${c.id}`, { userId: (await createUser(t.db)).id, roleId: 3 }),
  },
  {
    call: 'POST /api/permission/delete',
    allowed: ADMIN,
    mutates: true,
    request: async (c) => {
      const user = await createUser(t.db, { fieldOrganizerOf: [c.id] });
      const [role] = await t.db
        .select()
        .from(permissions)
        .where(and(eq(permissions.userId, user.id), eq(permissions.chapterId, c.id)));
      return POST('/api/permission/delete', { id: role!.id });
    },
  },
  {
    call: 'POST /api/user/search',
    allowed: ADMIN,
    request: () => POST('/api/user/search', { search: 'Host' }),
  },
  // ------------------------------------------------------------ press mentions
  {
    call: 'GET /api/press_mention/chapter/{id}/all',
    allowed: HOST_LEVEL,
    request: (c) => GET(`/api/press_mention/chapter/${c.id}/all`),
  },
  {
    call: 'GET /api/press_mention/slug/{slug} (visible, active chapter)',
    allowed: EVERYONE,
    request: async (c) => GET(`/api/press_mention/slug/${(await mention(c.id)).slug}`),
  },
  {
    call: 'GET /api/press_mention/slug/{slug} (not visible)',
    allowed: HOST_LEVEL,
    notFound: OUTSIDERS,
    request: async (c) => GET(`/api/press_mention/slug/${(await mention(c.id, false)).slug}`),
  },
  {
    call: 'GET /api/press_mention/slug/{slug} (visible, hidden chapter)',
    allowed: HOST_LEVEL,
    notFound: OUTSIDERS,
    request: async () =>
      GET(`/api/press_mention/slug/${(await mention((await fixture(0)).id)).slug}`),
  },
  {
    call: 'GET /api/press_mention/slug/{slug} (network-wide, visible)',
    allowed: EVERYONE,
    request: async () => GET(`/api/press_mention/slug/${(await mention(null)).slug}`),
  },
  {
    call: 'GET /api/press_mention/slug/{slug} (network-wide, not visible)',
    allowed: ADMIN,
    notFound: ['visitor', 'noRole', 'otherHost', 'host', 'fieldOrganizer'],
    request: async () => GET(`/api/press_mention/slug/${(await mention(null, false)).slug}`),
  },
  {
    call: 'POST /api/press_mention/ (add)',
    allowed: HOST_LEVEL,
    mutates: true,
    request: (c) => POST('/api/press_mention/', mentionBody(c.id)),
  },
  {
    call: 'POST /api/press_mention/ (edit by slug)',
    allowed: HOST_LEVEL,
    mutates: true,
    request: async (c) =>
      POST('/api/press_mention/', mentionBody(c.id, (await mention(c.id)).slug)),
  },
  {
    call: 'DELETE /api/press_mention/slug/{slug}',
    allowed: HOST_LEVEL,
    mutates: true,
    request: async (c) => DELETE(`/api/press_mention/slug/${(await mention(c.id)).slug}`),
  },
  {
    call: 'POST /api/press_mention/ (add network-wide, chapterId -1)',
    allowed: ADMIN,
    mutates: true,
    request: () => POST('/api/press_mention/', mentionBody(-1)),
  },
  {
    call: 'POST /api/press_mention/ (add network-wide, chapterId null)',
    allowed: ADMIN,
    mutates: true,
    request: () => POST('/api/press_mention/', mentionBody(null)),
  },
  {
    call: 'POST /api/press_mention/ (edit network-wide)',
    allowed: ADMIN,
    mutates: true,
    request: async () => POST('/api/press_mention/', mentionBody(-1, (await mention(null)).slug)),
  },
  {
    call: 'POST /api/press_mention/ (move network-wide into the chapter)',
    allowed: ADMIN,
    mutates: true,
    request: async (c) =>
      POST('/api/press_mention/', mentionBody(c.id, (await mention(null)).slug)),
  },
  {
    call: 'DELETE /api/press_mention/slug/{slug} (network-wide)',
    allowed: ADMIN,
    mutates: true,
    request: async () => DELETE(`/api/press_mention/slug/${(await mention(null)).slug}`),
  },
  // ------------------------------------------------------------ activity feed
  {
    call: 'GET /api/activity_feed_item/chapter/{id}',
    allowed: HOST_LEVEL,
    request: (c) => GET(`/api/activity_feed_item/chapter/${c.id}`),
  },
  {
    call: 'GET /api/activity_feed_item/all',
    allowed: ADMIN,
    request: () => GET('/api/activity_feed_item/all'),
  },
  // ------------------------------------------------------------ chapter posts
  {
    call: 'GET /api/chapter_blog_post/{chapterId} (active chapter)',
    allowed: EVERYONE,
    request: async (c) => {
      await post(c.id);
      return GET(`/api/chapter_blog_post/${c.id}`);
    },
  },
  {
    call: 'GET /api/chapter_blog_post/{chapterId} (hidden chapter)',
    allowed: HOST_LEVEL,
    notFound: OUTSIDERS,
    request: async () => GET(`/api/chapter_blog_post/${(await fixture(0)).id}`),
  },
  {
    call: 'GET /api/chapter_blog_post/slug/{slug} (active chapter)',
    allowed: EVERYONE,
    request: async (c) => GET(`/api/chapter_blog_post/slug/${(await post(c.id)).slug}`),
  },
  {
    call: 'GET /api/chapter_blog_post/slug/{slug} (hidden chapter)',
    allowed: HOST_LEVEL,
    notFound: OUTSIDERS,
    request: async () =>
      GET(`/api/chapter_blog_post/slug/${(await post((await fixture(0)).id)).slug}`),
  },
];

function expectedStatus(row: Row, kind: CallerKind): number {
  if (row.allowed.includes(kind)) return 200;
  if (row.notFound?.includes(kind)) return 404;
  return kind === 'visitor' ? 401 : 403;
}

describe('the chapter admin permission matrix', () => {
  it('gives every chapter field a row, at the level the spec gives it', () => {
    expect(Object.keys(chapterFieldChanges).sort()).toEqual(
      Object.keys(CHAPTER_FIELD_ACCESS).sort(),
    );
  });

  it.each(rows.map((row) => [row.call, row] as const))('%s', async (_call, row) => {
    const shared = row.mutates ? null : await fixture();
    const shared_request = shared ? await row.request(shared) : null;
    const actual: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const kind of CALLER_KINDS) {
      const request = shared_request ?? (await row.request(await fixture()));
      const res = await send(t, request, w.cookies[kind]);
      actual[kind] = res.statusCode;
      expected[kind] = expectedStatus(row, kind);
    }
    expect(actual).toEqual(expected);
  });
});
