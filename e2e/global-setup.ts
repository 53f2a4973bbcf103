// Playwright's global setup: one fresh site for the whole run; settings reach the tests
// through process.env. Returns the teardown.
import { startSite } from './site';

export default async function globalSetup() {
  const site = await startSite();
  process.env.E2E_BASE_URL = site.baseUrl;
  process.env.E2E_MAIL_FILE = site.mailFile;
  process.env.E2E_ADMIN_EMAIL = site.adminEmail;
  process.env.E2E_ADMIN_PASSWORD = site.adminPassword;
  return () => site.stop();
}
