// The databases `npm run bench:send` sends from, made for the run and removed after it: a fresh
// PostgreSQL database on the admin URL's server, or a fresh PGlite directory (or 'memory').
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Target } from './setup';

export interface MadeTarget {
  target: Target;
  label: string;
  cleanup(): Promise<void>;
}

async function withAdmin(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database on `adminUrl`'s server, dropped by cleanup. */
export async function postgresTarget(adminUrl: string): Promise<MadeTarget> {
  const name = `chapters_bench_send_${Date.now()}`;
  await withAdmin(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { url: url.toString(), embeddedDir: 'unused' },
    label: 'PostgreSQL',
    cleanup: () => withAdmin(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** A fresh PGlite directory on disk, as an app server keeps it, or in memory as tests do. */
export function pgliteTarget(embedded: string | undefined): MadeTarget {
  const dir =
    embedded === 'memory' ? 'memory' : mkdtempSync(path.join(tmpdir(), 'chapters-bench-send-'));
  return {
    target: { embeddedDir: dir },
    label: `PGlite (${dir === 'memory' ? 'in memory' : 'on disk'})`,
    cleanup: async () => {
      if (dir !== 'memory') rmSync(dir, { recursive: true, force: true });
    },
  };
}
