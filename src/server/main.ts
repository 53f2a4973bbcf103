// Start-up: configuration, database (migrated), demo data on a fresh embedded database, listen.
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { isDatabaseEmpty, seedDemo } from './seed/demo';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.database.url,
    embeddedDir: config.database.embeddedDir,
    poolMax: config.database.poolMax,
  });
  await database.migrate();

  // Only the embedded database is ever seeded by itself: a production database never is.
  if (database.embedded && config.demoData === 'auto' && (await isDatabaseEmpty(database.db))) {
    const { adminEmail, adminPassword } = await seedDemo(database.db);
    console.log(
      [
        '',
        'Demo data loaded into the new embedded database. Sign in as the site admin with:',
        `  email:    ${adminEmail}`,
        `  password: ${adminPassword}`,
        '(shown this once; run "npm run admin:create" to make another admin)',
        '',
      ].join('\n'),
    );
  }

  const app = await buildApp({ config, db: database.db, notices: database.notices });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  console.log(`The chapters site is running at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Could not start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
