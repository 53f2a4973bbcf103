// The server compiled for production: src/server/main.ts and everything of ours it imports, one
// ES module in dist/server/main.js, packages left to node_modules. Node then starts it without a
// TypeScript compiler in the process (tsx holds the memory and the start-up time of one).
// What the server reads from disk beside its own code, the SQL migrations, is copied next to
// it, where db/client.ts looks for them relative to the running file.
// `tsx scripts/build-server.ts [outDir]`; the directory defaults to dist/server.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildServer(outDir: string): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: path.join(outDir, 'main.js'),
    bundle: true,
    // Packages load from node_modules as they are: native modules (argon2, sharp), PGlite's
    // WASM and data files located relative to their own code.
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Stack traces keep our function names.
    keepNames: true,
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist/server'));
  await buildServer(outDir);
  console.log(`build-server: ${path.relative(process.cwd(), outDir) || '.'}/main.js`);
}
