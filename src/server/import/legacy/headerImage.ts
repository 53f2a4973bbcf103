// A chapter's header image: the original serves it at a fixed path by chapter id (spec 1 §7).
// It is re-encoded as uploads are here (a file from elsewhere is not trusted as it is) and shown
// in the chapter's header slot under its new id, in the database like every image (uploads/).
import { chapterHeaderSlot, showImage, JPEG, toJpeg } from '../../modules/uploads';
import { importEntity, SkipError, type ImportContext } from './context';

export const HEADER_IMAGE_KIND = 'header_image';

export const headerImagePath = (originalId: number) =>
  `/assets/images/uploads/chapter_header_${originalId}.jpg`;

/** The image's bytes as the original serves them (chapterParts.ts reads them). */
export async function importHeaderImage(
  ctx: ImportContext,
  chapterId: number,
  originalId: number,
  bytes: Buffer,
): Promise<void> {
  ctx.reporter.read(HEADER_IMAGE_KIND);
  await importEntity(ctx, HEADER_IMAGE_KIND, originalId, bytes.toString('base64'), async (tx) => {
    let jpeg: Buffer;
    try {
      jpeg = await toJpeg(bytes);
    } catch (err) {
      throw new SkipError(`not an image: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!ctx.dryRun) await showImage(tx, chapterHeaderSlot(chapterId), jpeg, JPEG);
    return chapterId;
  });
}
