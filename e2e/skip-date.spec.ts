import { expect, expectAccessible, test } from './harness';
import { register } from './accounts';
import { ROLE_ID, grantRole } from './roles';

const CHAPTER = 'drinking-liberally-chicago';
const CHAPTER_PAGE = `/chapter/il/${CHAPTER}`;
const EVENTS = `${CHAPTER_PAGE}/admin/events`;
const MAP_ROOM = 'chicago-map-room'; // every Tuesday, 7-9pm

/** 'Dec 1, 2026' as the chapter page and the dashboard write a 'YYYY-MM-DD' date. */
const medium = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

test('a host skips one date with a note, moves another, and undoes both, on a phone', async ({
  page,
  browser,
  baseURL,
  admin,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `skipper-${Date.now()}@example.org`;
  await register(page, 'Sam Skipper', email);
  await grantRole(browser, baseURL!, admin, email, CHAPTER, ROLE_ID.chapterHost);

  await page.goto(EVENTS);
  const mapRoom = page.locator('li.card').filter({ hasText: 'The Map Room' });
  const rows = mapRoom.locator('.event-admin-dates li');
  await expect(rows.first()).toBeVisible();
  await expectAccessible(page);
  // The demo's hosts skipped Thanksgiving at Hopleaf when it is coming: shown as skipped.
  const hopleaf = page.locator('li.card').filter({ hasText: 'Hopleaf Bar' });
  await expect(hopleaf.locator('.event-admin-dates li').first()).toBeVisible();

  // Skip the second coming Tuesday, with a note.
  const second = rows.nth(1);
  const skipped = (await second.getAttribute('data-date'))!;
  await second.getByRole('button', { name: 'Skip this date' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Skip .*\?$/ })).toBeVisible();
  await dialog.getByLabel('Note for visitors (optional)').fill('No meeting: holiday party');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Skip this date' }).click();
  await expect(page.getByText('Date skipped')).toBeVisible();
  const skippedRow = rows.and(page.locator(`[data-date="${skipped}"]`));
  await expect(skippedRow).toHaveAttribute('data-status', 'cancelled');
  await expect(skippedRow).toContainText('Skipped');
  await expect(skippedRow).toContainText('No meeting: holiday party');
  await expect(skippedRow.getByRole('button', { name: /^Undo/ })).toBeVisible();

  // Move the third to the Wednesday after, 7:30-9:30pm.
  const third = rows.nth(2);
  const movedFrom = (await third.getAttribute('data-date'))!;
  const wednesday = new Date(Date.parse(`${movedFrom}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10);
  await third.getByRole('button', { name: /^Move/ }).click();
  await dialog.getByLabel('New date').fill(wednesday);
  await dialog.getByLabel('Start time').selectOption('19:30');
  await dialog.getByLabel('End time').selectOption('21:30');
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Date moved')).toBeVisible();
  const movedRow = rows.and(page.locator(`[data-date="${movedFrom}"]`));
  await expect(movedRow).toHaveAttribute('data-status', 'moved');
  await expect(movedRow).toContainText('Moved to');
  await expectAccessible(page);

  // The dashboard's next meetings follow.
  await page.goto(`${CHAPTER_PAGE}/admin`);
  const meetings = page.getByRole('region', { name: 'Next meetings' });
  await expect(meetings.locator('li').first()).toBeVisible();
  await expect(meetings).not.toContainText(medium(skipped));

  // The public pages and the calendar follow.
  await page.goto(`${CHAPTER_PAGE}/events/${MAP_ROOM}`);
  const publicSkipped = page.locator(`.event-dates li[data-date="${skipped}"]`);
  await expect(publicSkipped).toContainText('No meeting');
  await expect(publicSkipped).toContainText('No meeting: holiday party');
  await expect(page.locator(`.event-dates li[data-date="${movedFrom}"]`)).toContainText(
    /Wed, .* 7:30–9:30pm C[SD]T/,
  );
  await expectAccessible(page);
  const ics = await (await page.request.get(`/api/chapter_calendar/${CHAPTER}/events.ics`)).text();
  expect(ics).toContain(`EXDATE;TZID=America/Chicago:${skipped.replaceAll('-', '')}T190000`);
  expect(ics).toContain(
    `RECURRENCE-ID;TZID=America/Chicago:${movedFrom.replaceAll('-', '')}T190000`,
  );
  await page.goto(CHAPTER_PAGE);
  await expect(page.locator('.upcoming-dates')).not.toContainText(medium(skipped));

  // Undo both: the dates meet as the rule says again.
  await page.goto(EVENTS);
  await skippedRow.getByRole('button', { name: /^Undo/ }).click();
  await expect(page.getByText('Date restored')).toBeVisible();
  await expect(skippedRow).toHaveAttribute('data-status', 'scheduled');
  await movedRow.getByRole('button', { name: /^Undo/ }).click();
  await expect(movedRow).toHaveAttribute('data-status', 'scheduled');
  const after = await (
    await page.request.get(`/api/chapter_calendar/${CHAPTER}/events.ics`)
  ).text();
  expect(after).not.toContain(`${skipped.replaceAll('-', '')}T190000`);
});

test('moving onto a date the event already meets on is refused, naming the date', async ({
  page,
  browser,
  baseURL,
  admin,
  consoleErrors,
}) => {
  consoleErrors.allow(/400 \(Bad Request\) \(.*\/api\/chapter_event\/slug\/.*\/dates\//);
  const email = `mover-${Date.now()}@example.org`;
  await register(page, 'Sam Skipper', email);
  await grantRole(browser, baseURL!, admin, email, CHAPTER, ROLE_ID.chapterHost);
  await page.goto(EVENTS);
  const rows = page
    .locator('li.card')
    .filter({ hasText: 'The Map Room' })
    .locator('.event-admin-dates li');
  const next = (await rows.nth(2).getAttribute('data-date'))!;
  await rows.nth(1).getByRole('button', { name: /^Move/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New date').fill(next);
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog.getByText(/already meets on/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'scheduled');
});
