// Your Settings on a phone: name, email (by the link mailed to the new address) and password,
// then Sign Out from the site menu.
import type { Page } from '@playwright/test';
import { evidence, evidenceDir } from './evidence';
import { expect, expectAccessible, test, transitionsOver } from './harness';
import { closePhoneMenu, openPhoneMenu } from './phone-menu';

test.use({ viewport: { width: 390, height: 844 } });

/** E2E_SHOTS=dir keeps pictures of the screen, once the phone menu has finished opening. */
async function picture(page: Page, name: string) {
  if (!evidenceDir()) return;
  await transitionsOver(page);
  await evidence(page, name, { fullPage: true });
}

/** The phone menu: opens it (once it stands open), then runs `inside`. */
async function inMenu(page: Page, inside: () => Promise<void>) {
  await openPhoneMenu(page);
  await inside();
}

test('a user changes their name, email and password, and signs out from the menu', async ({
  page,
  outbox,
  admin,
  consoleErrors,
}) => {
  // The refusals this test asks for: the browser logs each refused call.
  consoleErrors.allow(/409 \(Conflict\) \(.*\/api\/user\/me\/email\)/);
  consoleErrors.allow(/400 \(Bad Request\) \(.*\/api\/user\/me\/password\)/);
  const stamp = Date.now();
  const email = `settings-${stamp}@example.org`;
  const newEmail = `settings-new-${stamp}@example.org`;

  await page.goto('/register_for_account?returnUrl=%2Fsettings');
  await page.getByLabel('Name').fill('Robin Settings');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-password');
  await page.getByLabel('Confirm password').fill('first-password');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('link', { name: "Let's Get Started" }).click();
  await expect(page.getByRole('heading', { name: 'Your Settings' })).toBeVisible();
  await expect(page.getByText(`Your email address is ${email}`)).toBeVisible();
  await expectAccessible(page);

  // The name: required, then saved (Saving, Saved) and shown in the menu.
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('   ');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await name.fill('Robin Renamed');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save name' })).toBeVisible({ timeout: 6_000 });
  await inMenu(page, async () => {
    await expect(page.getByRole('link', { name: 'Hi, Robin Renamed' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await picture(page, 'menu-390');
  });
  await closePhoneMenu(page);

  // The email: a malformed address and one of another account are refused under the field.
  const newAddress = page.getByLabel('New email address');
  await newAddress.fill('not-an-email');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await newAddress.fill(admin.email);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('Another account already uses this email address.')).toBeVisible();
  await expect(newAddress).toHaveAttribute('aria-invalid', 'true');
  await newAddress.fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();
  await expect(page.getByText(`Your email address is ${email}`)).toBeVisible(); // not yet
  await expectAccessible(page);
  await picture(page, 'settings-390');

  const notice = await outbox.latestTo(email);
  expect(notice.text).toContain(newEmail);
  const mail = await outbox.latestTo(newEmail);
  const link = /https?:\/\/\S+\/email_change\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Email address changed' })).toBeVisible();
  await expect(page.getByText(`Your email address is now ${newEmail}`)).toBeVisible();
  await expectAccessible(page);
  // Single use.
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('This link is invalid, used or expired.')).toBeVisible();

  // The password: the current one must be right; the new one follows sign-up's rules.
  await page.goto('/settings');
  await expect(page.getByText(`Your email address is ${newEmail}`)).toBeVisible();
  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel('New password', { exact: true }).fill('123');
  await page.getByLabel('Confirm new password').fill('123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm new password').fill('second-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill('first-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await expectAccessible(page);

  // Sign Out from the phone menu.
  await inMenu(page, async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  });
  await expect(page).toHaveURL(/\/$/);
  await inMenu(page, async () => {
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  // The old address and the old password no longer sign in; the new ones do.
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('second-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Oops. Either your email or password is incorrect.')).toBeVisible();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel('Password').fill('first-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Oops. Either your email or password is incorrect.')).toBeVisible();
  await page.getByLabel('Password').fill('second-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await inMenu(page, async () => {
    await expect(page.getByRole('link', { name: 'Hi, Robin Renamed' })).toBeVisible();
  });
});

test('Sign Out is in the desktop menu too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `settings-desk-${Date.now()}@example.org`;
  await page.goto('/register_for_account?returnUrl=%2Fsettings');
  await page.getByLabel('Name').fill('Dana Desktop');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-password');
  await page.getByLabel('Confirm password').fill('first-password');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('link', { name: "Let's Get Started" }).click();
  await expect(page.getByRole('heading', { name: 'Your Settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    'Dana Desktop',
  );
  await expectAccessible(page);
  await picture(page, 'settings-1280');
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});
