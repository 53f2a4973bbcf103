// Every uploaded image is decoded and re-encoded by sharp before it is stored: whatever was sent,
// what is stored (and served back) is a plain JPEG with no metadata, of bounded size.
// Decoding is bounded too: by format, pixels and time, one image at a time.
import { fieldError } from '../../core/httpError';
import { ACCEPTED_LOADERS, isSharpFormat, sniffFormat } from './imageFormats';
import { workQueue, type WorkQueue } from './workQueue';

/** The type of every image toJpeg makes, and so of every stored image. */
export const JPEG = 'image/jpeg';

/** Largest upload accepted, before re-encoding. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Width the stored image is scaled down to, at most; enough for a full-width header. */
const MAX_WIDTH = 2000;
/**
 * Decoding costs time by the pixel, whatever the file's size: a 1 KB AVIF of 50 megapixels took
 * 12 s to decode. 40 MP takes every 12-36 MP camera's photo; a header needs 2000 px wide.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Longest an image may take, in milliseconds (IMAGE_DECODE_SECONDS for uploads). The uploader
 * has their answer when it has passed.
 * libvips is told the same limit in whole seconds and checks it between strips of the image, so
 * it stops slow work on the formats it reads strip by strip; the pixel limit bounds those it
 * decodes whole (AVIF), which go on to their end and keep their place in the queue until then.
 */
const MAX_MS = 10_000;

export const NOT_AN_IMAGE =
  'This file is not an image we can read. Upload a JPEG, PNG, GIF, WebP or AVIF image.';
export const TOO_LARGE = `The image is too large: the limit is ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
export const TOO_MANY_PIXELS = `The image has too many pixels: the limit is ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Scale it down (2000 pixels wide is plenty for a header) and upload it again.`;
export const TOO_SLOW =
  'This image took too long to read. Save it as an ordinary JPEG or PNG, 2000 pixels wide at most, and upload it again.';
export const IMAGES_BUSY = 'The server is busy with other images. Please try again in a minute.';

// One image at a time, each on one libvips thread: the other pool threads and the other core
// stay free for sign-ins, file reads and pages. Five uploads may wait their turn.
const queue = workQueue(1, 5, IMAGES_BUSY);
/** The queue images are decoded through: tests hold a place in it to see who waits on it. */
export const decodeQueue: WorkQueue = queue;

let loaded: Promise<typeof import('sharp').default> | undefined;
/** sharp, loaded on the first upload (libvips costs an idle server some 20 MB of memory). */
function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    // Whatever slips past the sniffing, libvips itself opens nothing but the accepted formats.
    sharp.block({ operation: ['VipsForeignLoad'] });
    sharp.unblock({ operation: ACCEPTED_LOADERS });
    return sharp;
  });
  return loaded;
}

/**
 * `limitMs` bounds the decoding. Tests set it far from any image's cost (1 ms, an hour), so their
 * outcome does not depend on how fast the machine is.
 */
export async function toJpeg(input: Buffer, { limitMs = MAX_MS } = {}): Promise<Buffer> {
  const format = sniffFormat(input);
  if (!format) throw fieldError(400, 'image', NOT_AN_IMAGE);
  const sharp = await loadSharp();
  // The answer may come before the work's end (an overdue image), so it is settled from inside
  // the queued work, which itself ends only when libvips has stopped.
  return new Promise<Buffer>((resolve, reject) => {
    queue
      .run(async () => {
        // The header alone: what the file is and how many pixels it claims, before any are decoded.
        const meta = await sharp(input, { limitInputPixels: false, animated: false })
          .metadata()
          .catch(() => null);
        if (!meta || !isSharpFormat(format, meta)) throw fieldError(400, 'image', NOT_AN_IMAGE);
        if (meta.width * meta.height > MAX_INPUT_PIXELS) {
          throw fieldError(400, 'image', TOO_MANY_PIXELS);
        }
        const overdue = setTimeout(() => reject(fieldError(400, 'image', TOO_SLOW)), limitMs);
        try {
          resolve(
            await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
              .timeout({ seconds: Math.max(1, Math.ceil(limitMs / 1000)) })
              .rotate() // honour the camera's orientation before the EXIF is dropped
              .resize({ width: MAX_WIDTH, withoutEnlargement: true })
              .flatten({ background: '#ffffff' }) // transparent PNGs get a white, not black, background
              .jpeg({ quality: 85, mozjpeg: true })
              .toBuffer(),
          );
        } catch (err) {
          // libvips may print decoder warnings ahead of its 'timeout: n% complete' line.
          const timedOut = err instanceof Error && /^timeout: /m.test(err.message);
          reject(fieldError(400, 'image', timedOut ? TOO_SLOW : NOT_AN_IMAGE));
        } finally {
          clearTimeout(overdue);
        }
      })
      .catch(reject);
  });
}
