// Every uploaded image is decoded and re-encoded by sharp before it is stored: whatever was sent,
// what lands on disk (and is served back) is a plain JPEG with no metadata, of bounded size.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fieldError } from '../../plugins/errors';

/** Largest upload accepted, before re-encoding. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Width the stored image is scaled down to, at most; enough for a full-width header. */
const MAX_WIDTH = 2000;
/** Refuse decompression bombs: a 20-megapixel photo is fine, a 1-gigapixel PNG is not. */
const MAX_INPUT_PIXELS = 50_000_000;

export const NOT_AN_IMAGE =
  'This file is not an image we can read. Upload a JPEG, PNG, GIF, WebP, AVIF or TIFF image.';
export const TOO_LARGE = `The image is too large: the limit is ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;

export async function toJpeg(input: Buffer): Promise<Buffer> {
  // Loaded on the first upload: libvips costs an idle server some 20 MB of memory.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate() // honour the camera's orientation before the EXIF is dropped
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' }) // transparent PNGs get a white, not black, background
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw fieldError(400, 'image', NOT_AN_IMAGE);
  }
}

/** Writes the file whole or not at all: a reader never sees half an image. */
export async function writeUpload(uploadsDir: string, file: string, data: Buffer): Promise<void> {
  await mkdir(uploadsDir, { recursive: true });
  const temp = path.join(uploadsDir, `.${file}.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temp, data);
  await rename(temp, path.join(uploadsDir, file));
}

export async function removeUpload(uploadsDir: string, file: string): Promise<void> {
  await rm(path.join(uploadsDir, file), { force: true });
}
