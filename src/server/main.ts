// Start-up: configuration, database (migrated), demo data on a fresh embedded database, listen.
import { hostname } from 'node:os';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { importUploadedFiles, deleteUnshownImages } from './modules/uploads';
import { stopOnSignals } from './shutdown';
import { serveBackups } from './db/backup/embeddedSocket';
import { isDatabaseEmpty, seedDemo } from './seed/demo';
import { readSignInFile, signInFilePath, signInLines, writeSignInFile } from './core/demoSignIns';
import { makeDataDirPrivate } from './dataDir';
import { OWNER_ONLY } from './db/ownerOnlyFs';

async function main() {
  // Whatever this process creates is its account's alone, in DATA_DIR and anywhere else (the
  // embedded database's own file modes: db/ownerOnlyFs.ts).
  process.umask(OWNER_ONLY);
  const config = loadConfig();
  // Before the database opens: what an earlier version or a restore left open is closed first.
  makeDataDirPrivate(config.dataDir, { create: !config.database.url });
  const database = await openDatabase({
    url: config.database.url,
    embeddedDir: config.database.embeddedDir,
    poolMax: config.database.poolMax,
    // pg_stat_activity names the app server behind each connection (a slow query, a lock).
    applicationName: `chapters@${hostname()}:${config.port}`,
  });
  await database.migrate();
  // Images earlier versions kept as files in DATA_DIR/uploads move into the database once (and
  // stay on disk); every server may run it at once.
  await importUploadedFiles(database.db, config.uploadsDir, {
    info: (message) => console.log(message),
    warn: (message) => console.warn(message),
  });
  const unshown = await deleteUnshownImages(database.db);
  if (unshown > 0) console.log(`Deleted ${unshown} uploaded image(s) that no page shows any more.`);

  // Only the embedded database is ever seeded by itself: a production database never is.
  if (database.embedded && config.demoData === 'auto' && (await isDatabaseEmpty(database.db))) {
    const { signIns } = await seedDemo(database.db);
    // Kept in DATA_DIR until each password is changed: the console scrolls (core/demoSignIns.ts).
    await writeSignInFile(config.dataDir, signIns);
    console.log('Demo data loaded into the new embedded database.');
  }

  const app = await buildApp({
    config,
    db: database.db,
    notices: database.notices,
    poolUse: database.poolUse,
  });
  // The embedded database is this process's alone: `npm run backup` asks this server for its
  // dump over a socket in DATA_DIR (db/backup/embeddedSocket.ts).
  const stopBackups = database.embedded
    ? await serveBackups(config.dataDir, database, app.log).catch((err: unknown) => {
        app.log.warn({ err }, 'backup socket not started: stop the server to back it up');
        return async () => {};
      })
    : async () => {};
  // Drains, closes, then the backup socket and the database (shutdown.ts).
  stopOnSignals(app, {
    drainMs: config.shutdownDrainMs,
    after: async () => {
      await stopBackups();
      await database.close();
    },
  });

  await app.listen({ host: config.host, port: config.port });
  console.log(`The chapters site is running at ${config.publicUrl}`);
  // Last, after "listening", so it is the newest thing on screen; read synchronously, so it is
  // printed before the first request is answered (e2e/site.ts reads the admin's from here).
  const signIns = readSignInFile(config.dataDir);
  if (signIns.length > 0) {
    console.log(
      [
        '',
        `Demo sign-ins (demo passwords, printed at each start and kept in ${signInFilePath(config.dataDir)} until each is changed):`,
        ...signInLines(signIns).map((line) => `  ${line}`),
        '',
      ].join('\n'),
    );
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Could not start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
