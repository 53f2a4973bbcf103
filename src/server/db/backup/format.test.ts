// The backup file's header: restore refuses, with a message saying why, a file that is not a
// backup, one cut short, one of a newer schema than the code, and one of the other kind of
// database; all before touching any database.
import { mkdtempSync, rmSync, truncateSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openBackup, writeBackup, BackupFileError, type BackupHeader } from './format';
import { codeLevel } from './migrationLevel';
import { restoreSite } from './site';

const dir = mkdtempSync(path.join(tmpdir(), 'chapters-backup-format-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quiet = { say() {} };
const site = (databaseUrl?: string) => ({
  databaseUrl,
  dataDir: path.join(dir, 'data'),
  embeddedDir: path.join(dir, 'data', 'pglite'),
  uploadsDir: path.join(dir, 'data', 'uploads'),
});

async function backupFile(name: string, header: Omit<BackupHeader, 'sections'>) {
  const file = path.join(dir, name);
  const fd = openSync(file, 'w');
  await writeBackup(fd, header, [
    { name: 'database', data: Buffer.from('not really a database') },
    { name: 'uploads/a.jpg', data: Buffer.from([1, 2, 3]) },
  ]);
  closeSync(fd);
  return file;
}

const now = new Date().toISOString();

describe('the backup file', () => {
  it('reads back its header and where each section is', async () => {
    const file = await backupFile('ok.backup', {
      kind: 'embedded',
      ...codeLevel(),
      createdAt: now,
    });
    const backup = openBackup(file);
    expect(backup.header.sections).toEqual([
      { name: 'database', bytes: 21 },
      { name: 'uploads/a.jpg', bytes: 3 },
    ]);
  });

  it('refuses a file that is not a backup, or one cut short', async () => {
    const other = path.join(dir, 'other.txt');
    writeFileSync(other, 'hello\n');
    expect(() => openBackup(other)).toThrow(/is not a backup of this site/);
    const cut = await backupFile('cut.backup', {
      kind: 'embedded',
      ...codeLevel(),
      createdAt: now,
    });
    truncateSync(cut, 100);
    expect(() => openBackup(cut)).toThrow(BackupFileError);
  });

  it('refuses to restore a backup of a newer schema than the code', async () => {
    const code = codeLevel();
    const file = await backupFile('newer.backup', {
      kind: 'embedded',
      migrations: code.migrations + 1,
      lastMigration: '9999_from_the_future',
      createdAt: now,
    });
    await expect(restoreSite(site(), file, quiet)).rejects.toThrow(
      new RegExp(`newer schema \\(migration ${code.migrations + 1}, 9999_from_the_future\\)`),
    );
  });

  it('refuses a backup of the other kind of database', async () => {
    const pgFile = await backupFile('pg.backup', {
      kind: 'postgres',
      ...codeLevel(),
      createdAt: now,
    });
    await expect(restoreSite(site(), pgFile, quiet)).rejects.toThrow(
      /backup of a PostgreSQL database \(pg_dump\), and DATABASE_URL is not set/,
    );
    const embedded = await backupFile('e.backup', {
      kind: 'embedded',
      ...codeLevel(),
      createdAt: now,
    });
    await expect(
      restoreSite(site('postgres://x@127.0.0.1:1/none'), embedded, quiet),
    ).rejects.toThrow(/backup of the embedded database \(PGlite\), and DATABASE_URL is set/);
  });
});
