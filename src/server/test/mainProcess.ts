// src/server/main.ts started as `npm start` starts it, in a process of its own, for tests of
// start-up itself (what it prints, what it does to DATA_DIR).
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './freePort';

export interface MainProcess {
  baseUrl: string;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** SIGTERM, resolved once it exited. */
  stop(): Promise<void>;
  /** Sends `name` and returns at once (a signal whose effect the test then observes). */
  signal(name: NodeJS.Signals): void;
  /** Its exit code once it exited (null before, or when a signal ended it). */
  exitCode(): number | null;
  /** SIGKILL, for a test's cleanup after a failure; resolved once it exited. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** The umask it starts with (a shell sets it before starting node), as an operator's may be. */
  umask?: number;
}

/** Resolves once it answers /api/health; `env` is all the environment it gets beyond PATH. */
export async function startMain(
  env: Record<string, string>,
  { umask }: StartOptions = {},
): Promise<MainProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const node = [process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  const [command, ...args] =
    umask === undefined
      ? node
      : [
          '/bin/sh',
          '-c',
          `umask ${umask.toString(8).padStart(3, '0')} && exec "$@"`,
          'sh',
          ...node,
        ];
  const server: ChildProcess = spawn(command!, args, {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const signal = async (name: NodeJS.Signals) => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill(name);
    await exited;
  };
  const stop = () => signal('SIGTERM');
  // A hang guard, not a measure: under two busy loops a niced start took more than 150 s (no
  // hang: the WASM database and the migrations on a CPU share of a tenth). Below the callers'
  // own limits (300 s and more), so that a real hang still ends with the server's output.
  const deadline = Date.now() + 280_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start:\n${output}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) {
      const exitCode = () => server.exitCode;
      return {
        baseUrl,
        output: () => output,
        stop,
        signal: (name: NodeJS.Signals) => void server.kill(name),
        exitCode,
        kill: () => signal('SIGKILL'),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
