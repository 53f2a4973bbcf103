// The server compiled for production: src/server/main.ts and everything of ours it imports, one
// ES module in dist/server/main.js, packages left to node_modules. Node then starts it without a
// TypeScript compiler in the process (tsx holds the memory and the start-up time of one).
// What the server reads from disk beside its own code, the SQL migrations, is copied next to
// it, where db/client.ts looks for them relative to the running file.
// `tsx scripts/build-server.ts [outDir]`; the directory defaults to dist/server.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packages load from node_modules as they are (native modules such as argon2, PGlite's WASM and
 * data files located relative to their own code), except react-bootstrap, which the web app's
 * screens drawn on the server (web/ssr) use: its `react-bootstrap/Button` paths are folders,
 * which Node's ES module loader does not open. It is bundled, with what it imports, but React
 * stays outside: one React for the screens and everything they use.
 */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(build) {
    // The web app's lazy parts (Leaflet's map, say) never run on the server: a screen drawn
    // there shows what it shows while one loads. They stay out of the bundle.
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' &&
      args.importer.includes(`${path.sep}src${path.sep}web${path.sep}`)
        ? { path: args.path, external: true }
        : undefined,
    );
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const react = /^react(-dom)?(\/|$)/.test(args.path);
      const fromPackage = args.importer.includes(`${path.sep}node_modules${path.sep}`);
      const bundled = !react && (fromPackage || args.path.startsWith('react-bootstrap/'));
      return bundled ? undefined : { path: args.path, external: true };
    });
  },
};

export async function buildServer(outDir: string): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: path.join(outDir, 'main.js'),
    bundle: true,
    plugins: [packagesOutside],
    // The bundled packages written as CommonJS ask for React with require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
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
