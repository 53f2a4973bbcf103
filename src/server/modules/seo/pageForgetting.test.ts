// A chapter's page carries its first screen, drawn on the server from the API's answers (its
// posts, with their authors' names), and is kept an hour here: what changes in it came from a
// notice (LISTEN/NOTIFY) of a write on another app server, at once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../../app';
import { createTwoAppServers } from '../../test/app';
import { createMailingWorld, type TestApp } from '../mailing/testWorld';

const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-pages-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Chapters</title></head><body><div id="root"></div></body></html>',
);

let t: TestApp;
let servers: Awaited<ReturnType<typeof createTwoAppServers>>;
let second: Awaited<ReturnType<typeof buildApp>>;
let w: Awaited<ReturnType<typeof createMailingWorld>>;

beforeAll(async () => {
  servers = await createTwoAppServers({ webDir });
  ({ t, second } = servers);
  w = await createMailingWorld(t);
});
afterAll(async () => {
  await servers.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** The town's page as the second server sends it: its first screen's posts, as drawn. */
async function postsOnPage() {
  const { town } = w.chapters;
  const res = await second.inject({ url: `/chapter/ny/${town.slug}` });
  expect(res.statusCode).toBe(200);
  const main = /<main [^>]*data-first-screen="">([\s\S]*)<\/main>/.exec(res.body)?.[1] ?? '';
  expect(main).toContain('Join the mailing list');
  // The posts' own section: the page's other cards (the next meeting, the host) have headings too.
  const posts = /<section aria-labelledby="posts-title"[\s\S]*?<\/section>/.exec(main)?.[0] ?? '';
  return [...posts.matchAll(/<h3[^>]*>([^<]+)<\/h3>[\s\S]*?· ([^<]+)</g)].map(
    (m) => `${m[1]} (${m[2]})`,
  );
}

async function write(url: string, payload: object, cookie: string) {
  const res = await servers.writeHeard({ method: 'POST', url, payload }, cookie);
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe("a chapter's page drawn on the server", () => {
  it('shows a post written on another app server at once, and its author’s new name', async () => {
    expect(await postsOnPage()).toEqual([]);
    // The site admin writes it: not one of the chapter's hosts, whose names the page shows
    // anyway. Only the posts' answer knows it shows the admin's name.
    await write(
      '/api/mailing_list/send_message',
      { title: 'Pints on Tuesday', body: '<p>Pints</p>', listId: w.lists.town },
      w.users.admin.cookie,
    );
    const [post] = await postsOnPage();
    expect(post).toMatch(/^Pints on Tuesday \(/);
    await write('/api/user/me', { name: 'Ada Admin' }, w.users.admin.cookie);
    expect(await postsOnPage()).toEqual(['Pints on Tuesday (Ada Admin)']);
  });

  it('stays kept through a write that changes nothing on it', async () => {
    const before = await second.inject({ url: `/chapter/ny/${w.chapters.town.slug}` });
    await write('/api/user/me', { name: 'Olga Other' }, w.users.otherHost.cookie);
    const after = await second.inject({ url: `/chapter/ny/${w.chapters.town.slug}` });
    expect(after.headers.etag).toBe(before.headers.etag);
  });
});
