// `npm run backup -- --out FILE`: the whole site (database and uploaded images) in one file,
// from a running site or a stopped one (src/server/db/backup/site.ts; docs/backups.md).
import { loadConfig } from '../src/server/config';
import { backupSite } from '../src/server/db/backup/site';
import { siteLocation } from './backupArgs';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const out = at >= 0 ? args[at + 1] : undefined;
  if (!out || out.startsWith('--')) {
    console.error('Usage: npm run backup -- --out FILE');
    return 2;
  }
  await backupSite(siteLocation(loadConfig()), out, { say: (line) => console.log(line) });
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
