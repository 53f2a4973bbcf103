// Where the backup scripts find the site: the same settings the server reads.
import type { Config } from '../src/server/config';
import type { SiteLocation } from '../src/server/db/backup/site';

export function siteLocation(config: Config): SiteLocation {
  return {
    databaseUrl: config.database.url,
    dataDir: config.dataDir,
    embeddedDir: config.database.embeddedDir,
    uploadsDir: config.uploadsDir,
  };
}
