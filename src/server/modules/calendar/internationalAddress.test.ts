// An event abroad files under the state list's 'INT' (International), which is no part of its
// address: the calendar's LOCATION and the event page's schema.org address leave it out.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterEvents } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { insertChapter, uniqueSlug, type TestApp } from '../../test/chapterAdminWorld';

const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="default" />' +
    '<title>Default</title></head><body><div id="root"></div></body></html>',
);

let t: TestApp;
let chapterPath: string;
let eventSlug: string;
beforeAll(async () => {
  t = await createTestApp({ webDir });
  const chapter = await insertChapter(t, {
    title: 'London',
    city: 'London',
    state: 'INT',
    postalCode: 'WC1N 3LZ',
    country: 'GB',
  });
  chapterPath = `/chapter/int/${chapter.slug}`;
  eventSlug = uniqueSlug('the-lamb');
  await t.db.insert(chapterEvents).values({
    chapterId: chapter.id,
    name: 'The Lamb',
    slug: eventSlug,
    address1: "94 Lamb's Conduit St",
    city: 'London',
    // As a new event of the chapter starts (features/chapterAdmin/events/eventFormValues.ts).
    state: 'INT',
    postalCode: 'WC1N 3LZ',
    country: 'GB',
    startTime: '19:00',
    endTime: '22:00',
    dayOfWeekIndex: 4,
    weeksOfMonthIndexes: '1',
    lat: 51.5226,
    lng: -0.1187,
  });
});
afterAll(() => t.close());

describe('an address abroad', () => {
  it('is written without INT in the calendar', async () => {
    const res = await t.app.inject({ url: `/api/chapter_calendar/event/${eventSlug}/event.ics` });
    expect(res.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(res.body) as unknown[]);
    const event = calendar.getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('location')).toBe(
      "The Lamb\n94 Lamb's Conduit St, London, WC1N 3LZ",
    );
  });

  it('has no INT region in the event page’s schema.org address', async () => {
    const res = await t.app.inject({ url: `${chapterPath}/events/${eventSlug}` });
    expect(res.statusCode).toBe(200);
    const block = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(res.body);
    const event = JSON.parse(block![1]!) as { location: { address: Record<string, string> } };
    expect(event.location.address).toMatchObject({
      streetAddress: "94 Lamb's Conduit St",
      addressLocality: 'London',
      postalCode: 'WC1N 3LZ',
      addressCountry: 'GB',
    });
    expect(event.location.address).not.toHaveProperty('addressRegion');
  });
});
