// `npm run admin:create -- --email you@example.org --name "Your Name"`: creates a site admin in
// the configured database (DATABASE_URL, or the embedded one), or promotes an existing user.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { adminCreateArgsSchema, createOrPromoteAdmin } from '../src/server/modules/auth';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  const args = adminCreateArgsSchema.safeParse(values);
  if (!args.success) {
    console.error(args.error.issues.map((i) => i.message).join('\n'));
    console.error('Usage: npm run admin:create -- --email you@example.org --name "Your Name"');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.database.url,
    embeddedDir: config.database.embeddedDir,
    poolMax: 2,
  });
  try {
    await database.migrate();
    const result = await createOrPromoteAdmin(database.db, args.data, config.publicUrl);
    if (result.created) {
      console.log(
        `Created site admin ${result.email}. Password (shown this once, to be changed at the first sign-in): ${result.password}`,
      );
    } else {
      console.log(
        `${result.email} is now a site admin. To set a password, open within an hour:\n  ${result.resetUrl}`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      `Could not create the admin: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  },
);
