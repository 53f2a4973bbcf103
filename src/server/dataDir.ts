// DATA_DIR holds the embedded database, the demo sign-ins and the backup socket: the server's
// account alone may read or change any of it (issue 31, docs/decisions/11-hardening.md). At
// every start the folder and everything in it loses the group's and others' bits, whatever
// modes an earlier version, a restore or a permissive umask left there.
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  statSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY } from './db/ownerOnlyFs';

function restrict(file: string, stats: Stats): void {
  const mode = stats.mode & 0o7777;
  // A folder its owner could not enter or list would stop the server itself.
  const wanted = stats.isDirectory() ? (mode & ~OWNER_ONLY) | 0o700 : mode & ~OWNER_ONLY;
  if (wanted === mode) return;
  try {
    chmodSync(file, wanted);
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new Error(
      `Could not make ${file} private to this account (${why}): DATA_DIR and everything in it ` +
        'must belong to the account the server runs as.',
      { cause: err },
    );
  }
}

function restrictTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // A link is left as it is: chmod would follow it to a file outside DATA_DIR.
    if (entry.isSymbolicLink()) continue;
    restrict(file, lstatSync(file));
    if (entry.isDirectory()) restrictTree(file);
  }
}

/**
 * Makes `dir` (created when `create` and missing) and everything in it its owner's alone:
 * folders 0700, files without any group or other bit.
 */
export function makeDataDirPrivate(dir: string, { create }: { create: boolean }): void {
  if (!existsSync(dir)) {
    if (!create) return;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  // DATA_DIR itself may be a link to the folder that holds it.
  restrict(dir, statSync(dir));
  restrictTree(dir);
}
