// The front door over a real socket (app.inject goes around it): ready answers are sent before
// Fastify, alike to what Fastify sent, never to a session, and never once their cache forgot them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressWebDir } from '../../../scripts/compress-web';
import { CHAPTER_STATUS } from '../../common/constants';
import { chapters } from '../db/schema';
import { createTestApp } from '../test/app';
import { insertChapter } from '../test/chapterAdminWorld';
import { signedInUser } from '../test/users';
import { forgetAnswers, nextAnswerNotice } from './answerCache';
import { changed } from './answerKeys';

const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-door-'));
mkdirSync(path.join(webDir, 'assets'));
const script = Array.from({ length: 200 }, (_, i) => `export const c${i} = "chapter ${i}";`).join(
  '\n',
);
writeFileSync(
  path.join(webDir, 'index.html'),
  `<!doctype html><html><head><title>Chapters</title></head><body><div id="root"></div>${'<!-- pad -->'.repeat(100)}</body></html>`,
);
writeFileSync(path.join(webDir, 'assets', 'index-DoOr1234.js'), script);
compressWebDir(webDir);

let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ webDir, env: { PUBLIC_CACHE_SECONDS: '3600' } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request answered by the door (true) or by Fastify (false). */
async function viaDoor(url: string, headers: Record<string, string> = {}) {
  const before = t.app.frontDoor.served;
  const answer = await get(url, headers);
  return { answer, door: t.app.frontDoor.served > before };
}

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };
const text = (a: Answer) =>
  (a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body).toString();
/** Headers as a client compares them: all but the ones that differ per request. */
const lasting = (headers: IncomingHttpHeaders) => {
  const { date: _date, 'x-request-id': id, ...rest } = headers;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
};

const rename = (id: number, title: string) =>
  t.db.update(chapters).set({ title }).where(eq(chapters.id, id));

describe('the front door', () => {
  it("sends a visitor's repeated chapter read itself, with the app's very headers and bytes", async () => {
    const chapter = await insertChapter(t, { title: 'Door County' });
    const url = `/api/chapter/slug/${chapter.slug}`;
    const first = await viaDoor(url, GZIP);
    expect(first.door).toBe(false);
    expect(first.answer.status).toBe(200);
    const second = await viaDoor(url, GZIP);
    expect(second.door).toBe(true);
    expect(second.answer.status).toBe(200);
    expect(second.answer.body.equals(first.answer.body)).toBe(true);
    expect(lasting(second.answer.headers)).toEqual(lasting(first.answer.headers));
    // The security headers are the app's own, CSP included.
    expect(second.answer.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(JSON.parse(text(second.answer)).title).toBe('Door County');
  });

  it('answers a revalidation with 304, and a changed chapter with its new answer', async () => {
    const chapter = await insertChapter(t, { title: 'Kenosha' });
    const url = `/api/chapter/slug/${chapter.slug}`;
    const first = await get(url, GZIP);
    const etag = first.headers.etag!;
    const again = await viaDoor(url, { ...GZIP, 'if-none-match': etag });
    expect(again).toMatchObject({ door: true, answer: { status: 304 } });
    expect(again.answer.body.length).toBe(0);

    await rename(chapter.id, 'Kenosha Harbor');
    // The writer forgets at once, and again when its own notice comes back: wait for that too,
    // or it could forget the rebuilt answer between the two requests below.
    const heard = nextAnswerNotice(t.app);
    await forgetAnswers(t.app, changed.chapter(chapter));
    await heard;
    // Forgotten: the app builds it again, then the door has the new one.
    const rebuilt = await viaDoor(url, { ...GZIP, 'if-none-match': etag });
    expect(rebuilt.door).toBe(false);
    expect(rebuilt.answer.status).toBe(200);
    expect(JSON.parse(text(rebuilt.answer)).title).toBe('Kenosha Harbor');
    const next = await viaDoor(url, GZIP);
    expect(next.door).toBe(true);
    expect(JSON.parse(text(next.answer)).title).toBe('Kenosha Harbor');
  });

  it('leaves every request with a session to the app, and a hidden chapter stays hidden', async () => {
    const chapter = await insertChapter(t, { title: 'Racine', status: CHAPTER_STATUS.hidden });
    const url = `/api/chapter/slug/${chapter.slug}`;
    for (let i = 0; i < 2; i += 1) {
      const visitor = await viaDoor(url, GZIP);
      expect(visitor.answer.status).toBe(404);
      expect(visitor.door).toBe(false);
    }
    const host = await signedInUser(t, { hostOf: [chapter.id] });
    for (let i = 0; i < 2; i += 1) {
      const own = await viaDoor(url, { ...GZIP, cookie: `theme=dark; ${host.cookie}` });
      expect(own).toMatchObject({ door: false, answer: { status: 200 } });
    }
    const visitor = await viaDoor(url, GZIP);
    expect(visitor).toMatchObject({ door: false, answer: { status: 404 } });

    // A chapter the door has ready for visitors: a signed-in host is still the app's.
    const shown = await insertChapter(t, { title: 'Racine North' });
    const shownUrl = `/api/chapter/slug/${shown.slug}`;
    await get(shownUrl, GZIP);
    expect((await viaDoor(shownUrl, GZIP)).door).toBe(true);
    const ownHost = await signedInUser(t, { hostOf: [shown.id] });
    const signedIn = await viaDoor(shownUrl, { ...GZIP, cookie: ownHost.cookie });
    expect(signedIn).toMatchObject({ door: false, answer: { status: 200 } });
  });

  it('leaves a client that takes no gzip to the app, which answers it plainly', async () => {
    const chapter = await insertChapter(t, { title: 'Sheboygan' });
    const url = `/api/chapter/slug/${chapter.slug}`;
    await get(url, GZIP);
    const plain = await viaDoor(url, { 'accept-encoding': 'identity' });
    expect(plain.door).toBe(false);
    expect(plain.answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.answer.body.toString()).title).toBe('Sheboygan');
  });

  it('sends the built files from memory in the encoding the client takes', async () => {
    const url = '/assets/index-DoOr1234.js';
    const first = await viaDoor(url, GZIP);
    expect(first.door).toBe(false);
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const fromApp = first.answer;
      const door = await viaDoor(url, { 'accept-encoding': acceptEncoding });
      expect(door.door, acceptEncoding).toBe(true);
      expect(door.answer.headers['content-encoding'], acceptEncoding).toBe(encoding);
      if (encoding === 'br') expect(door.answer.body.equals(fromApp.body)).toBe(true);
      if (encoding === undefined) expect(door.answer.body.toString()).toBe(script);
      expect(door.answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(door.answer.headers['content-type']).toMatch(/javascript/);
      expect(door.answer.headers['content-security-policy']).toMatch(/default-src 'self'/);
    }
  });

  it('sends a page the way the app does, and a POST never meets the door', async () => {
    const chapter = await insertChapter(t, { title: 'Waukesha' });
    const url = `/chapter/ny/${chapter.slug}`;
    const first = await viaDoor(url, GZIP);
    const second = await viaDoor(url, GZIP);
    expect([first.door, second.door]).toEqual([false, true]);
    expect(text(second.answer)).toContain('Waukesha');
    expect(lasting(second.answer.headers)).toEqual(lasting(first.answer.headers));
    const before = t.app.frontDoor.served;
    const post = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: url, method: 'POST', headers: GZIP },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(post).toBe(404);
    expect(t.app.frontDoor.served).toBe(before);
  });
});
