// A stand-in of the original site: answers each call the importer makes (spec 1 §7, spec 2 §7)
// with the fields and types the spec documents give (legacyData.ts), behind a session cookie
// given by POST /api/auth/signin. `failAfter` makes it answer 503 from the Nth request on, as a
// site going down halfway through an import; `silent` never answers one path, `oversized`
// answers one with a 64 MB body (counting what the reader took of it in `oversizedSent`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAPTER_TYPES } from '../../common/constants';
import type { LChapter, LegacyData, LUser } from './legacyData';

export interface LegacySite {
  url: string;
  data: LegacyData;
  /** Requests answered so far. */
  requests: number;
  /** From this many requests on, every answer is a 503 (null: never). */
  failAfter: number | null;
  /** A path (as '/api/user/all') the site never answers: the request hangs. */
  silent: string | null;
  /** A path answered 200 with a 64 MB JSON body, sent as fast as it is read. */
  oversized: string | null;
  /** Bytes of that body the reader took (all of it, unless it hung up). */
  oversizedSent: number;
  close(): Promise<void>;
}

const COOKIE = 'JSESSIONID=legacy-session';

export async function startLegacySite(data: LegacyData): Promise<LegacySite> {
  const site: LegacySite = {
    url: '',
    data,
    requests: 0,
    failAfter: null,
    silent: null,
    oversized: null,
    oversizedSent: 0,
    close: async () => {},
  };
  const server = createServer((req, res) => {
    site.requests++;
    if (site.failAfter !== null && site.requests > site.failAfter)
      return send(res, 503, { error: 'down' });
    const path = new URL(req.url!, 'http://x').pathname;
    if (path === site.silent) return;
    if (path === site.oversized) return sendOversized(site, res);
    void route(site.data, req, res).catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(json);
}

const OVERSIZED = 64 * 1024 * 1024;

/** `[`, spaces and `]`, 64 MB in all; no content-length, so it is chunked. */
function sendOversized(site: LegacySite, res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, ' ');
  let open = true;
  res.on('close', () => (open = false));
  const pump = () => {
    while (open && site.oversizedSent < OVERSIZED) {
      site.oversizedSent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (open) res.end(']');
  };
  res.write('[');
  pump();
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || '{}');
}

const userRef = (u: LUser | undefined) => (u ? { id: u.id, name: u.name, email: u.email } : null);
const chapterType = (id: number) => {
  const t = CHAPTER_TYPES.find((x) => x.id === id);
  return { id, name: t?.name ?? 'Unknown', hexColor: t?.hexColor ?? '#000000' };
};

function chapterAnswer(c: LChapter, users: Map<number, LUser>) {
  return {
    id: c.id,
    title: c.title,
    displayTitle: c.displayTitle,
    city: c.city,
    state: c.state,
    postalCode: c.postalCode,
    country: c.country,
    slug: c.slug,
    status: c.status,
    chapterTypeId: c.chapterTypeId,
    chapter_type: chapterType(c.chapterTypeId),
    chapter_events: c.events,
    permissions: permissionsOf(c, users),
    emailAlias: c.emailAlias,
    sendInBlueListId: c.sendInBlueListId,
    brontoListId: c.brontoListId,
    brontoListName: c.brontoListName,
    about: c.about,
  };
}

function permissionsOf(c: LChapter, users: Map<number, LUser>) {
  return c.permissions.map((p) => ({
    id: p.id,
    chapter: { id: c.id, title: c.title },
    user: userRef(users.get(p.userId)) ?? { id: p.userId, name: '', email: '' },
    roleId: p.roleId,
    role: { name: p.roleId === 3 ? 'Chapter Host' : 'Field Organizer' },
    chapterId: c.id,
    createdAt: p.createdAt,
  }));
}

type Indexes = {
  users: Map<number, LUser>;
  chapters: Map<number, LChapter>;
  notesAbout: Map<number, LegacyData['userNotes']>;
};
const built = new WeakMap<LegacyData, { key: unknown[]; indexes: Indexes }>();

/**
 * Look-ups by id, as the original's database answers them: built once, not per request (with
 * 20,000 users a map per request was most of a bench:import's time). Built again when a test
 * replaces or grows a list; edits of an item in place need nothing.
 */
function indexes(data: LegacyData): Indexes {
  const key: unknown[] = [data.users, data.users.length, data.chapters, data.chapters.length];
  key.push(data.userNotes, data.userNotes.length);
  const kept = built.get(data);
  if (kept && kept.key.every((k, i) => k === key[i])) return kept.indexes;
  const notesAbout = new Map<number, LegacyData['userNotes']>();
  for (const n of data.userNotes) {
    if (!notesAbout.has(n.aboutUserId)) notesAbout.set(n.aboutUserId, []);
    notesAbout.get(n.aboutUserId)!.push(n);
  }
  const indexes: Indexes = {
    users: new Map(data.users.map((u) => [u.id, u])),
    chapters: new Map(data.chapters.map((c) => [c.id, c])),
    notesAbout,
  };
  built.set(data, { key, indexes });
  return indexes;
}

async function route(data: LegacyData, req: IncomingMessage, res: ServerResponse) {
  const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
  if (req.method === 'POST' && path === '/api/auth/signin') {
    const body = (await readBody(req)) as { username?: string; password?: string };
    if (body.username !== data.admin.email || body.password !== data.admin.password) {
      return send(res, 401, { user: null, error: 'Invalid username or password' });
    }
    const admin = {
      name: 'Old Admin',
      email: data.admin.email,
      permissions: [{ roleId: 1, chapterId: null }],
    };
    return send(
      res,
      200,
      { user: admin, error: null },
      { 'set-cookie': `${COOKIE}; Path=/; HttpOnly` },
    );
  }
  if (!req.headers.cookie?.includes(COOKIE)) return send(res, 401, { error: 'Unauthorized' });
  const { users, chapters, notesAbout } = indexes(data);
  const m = (pattern: RegExp) => pattern.exec(path);
  const chapterOf = (match: RegExpExecArray | null) =>
    match ? chapters.get(Number(match[1])) : undefined;
  let hit: RegExpExecArray | null;

  if (path === '/api/chapters')
    return send(
      res,
      200,
      data.chapters.map((c) => chapterAnswer(c, users)),
    );
  if ((hit = m(/^\/api\/chapter\/id\/(\d+)$/))) {
    const c = chapterOf(hit);
    return c ? send(res, 200, chapterAnswer(c, users)) : send(res, 404, { error: 'Not found' });
  }
  if ((hit = m(/^\/api\/chapter_link\/chapter\/(\d+)$/)))
    return send(res, 200, chapterOf(hit)?.links ?? []);
  if ((hit = m(/^\/api\/chapter_blog_post\/(\d+)$/))) {
    const posts = chapterOf(hit)?.posts ?? [];
    return send(
      res,
      200,
      posts.map(({ userId, ...p }) => ({
        ...p,
        chapterId: Number(hit![1]),
        user: userRef(users.get(userId)),
      })),
    );
  }
  if ((hit = m(/^\/api\/press_mention\/chapter\/(\d+)\/all$/))) {
    const c = chapterOf(hit);
    return send(
      res,
      200,
      (c?.press ?? []).map((p) => ({
        ...p,
        chapter: { id: c!.id, title: c!.title, slug: c!.slug },
      })),
    );
  }
  if (path === '/api/press_mention/public') {
    const ofChapters = data.chapters.flatMap((c) =>
      c.press.map((p) => ({ ...p, chapter: { id: c.id, title: c.title, slug: c.slug } })),
    );
    const all = [...data.networkPress.map((p) => ({ ...p, chapter: null })), ...ofChapters];
    return send(
      res,
      200,
      all.filter((p) => p.isVisible),
    );
  }
  if ((hit = m(/^\/api\/chapter_note\/chapter\/(\d+)$/))) {
    const c = chapterOf(hit);
    return send(
      res,
      200,
      (c?.notes ?? []).map(({ userId, ...n }) => ({
        ...n,
        chapterId: c!.id,
        user: userRef(users.get(userId)),
      })),
    );
  }
  if ((hit = m(/^\/api\/permission\/(\d+)$/))) {
    const c = chapterOf(hit);
    return send(res, 200, c ? permissionsOf(c, users) : []);
  }
  if ((hit = m(/^\/assets\/images\/uploads\/chapter_header_(\d+)\.jpg$/))) {
    const image = chapterOf(hit)?.headerImage;
    if (!image) return send(res, 404, { error: 'Not found' });
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    return res.end(image);
  }
  if (path === '/api/user/all') {
    const roles = new Map<number, { host: number[]; fo: number[] }>();
    for (const c of data.chapters) {
      for (const p of c.permissions) {
        if (!roles.has(p.userId)) roles.set(p.userId, { host: [], fo: [] });
        roles.get(p.userId)![p.roleId === 3 ? 'host' : 'fo'].push(c.id);
      }
    }
    const answer = data.users.map((u) => {
      const { host, fo } = roles.get(u.id) ?? { host: [], fo: [] };
      return {
        ...u,
        isChapterHost: host.length > 0,
        isFieldOrganizer: fo.length > 0,
        chapterHostChapters: host,
        fieldOrganizerChapters: fo,
      };
    });
    return send(res, 200, answer);
  }
  if (path === '/api/user/count') return send(res, 200, { count: data.users.length });
  if ((hit = m(/^\/api\/user_note\/user\/(\d+)$/))) {
    const about = Number(hit[1]);
    return send(
      res,
      200,
      (notesAbout.get(about) ?? []).map(({ userId, ...n }) => ({
        ...n,
        user: userRef(users.get(userId)),
      })),
    );
  }
  for (const [list, items] of [
    ['blog_post', data.blog],
    ['page', data.pages],
    ['wiki_page', data.wiki],
  ] as const) {
    const answer = ({ userId, ...item }: (typeof items)[number]) =>
      list === 'blog_post' ? { ...item, user: userRef(users.get(userId ?? 0)) } : item;
    if (path === `/api/${list}`) return send(res, 200, items.map(answer));
    if ((hit = m(new RegExp(`^/api/${list}/slug/(.+)$`)))) {
      const item = items.find((i) => i.slug === hit![1]);
      return item ? send(res, 200, answer(item)) : send(res, 404, { error: 'Not found' });
    }
  }
  if (path === '/api/chapter_host_application') {
    return send(
      res,
      200,
      data.applications.map(({ userId, ...a }) => ({ ...a, user: userRef(users.get(userId)) })),
    );
  }
  if (path === '/api/activity_feed_item/all') {
    return send(
      res,
      200,
      data.activity.map(({ userId, ...a }) => ({ ...a, user: userRef(users.get(userId)) })),
    );
  }
  if (path === '/api/front_page') return send(res, 200, data.frontPage);
  if (path === '/api/email_settings') return send(res, 200, data.emailSettings);
  return send(res, 404, { error: `No route ${req.method} ${path}` });
}
