// `npm run restore -- FILE`: loads a backup made by `npm run backup` into an empty database
// (DATABASE_URL's, or a new embedded one in an empty DATA_DIR) and DATA_DIR/uploads.
import { loadConfig } from '../src/server/config';
import { restoreSite } from '../src/server/db/backup/site';
import { siteLocation } from './backupArgs';

async function main(): Promise<number> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || file.startsWith('--')) {
    console.error('Usage: npm run restore -- FILE');
    return 2;
  }
  await restoreSite(siteLocation(loadConfig()), file, { say: (line) => console.log(line) });
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
