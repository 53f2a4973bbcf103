// The compiled server, started as `npm start` starts it (node, no TypeScript), must find
// everything it reads at run time: its migrations, package data (Swagger UI, the gazetteers,
// the state outlines) and the built web app.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server';
import { compressWebDir } from './compress-web';
import { freePort } from '../src/server/test/freePort';

// A project folder of its own: the build, a built web app, and the packages.
const project = mkdtempSync(path.join(tmpdir(), 'chapters-built-'));
let server: ChildProcess | undefined;
let baseUrl = '';
let output = '';

beforeAll(async () => {
  symlinkSync(path.resolve('node_modules'), path.join(project, 'node_modules'), 'dir');
  await buildServer(path.join(project, 'dist/server'));
  const web = path.join(project, 'dist/web');
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><title>Chapters</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(web, 'assets', 'index-AbCd1234.js'), 'console.log(1);\n'.repeat(500));
  compressWebDir(web);

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: project,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(project, 'data'),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MAIL_SEND_POLL_MS: '0',
      // Stopped by the test, with nobody to drain for.
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The compiled server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The compiled server did not start:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(project, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('migrates its database and answers', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok', database: true });
    // A table of the latest migration is there.
    const chapters = await fetch(`${baseUrl}/api/chapters/state/ny`);
    expect(chapters.status, output).toBe(200);
  });

  it('finds the data of its packages', async () => {
    const docs = await fetch(`${baseUrl}/api/docs/swagger-ui.css`);
    expect(docs.status).toBe(200);
    const zip = await fetch(`${baseUrl}/api/geocode?q=10001`);
    expect(await zip.json()).toMatchObject({ label: 'New York, NY 10001' });
    const abroad = await fetch(`${baseUrl}/api/geocode?q=${encodeURIComponent('Paris, France')}`);
    expect(await abroad.json()).toMatchObject({ label: 'Paris, France' });
    const outline = await fetch(`${baseUrl}/assets/geo/NY.geo.json`);
    expect(outline.status).toBe(200);
  });

  it('serves the built web app, compressed by the build', async () => {
    const page = await fetch(`${baseUrl}/about`);
    expect(await page.text()).toContain('<div id="root">');
    const asset = await fetch(`${baseUrl}/assets/index-AbCd1234.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe('console.log(1);\n'.repeat(500));
  });

  it("draws the home page's first screen with the app's components", async () => {
    // React, react-bootstrap and the screens' code are all found by the compiled server: a
    // failure to draw would send the page with no screen in it (and log it).
    const page = await (await fetch(`${baseUrl}/`)).text();
    expect(page, output).toMatch(/<main [^>]*data-first-screen="">/);
    expect(page).toContain('Find a chapter near you');
    expect(page).toContain('id="first-answers"');
  });
});
