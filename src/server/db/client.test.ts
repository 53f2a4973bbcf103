import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from './client';
import { chapterTypes, roles, users } from './schema';
import { CHAPTER_TYPES, ROLES } from '../../common/constants';
import { createTestDatabase } from '../test/database';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the embedded database', () => {
  it('keeps every row across a restart: it lives on disk', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chapters-db-'));
    dirs.push(dir);
    const first = await openDatabase({ embeddedDir: path.join(dir, 'pglite') });
    await first.migrate();
    await first.db
      .insert(users)
      .values({ name: 'Ada', email: 'ada@example.org', username: 'ada@example.org' });
    await first.close();

    const second = await openDatabase({ embeddedDir: path.join(dir, 'pglite') });
    await second.migrate(); // a second start migrates nothing and loses nothing
    const rows = await second.db.select().from(users).where(eq(users.email, 'ada@example.org'));
    expect(rows).toHaveLength(1);
    await second.close();
  });

  it(
    'refuses a second opener while the first holds it, and lets it in once closed',
    { timeout: 300_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'chapters-db-'));
      dirs.push(dir);
      const first = await openDatabase({ embeddedDir: path.join(dir, 'pglite') });
      await expect(openDatabase({ embeddedDir: path.join(dir, 'pglite') })).rejects.toThrow(
        /in use by another process/,
      );
      await first.close();
      const second = await openDatabase({ embeddedDir: path.join(dir, 'pglite') });
      await second.close();
    },
  );

  it(
    'opens at once after its holder was killed with -9, keeping what was written',
    { timeout: 300_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'chapters-db-'));
      dirs.push(dir);
      const embeddedDir = path.join(dir, 'pglite');
      const client = fileURLToPath(new URL('./client.ts', import.meta.url));
      const schemaFile = fileURLToPath(new URL('./schema/index.ts', import.meta.url));
      const script = `
      const { openDatabase } = await import(${JSON.stringify(client)});
      const { users } = await import(${JSON.stringify(schemaFile)});
      const db = await openDatabase({ embeddedDir: ${JSON.stringify(embeddedDir)} });
      await db.migrate();
      await db.db.insert(users).values({ name: 'Kim', email: 'kim@example.org', username: 'kim' });
      console.log('ready');
      setInterval(() => {}, 1000);`;
      const holder = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
        holder.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
      });
      await expect(openDatabase({ embeddedDir })).rejects.toThrow(/in use by another process/);
      const gone = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await gone;
      // A pid file (what an older version kept) naming a pid now reused by a live process
      // means nothing: the kernel let go of the lock with the process, and nobody deletes a file.
      writeFileSync(path.join(dir, 'pglite.lock'), String(process.ppid));
      const after = await openDatabase({ embeddedDir });
      await after.migrate();
      const rows = await after.db.select().from(users).where(eq(users.email, 'kim@example.org'));
      expect(rows).toHaveLength(1);
      await after.close();
    },
  );
});

describe('the schema', () => {
  it('carries the roles and chapter types the code names', async () => {
    const database = await createTestDatabase();
    try {
      const typeRows = await database.db.select().from(chapterTypes).orderBy(chapterTypes.id);
      expect(typeRows.map((r) => [r.id, r.name])).toEqual(CHAPTER_TYPES.map((t) => [t.id, t.name]));
      const roleRows = await database.db.select().from(roles).orderBy(roles.id);
      expect(roleRows).toEqual(ROLES.map((r) => ({ id: r.id, name: r.name })));
    } finally {
      await database.close();
    }
  });

  it('keeps emails unique without regard to case', async () => {
    const database = await createTestDatabase();
    try {
      await database.db
        .insert(users)
        .values({ name: 'A', email: 'Sam@Example.org', username: 'x' });
      await expect(
        database.db.insert(users).values({ name: 'B', email: 'sam@example.ORG', username: 'y' }),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});

describe('PostgreSQL', () => {
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    'lets a request still being handled finish its queries when the app shuts down',
    async () => {
      const database = await createTestDatabase();
      // A handler with two rounds of queries, the second asked after close() has begun (an
      // order the test makes, not a time it hopes for).
      let firstDone = () => {};
      const betweenRounds = new Promise<void>((resolve) => (firstDone = resolve));
      let closeBegun = () => {};
      const closing = new Promise<void>((resolve) => (closeBegun = resolve));
      const handler = (async () => {
        await database.db.select().from(roles);
        firstDone();
        await closing;
        return database.db.select().from(roles);
      })();
      await betweenRounds;
      const closed = database.close();
      closeBegun();
      await closed;
      await expect(handler).resolves.toHaveLength(ROLES.length);
    },
  );
});
