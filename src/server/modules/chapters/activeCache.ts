// The home map's data, ready to send. Every visitor's first page asks for it and it changes
// rarely, so each app server builds it at most once per TTL (one build at a time however many
// ask), keeps the JSON and its gzip, and answers revalidations with 304. A change shows on the
// map within HOME_MAP_CACHE_SECONDS on every server, with no cross-server invalidation to go wrong.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { activeChapterSchema } from '../../../common/schemas/chapters';
import { listActiveChapters } from './service';

const answerSchema = z.array(activeChapterSchema);

export interface ActiveBody {
  json: string;
  gzip: Buffer;
  etag: string;
  builtAt: number;
}

export function activeChaptersCache(db: Db, ttlMs: number) {
  let current: ActiveBody | null = null;
  let building: Promise<ActiveBody> | null = null;

  async function build(): Promise<ActiveBody> {
    // Checked once per build, as the route's response schema would check every answer.
    const json = JSON.stringify(answerSchema.parse(await listActiveChapters(db)));
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    return { json, gzip: gzipSync(json), etag, builtAt: Date.now() };
  }

  return {
    async get(): Promise<ActiveBody> {
      if (current && Date.now() - current.builtAt < ttlMs) return current;
      building ??= build()
        .then((body) => (current = body))
        .finally(() => (building = null));
      return building;
    },
  };
}
