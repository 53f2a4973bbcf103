// `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts): the whole site
// in one file and back. The database is the site; DATA_DIR/uploads (uploaded images, until they
// move into the database) goes in the same file, read after the database's dump, so every image
// the dump names is there (one uploaded meanwhile is there too, unnamed).
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ownerOnlyPGlite } from '../ownerOnlyFs';
import { openDatabase } from '../client';
import { lockDirectory } from '../processLock';
import { askRunningServer, dumpEmbedded } from './embeddedSocket';
import {
  BackupFileError,
  openBackup,
  sectionBytes,
  sectionStream,
  writeBackup,
  type BackupHeader,
  type SectionSource,
} from './format';
import { codeLevel, databaseLevel, type MigrationLevel } from './migrationLevel';
import { checkToolVersion, pgDump, pgRestore, serverFacts } from './postgres';

export interface SiteLocation {
  /** DATABASE_URL; unset: the embedded database in `embeddedDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  embeddedDir: string;
  uploadsDir: string;
}

export interface Report {
  say(line: string): void;
}

/** DATA_DIR/uploads' files (not its hidden temporaries), as sections of the backup. */
function uploadSections(uploadsDir: string): SectionSource[] {
  if (!existsSync(uploadsDir)) return [];
  return readdirSync(uploadsDir)
    .filter((name) => !name.startsWith('.') && statSync(path.join(uploadsDir, name)).isFile())
    .sort()
    .map((name) => ({ name: `uploads/${name}`, file: path.join(uploadsDir, name) }));
}

async function dumpPostgres(url: string, tmp: string, report: Report) {
  const facts = await serverFacts(url);
  const major = await checkToolVersion('pg_dump', facts);
  report.say(`PostgreSQL ${facts.version}, database ${facts.database}; pg_dump ${major}.`);
  const database = await openDatabase({ url, embeddedDir: '', poolMax: 1 });
  let level: MigrationLevel;
  try {
    level = await databaseLevel(database.db);
  } finally {
    await database.close();
  }
  await pgDump(url, tmp);
  return level;
}

async function dumpEmbeddedSite(site: SiteLocation, report: Report) {
  const asked = await askRunningServer(site.dataDir);
  if (asked) {
    report.say('The embedded database is in use by a running server: it made the dump.');
    return asked;
  }
  if (!existsSync(site.embeddedDir) || readdirSync(site.embeddedDir).length === 0)
    throw new Error(`There is no database in ${site.embeddedDir} to back up.`);
  report.say('No server is running on this DATA_DIR: dumping the embedded database directly.');
  const database = await openDatabase({ embeddedDir: site.embeddedDir });
  try {
    return await dumpEmbedded(database);
  } finally {
    await database.close();
  }
}

/** Writes the whole site to `out` (first as `out.partial`, renamed when complete). */
export async function backupSite(
  site: SiteLocation,
  out: string,
  report: Report,
): Promise<BackupHeader> {
  const partial = `${out}.partial`;
  const dbFile = `${out}.database.partial`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    const createdAt = new Date().toISOString();
    let level: MigrationLevel;
    let database: SectionSource;
    if (site.databaseUrl) {
      level = await dumpPostgres(site.databaseUrl, dbFile, report);
      database = { name: 'database', file: dbFile };
    } else {
      const dumped = await dumpEmbeddedSite(site, report);
      level = dumped.level;
      database = { name: 'database', data: dumped.data };
    }
    const uploads = uploadSections(site.uploadsDir);
    const header = {
      kind: site.databaseUrl ? ('postgres' as const) : ('embedded' as const),
      ...level,
      createdAt,
    };
    await writeBackup(fd, header, [database, ...uploads]);
    closeSync(fd);
    renameSync(partial, out);
    report.say(
      `Backed up to ${out}: ${header.kind} database at migration ${level.migrations} ` +
        `(${level.lastMigration ?? 'none'}), ${uploads.length} uploaded file(s), ${statSync(out).size} bytes.`,
    );
    return openBackup(out).header;
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(partial, { force: true });
    throw err;
  } finally {
    rmSync(dbFile, { force: true });
  }
}

/** Loads a backup into an empty database (and DATA_DIR/uploads); refuses anything else. */
export async function restoreSite(
  site: SiteLocation,
  file: string,
  report: Report,
): Promise<BackupHeader> {
  const backup = openBackup(file);
  const { header } = backup;
  const code = codeLevel();
  if (header.migrations > code.migrations)
    throw new BackupFileError(
      `${file} is of a newer schema (migration ${header.migrations}, ${header.lastMigration}) than ` +
        `this version of the site knows (migration ${code.migrations}, ${code.lastMigration}): ` +
        'restore it with the version that made it, or a newer one.',
    );
  const here = site.databaseUrl ? 'postgres' : 'embedded';
  if (header.kind !== here)
    throw new BackupFileError(
      header.kind === 'embedded'
        ? `${file} is a backup of the embedded database (PGlite), and DATABASE_URL is set: unset it to restore into DATA_DIR.`
        : `${file} is a backup of a PostgreSQL database (pg_dump), and DATABASE_URL is not set: set it to an empty PostgreSQL database.`,
    );
  if (site.databaseUrl) {
    const facts = await serverFacts(site.databaseUrl);
    if (facts.tables > 0)
      throw new Error(
        `The database ${facts.database} is not empty (${facts.tables} tables): restore only into an ` +
          'empty database (createdb a new one and point DATABASE_URL at it).',
      );
    const major = await checkToolVersion('pg_restore', facts);
    report.say(
      `Restoring into ${facts.database} (PostgreSQL ${facts.version}) with pg_restore ${major}.`,
    );
    await pgRestore(site.databaseUrl, sectionStream(backup, 'database'));
  } else {
    await restoreEmbedded(site.embeddedDir, sectionBytes(backup, 'database'));
  }
  const uploads = header.sections.filter((s) => s.name.startsWith('uploads/'));
  if (uploads.length > 0) mkdirSync(site.uploadsDir, { recursive: true });
  for (const section of uploads) {
    const target = path.join(site.uploadsDir, section.name.slice('uploads/'.length));
    // Never over a file already there: restore adds, it does not replace.
    if (!existsSync(target)) writeFileSync(target, sectionBytes(backup, section.name));
  }
  report.say(
    `Restored ${file} (made ${header.createdAt}): migration ${header.migrations} ` +
      `(${header.lastMigration ?? 'none'}), ${uploads.length} uploaded file(s). ` +
      'Start the site: it runs any newer migrations at start.',
  );
  return header;
}

async function restoreEmbedded(dir: string, gzipped: Buffer) {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(
      `${dir} already holds a database: restore into an empty DATA_DIR (set DATA_DIR to a new folder).`,
    );
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const release = await lockDirectory(dir);
  try {
    const client = ownerOnlyPGlite(dir, { loadDataDir: new Blob([gunzipSync(gzipped)]) });
    await client.waitReady;
    await client.close();
  } finally {
    await release();
  }
}
