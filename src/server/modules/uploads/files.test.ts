// A header image an earlier version left as a file in DATA_DIR/uploads: once the start-up import
// has moved it into the database, the chapter names it (by its hash) and both URLs serve it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapters } from '../../db/schema';
import { importUploadedFiles } from './importFiles';
import { imageUrl } from './slots';
import { hashOf } from './store';

let t: Awaited<ReturnType<typeof createTestApp>>;
let withImage: number;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .insert(chapters)
    .values([
      { title: 'Pictured', slug: 'pictured', status: 1 },
      { title: 'Plain', slug: 'plain', status: 1 },
    ])
    .returning();
  withImage = rows[0]!.id;
  jpeg = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#336' } })
    .jpeg()
    .toBuffer();
  mkdirSync(t.config.uploadsDir, { recursive: true });
  writeFileSync(path.join(t.config.uploadsDir, `chapter_header_${withImage}.jpg`), jpeg);
  await importUploadedFiles(t.db, t.config.uploadsDir, { info() {}, warn() {} });
});
afterAll(() => t.close());

describe('chapter header images', () => {
  it('names the image on the chapter only when there is one, and serves it from the spec path', async () => {
    const pictured = (await t.app.inject({ url: '/api/chapter/slug/pictured' })).json();
    expect(pictured.headerImageUrl).toBe(imageUrl(hashOf(jpeg)));
    expect(
      (await t.app.inject({ url: '/api/chapter/slug/plain' })).json().headerImageUrl,
    ).toBeNull();
    for (const url of [
      pictured.headerImageUrl,
      `/assets/images/uploads/chapter_header_${withImage}.jpg`,
    ]) {
      const image = await t.app.inject({ url });
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type'], url).toBe('image/jpeg');
      expect(image.rawPayload.equals(jpeg), url).toBe(true);
    }
    for (const url of [
      '/assets/images/uploads/../../config.ts',
      '/assets/images/uploads/%2e%2e%2fconfig.ts',
      '/assets/images/uploads/chapter_header_0.jpg',
      `/assets/images/uploads/${'0'.repeat(64)}.jpg`,
      `/assets/images/uploads/${hashOf(jpeg).toUpperCase()}.jpg`,
      '/assets/images/uploads/pglite',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
