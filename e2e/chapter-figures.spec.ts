// Issue 35 item 5: each chapter figure has one definition, and every screen shows it. The
// admins' health table says lapsed, at risk or OK with the reason, its health column beside the
// chapter's name so a phone shows it; the host's dashboard shows the same figures.
import { expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { openAdmin, useAdminSession } from './admin-session';

useAdminSession('chapter-figures');

for (const width of [390, 1280]) {
  test(`at ${width} px the health table shows each chapter's health and why, uncut`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAdmin(page, '/admin', 'Admin Dashboard');
    const table = page.getByRole('table');
    const row = table.locator('tbody tr').filter({
      has: page.getByRole('link', { name: 'Upper West Side', exact: true }),
    });
    const health = row.locator('td.health-cell');
    await expect(health).toHaveText(/Lapsed|At risk|OK|New/);
    // The cell sits inside the screen, not past its right edge.
    const box = await health.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    // A lapsed chapter says why.
    const lapsed = table.locator('tbody tr').filter({ hasText: 'Lapsed' }).first();
    await expect(lapsed.locator('td.health-cell')).toHaveText(
      /no email in 2 months|no upcoming event/,
    );
    await expectAccessible(page);
    await evidence(page, `chapter-figures-admin-${width}`);
  });

  test(`at ${width} px the chapter dashboard shows members, last email, last event and health`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/chapter/ny/drinking-liberally-upper-west-side/admin');
    const figures = page.getByTestId('chapter-figures');
    await expect(figures.getByRole('heading', { name: 'Health' })).toBeVisible();
    await expect(figures).toContainText(/\d+ members?/);
    await expect(figures.getByRole('heading', { name: 'Last event' })).toBeVisible();
    // The demo's posts went as emails: the last email is a date, as the send list shows one.
    const lastEmail = figures.locator('.card').filter({ hasText: 'Last email' });
    await expect(lastEmail).not.toContainText('Never');
    await expect(page.getByText('No emails sent yet.')).toHaveCount(0);
    await expectAccessible(page);
    await evidence(page, `chapter-figures-host-${width}`, { fullPage: true });
  });
}
