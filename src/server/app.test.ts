import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sanitizeRichText } from './core/sanitize';
import { createTestApp } from './test/app';

// A built web app stand-in: the server must serve whatever `vite build` produced.
const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-'));
mkdirSync(path.join(webDir, 'assets'));
const filler = '<!-- the real index.html is larger than the compression threshold -->'.repeat(30);
writeFileSync(
  path.join(webDir, 'index.html'),
  `<!doctype html><title>Chapters</title><div id="root"></div>${filler}`,
);
writeFileSync(path.join(webDir, 'assets', 'index-AbCd1234.js'), 'console.log("app")');
writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ webDir });
  t.app.post(
    '/api/test/echo',
    {
      config: { access: 'public' },
      schema: { body: z.object({ name: z.string().min(1), count: z.number().int() }) },
    },
    (request) => request.body,
  );
  t.app.get('/api/test/boom', { config: { access: 'public' } }, () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe('the API edge', () => {
  it('reports health with the database', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: true });
  });

  it('answers an unknown API path with 404 JSON, not the web app', async () => {
    const res = await t.app.inject({ url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not valid JSON/);
  });

  it('names a missing field and a field of the wrong type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { count: 'three' },
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().fields as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['body.count', 'body.name']);
  });

  it('answers a body nested as deep as the size limit allows without a 500', async () => {
    const depth = 150_000;
    const deep = `{"name":"x","count":1,"extra":${'{"a":'.repeat(depth)}"\\u0000"${'}'.repeat(depth)}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    expect(res.json().fields?.[0]?.field, res.body.slice(0, 200)).toMatch(/^body\.extra\.a\.a\./);
  });

  it('answers a body that is not an object with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: [1, 2] });
    expect(res.statusCode).toBe(400);
  });

  it('hides internals of an unexpected error and gives a reference', async () => {
    const res = await t.app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/secret internals|srv\/app/);
    expect(res.json().message).toContain(res.headers['x-request-id']);
  });

  it('refuses to start with a route that declares no access rule', async () => {
    const other = await createTestApp();
    expect(() => other.app.get('/api/test/unguarded', () => 'x')).toThrow(/no access rule/);
    await other.close();
  });
});

describe('the web app', () => {
  it('answers client routes with index.html, uncached (a chapter that is not there: 404)', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/chapter/ny/upper-west-side', 404],
      ['/admin/users/3?x=1', 200],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and others briefly', async () => {
    const hashed = await t.app.inject({ url: '/assets/index-AbCd1234.js' });
    expect(hashed.headers['cache-control']).toContain('immutable');
    const plain = await t.app.inject({ url: '/favicon.svg' });
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers a missing file with 404, not the app', async () => {
    const res = await t.app.inject({ url: '/assets/missing-file.js' });
    expect(res.statusCode).toBe(404);
  });

  it('sends a strict Content-Security-Policy and compresses', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    // Scripts and style elements are never inline; only style attributes may be (rich text).
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(csp).toContain("frame-ancestors 'none'");
    // What the rich-text sanitizer keeps, the policy shows: an https image from anywhere, a
    // pasted data: image, and nothing over plain http.
    const images = directives.get('img-src') ?? [];
    const kept = sanitizeRichText(
      '<img src="https://photos.example.net/a.jpg"><img src="data:image/png;base64,iVBORw0KGgo="><img src="http://plain.example.net/b.jpg">',
    );
    const sources = [...kept.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.map((src) => src.split(':')[0])).toEqual(['https', 'data']);
    expect(images).toEqual(expect.arrayContaining(['https:', 'data:']));
    expect(images).not.toContain('http:');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
