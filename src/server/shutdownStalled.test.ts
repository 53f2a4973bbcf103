// A connection that never ends does not keep a stopping server alive (issue 31): a client that
// stops in the middle of an upload's body, or a request whose handler never answers, is closed
// when closing has waited CLOSE_CONNECTIONS_MS, so a SIGTERM always ends the process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/app';
import { RawConnection } from './test/rawHttp';
import { startMain, type MainProcess } from './test/mainProcess';
import { drainAndClose } from './shutdown';

const dir = mkdtempSync(path.join(tmpdir(), 'chapters-stalled-'));
const connections: RawConnection[] = [];
let server: MainProcess | undefined;
afterAll(async () => {
  connections.forEach((connection) => connection.destroy());
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** An upload of 1 MB that stops after its first 10 KB, answered (401: no one signed in). */
async function stalledUpload(port: number): Promise<RawConnection> {
  const client = new RawConnection(port);
  connections.push(client);
  await client.writeHead('POST', '/api/chapter/header_image/1', {
    'content-type': 'multipart/form-data; boundary=x',
    'content-length': 1024 * 1024,
  });
  await client.write(
    `--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n`,
  );
  await client.write(Buffer.alloc(10 * 1024, 7));
  expect((await client.next())?.status).toBe(401);
  return client;
}

/**
 * A connection whose request's body never arrives: a sign-in that stops after 1 KB of its 16.
 * Unlike the refused upload, nothing is answered, so only the closing step can end it (Node's
 * own request timeout is minutes). A first request is answered on it: the server took it.
 */
async function unfinishedBody(port: number): Promise<RawConnection> {
  const client = new RawConnection(port);
  connections.push(client);
  await client.writeHead('GET', '/api/health', {});
  expect((await client.next())?.status).toBe(200);
  await client.writeHead('POST', '/api/auth/signin', {
    'content-type': 'application/json',
    'content-length': 16 * 1024,
  });
  await client.write(`{"username":"${'a'.repeat(1024)}`);
  return client;
}

/** Resolves with what `promise` gave, or 'hung' when it gave nothing within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(resolve, ms, 'hung')));
  return Promise.race([promise, hung]).finally(() => clearTimeout(timer));
}

describe('closing after the drain', () => {
  it(
    'closes the connections still open when the wait is over, and the app closes',
    { timeout: 120_000 },
    async () => {
      const t = await createTestApp({ env: { MAIL_SEND_POLL_MS: '0' } });
      t.app.get('/api/test/never', { config: { access: 'public' } }, () => new Promise(() => {}));
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (t.app.server.address() as { port: number }).port;
      const stalled = await stalledUpload(port);
      const waiting = new RawConnection(port);
      connections.push(waiting);
      await waiting.writeHead('GET', '/api/test/never', {});

      const closed = drainAndClose(t.app, { drainMs: 0, closeMs: 500 }).then(() => 'closed');
      // 60 s only tells "closes" from "never closes" (it waits 0.5 s), however busy the machine.
      expect(await within(closed, 60_000)).toBe('closed');
      expect(await stalled.next()).toBeNull();
      expect(await waiting.next()).toBeNull();
      await t.database.close();
    },
  );
});

describe('SIGTERM', () => {
  it(
    'ends the process while clients hold connections in the middle of a body',
    { timeout: 300_000 },
    async () => {
      server = await startMain({
        DATA_DIR: path.join(dir, 'data'),
        WEB_DIR: path.join(dir, 'no-web-app'),
        MAIL_SEND_POLL_MS: '0',
        DEMO_DATA: 'off',
        SHUTDOWN_DRAIN_SECONDS: '1',
      });
      const port = Number(new URL(server.baseUrl).port);
      const stalled = await stalledUpload(port);
      const unfinished = await unfinishedBody(port);
      // The drain (1 s), then at most CLOSE_CONNECTIONS_MS (10 s) and the database's close:
      // 90 s only tells "ends" from "never ends", however busy the machine.
      expect(await within(server.stop(), 90_000)).not.toBe('hung');
      expect(server.exitCode()).toBe(0);
      expect(stalled.isClosed).toBe(true);
      expect(unfinished.isClosed).toBe(true);
    },
  );
});
