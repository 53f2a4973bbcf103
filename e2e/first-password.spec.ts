// A password printed by `npm run admin:create` is for the first sign-in only (issue 35): that
// sign-in shows a screen that sets a new one before anything else, whatever the address, and
// the site goes on once it is set.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appDrawn, expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { startSite, type RunningSite } from './site';

const EMAIL = 'printed-admin@example.org';
const NEW_PASSWORD = 'a password of my own';

// Its own site: admin:create writes to the site's database, which a running site holds.
let site: RunningSite;
let printed: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'chapters-e2e-admin-')), 'data');
  const env = { DATA_DIR: dataDir };
  await (await startSite(env)).stop(); // the first start loads the demo network
  const output = execFileSync(
    'npx',
    ['tsx', 'scripts/admin-create.ts', '--email', EMAIL, '--name', 'Pat Printed'],
    {
      env: { ...process.env, ...env, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  const match = /Password \(shown this once[^)]*\): (\S+)/.exec(output);
  if (!match?.[1]) throw new Error(`admin:create printed no password:\n${output}`);
  printed = match[1];
  site = await startSite(env);
});
test.afterAll(() => site?.stop());

// In this order: the desktop only looks; the phone then sets the new password.
test.describe.configure({ mode: 'serial' });

for (const width of [1280, 390]) {
  test(`at ${width} px the printed password is replaced before anything else`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: site.baseUrl,
      viewport: { width, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(printed);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expectAccessible(page);
    if (width === 390) await evidence(page, 'first-password-390', { fullPage: true });

    // Any other address shows the same screen until the password is set.
    await page.goto('/admin/chapters');
    await appDrawn(page);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();

    // The API says why it refuses a write meanwhile.
    const refused = await page.request.post('/api/user/me', { data: { name: 'Someone' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code?: string }).code).toBe('PASSWORD_CHANGE_REQUIRED');

    if (width === 1280) {
      // Leaves the printed password for the phone's run to replace.
      await context.close();
      return;
    }
    await page.getByLabel('Current password').fill(printed);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Set a new password');
    expect(
      (await page.request.post('/api/user/me', { data: { name: 'Pat Chosen' } })).status(),
    ).toBe(200);
    await context.close();
  });
}
