// An upgrade from a version that kept uploaded images as files: the server started on the old
// DATA_DIR moves DATA_DIR/uploads/front_page.jpg into the database, says so in its log, and
// serves it by hash; the file stays. The next start moves nothing. (On the embedded database:
// main.ts is what runs the import.)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startMain, type MainProcess } from './test/mainProcess';
import { HASHED_URL } from './test/images';

const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'chapters-upgrade-')), 'data');
let server: MainProcess | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

const start = async () => {
  server = await startMain({
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'no-web-app'),
    MAIL_SEND_POLL_MS: '0',
    DEMO_DATA: 'off',
  });
  return server;
};

describe('the first start on an old DATA_DIR', () => {
  it(
    'moves the image files into the database, lists them, leaves them; the next start moves none',
    { timeout: 400_000 },
    async () => {
      const uploads = path.join(dataDir, 'uploads');
      mkdirSync(uploads, { recursive: true });
      const front = await sharp({
        create: { width: 30, height: 10, channels: 3, background: '#c60' },
      })
        .jpeg()
        .toBuffer();
      writeFileSync(path.join(uploads, 'front_page.jpg'), front);
      // No chapter 7 on a database without demo data: left out, and said so.
      writeFileSync(path.join(uploads, 'chapter_header_7.jpg'), front);

      const first = await start();
      expect(first.output()).toContain(
        `Moved ${path.join(uploads, 'front_page.jpg')} into the database (left on disk).`,
      );
      expect(first.output()).toContain(
        `Left ${path.join(uploads, 'chapter_header_7.jpg')} out of the database`,
      );
      const { imageUrl } = (await (await fetch(`${first.baseUrl}/api/front_page`)).json()) as {
        imageUrl: string;
      };
      expect(imageUrl).toMatch(HASHED_URL);
      for (const url of [imageUrl, '/assets/images/uploads/front_page.jpg']) {
        const image = await fetch(`${first.baseUrl}${url}`);
        expect(image.status, url).toBe(200);
        expect(Buffer.from(await image.arrayBuffer()).equals(front), url).toBe(true);
      }
      expect(readFileSync(path.join(uploads, 'front_page.jpg')).equals(front)).toBe(true);
      await first.stop();

      const second = await start();
      expect(second.output()).not.toContain('Moved ');
      expect(second.output()).toContain('1 image file(s) in');
      const again = (await (await fetch(`${second.baseUrl}/api/front_page`)).json()) as {
        imageUrl: string;
      };
      expect(again.imageUrl).toBe(imageUrl);
      expect(existsSync(path.join(uploads, 'front_page.jpg'))).toBe(true);
    },
  );
});
