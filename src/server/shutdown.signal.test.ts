// SIGTERM to a running server (src/server/main.ts, as `npm run dev` and the browser tests start
// it): /api/ready turns 503 at once while /api/health and the pages are still served, for
// SHUTDOWN_DRAIN_SECONDS; then the port refuses connections and the process exits 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/freePort';

const dir = mkdtempSync(path.join(tmpdir(), 'chapters-drain-'));
let server: ChildProcess | undefined;

afterAll(() => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
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

const DRAIN_SECONDS = 2;

describe('SIGTERM', () => {
  it(
    'drains for SHUTDOWN_DRAIN_SECONDS, serving, then stops taking connections and exits 0',
    {
      timeout: 180_000,
    },
    async () => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      let output = '';
      server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(dir, 'data'),
          WEB_DIR: path.join(dir, 'no-web-app'),
          DEMO_DATA: 'off',
          SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
      const status = (url: string) =>
        fetch(`${baseUrl}${url}`).then(
          (res) => res.status,
          () => 0,
        );

      const deadline = Date.now() + 150_000;
      while ((await status('/api/ready')) !== 200) {
        if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`);
        if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(await status('/api/chapters')).toBe(200);

      const signalled = Date.now();
      server.kill('SIGTERM');
      // Not ready from the first moment, but alive and serving while it drains.
      while ((await status('/api/ready')) === 200) {
        expect(Date.now() - signalled).toBeLessThan(1000);
      }
      expect(Date.now() - signalled).toBeLessThan(1000);
      expect(await status('/api/ready')).toBe(503);
      expect(await status('/api/health')).toBe(200);
      expect(await status('/api/chapters')).toBe(200);
      expect(Date.now() - signalled).toBeLessThan(DRAIN_SECONDS * 1000);

      // Then no more connections, and a clean exit.
      while (!(await refused(port))) await new Promise((resolve) => setTimeout(resolve, 25));
      const stoppedTaking = Date.now() - signalled;
      expect(stoppedTaking).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
      expect(await exited, output).toBe(0);
      expect(Date.now() - signalled).toBeLessThan((DRAIN_SECONDS + 10) * 1000);
      expect(output).toContain(`SIGTERM: draining for ${DRAIN_SECONDS} s`);
    },
  );
});
