// The restore drill (issue 22, goal 6): the demo network and an uploaded header image, backed up
// while events are being created, restored into a fresh database, and served by a new app: its
// public answers and the image are byte for byte those of the first site, once the first site
// is brought to the backup's moment (the events created after the snapshot removed). On the
// embedded database in a DATA_DIR of its own (the running app makes the dump, over its backup
// socket), or on PostgreSQL with TEST_DATABASE_URL (pg_dump and pg_restore).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import { chapterEvents, chapters } from '../schema';
import { openDatabase, type Database } from '../client';
import { seedDemo } from '../../seed/demo';
import { signedInUser } from '../../test/users';
import { imageUpload } from '../../test/chapterAdminWorld';
import { serveBackups } from './embeddedSocket';
import { backupSite, restoreSite, type SiteLocation } from './site';
import { openBackup } from './format';

type App = Awaited<ReturnType<typeof buildApp>>;
const adminUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
const quiet = { say() {} };

afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean().catch(() => {});
});

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A site of its own: a DATA_DIR, and on PostgreSQL an empty database. */
async function newSite(): Promise<{ site: SiteLocation; config: Config }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chapters-drill-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const name = `chapters_drill_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await withAdmin((c) => c.query(`create database "${name}"`));
    cleanups.push(() =>
      withAdmin((c) => c.query(`drop database if exists "${name}" with (force)`)),
    );
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const config: Config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PUBLIC_CACHE_SECONDS: '0',
      HOME_MAP_CACHE_SECONDS: '0',
      MAIL_SEND_POLL_MS: '0',
      DATA_DIR: dataDir,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    }),
    webDir: 'no-web-app',
  };
  const site = {
    databaseUrl,
    dataDir,
    embeddedDir: config.database.embeddedDir,
    uploadsDir: config.uploadsDir,
  };
  return { site, config };
}

async function start(config: Config): Promise<{ app: App; database: Database }> {
  const database = await openDatabase({
    url: config.database.url,
    embeddedDir: config.database.embeddedDir,
    poolMax: 4,
  });
  await database.migrate();
  const app = await buildApp({ config, db: database.db, notices: database.notices });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return { app, database };
}

const get = (app: App, url: string) => app.inject({ method: 'GET', url });

describe(`a backup of a live site restores (${adminUrl ? 'PostgreSQL' : 'embedded'})`, () => {
  it('serves the same public answers and image after a restore into a fresh database', async () => {
    const first = await newSite();
    const { app, database } = await start(first.config);
    await seedDemo(database.db);
    if (database.embedded) {
      const stop = await serveBackups(first.site.dataDir, database, app.log);
      cleanups.push(stop);
    }
    const admin = await signedInUser({ db: database.db }, { admin: true });
    const active = await database.db
      .select()
      .from(chapters)
      .where(eq(chapters.status, 1))
      .orderBy(chapters.id);
    const chapter = active[0];
    const png = await sharp({
      create: { width: 640, height: 200, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const upload = imageUpload(png);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/chapter/header_image/${chapter!.id}`,
      headers: { ...upload.headers, cookie: admin.cookie },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(200);

    // Writes go on while the backup is made: events created one after another, each answered,
    // spread over the chapters (a chapter holds at most 50).
    const created: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/chapter_event',
          headers: { cookie: admin.cookie },
          payload: {
            chapterId: active[i % active.length]!.id,
            name: `Drill night ${i}`,
            description: 'Written during the backup',
            address1: '142 Franklin St',
            address2: '',
            city: 'Brooklyn',
            state: 'NY',
            postalCode: '11222',
            country: 'US',
            startTime: '19:00',
            endTime: '21:30',
            isSingleDate: false,
            singleDate: null,
            dayOfWeekIndex: i % 7,
            weeksOfMonthIndexes: '1,3',
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        const [row] = await database.db
          .select({ id: chapterEvents.id })
          .from(chapterEvents)
          .where(eq(chapterEvents.name, `Drill night ${i}`));
        created.push(row!.id);
      }
    })();
    // A few writes land before the backup begins; more go on during it.
    while (created.length < 3) await new Promise((r) => setTimeout(r, 10));
    const before = created.length;
    const file = path.join(first.site.dataDir, 'site.backup');
    const header = await backupSite(first.site, file, quiet);
    const during = created.length - before;
    writing = false;
    await writer;
    expect(header.kind).toBe(adminUrl ? 'postgres' : 'embedded');
    expect(header.migrations).toBeGreaterThan(0);
    // The uploaded image is in the database (uploads/store.ts): DATA_DIR/uploads holds nothing.
    expect(header.sections.map((s) => s.name)).toEqual(['database']);
    expect(openBackup(file).header).toEqual(header);

    const second = await newSite();
    await restoreSite(second.site, file, quiet);
    const restored = await start(second.config);

    // The snapshot holds every event answered before it began, and the ones after it form no
    // gaps: it is one moment of the first site.
    const kept = (
      await restored.database.db
        .select({ id: chapterEvents.id })
        .from(chapterEvents)
        .where(inArray(chapterEvents.id, created))
    ).map((r) => r.id);
    expect(kept.length).toBeGreaterThanOrEqual(before);
    expect(kept.sort((a, b) => a - b)).toEqual(created.slice(0, kept.length));
    console.info(
      `restore drill: ${before} events before the backup, ${during} during it, ${kept.length} in it`,
    );
    const later = created.slice(kept.length);
    if (later.length > 0)
      await database.db.delete(chapterEvents).where(inArray(chapterEvents.id, later));

    const answerOf = await get(app, `/api/chapter/id/${chapter!.id}`);
    const slug = (answerOf.json() as { slug: string }).slug;
    const image = (answerOf.json() as { headerImageUrl: string | null }).headerImageUrl;
    expect(image).toMatch(/^\/assets\/images\/uploads\/[0-9a-f]{64}\.jpg$/);
    const urls = [
      '/api/chapters',
      `/api/chapter/slug/${slug}`,
      `/api/chapter/id/${chapter!.id}`,
      '/api/chapters/active',
      image!,
    ];
    for (const url of urls) {
      const [a, b] = await Promise.all([get(app, url), get(restored.app, url)]);
      expect(a.statusCode, url).toBe(200);
      expect(b.rawPayload.equals(a.rawPayload), url).toBe(true);
    }
    // The calendar is stamped with the second it was made (DTSTAMP): asked of both at once,
    // and again if the two fell either side of a second.
    const ics = `/api/chapter_calendar/${slug}/events.ics`;
    let same = false;
    for (let i = 0; i < 5 && !same; i++) {
      const [a, b] = await Promise.all([get(app, ics), get(restored.app, ics)]);
      expect(a.statusCode).toBe(200);
      expect(a.body).toContain('Drill night 0');
      same = b.rawPayload.equals(a.rawPayload);
    }
    expect(same, ics).toBe(true);
  }, 300_000);

  it('refuses to restore into a database that is not empty, naming it', async () => {
    const first = await newSite();
    const { database } = await start(first.config);
    if (!database.embedded) {
      // PostgreSQL: the file is a dump of this (migrated) database; the target is itself.
      const file = path.join(first.site.dataDir, 'empty.backup');
      await backupSite(first.site, file, quiet);
      const name = new URL(first.site.databaseUrl!).pathname.slice(1);
      await expect(restoreSite(first.site, file, quiet)).rejects.toThrow(
        new RegExp(`The database ${name} is not empty`),
      );
      return;
    }
    // Embedded: the running server holds the database; its DATA_DIR is not empty.
    const stop = await serveBackups(first.site.dataDir, database, { error() {} });
    cleanups.push(stop);
    const file = path.join(first.site.dataDir, 'empty.backup');
    await backupSite(first.site, file, quiet);
    await expect(restoreSite(first.site, file, quiet)).rejects.toThrow(
      /already holds a database: restore into an empty DATA_DIR/,
    );
  }, 120_000);
});
