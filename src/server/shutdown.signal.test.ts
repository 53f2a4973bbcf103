// SIGTERM to a running server (src/server/main.ts, as `npm start` and the browser tests start
// it): /api/ready turns 503 while /api/health and the pages are still served, for
// SHUTDOWN_DRAIN_SECONDS; another SIGTERM ends the drain, and the process stops taking
// connections and exits 0. Stated as an order of events, not times: the drain here is longer
// than any run of the test, so every check made while draining lands inside it however slow the
// machine (shutdownStalled.test.ts sees a short drain end by itself, shutdown.test.ts what the
// closing does).
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMain, type MainProcess } from './test/mainProcess';

const dir = mkdtempSync(path.join(tmpdir(), 'chapters-drain-'));
let server: MainProcess | undefined;

afterAll(async () => {
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

// Ten minutes: the drain does not end by itself while the test runs.
const DRAIN_SECONDS = 600;

describe('SIGTERM', () => {
  it(
    'drains, serving all but /api/ready, until told again; then stops taking connections and exits 0',
    { timeout: 240_000 },
    async () => {
      server = await startMain({
        DATA_DIR: path.join(dir, 'data'),
        WEB_DIR: path.join(dir, 'no-web-app'),
        MAIL_SEND_POLL_MS: '0',
        DEMO_DATA: 'off',
        SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      });
      const port = Number(new URL(server.baseUrl).port);
      const status = (url: string) =>
        fetch(`${server!.baseUrl}${url}`).then(
          (res) => res.status,
          () => 0,
        );
      expect(await status('/api/ready')).toBe(200);
      expect(await status('/api/chapters')).toBe(200);

      server.signal('SIGTERM');
      // Not ready once the signal is taken (no bound but the test's: that is a matter of speed),
      // and then, still draining, alive and serving on the same port.
      let ready = await status('/api/ready');
      while (ready === 200) ready = await status('/api/ready');
      expect(ready).toBe(503);
      expect(await status('/api/health')).toBe(200);
      expect(await status('/api/chapters')).toBe(200);
      expect(await refused(port)).toBe(false);
      expect(server.output()).toContain(`SIGTERM: draining for ${DRAIN_SECONDS} s`);

      // Told again: it closes and exits 0, and the port takes no more connections.
      await server.stop();
      expect(server.exitCode(), server.output()).toBe(0);
      expect(server.output()).toContain('SIGTERM again: shutting down now');
      expect(await refused(port)).toBe(true);
    },
  );
});
