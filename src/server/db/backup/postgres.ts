// PostgreSQL's side of backups: pg_dump's custom format out, pg_restore into an empty database.
// The tools must not be older than the server (pg_dump refuses a newer server, and pg_restore a
// newer dump): checked first, so the message says which version to install.
import { execFile, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface ServerFacts {
  major: number;
  version: string;
  database: string;
  /** Tables outside PostgreSQL's own schemas. */
  tables: number;
}

export async function serverFacts(url: string): Promise<ServerFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      num: string;
      version: string;
      db: string;
      tables: number;
    }>(
      `select current_setting('server_version_num') as num, current_setting('server_version') as version,
              current_database() as db,
              (select count(*)::int from pg_tables
               where schemaname not in ('pg_catalog', 'information_schema')) as tables`,
    );
    const row = rows[0]!;
    return {
      major: Math.floor(Number(row.num) / 10_000),
      version: row.version,
      database: row.db,
      tables: row.tables,
    };
  } finally {
    await client.end();
  }
}

/** The major version of a PostgreSQL client tool (pg_dump, pg_restore) on the PATH. */
async function toolMajor(tool: string): Promise<number> {
  const { stdout } = await run(tool, ['--version']).catch(() => {
    throw new Error(`${tool} was not found: install PostgreSQL's client tools (${tool}).`);
  });
  const major = /\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1];
  if (!major) throw new Error(`Could not read ${tool}'s version from "${stdout.trim()}".`);
  return Number(major);
}

/** Throws, naming both versions, when the tool is older than the server. */
export async function checkToolVersion(tool: 'pg_dump' | 'pg_restore', server: ServerFacts) {
  const major = await toolMajor(tool);
  if (major < server.major)
    throw new Error(
      `${tool} is version ${major}, older than the server's PostgreSQL ${server.version} ` +
        `(major ${server.major}): install the client tools of PostgreSQL ${server.major} or newer.`,
    );
  return major;
}

function finished(child: ReturnType<typeof spawn>, tool: string): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * How to hand a database URL to a client tool without showing its password: a process's
 * arguments are readable by every user of the machine (`ps`), its environment is not, so the
 * password moves from the URL to PGPASSWORD, which libpq reads.
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { dbname: url, env: process.env };
  }
  if (!parsed.password) return { dbname: url, env: process.env };
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
}

/** pg_dump -Fc of the whole database into `file`: one snapshot, however long it takes. */
export function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  const child = spawn('pg_dump', ['--format=custom', '--file', file, '--dbname', dbname], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env,
  });
  return finished(child, 'pg_dump');
}

/** pg_restore of a custom-format dump read from `input`, into the (empty) database at `url`. */
export async function pgRestore(url: string, input: Readable): Promise<void> {
  const { dbname, env } = toolConnection(url);
  const child = spawn(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', dbname],
    { stdio: ['pipe', 'ignore', 'pipe'], env },
  );
  const done = finished(child, 'pg_restore');
  input.pipe(child.stdin!);
  child.stdin!.on('error', () => {});
  await done;
}
