// The embedded database's files are readable and writable by the server's account alone
// (issue 31: its write-ahead log holds password hashes and member addresses). PostgreSQL keeps
// its files 0600 by calling umask(0077) at start, but PGlite runs PostgreSQL in WebAssembly,
// where that umask is the WASM runtime's own (022) and never the process's: every file it
// creates is made by Node with a chmod to the mode PostgreSQL asked for, which the process's
// umask does not touch. The files of a new database come out 0666, and the ones PostgreSQL
// opens with fopen (its relation cache, pg_internal.init) 0644. So the embedded file system's
// two ways of giving a file its mode, creating it and changing it, drop every group and other
// bit here, whatever the process's umask (docs/decisions/11-hardening.md).
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** What group and others may do with a file in DATA_DIR: nothing. */
export const OWNER_ONLY = 0o077;

type Op = (...args: never[]) => unknown;

interface NodeOps {
  mknod?: Op;
  setattr?: Op;
}

/**
 * Emscripten's NODEFS (the file system PGlite mounts on a directory) gives every file its mode
 * through two node operations: mknod(parent, name, mode, dev) and setattr(node, { mode, ... }).
 * Both are wrapped where NODEFS keeps them, so every node, the root included, uses the wrapped
 * ones.
 */
function maskModes(nodeOps: NodeOps): void {
  const { mknod, setattr } = nodeOps;
  if (!mknod || !setattr) throw new Error('PGlite file system: no mknod or setattr to wrap');
  nodeOps.mknod = ((parent: unknown, name: string, mode: number, dev: number) =>
    (mknod as (...args: unknown[]) => unknown)(parent, name, mode & ~OWNER_ONLY, dev)) as Op;
  nodeOps.setattr = ((node: unknown, attr: { mode?: number }) =>
    (setattr as (...args: unknown[]) => unknown)(
      node,
      attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~OWNER_ONLY },
    )) as Op;
}

/** PGlite's own NodeFS, with every mode it gives a file limited to the owner's bits. */
class OwnerOnlyNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // Before PostgreSQL starts (and before a new database's files are written): preRun runs
        // once the file systems exist.
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (mod: { NODEFS: { node_ops?: NodeOps } }) => maskModes(mod.NODEFS.node_ops ?? {}),
        ],
      },
    };
  }
}

/** A PGlite on the directory `dir` whose files are the owner's alone. */
export function ownerOnlyPGlite(dir: string, options: PGliteOptions = {}): PGlite {
  return new PGlite({ ...options, fs: new OwnerOnlyNodeFS(dir) });
}
