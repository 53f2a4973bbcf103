// Starts the built site as `npm start` would, but on a free port, with a fresh embedded database
// in a temporary folder and a local SMTP server that keeps every message in a file the tests
// read. Used by the browser tests (global setup) and the size benchmark.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../src/server/test/freePort';

function startSmtp(mailFile: string, port: number): Promise<SMTPServer> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const record = {
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html || '',
          };
          appendFileSync(mailFile, JSON.stringify(record) + '\n');
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  return new Promise((resolve) => smtp.listen(port, '127.0.0.1', () => resolve(smtp)));
}

// A fresh embedded database runs initdb, the migrations and the demo seed before the port opens:
// seconds on an idle machine, but more than a minute on a busy shared one. The site's own exit is
// caught at once, so a long limit only costs time when the start really hangs. E2E_START_SECONDS
// gives a machine busier still more.
const START_LIMIT_MS = Number(process.env.E2E_START_SECONDS ?? 180) * 1000;

async function waitForHealth(url: string, server: { exitCode: number | null }, log: () => string) {
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The site exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The site did not answer within ${START_LIMIT_MS / 1000} s:\n${log()}`);
}

export interface RunningSite {
  baseUrl: string;
  mailFile: string;
  adminEmail: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/** `env`: settings of this site only (a browser test's own site, e.g. Brevo at a fake). */
export async function startSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const dir = mkdtempSync(path.join(tmpdir(), 'chapters-e2e-'));
  const mailFile = path.join(dir, 'mail.jsonl');
  writeFileSync(mailFile, '');
  const [port, smtpPort] = [await freePort(), await freePort()];
  const smtp = await startSmtp(mailFile, smtpPort);
  const baseUrl = `http://127.0.0.1:${port}`;

  let output = '';
  // The built server, as `npm start` runs it (`npm run test:e2e` builds first): what users run,
  // and it starts without compiling the sources on the way.
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(dir, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1; the limit itself is covered by the API tests.
      AUTH_RATE_LIMIT_MAX: '1000',
      // No internet here: every map tile is the site's own icon, so no request fails.
      MAP_TILE_URL: '/favicon.svg',
      DATABASE_URL: '',
      // Stopped by the test, with nobody to drain for.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  await waitForHealth(baseUrl, server, () => output);

  const admin = /email:\s+(\S+)\s+password:\s+(\S+)/.exec(output);
  if (!admin?.[1] || !admin[2]) throw new Error(`The site printed no admin sign-in:\n${output}`);
  return {
    baseUrl,
    mailFile,
    adminEmail: admin[1],
    adminPassword: admin[2],
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
      await new Promise<void>((r) => smtp.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
