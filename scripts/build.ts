// `npm run build` and `npm start`'s build: the web app (Vite), its files compressed once
// (compress-web.ts) and the server compiled to one file (build-server.ts), then a stamp in
// dist/ that says which sources they were built from. `--if-changed` (npm start) builds only
// when the sources differ from the stamp's, or dist/ was rebuilt by other means since, and
// then quietly: warnings and errors only. `npm run build` always builds, with Vite's report.
// `tsx scripts/build.ts [--if-changed]`
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything a build reads from the project (packages come in through package-lock.json). */
export const BUILD_INPUTS = [
  'src',
  'scripts',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** What a build writes last, one file per part: a rebuild by other means changes them. */
export const BUILD_OUTPUTS = ['dist/web/index.html', 'dist/server/main.js'];

export const STAMP_FILE = 'dist/build-stamp.json';

// No build imports a test, so editing one needs no rebuild.
const TEST_FILE = /\.test\.tsx?$/;

function filesUnder(root: string, rel: string): string[] {
  return readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
    const child = path.posix.join(rel, e.name);
    if (e.isDirectory()) return filesUnder(root, child);
    return e.isFile() && !TEST_FILE.test(e.name) ? [child] : [];
  });
}

function listInputs(root: string): string[] {
  return BUILD_INPUTS.flatMap((rel) => {
    const full = path.join(root, rel);
    if (!existsSync(full)) return [];
    return statSync(full).isDirectory() ? filesUnder(root, rel) : [rel];
  }).sort();
}

/** One hash of the given files' names and contents (a missing file counts as its absence). */
function hashFiles(root: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(root, file);
    hash.update(`${file}\0`);
    hash.update(existsSync(full) ? readFileSync(full) : '\0missing\0');
    hash.update('\0');
  }
  return hash.digest('hex');
}

export interface Stamp {
  inputs: string;
  outputs: string;
}

/** The stamp the project's dist/ would carry if it were built from the sources as they are. */
export function currentStamp(root: string): Stamp {
  return { inputs: hashFiles(root, listInputs(root)), outputs: hashFiles(root, BUILD_OUTPUTS) };
}

/** True when dist/ holds a complete build of exactly the current sources. */
export function isUpToDate(root: string): boolean {
  if (!BUILD_OUTPUTS.every((file) => existsSync(path.join(root, file)))) return false;
  let stamp: Partial<Stamp>;
  try {
    stamp = JSON.parse(readFileSync(path.join(root, STAMP_FILE), 'utf8')) as Partial<Stamp>;
  } catch {
    return false;
  }
  const now = currentStamp(root);
  return stamp.inputs === now.inputs && stamp.outputs === now.outputs;
}

export function writeStamp(root: string): void {
  writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify(currentStamp(root))}\n`);
}

/** Builds everything; `quiet` keeps to warnings and errors (the start path). */
export async function buildAll(root: string, quiet: boolean): Promise<void> {
  // A build that stops half way must not leave a stamp that vouches for it.
  rmSync(path.join(root, STAMP_FILE), { force: true });
  // Loaded here, not above: an up-to-date start never pays for loading Vite or esbuild.
  const { build } = await import('vite');
  const { compressWebDir } = await import('./compress-web');
  const { buildServer } = await import('./build-server');
  const { buildEmbed } = await import('./build-embed');
  await build({
    root: path.join(root, 'src/web'),
    configFile: path.join(root, 'vite.config.ts'),
    ...(quiet
      ? {
          logLevel: 'warn' as const,
          // The chunk report is not printed when quiet, so its sizes need not be computed; the
          // timings check fires on a busy machine and reads like an error to a newcomer.
          build: {
            reportCompressedSize: false,
            rolldownOptions: { checks: { bundlerTimings: false } },
          },
        }
      : {}),
  });
  await buildEmbed(root);
  const files = compressWebDir(path.join(root, 'dist/web'));
  if (!quiet) console.log(`compress-web: ${files.length} files in dist/web`);
  await buildServer(path.join(root, 'dist/server'));
  writeStamp(root);
}

async function main(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const ifChanged = process.argv.slice(2).includes('--if-changed');
  if (ifChanged && isUpToDate(root)) {
    console.log('The build in dist/ is up to date with the sources: not rebuilding.');
    return;
  }
  const started = Date.now();
  if (ifChanged) {
    console.log(
      'Building the web app and the server (the sources changed since the last build)...',
    );
  }
  await buildAll(root, ifChanged);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
