// The page's frame before any script runs (issue 21): a request with a session cookie never gets
// a menu that says "Sign In", and My Chapters arrives with its heading and the shape of its list.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { insertChapter } from '../../test/chapterAdminWorld';
import { signedInUser } from '../../test/users';
import { SESSION_COOKIE } from '../auth/sessions';

const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="default" />' +
    '<title>Default</title></head><body><div id="root"></div></body></html>',
);

let t: Awaited<ReturnType<typeof createTestApp>>;
let host: Awaited<ReturnType<typeof signedInUser>>;
let chapterPath: string;
beforeAll(async () => {
  t = await createTestApp({ webDir, env: { PUBLIC_CACHE_SECONDS: '3600' } });
  const chapter = await insertChapter(t, { title: 'Bushwick' });
  chapterPath = `/chapter/ny/${chapter.slug}`;
  host = await signedInUser(t, { hostOf: [chapter.id] });
});
afterAll(() => t.close());

const page = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });
/** The menu's account area as the HTML draws it. */
const accountArea = (html: string) =>
  /<div class="navbar-nav">(.*?)<\/div><\/div><\/div><\/nav>/.exec(html)?.[1] ?? '';

/** The page without its account area and the instants its carried answers were read at. */
const withoutAccount = (html: string) =>
  html.replace(accountArea(html), '').replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '$1');

describe('the frame of a page', () => {
  it('says "Sign In" to a request without a session cookie', async () => {
    for (const url of ['/', chapterPath, '/my_chapters']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(accountArea(res.body), url).toContain('>Sign In</a>');
      expect(accountArea(res.body)).toContain('data-account="visitor"');
    }
  });

  it('never says "Sign In" to a request with a session cookie: the app says who it is', async () => {
    for (const url of ['/', chapterPath, '/my_chapters', '/settings']) {
      const visitor = await page(url);
      const res = await page(url, host.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Sign In');
      expect(accountArea(res.body)).toContain('data-account="unknown"');
      expect(accountArea(res.body)).toContain('Checking your sign-in...');
      // The rest of the page is the visitors' own (built apart, at its own instant): the server
      // never reads whose cookie it is.
      expect(withoutAccount(res.body)).toBe(withoutAccount(visitor.body));
      // A revalidation from either never gets the other's page.
      expect(res.headers.etag).not.toBe(visitor.headers.etag);
      const other = await page(url, `${SESSION_COOKIE}=someone-elses-or-expired`);
      expect(other.body).toBe(res.body);
    }
    // And the visitors' page is still theirs.
    expect(accountArea((await page(chapterPath)).body)).toContain('>Sign In</a>');
  });

  it('draws My Chapters with its heading and the shape of its list', async () => {
    const res = await page('/my_chapters', host.cookie);
    const main = /<main [^>]*>([\s\S]*)<\/main>/.exec(res.body)?.[1] ?? '';
    expect(main).toMatch(/^<h1 data-server-heading="">My Chapters<\/h1>/);
    expect(main).toContain('<div role="status" class="list-placeholder">');
    expect(main).toContain('Loading your chapters...');
  });
});
