// Playwright's global setup: one fresh site per worker (e2e/sites.ts), started side by side;
// their addresses reach the workers through process.env. Returns the teardown.
import { startSite } from './site';
import { publishSites, workerCount } from './sites';

export default async function globalSetup() {
  const sites = await Promise.all(Array.from({ length: workerCount() }, () => startSite()));
  publishSites(
    sites.map(({ baseUrl, mailFile, adminEmail, adminPassword }) => ({
      baseUrl,
      mailFile,
      adminEmail,
      adminPassword,
    })),
  );
  return () => Promise.all(sites.map((s) => s.stop())).then(() => undefined);
}
