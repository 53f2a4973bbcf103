// How `npm run bench:send` runs its parts: each in a process of its own, forked from the entry
// file (bench/send.ts) with `--role`. Compiled, as `npm start` runs the server (one esbuild
// bundle, as scripts/build-server.ts makes it, in node_modules/.cache while the bench runs), or
// from source through tsx (`--tsx`), which carries its compiler and loader thread.
import { fork } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** What each part's process runs: the entry file through tsx, or it compiled. */
export interface Parts {
  file: string;
  execArgv: string[];
  cleanup(): void;
}

/** The entry file and what it imports of ours in one ES module, as scripts/build-server.ts builds. */
export async function compiledParts(entry: string): Promise<Parts> {
  // Inside the project, so that the packages left out of the bundle are found as they are.
  const cache = fileURLToPath(new URL('../../node_modules/.cache', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'bench-send-'));
  const file = path.join(dir, 'send.js');
  await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    logLevel: 'warning',
  });
  // db/client.ts looks for the migrations beside the running file.
  const migrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
  cpSync(migrations, path.join(dir, 'migrations'), { recursive: true });
  return { file, execArgv: [], cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The entry file run from source. */
export const sourceParts = (entry: string): Parts => ({
  file: entry,
  execArgv: ['--import', 'tsx'],
  cleanup() {},
});

/**
 * Runs the part `role` in a process of its own (the bench's own `args`, then `--role role`, then
 * `extra`) and resolves with the one message it answers (rejects if it exits without one, or not
 * with 0).
 */
export function runPart<T>(
  parts: Parts,
  role: string,
  args: string[],
  extra: string[],
  nodeFlags: string[] = [],
): Promise<T> {
  return new Promise((resolve, reject) => {
    const proc = fork(parts.file, [...args, '--role', role, ...extra], {
      execArgv: [...parts.execArgv, ...nodeFlags],
    });
    let answer: T | undefined;
    proc.on('message', (m: T) => (answer = m));
    proc.on('exit', (code) =>
      code === 0 && answer !== undefined
        ? resolve(answer)
        : reject(new Error(`${role} exited with ${code}`)),
    );
  });
}

/** Run in a part: answers the parent and ends this process (a pool's timer must not keep it alive). */
export const answer = (message: unknown) => process.send!(message, () => process.exit(0));
