// DATA_DIR is the server account's alone (issue 31): the embedded database's files (its
// write-ahead log holds password hashes and member addresses), the demo sign-ins and what an
// earlier version left there are 0600 in 0700 folders after a start, whatever the umask the
// server was started with, and so are the files the database writes while it runs.
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDataDirPrivate } from './dataDir';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { startMain, type MainProcess } from './test/mainProcess';

const dirs: string[] = [];
let server: MainProcess | undefined;
afterAll(async () => {
  await server?.stop();
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'chapters-modes-'));
  dirs.push(dir);
  return dir;
}

/** Every file and folder under `dir` (itself included) whose mode is not 0600 / 0700. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const visit = (file: string) => {
    const stats = lstatSync(file);
    if (stats.isSymbolicLink()) return;
    const mode = stats.mode & 0o777;
    const wanted = stats.isDirectory() ? 0o700 : 0o600;
    if (mode !== wanted) found.push(`${mode.toString(8)} ${path.relative(dir, file) || '.'}`);
    if (stats.isDirectory()) readdirSync(file).forEach((name) => visit(path.join(file, name)));
  };
  visit(dir);
  return found;
}

/** A DATA_DIR as a permissive umask or an earlier version left it: 0755 folders, 0666 files. */
function openTree(dataDir: string): void {
  mkdirSync(path.join(dataDir, 'uploads', 'old'), { recursive: true });
  writeFileSync(path.join(dataDir, 'demo-sign-ins.txt'), '');
  writeFileSync(path.join(dataDir, 'uploads', 'old', 'notes.txt'), 'kept');
  for (const file of ['.', 'uploads', 'uploads/old']) chmodSync(path.join(dataDir, file), 0o755);
  for (const file of ['demo-sign-ins.txt', 'uploads/old/notes.txt'])
    chmodSync(path.join(dataDir, file), 0o666);
}

describe('DATA_DIR', () => {
  it('is made its owner alone at start, what was there before included; links are left alone', () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data');
    openTree(dataDir);
    const outside = path.join(root, 'outside.txt');
    writeFileSync(outside, '');
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(dataDir, 'link'));
    expect(notPrivate(dataDir)).not.toEqual([]);

    makeDataDirPrivate(dataDir, { create: false });

    expect(notPrivate(dataDir)).toEqual([]);
    // A link's target is not DATA_DIR's to change.
    expect(statSync(outside).mode & 0o777).toBe(0o644);
  });

  it('is created 0700 when missing, only for the embedded database', () => {
    const root = tempDir();
    makeDataDirPrivate(path.join(root, 'for-postgres'), { create: false });
    expect(readdirSync(root)).toEqual([]);
    makeDataDirPrivate(path.join(root, 'embedded'), { create: true });
    expect(notPrivate(path.join(root, 'embedded'))).toEqual([]);
  });

  it(
    'holds an embedded database whose every file is 0600, those it writes later too',
    // A new embedded database runs initdb: slow on a busy machine.
    { timeout: 300_000 },
    async () => {
      const dir = path.join(tempDir(), 'pglite');
      const first = await openDatabase({ embeddedDir: dir });
      await first.migrate();
      await first.db
        .insert(users)
        .values({ name: 'Ada', email: 'ada@example.org', username: 'ada@example.org' });
      await first.close();
      expect(notPrivate(dir)).toEqual([]);

      // Opened again: what it writes on a running database (the log, the relation cache, a
      // checkpoint at close) is as private as what it wrote at first.
      rmSync(path.join(dir, 'global', 'pg_internal.init'), { force: true });
      const second = await openDatabase({ embeddedDir: dir });
      await second.db
        .insert(users)
        .values({ name: 'Bea', email: 'bea@example.org', username: 'bea@example.org' });
      await second.close();
      expect(notPrivate(dir)).toEqual([]);
    },
  );

  it(
    'after `npm start` with umask 000 on an open DATA_DIR, is 0600 files in 0700 folders',
    { timeout: 300_000 },
    async () => {
      const dataDir = path.join(tempDir(), 'data');
      openTree(dataDir);
      server = await startMain(
        {
          DATA_DIR: dataDir,
          WEB_DIR: path.join(dataDir, 'no-web-app'),
          MAIL_SEND_POLL_MS: '0',
          DEMO_DATA: 'off',
          SHUTDOWN_DRAIN_SECONDS: '0',
        },
        { umask: 0o000 },
      );
      // A write to the database while it runs (a failed sign-in is counted there).
      const signin = await fetch(`${server.baseUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody@example.org', password: 'wrong password' }),
      });
      expect(signin.status).toBe(200);
      expect(readdirSync(dataDir)).toContain('pglite');
      expect(notPrivate(dataDir)).toEqual([]);
      await server.stop();
      expect(notPrivate(dataDir)).toEqual([]);
    },
  );
});
