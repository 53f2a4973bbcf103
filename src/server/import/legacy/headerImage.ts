// A chapter's header image: the original serves it at a fixed path by chapter id (spec 1 §7).
// It is re-encoded as uploads are here (a file from elsewhere is not trusted as it is) and kept
// under the chapter's new id.
import { chapterHeaderFile } from '../../modules/uploads/files';
import { toJpeg, writeUpload } from '../../modules/uploads/images';
import { importEntity, SkipError, type ImportContext } from './context';

export const HEADER_IMAGE_KIND = 'header_image';

export async function importHeaderImage(
  ctx: ImportContext,
  chapterId: number,
  originalId: number,
): Promise<void> {
  const bytes = await ctx.client.getBytes(
    `/assets/images/uploads/chapter_header_${originalId}.jpg`,
  );
  if (bytes === null) return;
  ctx.reporter.read(HEADER_IMAGE_KIND);
  await importEntity(ctx, HEADER_IMAGE_KIND, originalId, bytes.toString('base64'), async () => {
    let jpeg: Buffer;
    try {
      jpeg = await toJpeg(bytes);
    } catch (err) {
      throw new SkipError(`not an image: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!ctx.dryRun) await writeUpload(ctx.uploadsDir, chapterHeaderFile(chapterId), jpeg);
    return chapterId;
  });
}
