// Approving a host application (issue 35): while the steps of Progress read "No", or a chapter of
// that type is already in that city (the demo's hidden Laughing Liberally Nashville), the screen
// says so and "Create Chapter from Application" is a secondary button under the warning. The
// chapter it makes takes the network's slug pattern, and the applicant's My Applications shows
// each application's type and status. At 1280 and 390 px, axe at each step.
import { expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { register } from './accounts';
import { useAdminSession } from './admin-session';

useAdminSession('application-approval');

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${width} px an admin is warned before making a chapter from an application`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    // The applicant, in a browser of their own.
    const applicant = await browser.newContext({ baseURL, storageState: undefined });
    const them = await applicant.newPage();
    await them.setViewportSize({ width, height });
    const email = `nashville-${width}-${Date.now()}@example.org`;
    await register(them, 'Nell Nashville', email);
    const sent = await them.request.post('/api/chapter_host_application', {
      data: { city: 'Nashville', state: 'TN', type: 'laughing', reason: 'Comedy and politics.' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const { slug } = (await sent.json()) as { slug: string };

    // My Applications: its type and where it stands.
    await them.goto('/my_chapter_host_applications');
    const item = them.getByRole('listitem').filter({ hasText: 'Nashville, Tennessee' });
    await expect(item.getByTestId('application-type')).toHaveText('laughing Liberally');
    await expect(item.getByTestId('application-status')).toHaveText('Under review');
    await expectAccessible(them);
    await evidence(them, `my-applications-${width}`, { fullPage: true });

    // The admin's detail: both warnings, and the create button no longer the primary one.
    await page.goto(`/admin/chapter_host_applications/${slug}`);
    const warning = page.getByTestId('create-warning');
    await expect(warning).toContainText(
      'Not done yet: the phone call, the signed agreement and the additional information.',
    );
    // The demo's hidden one; another test's run may have made more.
    await expect(warning).toContainText(
      /(A chapter|Chapters) of this type already exists? in Nashville/,
    );
    await expect(
      warning.getByRole('listitem').filter({ hasText: 'laughing-liberally-nashville)' }),
    ).toContainText('(hidden, laughing-liberally-nashville)');
    const create = page.getByRole('link', { name: 'Create Chapter from Application' });
    await expect(create).toBeVisible();
    await expect(create).not.toHaveClass(/btn-primary/);
    await expect(create).toHaveClass(/btn-outline-secondary/);
    await expectAccessible(page);
    await evidence(page, `application-warning-${width}`, { fullPage: true });

    // The steps done: the warning keeps only the chapter already there.
    for (const label of [/^Had a phone call/, /^Signed the agreement/, /^Gave additional/]) {
      // One save at a time, as an admin clicks them.
      await page.getByLabel(label).check();
      await expect(page.getByText('Saved', { exact: true })).toBeVisible();
      await expect(page.getByText('Saved', { exact: true })).toHaveCount(0, { timeout: 5_000 });
    }
    await expect(warning).not.toContainText('Not done yet');
    await expect(warning).toContainText(/of this type already exists? in Nashville/);
    await expect(create).not.toHaveClass(/btn-primary/);

    // Made anyway: the chapter takes the network's pattern, stepping past the one there.
    await create.click();
    await expect(page.getByLabel('City')).toHaveValue('Nashville');
    await page.getByLabel('Postal Code').fill('37203');
    await page.getByRole('button', { name: 'Create Chapter' }).click();
    await expect(page).toHaveURL(
      /\/chapter\/tn\/laughing-liberally-nashville-\d+\/admin\/settings$/,
    );

    // The applicant sees it approved.
    await them.goto('/my_chapter_host_applications');
    await expect(item.getByTestId('application-status')).toHaveText('Approved');
    await applicant.close();
  });
}
