// `npm run test:deploy`: the deployment kit, run. Builds the site (when the sources changed),
// makes a fresh PostgreSQL database, starts two compiled app servers on it with the kit's
// environment file, puts Debian's nginx with the exact deploy/nginx/chapters.conf in front
// (only its ports changed) and checks through nginx: sign-in, a write on one server seen on the
// other, an image uploaded through one read through the other, and a rolling restart of both
// servers under steady traffic (GETs, and an admin's POSTs) with 0 failed requests. Needs nginx and PostgreSQL on
// 127.0.0.1:5432 (user postgres, trust; DEPLOY_TEST_POSTGRES names another server). Prints
// each check and exits 1 if one failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { createOrPromoteAdmin } from '../../src/server/modules/auth';
import {
  appServer,
  freePort,
  readEnvironmentFile,
  siteForTest,
  sleep,
  startNginx,
  type AppServer,
  type Nginx,
} from './processes';
import { checkImageAcrossServers } from './imageCheck';
import { checkUnit } from './unitCheck';
import { steadyTraffic } from './traffic';
import { report, type Check } from './report';

const root = path.resolve(import.meta.dirname, '../..');
const POSTGRES = process.env.DEPLOY_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const started = Date.now();
const checks: Check[] = [];
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[${elapsed()}] ${line}`);

function pass(name: string, detail: string) {
  checks.push({ name, ok: true, detail });
  say(`PASS ${name}: ${detail}`);
}
function fail(name: string, detail: string) {
  checks.push({ name, ok: false, detail });
  say(`FAIL ${name}: ${detail}`);
}

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

async function main() {
  say('building (skipped when nothing changed since the last build)');
  const build = spawnSync('npx', ['tsx', 'scripts/build.ts', '--if-changed'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');
  checkUnit(root, pass, fail);

  const dir = mkdtempSync(path.join(tmpdir(), 'chapters-deploy-'));
  const dbName = `chapters_deploy_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const dbUrl = Object.assign(new URL(POSTGRES), { pathname: `/${dbName}` }).toString();
  const servers: AppServer[] = [];
  let nginx: Nginx | undefined;
  try {
    const listenPort = await freePort();
    const publicUrl = `http://127.0.0.1:${listenPort}`;
    // The first admin, made as `npm run admin:create` makes one (after migrating).
    const database = await openDatabase({ url: dbUrl, embeddedDir: '', poolMax: 2 });
    await database.migrate();
    const made = await createOrPromoteAdmin(
      database.db,
      { email: 'ops@example.org', name: 'Deploy Test' },
      publicUrl,
    );
    await database.close();
    if (!made.created) throw new Error('the fresh database already had that admin');

    // The kit's environment file, with this machine's database, address and folders.
    const env = {
      ...readEnvironmentFile(path.join(root, 'deploy/systemd/chapters.env.example')),
      DATABASE_URL: dbUrl,
      PUBLIC_URL: publicUrl,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    };
    for (const name of ['a', 'b']) {
      // Each its own DATA_DIR, as on two machines.
      const dataDir = path.join(dir, `data-${name}`);
      servers.push(appServer(root, await freePort(), { ...env, DATA_DIR: dataDir }));
    }
    const [a, b] = servers as [AppServer, AppServer];
    await Promise.all(servers.map((server) => server.start()));
    say(`app servers on ports ${a.port} and ${b.port}, database ${dbName}`);

    const site = readFileSync(path.join(root, 'deploy/nginx/chapters.conf'), 'utf8');
    nginx = await startNginx(dir, siteForTest(site, [a.port, b.port], listenPort), listenPort);
    say(`nginx on port ${listenPort} with deploy/nginx/chapters.conf`);
    const via = nginx.url;

    // ---- Sign-in through nginx; the session holds on both servers.
    const signin = await fetch(`${via}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: made.email, password: made.password }),
    });
    const cookie = signin.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const signinError = (await json(signin)).error;
    const users = await Promise.all(
      [via, a.url, b.url].map(async (base) => {
        const res = await fetch(`${base}/api/auth/user`, { headers: { cookie } });
        return ((await json(res)).user as { email?: string } | null)?.email;
      }),
    );
    if (signin.status === 200 && signinError === null && users.every((e) => e === made.email)) {
      pass('sign-in', `through nginx; the session is known to both app servers`);
    } else {
      fail('sign-in', `status ${signin.status}, error ${String(signinError)}, users ${users}`);
    }

    // ---- The printed password is for the first sign-in only: the operator sets their own
    // before anything else (every other write answers 403 until then).
    const newPassword = `deploy-${Date.now().toString(36)}-passphrase`;
    const changed = await fetch(`${via}/api/user/me/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        currentPassword: made.password,
        password: newPassword,
        passwordMatch: newPassword,
      }),
    });
    if (changed.status !== 200) {
      fail('first password', `status ${changed.status}: ${await changed.text()}`);
    }

    // ---- A write through one server, read through the other.
    const send = (base: string, url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const created = await json(
      await send(via, '/api/chapter/new', {
        title: 'Drinking Liberally Deployville',
        city: 'Toledo',
        state: 'oh',
        postalCode: '43604',
        country: 'US',
      }),
    );
    const id = created.id as number;
    await send(via, '/api/chapter', { ...created, status: 1 });
    const titleOn = async (base: string) => {
      const res = await fetch(`${base}/api/chapter/id/${id}`);
      return res.ok ? (await json(res)).title : `status ${res.status}`;
    };
    // Both servers keep the visitors' answer now; the write on a must reach b's too.
    const before = [await titleOn(a.url), await titleOn(b.url)];
    const edited = await send(a.url, '/api/chapter', { ...created, status: 1, title: 'Renamed' });
    const wrote = Date.now();
    let seen = [await titleOn(b.url), await titleOn(a.url)];
    let reads = 1;
    while (seen.some((title) => title !== 'Renamed') && Date.now() - wrote < 2000) {
      await sleep(20);
      seen = [await titleOn(b.url), await titleOn(a.url)];
      reads += 1;
    }
    if (edited.ok && seen.every((title) => title === 'Renamed')) {
      const when = reads === 1 ? 'at the first read' : `at read ${reads}`;
      pass(
        'write seen on both',
        `renamed on ${a.port} (both had kept "${before.join('", "')}"), read on ${b.port} ${when}, ${Date.now() - wrote} ms after the write`,
      );
    } else {
      fail('write seen on both', `edit ${edited.status}; read after 2 s: ${seen.join(', ')}`);
    }

    // ---- IMAGES (issue 22, goal 1, built on another branch) -----------------------------------
    // An image uploaded through one app server is read through the other. While images are
    // files in each server's own DATA_DIR this fails; it passes once they live in the database.
    const image = await checkImageAcrossServers({ id, cookie, upload: a, read: b });
    (image.ok ? pass : fail)('image across servers', image.detail);
    // ---------------------------------------------------------------------------------------------

    // ---- A rolling restart of both servers under steady traffic through nginx.
    const page = `/chapter/oh/${created.slug as string}`;
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(
      readFileSync(path.join(root, 'dist/web/index.html'), 'utf8'),
    )?.[1];
    const paths = [
      '/',
      '/chapters/oh',
      page,
      '/api/chapters/active',
      '/api/chapters/state/oh',
      `/api/chapter/id/${id}`,
      '/api/front_page',
      '/api/health',
      ...(asset ? [asset] : []),
    ];
    // And one admin saving the front page's link over and over: a POST is never retried by
    // nginx once sent, so only a clean drain gets every one of them through.
    const traffic = steadyTraffic(via, paths, 6, {
      path: '/api/front_page',
      body: { imageLinkURL: 'https://example.org/deploy' },
      headers: { cookie },
    });
    await sleep(1000);
    const restarts: string[] = [];
    for (const server of servers) {
      const t0 = Date.now();
      const code = await server.stop();
      const stopped = Date.now() - t0;
      await server.start();
      restarts.push(
        `${server.port}: exit ${code} after ${stopped} ms, ready ${Date.now() - t0} ms`,
      );
      say(`restarted ${server.port} (exit ${code}, ${stopped} ms to stop)`);
      if (code !== 0) fail('rolling restart', `${server.port} exited ${code}\n${server.output()}`);
    }
    await sleep(1000);
    const counts = await traffic.stop();
    const outcomes = Object.entries(counts.byOutcome)
      .map(([outcome, n]) => `${outcome}: ${n}`)
      .join(', ');
    const summary = `${counts.sent} requests (${outcomes}), ${counts.failed} failed; ${restarts.join('; ')}`;
    if (counts.failed === 0 && counts.sent > 0) pass('rolling restart', summary);
    else {
      const log = nginx.errorLog().trim().split('\n').slice(-20).join('\n    ');
      fail(
        'rolling restart',
        `${summary}\n  ${counts.examples.join('\n  ')}\n  nginx:\n    ${log}`,
      );
    }
  } finally {
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop(true)));
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(report(checks, elapsed())),
  (err: unknown) => {
    console.error(`test:deploy could not run: ${err instanceof Error ? err.stack : String(err)}`);
    report(checks, elapsed());
    process.exit(1);
  },
);
