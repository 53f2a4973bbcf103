// A newcomer's first start, as `npm start` starts the server (its console at the default log
// level, a fresh DATA_DIR): the demo sign-ins come after "listening", are kept in a file only
// its owner can read, still stand at the end of the output after many page loads, and are
// shown again at the next start until their passwords are changed.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMain, type MainProcess } from './test/mainProcess';

const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'chapters-start-')), 'data');
let server: MainProcess | undefined;

afterAll(async () => {
  await stop();
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

/** Starts src/server/main.ts as a newcomer would; resolves once it answers, with its output. */
async function start(): Promise<MainProcess> {
  server = await startMain({
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'no-web-app'),
    MAIL_SEND_POLL_MS: '0',
    // Stopped by the test, with nobody to drain for.
    SHUTDOWN_DRAIN_SECONDS: '0',
  });
  return server;
}

async function stop(): Promise<void> {
  await server?.stop();
}

const ADMIN_LINE = /site admin:\s+email: (admin@example\.org)\s+password: (\S+)/;

describe('the first start with demo data', () => {
  it(
    'shows the demo sign-ins last, keeps them in an owner-only file, and again next start',
    {
      timeout: 400_000,
    },
    async () => {
      const first = await start();
      const output = first.output();
      const listening = output.indexOf('Server listening at');
      const running = output.indexOf('The chapters site is running at');
      const admin = ADMIN_LINE.exec(output);
      expect(listening, output).toBeGreaterThanOrEqual(0);
      expect(running, output).toBeGreaterThan(listening);
      expect(admin?.index, output).toBeGreaterThan(running);
      expect(output).toMatch(/field organizer of 5 chapters:\s+email: maria\.delgado@example\.org/);
      expect(output).toMatch(
        /chapter host of Upper West Side:\s+email: rachel\.goldberg@example\.com/,
      );

      // The file: the owner's only, holding the same sign-ins.
      const file = path.join(dataDir, 'demo-sign-ins.txt');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(ADMIN_LINE.exec(readFileSync(file, 'utf8'))?.[2]).toBe(admin?.[2]);

      // Fifty page loads later, nothing more was printed: the sign-ins are still the last lines.
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${first.baseUrl}/api/chapters/state/ny`);
        expect(res.status).toBe(200);
      }
      expect(first.output()).toBe(output);

      // The printed password signs the admin in.
      const signin = await fetch(`${first.baseUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: admin?.[1], password: admin?.[2] }),
      });
      expect(await signin.json()).toMatchObject({ error: null });

      // Not changed yet: the next start shows it again, after "listening".
      await stop();
      const second = await start();
      const again = second.output();
      expect(again).not.toContain('Demo data loaded');
      expect(ADMIN_LINE.exec(again)?.[2]).toBe(admin?.[2]);
      expect(ADMIN_LINE.exec(again)?.index).toBeGreaterThan(again.indexOf('Server listening at'));
    },
  );
});
