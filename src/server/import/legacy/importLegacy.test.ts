// The importer against a stand-in of the original site (test/legacySite.ts): a full import with
// every skip reason, a second run that changes nothing, an edit that comes over, a run stopped
// halfway then finished, a dry run, the old chapter URLs here, and an imported user signing in
// through the invitation's reset link.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { legacyData, MERGED_EMAIL, TAKEN_SLUG, type LegacyData } from '../../test/legacyData';
import { startLegacySite, type LegacySite } from '../../test/legacySite';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { createMailer, type Mailer } from '../../mail/mailer';
import { importLegacy, ImportStopped, type ImportOptions } from './run';
import { formatReport, type ImportReport } from './report';
import { INVITATION_DAYS } from './invite';
import { chapterHeaderSlot } from '../../modules/uploads/slots';
import { slotHash } from '../../modules/uploads/store';

const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Default</title></head><body><div id="root"></div></body></html>',
);

// Whole imports: minutes on a machine shared by several test runs.
const SLOW = 240_000;

const SIZE = { chapters: 12, users: 20, eventsPerChapter: 2, postsPerChapter: 2, edgeCases: true };

async function world(): Promise<LegacyData> {
  const data = legacyData(SIZE);
  data.chapters[0]!.headerImage = await sharp({
    create: { width: 40, height: 20, channels: 3, background: '#c00' },
  })
    .jpeg()
    .toBuffer();
  return data;
}

/** Rows of every table the importer writes, by table. */
async function rowCounts(db: Db) {
  const tables = {
    users: schema.users,
    chapters: schema.chapters,
    events: schema.chapterEvents,
    links: schema.chapterLinks,
    posts: schema.chapterBlogPosts,
    press: schema.pressMentions,
    notes: schema.chapterNotes,
    permissions: schema.permissions,
    userNotes: schema.userNotes,
    blog: schema.blogPosts,
    pages: schema.pages,
    wiki: schema.wikiPages,
    applications: schema.chapterHostApplications,
    activity: schema.activityFeedItems,
    map: schema.legacyImportMap,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    out[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  }
  return out;
}

const changed = (r: ImportReport) =>
  Object.values(r.counts).reduce((n, c) => n + c.created + c.updated, 0);

/** What every test database holds before the import: a chapter and an account of its own. */
async function prepare(db: Db) {
  await db.insert(schema.chapters).values({ title: 'Ours', slug: TAKEN_SLUG, city: 'Here' });
  await db.insert(schema.users).values({
    name: 'Here Already',
    email: MERGED_EMAIL,
    username: MERGED_EMAIL,
    passwordHash: 'x',
  });
}

describe('importing the original site', () => {
  let site: LegacySite;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let options: ImportOptions;
  let first: ImportReport;
  // The site's own outbox mailer, as `npm run import:legacy -- --invite` makes it: on the
  // embedded database it shares the one connection with the importer's transactions.
  let mailer: Mailer;
  const outbox = () => t.db.select().from(schema.mailOutbox);

  beforeAll(async () => {
    site = await startLegacySite(await world());
    t = await createTestApp({ webDir });
    await prepare(t.db);
    mailer = createMailer(t.config, t.db, t.app.log);
    options = {
      from: site.url,
      email: site.data.admin.email,
      password: site.data.admin.password,
      uploadsDir: t.config.uploadsDir,
    };
    first = await importLegacy(t.db, options);
  }, SLOW);
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('brings every entity over and skips, by reason, what it cannot map', async () => {
    const c = first.counts;
    expect(c.chapter).toEqual({ read: 18, created: 12, updated: 0, unchanged: 0, skipped: 6 });
    expect(c.event).toMatchObject({ read: 26, created: 24, skipped: 2 });
    expect(c.chapter_post).toMatchObject({ read: 25, created: 24, skipped: 1 });
    expect(c.user).toMatchObject({ read: 22, created: 20, updated: 1, skipped: 1 });
    expect(c.host_application).toMatchObject({ read: 4, created: 3, skipped: 1 });
    for (const kind of ['link', 'press_mention', 'chapter_note', 'permission', 'user_note']) {
      expect(c[kind]!.created, kind).toBeGreaterThan(0);
    }
    for (const kind of ['blog_post', 'page', 'wiki_page', 'header_image', 'setting']) {
      expect(c[kind]!.skipped, kind).toBe(0);
      expect(c[kind]!.created, kind).toBeGreaterThan(0);
    }
    expect(c.activity).toMatchObject({ read: 2, created: 1, skipped: 1 });
    const reasons = first.skipped.map((s) => `${s.kind} ${s.originalId}: ${s.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'chapter 13: unknown chapter type 9',
        'chapter 14: unknown state "XX"',
        'chapter 15: slug taken by another chapter here',
        'chapter 16: malformed sendInBlueListId: "list-7"',
        'chapter 17: emailAlias used by another chapter here',
        'chapter 18: slug "all" is a word this site\'s calendar addresses use',
        'event edge-malformed-date: malformed date in singleDate: "2025-13-45"',
        'event edge-no-schedule: no valid schedule: weeksOfMonthIndexes ""',
        'chapter_post edge-post-date: malformed date in createdAt: "yesterday"',
        'user 21: email refused, as a save here would: Enter a valid email address',
        'permission 900001: its user 21 was not imported',
        'host_application app-of-nobody: its applicant not an email was not imported',
        'activity user_note:4242:2015-01-04T00:00:00.000Z: what it is about (user_note 4242) did not come over',
      ]),
    );
    // Nothing half-written: the skipped chapters and events are not here.
    const [ours] = await t.db
      .select()
      .from(schema.chapters)
      .where(eq(schema.chapters.slug, TAKEN_SLUG));
    expect(ours!.title).toBe('Ours');
    expect(
      await t.db
        .select()
        .from(schema.chapterEvents)
        .where(eq(schema.chapterEvents.slug, 'edge-no-schedule')),
    ).toEqual([]);
  });

  it('keeps slugs, states, list ids, roles and the email service as the original has them', async () => {
    const bySlug = async (slug: string) =>
      (await t.db.select().from(schema.chapters).where(eq(schema.chapters.slug, slug)))[0]!;
    const one = await bySlug('city-1');
    expect(one).toMatchObject({
      state: 'CA',
      sendInBlueListId: '1001',
      brontoListId: '5001',
      chapterTypeId: 2,
    });
    expect((await bySlug('city-3')).state).toBe('INT');
    expect((await bySlug('city-2')).brontoListId).toBeNull();
    const [setting] = await t.db
      .select()
      .from(schema.settings)
      .where(eq(schema.settings.key, 'emailService'));
    expect(setting!.value).toEqual({ serviceName: 'sendInBlue' });
    const merged = await t.db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = ${MERGED_EMAIL.toLowerCase()}`);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.passwordHash).toBe('x');
    const admins = await t.db
      .select()
      .from(schema.permissions)
      .where(eq(schema.permissions.roleId, 1));
    expect(admins).toHaveLength(1);
    const [event] = await t.db
      .select()
      .from(schema.chapterEvents)
      .where(eq(schema.chapterEvents.slug, 'chapter-1-event-1'));
    expect(event).toMatchObject({
      chapterId: one.id,
      weeksOfMonthIndexes: '1,3',
      dayOfWeekIndex: 1,
      startTime: '19:00',
      endTime: '21:30',
    });
    expect(await slotHash(t.db, chapterHeaderSlot(one.id))).toMatch(/^[0-9a-f]{64}$/);
  });

  it(
    'changes nothing on a second run, and says so',
    async () => {
      const before = await rowCounts(t.db);
      const again = await importLegacy(t.db, options);
      expect(changed(again)).toBe(0);
      expect(again.counts.chapter!.unchanged).toBe(12);
      expect(formatReport(again)).toContain('Nothing changed');
      expect(await rowCounts(t.db)).toEqual(before);
    },
    SLOW,
  );

  it(
    'brings an edit on the original over as updated',
    async () => {
      site.data.chapters[1]!.title = 'Drinking Liberally Renamed';
      site.data.chapters[2]!.events[0]!.name = 'New Tavern';
      const edited = await importLegacy(t.db, options);
      expect(edited.counts.chapter).toMatchObject({ updated: 1, created: 0, unchanged: 11 });
      expect(edited.counts.event).toMatchObject({ updated: 1, created: 0 });
      const [renamed] = await t.db
        .select()
        .from(schema.chapters)
        .where(eq(schema.chapters.slug, 'city-2'));
      expect(renamed!.title).toBe('Drinking Liberally Renamed');
    },
    SLOW,
  );

  it(
    'answers every old chapter URL with the same title',
    async () => {
      for (const c of site.data.chapters.slice(0, SIZE.chapters)) {
        const url = `/chapter/${(c.state || 'int').toLowerCase()}/${c.slug}`;
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(/<title>([^<]*)<\/title>/.exec(res.body)?.[1], url).toContain(c.title);
      }
    },
    SLOW,
  );

  it(
    'invites each imported user once; the reset link lets them sign in',
    async () => {
      const invited = await importLegacy(t.db, {
        ...options,
        invite: { mailer, publicUrl: 'https://new.example.org' },
      });
      // The merged account has a password already; the others get one mail each.
      expect(invited.invited).toBe(20);
      const mail = await outbox();
      expect(mail).toHaveLength(20);
      const toMember = mail.find((m) => m.to === 'member5@old.example.org')!;
      expect(toMember.text).toContain(`${INVITATION_DAYS} days`);
      const token = /\/password_verify\/(\S+)/.exec(toMember.text)![1]!;
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/password_reset/new_password',
        payload: { token, password: 'brand-new-pass' },
      });
      expect(set.statusCode).toBe(200);
      const signin = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { username: 'member5@old.example.org', password: 'brand-new-pass' },
      });
      expect(signin.json()).toMatchObject({
        user: { email: 'member5@old.example.org' },
        error: null,
      });

      const again = await importLegacy(t.db, {
        ...options,
        invite: { mailer, publicUrl: 'https://new.example.org' },
      });
      expect(again.invited).toBe(0);
      expect(await outbox()).toHaveLength(20);
    },
    SLOW,
  );
});

describe('a run stopped halfway, and a dry run', () => {
  let site: LegacySite;
  beforeAll(async () => {
    site = await startLegacySite(await world());
  });
  afterAll(() => site.close());

  const run = (db: Db, extra: Partial<ImportOptions> = {}) =>
    importLegacy(db, {
      from: site.url,
      email: site.data.admin.email,
      password: site.data.admin.password,
      uploadsDir: mkdtempSync(path.join(tmpdir(), 'legacy-uploads-')),
      ...extra,
    });

  it(
    'finishes on the next run what a failing site stopped, with nothing doubled',
    async () => {
      const whole = await createTestDatabase();
      const halves = await createTestDatabase();
      try {
        await prepare(whole.db);
        await prepare(halves.db);
        await run(whole.db);
        site.requests = 0;
        site.failAfter = 40;
        const stopped = await run(halves.db).catch((err: unknown) => err);
        expect(stopped).toBeInstanceOf(ImportStopped);
        const partial = (stopped as ImportStopped).report;
        expect(partial.counts.chapter!.created).toBeGreaterThan(0);
        expect(partial.counts.chapter!.created).toBeLessThan(12);
        site.failAfter = null;
        const rest = await run(halves.db);
        expect(rest.counts.chapter!.unchanged).toBe(partial.counts.chapter!.created);
        expect(await rowCounts(halves.db)).toEqual(await rowCounts(whole.db));
      } finally {
        site.failAfter = null;
        await whole.close();
        await halves.close();
      }
    },
    SLOW,
  );

  it(
    'writes nothing on a dry run, and reports what a run would do',
    async () => {
      const database = await createTestDatabase();
      try {
        await prepare(database.db);
        const before = await rowCounts(database.db);
        const dry = await run(database.db, { dryRun: true });
        expect(dry.dryRun).toBe(true);
        expect(dry.counts.chapter).toMatchObject({ created: 12, skipped: 6 });
        expect(dry.counts.event).toMatchObject({ created: 24, skipped: 2 });
        expect(await rowCounts(database.db)).toEqual(before);
        expect(formatReport(dry)).toMatch(/^Dry run \(nothing written\)/);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
