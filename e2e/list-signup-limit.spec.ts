// A visitor over the sign-up limit reads the server's words (how long to wait) in the sign-up box,
// not a generic failure. The limit itself is counted by the API tests (signUpLimit.test.ts): the
// site here allows 1,000 attempts, so the answer is the server's 429 as it sends it.
import { appDrawn, expect, test } from './harness';

const MESSAGE = 'Too many attempts. Please wait 15 minutes and try again.';

test("the mailing-list sign-up shows the server's 429 message, and Try again resets it", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/429 \(Too Many Requests\) \(.*\/api\/mailing_list\/sign_up_chapter\)/);
  await page.route('**/api/mailing_list/sign_up_chapter', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '900' },
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: MESSAGE }),
    }),
  );
  await page.goto('/chapter/ny/drinking-liberally-upper-west-side');
  await appDrawn(page);
  await page.getByLabel('Join the mailing list').fill(`limited-${Date.now()}@example.org`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveText(`Oops. ${MESSAGE} Try again`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Join the mailing list')).toBeVisible();
});
