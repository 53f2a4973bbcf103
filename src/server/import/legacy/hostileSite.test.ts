// The importer against an original that misbehaves (issue 31 item 6): a press link the site's
// own save refuses, a call that is never answered, an answer far larger than any call gives.
// Limits are set by the test far below the defaults, so nothing waits on the clock for long.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database';
import { legacyData } from '../../test/legacyData';
import { startLegacySite, type LegacySite } from '../../test/legacySite';
import type { Database } from '../../db/client';
import { pressMentions } from '../../db/schema';
import { importLegacy, ImportStopped, type ImportOptions } from './run';

let site: LegacySite;
let database: Database;

beforeAll(async () => {
  const data = legacyData({
    chapters: 2,
    users: 3,
    eventsPerChapter: 0,
    postsPerChapter: 0,
    edgeCases: false,
  });
  data.chapters[0]!.press = [
    {
      title: 'Click me',
      url: 'javascript:alert(1)',
      notes: '',
      slug: 'press-script',
      createdAt: data.users[0]!.createdAt,
      isVisible: true,
    },
    {
      title: 'A real article',
      url: 'https://news.example.org/real',
      notes: '',
      slug: 'press-real',
      createdAt: data.users[0]!.createdAt,
      isVisible: true,
    },
  ];
  data.chapters[1]!.links = [{ title: 'Ours', url: 'javascript:alert(2)' }];
  site = await startLegacySite(data);
  database = await createTestDatabase();
});
afterEach(() => {
  site.silent = null;
  site.oversized = null;
});
afterAll(async () => {
  await database?.close();
  await site?.close();
});

const run = (extra: Partial<ImportOptions> = {}) =>
  importLegacy(database.db, {
    from: site.url,
    email: site.data.admin.email,
    password: site.data.admin.password,
    uploadsDir: mkdtempSync(path.join(tmpdir(), 'legacy-uploads-')),
    ...extra,
  });

const stopped = async (extra: Partial<ImportOptions>) => {
  const err = await run(extra).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ImportStopped);
  return (err as ImportStopped).message;
};

describe('an original the importer must not trust', () => {
  it('skips a javascript: press link or link, with the reason, and brings the rest', async () => {
    const report = await run();
    const reasons = report.skipped.map((s) => `${s.kind} ${s.originalId}: ${s.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'press_mention press-script: url refused, as a save here would: Enter a web address starting with http(s)://',
        'link 2:javascript:alert(2): url refused, as a save here would: Enter a web address starting with http(s)://',
      ]),
    );
    const urls = (await database.db.select().from(pressMentions)).map((p) => p.url);
    expect(urls).toContain('https://news.example.org/real');
    expect(urls.some((u) => u.startsWith('javascript:'))).toBe(false);
    expect(
      await database.db.select().from(pressMentions).where(eq(pressMentions.slug, 'press-script')),
    ).toEqual([]);
  }, 120_000);

  it('stops, naming the address, when a call is never answered', async () => {
    site.silent = '/api/user/all';
    const message = await stopped({ limits: { timeoutMs: 300 } });
    expect(message).toContain(`${site.url}/api/user/all`);
    expect(message).toMatch(/no whole answer within 0\.3 s/);
  }, 60_000);

  it('stops, naming the address, at an answer past the size limit, without reading it all', async () => {
    site.oversized = '/api/user/all';
    site.oversizedSent = 0;
    const message = await stopped({ limits: { maxBytes: 1024 * 1024 } });
    expect(message).toContain(`${site.url}/api/user/all`);
    expect(message).toMatch(/larger than 1 MB/);
    // 64 MB were on offer; the client hung up after its megabyte (and what the sockets held).
    expect(site.oversizedSent).toBeLessThan(16 * 1024 * 1024);
  }, 60_000);
});
