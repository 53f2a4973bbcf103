// Site admin: "Move the lists home" (issue 24) on the Brevo tab of /admin/email. This test runs a
// site of its own with Brevo pointed at the fake Brevo (src/server/test/fakeBrevo.ts) holding a
// list for each demo chapter's sendInBlueListId. The admin presses the button, the progress bar
// fills and the counts show; a second press adds nothing and says so. Screenshots (E2E_SHOTS) at 1280 and 390 px.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { startSite, type RunningSite } from './site';
import { FAKE_BREVO_KEY, startFakeBrevo, type FakeBrevo } from '../src/server/test/fakeBrevo';
import { EAST_CHAPTERS } from '../src/server/seed/demo-chapters';
import { WEST_CHAPTERS } from '../src/server/seed/demo-chapters-west';

let fake: FakeBrevo;
let site: RunningSite;
let members = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  fake = await startFakeBrevo();
  for (const chapter of [...EAST_CHAPTERS, ...WEST_CHAPTERS]) {
    if (!chapter.sendInBlueListId) continue;
    const listId = fake.addList(chapter.title, Number(chapter.sendInBlueListId));
    const emails = [1, 2, 3].map((i) => `reader${i}-${listId}@example.org`);
    fake.seed(listId, emails);
    fake.seed(listId, [`blocked-${listId}@example.org`], true);
    members += emails.length + 1;
  }
  site = await startSite({ BREVO_API_KEY: FAKE_BREVO_KEY, BREVO_API_URL: fake.url });
});

test.afterAll(async () => {
  await site?.stop();
  await fake?.close();
});

async function signIn(page: Page) {
  await page.goto(`${site.baseUrl}/signin?returnUrl=%2Fadmin%2Femail`);
  await page.getByLabel('Email').fill(site.adminEmail);
  await page.getByLabel('Password').fill(site.adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email Administration' })).toBeVisible();
  await page.getByRole('tab', { name: 'Contacts', exact: true }).click();
}

test('an admin moves every chapter list home from Brevo, and a second move adds nothing', async ({
  page,
}) => {
  // Two whole moves over every demo chapter's list, on a machine that may be busy.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const card = page.locator('section.card', {
    has: page.getByRole('heading', { name: 'Move the lists home' }),
  });
  await expect(card.getByText('The lists have not been moved yet.')).toBeVisible();
  await evidence(card, 'brevo-move-before-1280');

  await card.getByRole('button', { name: 'Copy Brevo lists to built-in lists' }).click();
  const bar = card.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await expect(card.getByText(/^Done: /)).toBeVisible({ timeout: 60_000 });
  const max = await bar.getAttribute('max');
  expect(await bar.getAttribute('value')).toBe(max);
  await expect(card.getByText(`Copied ${max} of ${max} chapter lists`)).toBeVisible();
  await expect(
    card.getByText(new RegExp(`Done: ${members} members read: ${members} added`)),
  ).toBeVisible();
  await expect(card.getByText(/blocklisted \(kept so\)/).first()).toBeVisible();
  await expectAccessible(page);
  await evidence(card, 'brevo-move-done-1280');

  await card.getByRole('button', { name: 'Copy Brevo lists to built-in lists' }).click();
  await expect(
    card.getByText('Nothing added: every member was on the built-in lists already.'),
  ).toBeVisible({ timeout: 60_000 });
  await expect(
    card
      .getByText(new RegExp(`${members} members read: 0 added, ${members} there already`))
      .first(),
  ).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the screen is no wider than a 390 px phone').toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await evidence(card, 'brevo-move-again-390');
  await evidence(page, 'brevo-move-page-390', { fullPage: true });
});
