// The built web app's files (dist/web: a few MB of hashed scripts and styles), read into memory
// once at start-up with the `.br` and `.gz` copies the build wrote beside them
// (scripts/compress-web.ts). A new build comes with a restart. Each file is sent from memory in
// the best encoding the client takes, by its route here and, after its first request, by the
// front door (frontDoor.ts) without Fastify: no file is opened, read or compressed per request.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bodyFor, rememberAnswer, type DoorAnswer } from '../caching/frontDoor';

// Vite names built files `name-<8+ char hash>.ext`: their content never changes under a name.
const HASHED = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** The types of what a Vite build writes; anything else goes as bytes. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

export interface WebFile extends DoorAnswer {
  identity: Buffer;
  type: string;
  cacheControl: string;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

const readIfThere = (file: string) => {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
};

/**
 * Every file under `root` by its URL path ('/assets/index-abc123.js'), but for the compressed
 * copies, which go with their file.
 */
export function loadWebFiles(root: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  for (const file of filesUnder(root)) {
    if (/\.(br|gz)$/.test(file)) continue;
    const identity = readFileSync(file);
    const urlPath = `/${path.relative(root, file).split(path.sep).join('/')}`;
    files.set(urlPath, {
      status: 200,
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      identity,
      br: readIfThere(`${file}.br`),
      gzip: readIfThere(`${file}.gz`),
      type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      // A hashed name is a new file when its content changes; other files are checked again.
      cacheControl: HASHED.test(file)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300',
    });
  }
  return files;
}

/** A route per file: sent from memory, 304 to a matching revalidation. */
export function registerWebFiles(app: FastifyInstance, files: ReadonlyMap<string, WebFile>) {
  for (const [urlPath, file] of files) {
    const compressed = Boolean(file.br ?? file.gzip);
    // compress: false: the file goes as it was kept (a small one stays plain).
    app.get(urlPath, { config: { access: 'public' }, compress: false }, (request, reply) => {
      void reply
        .type(file.type)
        .header('cache-control', file.cacheControl)
        .header('etag', file.etag);
      if (compressed) void reply.header('vary', 'accept-encoding');
      rememberAnswer(request, () => file);
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      const body = bodyFor(file, request.headers['accept-encoding'])!;
      if (body.encoding) void reply.header('content-encoding', body.encoding);
      return reply.send(body.bytes);
    });
  }
}
