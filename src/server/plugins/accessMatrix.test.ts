// The access matrix of the whole API: one row for every route of the OpenAPI document, naming
// the rule the route must declare and a request that reaches its check. A route added without a
// row (or a row left after its route went) fails here, and so does a route whose declared rule
// differs from its row. Each row is then asked by six callers, under the plain path and under
// encoded spellings of its /api prefix:
//   public                everyone passes the access check (the answer may still be 400/404);
//   signedIn              401 to a visitor;
//   admin                 401 to a visitor, 403 to every signed-in caller but the admin;
//   hostAccess            401 to a visitor, 403 to a plain user and to another chapter's host;
//   fieldOrganizerAccess  as hostAccess, and 403 to the chapter's host too.
// A row marked refusedAsMissing answers 404 where the others say 403: its refusal must not tell
// whether the id exists.
// Which fields and which chapters each role may change, call by call, is the chapter admin
// matrix (modules/chapters/chapterAdmin.permissions.test.ts).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import {
  CALLER_KINDS,
  createChapterAdminWorld,
  imageUpload,
  insertChapter,
  multipartBody,
  grantRole,
  uniqueSlug,
  type ApiRequest,
  type CallerKind,
  type ChapterAdminWorld,
  type TestApp,
} from '../test/chapterAdminWorld';
import type { ChapterRow } from '../db/schema';
import {
  chapterBlogPosts,
  chapterEvents,
  mailingLists,
  mailingMessages,
  pressMentions,
} from '../db/schema';
import { createSession, SESSION_COOKIE } from '../modules/auth/sessions';
import type { AccessRule } from './access';

let t: TestApp;
let w: ChapterAdminWorld;
let chapter: ChapterRow;
let listId: string;
let png: Buffer;

beforeAll(async () => {
  // No background sender: a queued message stays as it was queued.
  t = await createTestApp({ env: { MAIL_SEND_POLL_MS: '0' } });
  w = await createChapterAdminWorld(t);
  const [list] = await t.db.insert(mailingLists).values({ name: 'Matrix list' }).returning();
  listId = String(list!.id);
  // A chapter whose list is a real built-in one in both list fields, whichever the email
  // service setting picks; the world's host and field organizer hold their roles in it.
  chapter = await insertChapter(t, {
    emailAlias: uniqueSlug('matrix'),
    brontoListId: listId,
    sendInBlueListId: listId,
  });
  await grantRole(t, w.users.host.id, 3, chapter.id);
  await grantRole(t, w.users.fieldOrganizer.id, 2, chapter.id);
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3c3' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/** A request of any method (the world's helpers know GET, POST and DELETE). */
type Request = Omit<ApiRequest, 'method'> & { method: string };

interface Row {
  rule: AccessRule;
  /** The request to send; by default the path with the world's ids and an empty JSON body. */
  request?: () => Request | Promise<Request>;
  /** The answer ends the caller's session: give the callers new ones after the row. */
  endsSession?: true;
  /**
   * A signed-in caller refused gets 404, as for a thing that does not exist, instead of 403:
   * the route's ids must not be probed (another chapter's send, issue 31).
   */
  refusedAsMissing?: true;
}

// Rows whose rule is checked per chapter must send a request the schema accepts: the check runs
// in the handler, after validation.
type ChapterRow_ = Row & { rule: 'hostAccess' | 'fieldOrganizerAccess'; request: Row['request'] };

/** A weekly Tuesday event of the chapter; its slug. */
async function event(): Promise<string> {
  const [row] = await t.db
    .insert(chapterEvents)
    .values({
      chapterId: chapter.id,
      name: 'Pencil Factory',
      slug: uniqueSlug('event'),
      address1: '142 Franklin St',
      city: 'Brooklyn',
      state: 'NY',
      postalCode: '11222',
      startTime: '19:00',
      endTime: '21:00',
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: '0',
    })
    .returning();
  return row!.slug;
}

async function mention(): Promise<string> {
  const [row] = await t.db
    .insert(pressMentions)
    .values({
      chapterId: chapter.id,
      title: 'A story',
      url: 'https://news.example.com/story',
      slug: uniqueSlug('story'),
    })
    .returning();
  return row!.slug;
}

/** A post of the chapter: its slug. */
async function post(): Promise<string> {
  const [row] = await t.db
    .insert(chapterBlogPosts)
    .values({ chapterId: chapter.id, title: 'A post', slug: uniqueSlug('post') })
    .returning();
  return row!.slug;
}

/** A send of the chapter's list, still being sent: its id. */
async function chapterSend(): Promise<number> {
  const [row] = await t.db
    .insert(mailingMessages)
    .values({ listId: Number(listId), chapterId: chapter.id, subject: 'Hello', body: '<p>Hi</p>' })
    .returning();
  return row!.id;
}

/** A Tuesday three weeks or so ahead, as YYYY-MM-DD: one of event()'s dates. */
function comingTuesday(): string {
  const day = new Date(Date.now() + 21 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((2 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

const GET = (url: string): ApiRequest => ({ method: 'GET', url });
const POST = (url: string, payload: object): ApiRequest => ({ method: 'POST', url, payload });
const DELETE = (url: string): ApiRequest => ({ method: 'DELETE', url });

const perChapter = (rule: ChapterRow_['rule'], request: ChapterRow_['request']): ChapterRow_ => ({
  rule,
  request,
});
const host = (request: ChapterRow_['request']) => perChapter('hostAccess', request);

const PUBLIC: Row = { rule: 'public' };
const SIGNED_IN: Row = { rule: 'signedIn' };
const ADMIN: Row = { rule: 'admin' };

/** Keyed `METHOD /path` as the router has it (`:param`). */
const MATRIX: Record<string, Row> = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/openapi.json': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/:file': { rule: 'public', request: () => GET('/api/docs/start.js') },
  // ------------------------------------------------------------ accounts
  'POST /api/auth/signup': PUBLIC,
  'POST /api/auth/signin': PUBLIC,
  'GET /api/auth/signout': { rule: 'public', endsSession: true },
  'GET /api/auth/user': PUBLIC,
  'POST /api/password_reset/create': PUBLIC,
  'GET /api/password_reset/check/:token': PUBLIC,
  'POST /api/password_reset/new_password': PUBLIC,
  'GET /api/user/me': SIGNED_IN,
  'POST /api/user/me': SIGNED_IN,
  'POST /api/user/me/email': SIGNED_IN,
  'POST /api/user/me/password': SIGNED_IN,
  'POST /api/user/email_change/confirm': PUBLIC,
  'GET /api/user/all': ADMIN,
  'GET /api/user/count': ADMIN,
  'GET /api/user/user/:id': ADMIN,
  'POST /api/user/search': ADMIN,
  'GET /api/user_note/user/:userId': ADMIN,
  'POST /api/user_note': ADMIN,
  // ------------------------------------------------------------ directory
  'GET /api/geocode': PUBLIC,
  'GET /api/geocode/postal_code': ADMIN,
  'GET /api/chapter_calendar/:slug/events.ics': PUBLIC,
  'GET /api/chapter_calendar/state/:state/events.ics': PUBLIC,
  'GET /api/chapter_calendar/all/events.ics': PUBLIC,
  // Other sites' widgets and link previews (issue 36): public, the same answer for everyone.
  'GET /api/embed/events': PUBLIC,
  'GET /api/oembed': PUBLIC,
  'GET /api/chapter/slug/:slug': PUBLIC,
  'GET /api/chapter/id/:id': PUBLIC,
  'GET /api/chapters': PUBLIC,
  'GET /api/chapters/my': SIGNED_IN,
  'GET /api/chapters/active': PUBLIC,
  'GET /api/chapters/map': PUBLIC,
  'GET /api/chapters/state/:stateLower': PUBLIC,
  'GET /api/chapters/search': PUBLIC,
  'GET /api/chapter_event/slug/:slug': PUBLIC,
  'GET /api/chapter_link/chapter/:chapterId': PUBLIC,
  'GET /api/chapter_blog_post/public/:chapterId/:page': PUBLIC,
  'GET /api/chapter_blog_post/:chapterId': PUBLIC,
  'GET /api/chapter_blog_post/slug/:slug': PUBLIC,
  'GET /api/press_mention/public': PUBLIC,
  'GET /api/press_mention/public/:count': PUBLIC,
  'GET /api/press_mention/public/state/:stateLower': PUBLIC,
  'GET /api/press_mention/chapter/:id/public': PUBLIC,
  'GET /api/press_mention/slug/:slug': PUBLIC,
  'GET /api/front_page': PUBLIC,
  // ------------------------------------------------------------ site content
  'GET /api/blog_post/public/:page': PUBLIC,
  'GET /api/blog_post/slug/:slug': PUBLIC,
  'GET /api/page/slug/:slug': PUBLIC,
  'GET /api/wiki_page/slug/:slug': PUBLIC,
  // Lists of every post, page and wiki page, hidden ones to admins only (the service filters).
  'GET /api/blog_post': PUBLIC,
  'GET /api/page': PUBLIC,
  'GET /api/wiki_page': PUBLIC,
  'POST /api/blog_post': ADMIN,
  'POST /api/page': ADMIN,
  'POST /api/wiki_page': ADMIN,
  'POST /api/front_page': ADMIN,
  'POST /api/front_page_image': ADMIN,
  'GET /api/email_settings': ADMIN,
  'POST /api/email_settings': ADMIN,
  'GET /api/admin/dashboard': ADMIN,
  'GET /api/admin/email_queue': ADMIN,
  // ------------------------------------------------------------ email administration
  'GET /api/admin/email/status': ADMIN,
  'GET /api/admin/mailgun/aliases': ADMIN,
  'GET /api/admin/mailgun/domains': ADMIN,
  'POST /api/admin/mailgun/aliases': ADMIN,
  'PUT /api/admin/mailgun/aliases/:id': ADMIN,
  'DELETE /api/admin/mailgun/aliases/:id': ADMIN,
  'POST /api/admin/mailgun/aliases/test': ADMIN,
  'GET /api/admin/brevo/contact/:email': ADMIN,
  'POST /api/admin/brevo/contact/:email/block': ADMIN,
  'POST /api/admin/brevo/contact/:email/unblock': ADMIN,
  'POST /api/admin/brevo/contact/:email/lists/:listId': ADMIN,
  'DELETE /api/admin/brevo/contact/:email/lists/:listId': ADMIN,
  'GET /api/admin/brevo/lists': ADMIN,
  'GET /api/admin/brevo/contacts/search': ADMIN,
  'POST /api/admin/brevo/chapters/by-list-ids': ADMIN,
  'GET /api/admin/email/brevo_move': ADMIN,
  'POST /api/admin/email/brevo_move': ADMIN,
  'GET /api/press_mention/all': ADMIN,
  'GET /api/press_mention/network': ADMIN,
  'GET /api/activity_feed_item/all': ADMIN,
  // ------------------------------------------------------------ host applications
  'POST /api/chapter_host_application': SIGNED_IN,
  'GET /api/chapter_host_application': ADMIN,
  'GET /api/chapter_host_application/my': SIGNED_IN,
  'GET /api/chapter_host_application/slug/:slug': SIGNED_IN,
  'GET /api/chapter_host_application/user/:userId': ADMIN,
  // ------------------------------------------------------------ mailing lists
  'POST /api/mailing_list/sign_up': PUBLIC,
  'POST /api/mailing_list/sign_up_chapter': PUBLIC,
  'GET /api/mailing_list/unsubscribe/:token': PUBLIC,
  'POST /api/mailing_list/unsubscribe/:token': PUBLIC,
  'POST /api/mailing_list/confirm/:token': PUBLIC,
  'GET /api/mailing_list/open/:token': PUBLIC,
  'GET /api/mailing_list/click/:token': {
    rule: 'public',
    request: () => GET('/api/mailing_list/click/nope?url=https%3A%2F%2Fexample.com%2F'),
  },
  'GET /api/mailing_list/chapter_list_id/:chapterId': host(() =>
    GET(`/api/mailing_list/chapter_list_id/${chapter.id}`),
  ),
  'POST /api/mailing_list/chapter/:chapterId/list': host(() =>
    POST(`/api/mailing_list/chapter/${chapter.id}/list`, {}),
  ),
  'GET /api/mailing_list/chapter/:chapterId/contacts': host(() =>
    GET(`/api/mailing_list/chapter/${chapter.id}/contacts`),
  ),
  'GET /api/mailing_list/chapter/:chapterId/members': host(() =>
    GET(`/api/mailing_list/chapter/${chapter.id}/members?page=0&pageSize=50`),
  ),
  'GET /api/mailing_list/chapter/:chapterId/members.csv': host(() =>
    GET(`/api/mailing_list/chapter/${chapter.id}/members.csv`),
  ),
  'POST /api/mailing_list/chapter/:chapterId/import': host(() => ({
    method: 'POST',
    url: `/api/mailing_list/chapter/${chapter.id}/import`,
    raw: multipartBody([
      { name: 'file', data: 'email\nimported@example.org\n', filename: 'list.csv' },
    ]),
  })),
  'GET /api/mailing_list/contact_details/:id': host(() =>
    GET(`/api/mailing_list/contact_details/nobody%40example.org?listId=${listId}`),
  ),
  'POST /api/mailing_list/sign_up_many': host(() =>
    POST('/api/mailing_list/sign_up_many', { listId, emails: 'new@example.org' }),
  ),
  'POST /api/mailing_list/delete': host(() =>
    POST('/api/mailing_list/delete', { listId, email: 'nobody@example.org' }),
  ),
  'POST /api/mailing_list/reactivate': host(() =>
    POST('/api/mailing_list/reactivate', { listId, email: 'nobody@example.org' }),
  ),
  'POST /api/mailing_list/send_message': host(() =>
    POST('/api/mailing_list/send_message', { listId, title: 'Hello', body: '<p>Hi</p>' }),
  ),
  'GET /api/mailing_list/chapter/:chapterId/recipients': host(() =>
    GET(`/api/mailing_list/chapter/${chapter.id}/recipients`),
  ),
  'GET /api/mailing_list/chapter/:chapterId/sends': host(() =>
    GET(`/api/mailing_list/chapter/${chapter.id}/sends`),
  ),
  'POST /api/mailing_list/sends/:id/cancel': {
    ...host(async () => POST(`/api/mailing_list/sends/${await chapterSend()}/cancel`, {})),
    refusedAsMissing: true,
  },
  'POST /api/mailing_list/chapter/:chapterId/preview': host(() =>
    POST(`/api/mailing_list/chapter/${chapter.id}/preview`, { title: 'Hello', body: '<p>Hi</p>' }),
  ),
  // The list reminder's preview on Chapter Settings (issue 34): whoever may set the reminders.
  'GET /api/reminders/chapter/:chapterId/preview': host(() =>
    GET(`/api/reminders/chapter/${chapter.id}/preview`),
  ),
  'POST /api/mailing_list/chapter/:chapterId/test_message': host(() =>
    POST(`/api/mailing_list/chapter/${chapter.id}/test_message`, {
      title: 'Hello',
      body: '<p>Hi</p>',
    }),
  ),
  // ------------------------------------------------------------ chapter admin
  'POST /api/chapter/new': ADMIN,
  'POST /api/chapter': host(() =>
    POST('/api/chapter', { id: chapter.id, about: '<p>About, again</p>' }),
  ),
  'POST /api/chapter/header_image/:id': host(() => ({
    method: 'POST',
    url: `/api/chapter/header_image/${chapter.id}`,
    raw: imageUpload(png),
  })),
  'DELETE /api/chapter/header_image/:id': host(() =>
    DELETE(`/api/chapter/header_image/${chapter.id}`),
  ),
  'POST /api/chapter_event': host(() =>
    POST('/api/chapter_event', {
      chapterId: chapter.id,
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
    }),
  ),
  'DELETE /api/chapter_event/slug/:slug': host(async () =>
    DELETE(`/api/chapter_event/slug/${await event()}`),
  ),
  'GET /api/chapter_event/slug/:slug/page': PUBLIC,
  // ------------------------------------------------------------ RSVPs (issue 33)
  'POST /api/chapter_event/slug/:slug/dates/:date/rsvp': {
    rule: 'public',
    request: async () =>
      POST(`/api/chapter_event/slug/${await event()}/dates/${comingTuesday()}/rsvp`, {
        name: 'Matrix',
        email: 'matrix.rsvp@example.org',
        guests: 0,
      }),
  },
  'GET /api/chapter_event/slug/:slug/dates/:date/rsvp': {
    rule: 'public',
    request: async () =>
      GET(`/api/chapter_event/slug/${await event()}/dates/${comingTuesday()}/rsvp`),
  },
  'GET /api/rsvp/:token': PUBLIC,
  'POST /api/rsvp/:token/confirm': PUBLIC,
  'POST /api/rsvp/:token/cancel': PUBLIC,
  // A scheduled message's own page (issue 34): the copy's token is the key.
  'GET /api/going/:token': PUBLIC,
  'POST /api/going/:token': PUBLIC,
  'GET /api/my/rsvps': SIGNED_IN,
  'POST /api/my/rsvps/:id/cancel': {
    rule: 'signedIn',
    request: () => POST('/api/my/rsvps/1/cancel', {}),
  },
  'POST /api/my/rsvps/:id/guests': {
    rule: 'signedIn',
    request: () => POST('/api/my/rsvps/1/guests', { guests: 1 }),
  },
  'GET /api/chapter_event/slug/:slug/dates/:date/guests': host(async () =>
    GET(`/api/chapter_event/slug/${await event()}/dates/${comingTuesday()}/guests`),
  ),
  'GET /api/chapter_event/slug/:slug/dates/:date/guests.csv': host(async () =>
    GET(`/api/chapter_event/slug/${await event()}/dates/${comingTuesday()}/guests.csv`),
  ),
  'POST /api/chapter_event/slug/:slug/dates/:date/attendance': host(async () =>
    POST(`/api/chapter_event/slug/${await event()}/dates/${comingTuesday()}/attendance`, {
      checkedIn: [],
      walkIns: 2,
    }),
  ),
  'GET /api/chapter_event/chapter/:chapterId/rsvp_summary': host(() =>
    GET(`/api/chapter_event/chapter/${chapter.id}/rsvp_summary`),
  ),
  'GET /api/chapter_event/chapter/:chapterId/attendance_history': host(() =>
    GET(`/api/chapter_event/chapter/${chapter.id}/attendance_history`),
  ),
  'GET /api/chapter/:id/figures': host(() => GET(`/api/chapter/${chapter.id}/figures`)),
  'GET /api/chapter/:id/setup': host(() => GET(`/api/chapter/${chapter.id}/setup`)),
  // The chapter's status is its field organizers' and admins' (policy.ts mayMakeChapterActive).
  'POST /api/chapter/:id/make_active': perChapter('fieldOrganizerAccess', () =>
    POST(`/api/chapter/${chapter.id}/make_active`, {}),
  ),
  'GET /api/chapter_calendar/event/:slug/event.ics': PUBLIC,
  'GET /api/chapter_event/chapter/:chapterId/dates': host(() =>
    GET(`/api/chapter_event/chapter/${chapter.id}/dates`),
  ),
  'PUT /api/chapter_event/slug/:slug/dates/:date': host(async () => ({
    method: 'PUT',
    url: `/api/chapter_event/slug/${await event()}/dates/${comingTuesday()}`,
    payload: { status: 'cancelled', note: 'Closed for the holiday' },
  })),
  'DELETE /api/chapter_event/slug/:slug/dates/:date': host(async () =>
    DELETE(`/api/chapter_event/slug/${await event()}/dates/${comingTuesday()}`),
  ),
  'POST /api/chapter_link/chapter/:chapterId': host(() =>
    POST(`/api/chapter_link/chapter/${chapter.id}`, {
      links: [{ title: 'Meetup', url: 'https://meetup.example.com/x' }],
    }),
  ),
  'GET /api/chapter_note/chapter/:chapterId': host(() =>
    GET(`/api/chapter_note/chapter/${chapter.id}`),
  ),
  'POST /api/chapter_note': host(() =>
    POST('/api/chapter_note', { note: 'Hello', chapterId: chapter.id }),
  ),
  'GET /api/permission/:chapterId': host(() => GET(`/api/permission/${chapter.id}`)),
  'POST /api/permission/:chapterId': ADMIN,
  'POST /api/permission/delete': ADMIN,
  'GET /api/press_mention/chapter/:id/all': host(() =>
    GET(`/api/press_mention/chapter/${chapter.id}/all`),
  ),
  'POST /api/press_mention/': host(() =>
    POST('/api/press_mention/', {
      title: 'In the news',
      url: 'https://news.example.com/in-the-news',
      notes: '',
      isVisible: true,
      chapterId: chapter.id,
    }),
  ),
  'DELETE /api/press_mention/slug/:slug': host(async () =>
    DELETE(`/api/press_mention/slug/${await mention()}`),
  ),
  'POST /api/chapter_blog_post': host(() =>
    POST('/api/chapter_blog_post', {
      chapterId: chapter.id,
      title: 'Our summer plans',
      body: '<p>Picnics.</p>',
    }),
  ),
  'DELETE /api/chapter_blog_post/slug/:slug': host(async () =>
    DELETE(`/api/chapter_blog_post/slug/${await post()}`),
  ),
  'GET /api/activity_feed_item/chapter/:id': host(() =>
    GET(`/api/activity_feed_item/chapter/${chapter.id}`),
  ),
};

/** Who passes each rule's check, for the matrix's chapter. */
const PASSES: Record<AccessRule, readonly CallerKind[]> = {
  public: CALLER_KINDS,
  signedIn: ['noRole', 'otherHost', 'host', 'fieldOrganizer', 'admin'],
  admin: ['admin'],
  hostAccess: ['host', 'fieldOrganizer', 'admin'],
  fieldOrganizerAccess: ['fieldOrganizer', 'admin'],
};

/** The status a refused caller gets; undefined for one who passes the check. */
function refusal(row: Row, kind: CallerKind): number | undefined {
  if (PASSES[row.rule].includes(kind)) return undefined;
  if (kind === 'visitor') return 401;
  return row.refusedAsMissing ? 404 : 403;
}

/** A path for a route pattern, with the world's ids. */
function concretePath(url: string): string {
  const values: Record<string, string> = {
    id: String(chapter.id),
    chapterId: String(chapter.id),
    userId: String(w.users.noRole.id),
    slug: chapter.slug,
    stateLower: 'ny',
    page: '1',
    count: '3',
    token: 'no-such-token',
    file: 'start.js',
  };
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => values[name] ?? '1');
}

function defaultRequest(method: string, url: string): Request {
  const path = concretePath(url);
  return ['POST', 'PUT', 'PATCH'].includes(method)
    ? { method, url: path, payload: {} }
    : { method, url: path };
}

/** Sends a request as a caller, with its /api prefix spelled as given. */
function send(request: Request, cookie: string | undefined, prefix = '/api') {
  const headers: Record<string, string> = { ...(request.raw?.headers ?? {}) };
  if (cookie) headers.cookie = cookie;
  return t.app.inject({
    method: request.method as ApiRequest['method'],
    url: request.url.replace(/^\/api/, prefix),
    headers,
    payload: request.raw ? request.raw.payload : request.payload,
  });
}

async function newSessions() {
  for (const kind of CALLER_KINDS) {
    if (kind === 'visitor') continue;
    const { token } = await createSession(t.db, w.users[kind].id, 1);
    w.cookies[kind] = `${SESSION_COOKIE}=${token}`;
  }
}

type Operation = { method: string; url: string; access: AccessRule };

async function documentedOperations(): Promise<Operation[]> {
  const res = await t.app.inject({ url: '/api/openapi.json' });
  const document = res.json() as {
    paths: Record<string, Record<string, { 'x-access': AccessRule }>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{([^}]+)\}/g, ':$1'),
      access: operation['x-access'],
    })),
  );
}

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('the access matrix of every API route', () => {
  it('has a row for every route of the OpenAPI document, and none for a route that is gone', async () => {
    const documented = (await documentedOperations()).map(key).sort();
    const registered = t.app.apiRoutes.map(key).sort();
    // The document shows every registered /api route: nothing is hidden from it.
    expect(documented).toEqual(registered);
    const rows = Object.keys(MATRIX).sort();
    expect(
      documented.filter((k) => !rows.includes(k)),
      'routes with no row in MATRIX',
    ).toEqual([]);
    expect(
      rows.filter((k) => !documented.includes(k)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  it("names each route's declared rule, in the document and in the row", async () => {
    const wrong = (await documentedOperations())
      .filter((op) => MATRIX[key(op)] && MATRIX[key(op)]!.rule !== op.access)
      .map((op) => `${key(op)}: declares ${op.access}, row says ${MATRIX[key(op)]!.rule}`);
    expect(wrong).toEqual([]);
  });

  it.each(Object.entries(MATRIX))('%s', async (call, row) => {
    const [method = 'GET', url = ''] = call.split(' ');
    const actual: Record<string, number | string> = {};
    const expected: Record<string, number | string> = {};
    // Those refused first: an allowed caller's change cannot alter what they are asked.
    const order = [...CALLER_KINDS].sort(
      (a, b) => Number(!refusal(row, a)) - Number(!refusal(row, b)),
    );
    for (const kind of order) {
      const request = row.request ? await row.request() : defaultRequest(method, url);
      const res = await send(request, w.cookies[kind]);
      const refused = refusal(row, kind);
      if (refused) {
        actual[kind] = res.statusCode;
        expected[kind] = refused;
        // However the prefix is written, the same refusal. (The router is case-sensitive:
        // '/API/...' is no route at all.)
        for (const prefix of ['/%61pi', '/%61%70%69', '/API']) {
          const again = await send(
            row.request ? await row.request() : request,
            w.cookies[kind],
            prefix,
          );
          actual[`${kind} ${prefix}`] = again.statusCode;
          expected[`${kind} ${prefix}`] = prefix === '/API' ? 404 : refused;
        }
      } else {
        // Past the access check: whatever the answer, it is no refusal and no failure.
        const passed =
          ![401, 403].includes(res.statusCode) &&
          !(row.refusedAsMissing && res.statusCode === 404) &&
          res.statusCode < 500;
        actual[kind] = passed ? 'passes' : res.statusCode;
        expected[kind] = 'passes';
      }
    }
    if (row.endsSession) await newSessions();
    expect(actual).toEqual(expected);
  });
});
