import ICAL from 'ical.js';
import { appDrawn, expect, expectAccessible, test } from './harness';

const CHAPTER_PAGE = '/chapter/dc/drinking-liberally-capitol-hill';
const EVENT_PAGE = `${CHAPTER_PAGE}/events/capitol-hill-hawk-n-dove`;

/** The fourth Thursday of November still to come (or today), as the demo data skips it. */
function comingThanksgiving(now: Date): string {
  for (const year of [now.getUTCFullYear(), now.getUTCFullYear() + 1]) {
    const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
    const day = 1 + ((4 - first + 7) % 7) + 21;
    const date = `${year}-11-${day}`;
    if (Date.parse(`${date}T23:59:59Z`) + 86_400_000 >= now.getTime()) return date;
  }
  throw new Error('unreachable');
}

test('an event has its own page: schedule, dates, map, directions, its .ics and its head', async ({
  page,
}) => {
  // From the chapter page's list of events, with each one's schedule in words.
  await page.goto(CHAPTER_PAGE);
  // Issue 35: the events head the chapter's one section of meetings, a list named Events.
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events.getByText('Every Thursday, 6:00–8:00pm')).toBeVisible();
  await events.getByRole('link', { name: "Hawk 'n' Dove" }).click();
  await expect(page).toHaveURL(new RegExp(`${EVENT_PAGE}$`));

  await expect(
    page.getByRole('heading', {
      name: "Drinking Liberally Capitol Hill at Hawk 'n' Dove",
      level: 1,
    }),
  ).toBeVisible();
  await expect(page.getByText('Every Thursday, 6:00–8:00pm')).toBeVisible();
  // The dates after the next meeting's card, with their weekday and the chapter's zone
  // (Washington: Eastern time); the card's date is not listed again.
  const dates = page.locator('.event-dates li');
  await expect(dates).toHaveCount(5);
  await expect(
    dates.filter({ hasText: /^Thu, [A-Z][a-z]{2} \d+, \d{4} · 6:00–8:00pm E[SD]T/ }).first(),
  ).toBeVisible();
  // The demo's host skipped Thanksgiving, with a note, when it is among the next dates.
  const thanksgiving = dates.and(page.locator(`[data-date="${comingThanksgiving(new Date())}"]`));
  if ((await thanksgiving.count()) > 0) {
    await expect(thanksgiving).toContainText('No meeting');
    await expect(thanksgiving).toContainText('No meeting on Thanksgiving');
  }

  // Where: the address, a map with one pin, and directions that need no API key.
  await expect(
    page.getByText('329 Pennsylvania Ave SE, Washington, DC 20003', { exact: true }),
  ).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1);
  const directions = page.getByRole('link', { name: 'Directions (OpenStreetMap)' });
  await expect(directions).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/directions\?to=38\.88670%2C-77\.00250/,
  );

  // Its own calendar: this event alone, skipped dates as EXDATEs.
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const href = await page.getByRole('link', { name: 'Apple & others (.ics)' }).getAttribute('href');
  const ics = await page.request.get(href!);
  expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
  const root = new ICAL.Component(ICAL.parse(await ics.text()));
  const vevents = root.getAllSubcomponents('vevent');
  expect(vevents.length).toBeGreaterThan(0);
  for (const v of vevents) expect(v.getFirstPropertyValue('summary')).toMatch(/Hawk 'n' Dove$/);
  await expectAccessible(page);

  // The server-rendered head: its own title, Open Graph and schema.org Events.
  const html = await (await page.request.get(EVENT_PAGE)).text();
  // Issue 35: the chapter and the place.
  expect(html).toContain(
    '<title>Drinking Liberally Capitol Hill at Hawk &#39;n&#39; Dove | Living Liberally</title>',
  );
  expect(html).toContain(
    '<meta property="og:title" content="Drinking Liberally Capitol Hill at Hawk &#39;n&#39; Dove',
  );
  expect(html).toMatch(/<script type="application\/ld\+json">\{[^<]*"@type":"Event"/);
});

test('on a phone the event page stacks, fits the screen and links to the maps app', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(EVENT_PAGE);
  await expect(
    page.getByRole('heading', {
      name: "Drinking Liberally Capitol Hill at Hawk 'n' Dove",
      level: 1,
    }),
  ).toBeVisible();
  // The server drew the screen (its calendar menu waits, disabled); the app takes it over.
  await appDrawn(page);
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Open in your maps app' })).toHaveAttribute(
    'href',
    /^geo:38\.88670,-77\.00250\?q=/,
  );
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('a missing event says so, and a hidden chapter’s event is not shown to a visitor', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/404 \(Not Found\) \(.*\/api\/chapter_event\/slug\//);
  // The page itself answers 404 too, for search engines and link checkers.
  consoleErrors.allow(/404 \(Not Found\) \(.*\/chapter\/[a-z]+\/[^/]+\/events\/[^/]+\)$/);
  // The page then asks for the event's chapter, to offer its page: a hidden chapter is not
  // found either, to a visitor.
  consoleErrors.allow(
    /404 \(Not Found\) \(.*\/api\/chapter\/slug\/laughing-liberally-nashville\)$/,
  );
  await page.goto(`${CHAPTER_PAGE}/events/no-such-event`);
  await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: /’s meetings$/ })).toBeVisible();
  await page.goto('/chapter/tn/laughing-liberally-nashville/events/nashville-zanies');
  await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
  // Settled: the chapter's answer came (not found), and the page offers the search instead.
  await expect(page.getByRole('link', { name: 'Find a chapter near you' })).toBeVisible();
  await expect(page.getByRole('link', { name: /’s meetings$/ })).toHaveCount(0);
  await expect(page.getByText('Zanies')).toHaveCount(0);
});
