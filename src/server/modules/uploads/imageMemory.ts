// The images served lately, kept in memory by hash. An image never changes under its hash, so a
// kept one is never stale: the front page's call-out, asked for by every visitor's first load,
// costs the database one read per server, not one per visitor. An image deleted from storage
// (no slot shows it any more) is forgotten on every server by the notice its delete sends.
import type { StoredImage } from './store';

/** Bytes kept at most; the oldest read goes first. A header image is some 100-300 kB. */
const MAX_BYTES = 32 * 1024 * 1024;
/** A larger image is served but not kept, so that one cannot push out all the others. */
const MAX_KEPT_IMAGE = 4 * 1024 * 1024;

export interface ImageMemory {
  get(hash: string): Promise<StoredImage | undefined>;
  forget(hash: string): void;
  clear(): void;
}

export function imageMemory(
  read: (hash: string) => Promise<StoredImage | undefined>,
  maxBytes = MAX_BYTES,
): ImageMemory {
  const kept = new Map<string, StoredImage>();
  // Reads under way: the requests that arrive for an image while it is being read (a new front
  // page image, every visitor at once) wait for that one read instead of each making its own.
  const reading = new Map<string, Promise<StoredImage | undefined>>();
  let bytes = 0;
  // Bumped by every forget: a read that began before one is served but not kept, as it may
  // have read the image just deleted.
  let forgets = 0;
  const readOnce = (hash: string) => {
    let once = reading.get(hash);
    if (!once) {
      once = read(hash).finally(() => reading.delete(hash));
      reading.set(hash, once);
    }
    return once;
  };
  return {
    async get(hash) {
      const hit = kept.get(hash);
      if (hit) {
        // Read again: to the back of the line.
        kept.delete(hash);
        kept.set(hash, hit);
        return hit;
      }
      const began = forgets;
      const image = await readOnce(hash);
      if (!image || image.bytes.length > Math.min(MAX_KEPT_IMAGE, maxBytes)) return image;
      if (began !== forgets) return image;
      if (kept.has(hash)) return image; // kept by another request that waited for the same read
      kept.set(hash, image);
      bytes += image.bytes.length;
      for (const [oldest, old] of kept) {
        if (bytes <= maxBytes) break;
        kept.delete(oldest);
        bytes -= old.bytes.length;
      }
      return image;
    },
    forget(hash) {
      forgets += 1;
      const image = kept.get(hash);
      if (!image) return;
      kept.delete(hash);
      bytes -= image.bytes.length;
    },
    clear() {
      forgets += 1;
      kept.clear();
      bytes = 0;
    },
  };
}
