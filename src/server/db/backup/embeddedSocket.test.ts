// `npm run backup` asking the server on DATA_DIR for its dump (embeddedSocket.ts), when what
// answers on the socket is not our server: the backup fails with a message that says so. Before,
// the malformed answer was thrown from a socket event handler: an uncaught exception, not a
// failed backup.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { askRunningServer, backupSocketPath } from './embeddedSocket';

let dir = '';
let server: net.Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Something on the backup socket that answers `answer` to whatever it is asked. */
async function listenAnswering(answer: string) {
  dir = mkdtempSync(path.join(tmpdir(), 'chapters-socket-'));
  server = net.createServer((socket) => socket.once('data', () => socket.end(answer)));
  await new Promise<void>((resolve) => server!.listen(backupSocketPath(dir), resolve));
}

describe('askRunningServer', () => {
  it('resolves null when nothing listens on DATA_DIR', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'chapters-socket-'));
    await expect(askRunningServer(dir)).resolves.toBeNull();
  });

  it('fails with a message when the answer is not JSON', async () => {
    await listenAnswering('hello there\n');
    await expect(askRunningServer(dir)).rejects.toThrow(/did not answer as a server/);
  });

  it('fails with a message when the answer is JSON of another shape', async () => {
    await listenAnswering('{"ok":true,"size":"large"}\n');
    await expect(askRunningServer(dir)).rejects.toThrow(/did not answer as a server/);
  });

  it("passes on the server's own error", async () => {
    await listenAnswering('{"ok":false,"error":"disk full"}\n');
    await expect(askRunningServer(dir)).rejects.toThrow(/could not dump: disk full/);
  });
});
