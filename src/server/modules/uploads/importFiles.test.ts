// The start-up import of the image files earlier versions kept in DATA_DIR/uploads: each moves
// into the database once, is listed in the log and stays on disk; a second run (or a second
// server starting beside the first) changes nothing; an image uploaded since wins over its file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { images, imageSlots } from '../../db/schema';
import { insertChapter } from '../../test/chapterAdminWorld';
import { storedFrontPage, storedHeader } from '../../test/images';
import { importUploadedFiles, type ImportLog } from './importFiles';
import { chapterHeaderSlot } from './slots';
import { showImage } from './store';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const jpegOf = (background: string) =>
  sharp({ create: { width: 6, height: 6, channels: 3, background } })
    .jpeg()
    .toBuffer();

function recordingLog() {
  const lines: { level: 'info' | 'warn'; message: string }[] = [];
  const log: ImportLog = {
    info: (message) => lines.push({ level: 'info', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
  };
  return { log, lines };
}

async function tableCounts() {
  const [imageRows, slotRows] = await Promise.all([
    t.db.select().from(images),
    t.db.select().from(imageSlots),
  ]);
  return {
    images: imageRows.length,
    slots: slotRows.map((row) => `${row.slot}=${row.hash}`).sort(),
  };
}

describe('importUploadedFiles', () => {
  it('moves each file into its slot once, lists it in the log, leaves it on disk; again, nothing changes', async () => {
    const dir = t.config.uploadsDir;
    mkdirSync(dir, { recursive: true });
    const [first, second] = [await insertChapter(t), await insertChapter(t)];
    const files = {
      [`chapter_header_${first.id}.jpg`]: await jpegOf('#a00'),
      [`chapter_header_${second.id}.jpg`]: await jpegOf('#0a0'),
      'front_page.jpg': await jpegOf('#00a'),
    };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
    // Not images of ours, or not for anything that exists: left alone, and said so.
    writeFileSync(path.join(dir, 'chapter_header_999999.jpg'), await jpegOf('#aaa'));
    writeFileSync(path.join(dir, 'notes.txt'), 'not an image');
    writeFileSync(path.join(dir, `.chapter_header_${first.id}.jpg.1a2b.tmp`), 'half a write');

    const run = recordingLog();
    const report = await importUploadedFiles(t.db, dir, run.log);
    expect(report.moved.sort()).toEqual(Object.keys(files).sort());
    expect(report.skipped).toEqual([
      { file: 'chapter_header_999999.jpg', why: 'there is no chapter 999999' },
    ]);
    for (const name of Object.keys(files)) {
      expect(run.lines, name).toContainEqual({
        level: 'info',
        message: `Moved ${path.join(dir, name)} into the database (left on disk).`,
      });
      expect(readFileSync(path.join(dir, name)).equals(files[name]!), name).toBe(true);
    }
    expect(
      run.lines.some((l) => l.level === 'warn' && l.message.includes('chapter_header_999999')),
    ).toBe(true);
    expect(
      (await storedHeader(t.db, first.id))?.equals(files[`chapter_header_${first.id}.jpg`]!),
    ).toBe(true);
    expect(
      (await storedHeader(t.db, second.id))?.equals(files[`chapter_header_${second.id}.jpg`]!),
    ).toBe(true);
    expect((await storedFrontPage(t.db))?.equals(files['front_page.jpg']!)).toBe(true);

    const before = await tableCounts();
    const again = recordingLog();
    const second_ = await importUploadedFiles(t.db, dir, again.log);
    expect(second_.moved).toEqual([]);
    expect(second_.present.sort()).toEqual(Object.keys(files).sort());
    expect(again.lines.filter((l) => l.message.startsWith('Moved'))).toEqual([]);
    expect(await tableCounts()).toEqual(before);
    for (const name of Object.keys(files)) expect(existsSync(path.join(dir, name))).toBe(true);
  });

  it('skips a file whose slot shows an image already (uploaded since), and one that is no JPEG', async () => {
    const dir = path.join(t.config.dataDir, 'uploads-newer');
    mkdirSync(dir, { recursive: true });
    const [chapter, other] = [await insertChapter(t), await insertChapter(t)];
    const uploaded = await jpegOf('#123');
    await showImage(t.db, chapterHeaderSlot(chapter.id), uploaded, 'image/jpeg');
    writeFileSync(path.join(dir, `chapter_header_${chapter.id}.jpg`), await jpegOf('#456'));
    const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#789' } })
      .png()
      .toBuffer();
    writeFileSync(path.join(dir, `chapter_header_${other.id}.jpg`), png);

    const report = await importUploadedFiles(t.db, dir, recordingLog().log);
    expect(report.moved).toEqual([]);
    expect(report.present).toEqual([`chapter_header_${chapter.id}.jpg`]);
    expect(report.skipped).toEqual([
      { file: `chapter_header_${other.id}.jpg`, why: 'it is not a JPEG image' },
    ]);
    expect((await storedHeader(t.db, chapter.id))?.equals(uploaded)).toBe(true);
    expect(await storedHeader(t.db, other.id)).toBeNull();
  });

  it('is safe when several servers run it at once: one image, one slot', async () => {
    const dir = path.join(t.config.dataDir, 'uploads-race');
    mkdirSync(dir, { recursive: true });
    const chapter = await insertChapter(t);
    const bytes = await jpegOf('#9a9');
    writeFileSync(path.join(dir, `chapter_header_${chapter.id}.jpg`), bytes);
    const before = (await tableCounts()).images;
    const reports = await Promise.all(
      [1, 2, 3].map(() => importUploadedFiles(t.db, dir, recordingLog().log)),
    );
    expect(reports.flatMap((r) => r.moved)).toEqual([`chapter_header_${chapter.id}.jpg`]);
    expect(reports.flatMap((r) => r.present)).toHaveLength(2);
    expect((await tableCounts()).images).toBe(before + 1);
    expect((await storedHeader(t.db, chapter.id))?.equals(bytes)).toBe(true);
  });

  it('passes over a header file for an id past what a chapter id can be, and moves the others', async () => {
    const dir = path.join(t.config.dataDir, 'uploads-huge-id');
    mkdirSync(dir, { recursive: true });
    const chapter = await insertChapter(t);
    const bytes = await jpegOf('#5a5');
    writeFileSync(path.join(dir, `chapter_header_${chapter.id}.jpg`), bytes);
    writeFileSync(path.join(dir, 'chapter_header_9999999999.jpg'), await jpegOf('#a5a'));
    const report = await importUploadedFiles(t.db, dir, recordingLog().log);
    expect(report.moved).toEqual([`chapter_header_${chapter.id}.jpg`]);
    expect((await storedHeader(t.db, chapter.id))?.equals(bytes)).toBe(true);
  });

  it('does nothing without an uploads folder', async () => {
    const report = await importUploadedFiles(
      t.db,
      path.join(t.config.dataDir, 'none'),
      recordingLog().log,
    );
    expect(report).toEqual({ moved: [], present: [], skipped: [] });
  });
});
