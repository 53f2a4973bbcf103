// `npm run seed:demo`: loads the demo data set into the configured database (DATABASE_URL, or the
// embedded one under DATA_DIR). Refuses a database that already has users or chapters unless
// given --force, then prints the sign-ins of the site admin, a field organizer and a host.
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { isDatabaseEmpty, seedDemo } from '../src/server/seed/demo';
import { signInLines } from '../src/server/core/demoSignIns';

async function main(): Promise<number> {
  const force = process.argv.slice(2).includes('--force');
  const config = loadConfig();
  const database: Database = await openDatabase({
    url: config.database.url,
    embeddedDir: config.database.embeddedDir,
    poolMax: 2,
  });
  try {
    await database.migrate();
    if (!force && !(await isDatabaseEmpty(database.db))) {
      console.error(
        'The database already has users or chapters; not loading the demo data.\n' +
          'Run "npm run seed:demo -- --force" to add it anyway (this may fail on duplicate emails or slugs).',
      );
      return 1;
    }
    const { signIns } = await seedDemo(database.db);
    console.log(
      [
        'Demo data loaded. Sign in to try it as:',
        ...signInLines(signIns).map((l) => `  ${l}`),
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** The reason, without a stack; a failed query's own text (with its parameters) is left out. */
function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? err.cause.message : err.message;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Could not load the demo data: ${reason(err)}`);
    process.exit(1);
  },
);
