// One process at a time on a directory (the embedded database), held by a listening socket
// rather than a pid file. The kernel closes a process's sockets the moment it dies, kill -9
// included, so a crash leaves no lock behind; a pid file could name a dying process or a
// reused pid and stop the next start until a person deleted it.
import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Linux's abstract socket namespace has no file to leave behind; elsewhere, a socket file. */
function socketAddress(dir: string): string {
  const name = `chapters-lock-${createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32)}`;
  return process.platform === 'linux' ? `\0${name}` : path.join(tmpdir(), `${name}.sock`);
}

function listen(server: net.Server, address: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    server.once('error', (err: NodeJS.ErrnoException) => resolve(err));
    server.listen(address, () => resolve(null));
  });
}

/** True when a live process answers on the address; a dead one's socket file refuses. */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(address);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Takes the lock on `dir` for this process, or throws naming the directory when a live process
 * holds it. Answers the release.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  const address = socketAddress(dir);
  const server = net.createServer((socket) => socket.destroy());
  // The lock must not keep the process alive by itself.
  server.unref();
  let failure = await listen(server, address);
  if (failure?.code === 'EADDRINUSE' && !address.startsWith('\0') && !(await answers(address))) {
    // A socket file left by a process that died: nobody listens on it.
    rmSync(address, { force: true });
    failure = await listen(server, address);
  }
  if (failure?.code === 'EADDRINUSE') {
    throw new Error(
      `The embedded database in ${dir} is in use by another process. ` +
        'Stop the server first, or use DATABASE_URL with PostgreSQL.',
    );
  }
  if (failure) throw failure;
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
