import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapters } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
let withImage: number;
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
  mkdirSync(t.config.uploadsDir, { recursive: true });
  writeFileSync(path.join(t.config.uploadsDir, `chapter_header_${withImage}.jpg`), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
});
afterAll(() => t.close());

describe('chapter header images', () => {
  it('names the image on the chapter only when there is one, and serves it from the spec path', async () => {
    const pictured = (await t.app.inject({ url: '/api/chapter/slug/pictured' })).json();
    expect(pictured.headerImageUrl).toBe(`/assets/images/uploads/chapter_header_${withImage}.jpg`);
    expect((await t.app.inject({ url: '/api/chapter/slug/plain' })).json().headerImageUrl).toBeNull();
    const image = await t.app.inject({ url: pictured.headerImageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ url: '/assets/images/uploads/../../config.ts' })).statusCode).toBe(404);
  });
});
