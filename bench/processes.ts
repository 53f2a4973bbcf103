// The two servers a bench run measures, each in a process of its own: the real app (as
// `npm start` runs it, on the bench's database) and the ceiling (bench/ceiling.ts).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { fileURLToPath } from 'node:url';

export interface Server {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** A free-enough port: random in a range no other helper's tests use. */
export const randomPort = () => 20_000 + Math.floor(Math.random() * 20_000);

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** Node's flags for the built server, as `npm start` and the README's production command give. */
const PRODUCTION_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=8')
  .split(' ')
  .filter(Boolean);

/**
 * The app on `databaseUrl`, started from the current directory with tsx, or from a built entry
 * (BENCH_SERVER_ENTRY, e.g. a compiled dist/server/main.js) run by plain node with the flags
 * production uses (BENCH_NODE_FLAGS to try others; '' for none).
 */
export async function startApp(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = randomPort();
  const entry = process.env.BENCH_SERVER_ENTRY;
  // BENCH_CPU_PROF=dir: the app writes a V8 CPU profile there when it stops (what a change
  // should attack is read from it, not guessed).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const args = entry
    ? [...PRODUCTION_NODE_FLAGS, ...profile, entry]
    : [...profile, '--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DEMO_DATA: 'off',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const server = { base, pid: child.pid!, stop: stopper(child) };
  try {
    await waitFor(`${base}/api/health`, child);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

/** The ceiling server replaying the answers in `answersFile` (written by capture.ts). */
export async function startCeiling(answersFile: string): Promise<Server> {
  const port = randomPort();
  const script = fileURLToPath(new URL('./ceiling.ts', import.meta.url));
  const child = fork(script, [answersFile, String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid!, stop: stopper(child) };
}

/** Resident memory of a process, now and at its peak, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** CPU time a process has used so far (user + system), in ms (Linux /proc; USER_HZ is 100). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces: state is the first, utime the 12th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits (at most `maxMs`) until the app has finished what a round left in flight: requests wrk
 * gave up on go on running, and must not eat into the next round, the ceiling's above all. Idle:
 * under 10% of a core for 300 ms, and no query of its database running.
 */
export async function settle(pid: number, databaseUrl: string, maxMs = 30_000): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    while (Date.now() - started < maxMs) {
      const cpu = cpuMsOf(pid);
      await new Promise((r) => setTimeout(r, 300));
      const busyMs = cpuMsOf(pid) - cpu;
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      if (busyMs <= 30 && rows[0]!.n === 0) return;
    }
  } finally {
    await client.end();
  }
}
