// How `npm run backup` asks a running server on the embedded database for a dump: PGlite is one
// process's database (../processLock.ts), so the server that holds it makes the dump itself.
// It listens on a Unix socket in DATA_DIR, mode 0600: only the site's own user (or root) can
// connect, the same people who could copy DATA_DIR anyway; nothing of it is reachable over the
// network, whatever proxy or TRUST_PROXY is in front (docs/decisions/02-operation.md).
// One request, one answer: the client writes "backup\n"; the server answers a line of JSON (the
// migration level and the dump's size, or an error) and then the dump's bytes.
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { z } from 'zod';
import type { Database } from '../client';
import { databaseLevel, type MigrationLevel } from './migrationLevel';

export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

const answerSchema = z.union([
  z.object({
    ok: z.literal(true),
    migrations: z.number().int(),
    lastMigration: z.string().nullable(),
    bytes: z.number().int(),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

const gzipped = promisify(gzip);

/**
 * The embedded database as one gzipped tar, taken while nothing else runs on it. Compressed off
 * the event loop (zlib's thread pool): a running server that makes the dump for `npm run backup`
 * keeps answering requests meanwhile, rather than stalling for the seconds a large one takes.
 */
export async function dumpEmbedded(
  database: Database,
): Promise<{ level: MigrationLevel; data: Buffer }> {
  if (!database.dump) throw new Error('Not the embedded database.');
  const level = await databaseLevel(database.db);
  const data = await gzipped(Buffer.from(await (await database.dump()).arrayBuffer()));
  return { level, data };
}

/**
 * Serves dumps of the embedded database to `npm run backup` on the same machine. Answers how to
 * stop serving. The caller holds the database's lock, so a socket file left here is a dead
 * server's and is replaced.
 */
export async function serveBackups(
  dataDir: string,
  database: Database,
  log: { error(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  const address = backupSocketPath(dataDir);
  const server = net.createServer((socket) => {
    let asked = '';
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      asked += chunk.toString('utf8');
      if (!asked.includes('\n')) return;
      socket.removeAllListeners('data');
      if (asked.trim() !== 'backup')
        return void socket.end('{"ok":false,"error":"unknown request"}\n');
      dumpEmbedded(database).then(
        ({ level, data }) => {
          socket.write(JSON.stringify({ ok: true, ...level, bytes: data.length }) + '\n');
          socket.end(data);
        },
        (err: unknown) => {
          log.error({ err }, 'backup: could not dump the embedded database');
          socket.end(
            JSON.stringify({ ok: false, error: String((err as Error)?.message ?? err) }) + '\n',
          );
        },
      );
    });
  });
  server.unref();
  rmSync(address, { force: true });
  // Created 0600 from the start (the umask), then made so whatever the umask was.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(address, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(address, { force: true });
    });
}

function readAnswer(line: string): z.infer<typeof answerSchema> | null {
  try {
    const parsed = answerSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // not JSON
  }
}

/**
 * Asks the server running on `dataDir` for a dump; null when none listens (no server, or one
 * that died), so the caller opens the database itself.
 */
export function askRunningServer(
  dataDir: string,
): Promise<{ level: MigrationLevel; data: Buffer } | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    const chunks: Buffer[] = [];
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      socket.write('backup\n');
    });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.once('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(null);
      else reject(err);
    });
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(0x0a);
      if (nl < 0)
        return reject(new Error('The running server gave no answer to the backup request.'));
      // Whatever listens there may not be our server: its answer is checked, never thrown from
      // this event handler (that would crash the backup instead of failing it with a message).
      const answer = readAnswer(all.subarray(0, nl).toString('utf8'));
      if (!answer)
        return reject(
          new Error(`What listens on ${backupSocketPath(dataDir)} did not answer as a server.`),
        );
      if (!answer.ok)
        return reject(new Error(`The running server could not dump: ${answer.error}`));
      const data = all.subarray(nl + 1);
      if (data.length !== answer.bytes)
        return reject(new Error('The running server’s dump was cut short.'));
      resolve({
        level: { migrations: answer.migrations, lastMigration: answer.lastMigration },
        data,
      });
    });
  });
}
