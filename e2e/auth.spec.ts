import { expect, expectAccessible, test } from './harness';

const password = 'first-password';

test('register, sign out, sign in to the page asked for, reset the password and sign in with it', async ({
  page,
  outbox,
}) => {
  const email = `e2e-${Date.now()}@example.org`;

  // Register: the fields stay invalid and nothing is sent while the form is incomplete.
  await page.goto('/register_for_account?returnUrl=%2Fsettings');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Name').fill('Robin E2E');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Robin E2E!' })).toBeVisible();
  await page.getByRole('link', { name: "Let's Get Started" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('link', { name: 'Hi, Robin E2E' })).toBeVisible();

  // Registering the same email again, in other letters, is refused with the server's words.
  await page.goto('/settings');
  // The screen's own Sign Out (the menu has one too: e2e/account-settings.spec.ts).
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/register_for_account');
  await page.getByLabel('Name').fill('Robin Again');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText('An account with this email already exists. Please sign in.'),
  ).toBeVisible();

  // The signed-in guard sends to sign-in with a returnUrl, and back after signing in.
  await page.goto('/my_chapters');
  await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fmy_chapters$/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Oops. Either your email or password is incorrect.')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my_chapters$/);

  // Visiting sign-in signs out first.
  await page.goto('/signin');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  // Password reset by the link in the mail.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByText('Reset links work for one hour.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill('nobody-at-all@example.org');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email address not found.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Reset email sent!')).toBeVisible();
  const mail = await outbox.latestTo(email);
  const link = /https?:\/\/\S+\/password_verify\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm new password').fill('second-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Great! Please sign in to continue.')).toBeVisible();

  // The link works once.
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Your token is invalid or expired.')).toBeVisible();

  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('second-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Hi, Robin E2E' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Tools' })).toHaveCount(0);

  // The admin guard sends a non-admin home.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/$/);
});

test('an admin sees Admin Tools and reaches the admin area', async ({ page, admin }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fadmin$/);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Admin Tools' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hi, Site Admin' })).toBeVisible();
});
