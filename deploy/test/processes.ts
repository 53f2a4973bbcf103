// The processes of the deployment test: compiled app servers (as the systemd unit runs them)
// and nginx with the shipped site file, each on a free port, each stopped by its id.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The one freePort of the tests and benches.
export { freePort } from '../../src/server/test/freePort';

/** KEY=value lines as systemd's EnvironmentFile= reads them (comments and blanks skipped). */
export function readEnvironmentFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    // systemd takes the quotes off a quoted value.
    const value = trimmed.slice(at + 1).trim();
    const quoted = /^"(.*)"$/.exec(value);
    if (at > 0)
      env[trimmed.slice(0, at).trim()] = quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : value;
  }
  return env;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Polls `url` until it answers 200; throws with `log()` past `ms` or when `alive()` turns false. */
export async function waitFor200(url: string, ms: number, alive: () => boolean, log: () => string) {
  const deadline = Date.now() + ms;
  for (;;) {
    const status = await fetch(url).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    if (!alive()) throw new Error(`${url}: the process exited\n${log()}`);
    if (Date.now() > deadline) throw new Error(`${url}: no 200 within ${ms} ms\n${log()}`);
    await sleep(100);
  }
}

export interface AppServer {
  readonly port: number;
  readonly url: string;
  /** Starts the compiled server and resolves once GET /api/ready answers 200. */
  start(): Promise<void>;
  /** SIGTERM (drain, close, exit); `now` sends a second one to skip the drain. */
  stop(now?: boolean): Promise<number | null>;
  output(): string;
}

export function appServer(root: string, port: number, env: Record<string, string>): AppServer {
  let child: ChildProcess | undefined;
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    async start() {
      // What the unit's ExecStart runs, from the install directory.
      child = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/server/main.js'], {
        cwd: root,
        env: { PATH: process.env.PATH, ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const mine = child;
      mine.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      mine.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      await waitFor200(
        `${url}/api/ready`,
        60_000,
        () => mine.exitCode === null,
        () => output,
      );
    },
    async stop(now = false) {
      if (!child || child.exitCode !== null) return child?.exitCode ?? null;
      const exited = exitOf(child);
      child.kill('SIGTERM');
      if (now) {
        await sleep(50);
        child.kill('SIGTERM');
      }
      return exited;
    },
    output: () => output,
  };
}

export interface Nginx {
  readonly url: string;
  stop(): Promise<void>;
  errorLog(): string;
}

/**
 * The shipped site file with only its upstream ports and listen port changed (each must appear
 * exactly once), inside a main configuration of the test's own: temp paths, logs, pid.
 */
export function siteForTest(site: string, upstreamPorts: number[], listenPort: number): string {
  const swaps: [RegExp, string][] = [
    [/^( {4}server )127\.0\.0\.1:3001( .*)$/m, `$1127.0.0.1:${upstreamPorts[0]}$2`],
    [/^( {4}server )127\.0\.0\.1:3002( .*)$/m, `$1127.0.0.1:${upstreamPorts[1]}$2`],
    [/^( {4}listen )80;$/m, `$1127.0.0.1:${listenPort};`],
  ];
  let out = site;
  for (const [pattern, replacement] of swaps) {
    const global = new RegExp(pattern.source, 'gm');
    const found = site.match(global)?.length ?? 0;
    if (found !== 1) throw new Error(`chapters.conf: ${pattern} found ${found} times, not once`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

export async function startNginx(dir: string, site: string, listenPort: number): Promise<Nginx> {
  const conf = path.join(dir, 'nginx.conf');
  const errorLog = path.join(dir, 'error.log');
  writeFileSync(path.join(dir, 'chapters.conf'), site);
  writeFileSync(
    conf,
    [
      // As root, the workers would switch to nobody, who cannot read this folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${path.join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${path.join(dir, kind)};`,
      ),
      `  include ${path.join(dir, 'chapters.conf')};`,
      '}',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', conf, '-e', errorLog];
  // Debian's, in /usr/sbin (not on every user's PATH).
  const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const check = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
  if (check.error)
    throw new Error(`nginx is not installed (apt-get install nginx): ${check.error}`);
  if (check.status !== 0) throw new Error(`nginx -t refused the site:\n${check.stderr}`);
  const child = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${listenPort}`;
  const log = () => `${stderr}${readFileSync(errorLog, 'utf8')}`;
  await waitFor200(`${url}/api/ready`, 15_000, () => child.exitCode === null, log);
  return {
    url,
    errorLog: log,
    async stop() {
      const exited = exitOf(child);
      // Graceful: finish what is in flight, then exit.
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
