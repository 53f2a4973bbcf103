// After `vite build`: writes `name.br` and `name.gz` beside every compressible file of the built
// web app, once, at the strongest settings, so the server sends them as they are (@fastify/static
// `preCompressed`) and never compresses a static file inside a request.
// `tsx scripts/compress-web.ts [dir]`; the directory defaults to dist/web.
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats; images, fonts and other already-compressed formats gain nothing. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico|wasm)$/i;
/** Below this a compressed copy saves less than a packet; the plain file is sent. */
export const MIN_BYTES = 1024;

export interface CompressedFile {
  file: string;
  bytes: number;
  gzip?: number;
  brotli?: number;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `sibling` when it is smaller than the original; removes a stale one when it is not. */
function writeIfSmaller(sibling: string, data: Buffer, original: number): number | undefined {
  if (data.length < original) {
    writeFileSync(sibling, data);
    return data.length;
  }
  try {
    unlinkSync(sibling);
  } catch {
    // none there
  }
  return undefined;
}

/** Compresses every compressible file under `dir` of at least MIN_BYTES; returns what it did. */
export function compressWebDir(dir: string): CompressedFile[] {
  const done: CompressedFile[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    const brotli = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
    done.push({
      file: path.relative(dir, file),
      bytes: data.length,
      brotli: writeIfSmaller(`${file}.br`, brotli, data.length),
      gzip: writeIfSmaller(`${file}.gz`, gzip, data.length),
    });
  }
  return done;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist/web');
  const files = compressWebDir(dir);
  const total = (pick: (f: CompressedFile) => number | undefined) =>
    files.reduce((sum, f) => sum + (pick(f) ?? f.bytes), 0);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `compress-web: ${files.length} files in ${path.relative(process.cwd(), dir) || '.'}: ` +
      `${kb(total((f) => f.bytes))} -> ${kb(total((f) => f.gzip))} gzip, ` +
      `${kb(total((f) => f.brotli))} brotli`,
  );
}
