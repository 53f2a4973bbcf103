import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPage as EventPageAnswer } from '../../../common/schemas/eventDates';
import { errorReply, fakeServer } from '../../test/fakeServer';
import { aChapter } from '../../test/chapter';
import { renderScreen } from '../../test/renderScreen';
import { EventPage } from './EventPage';

// Leaflet does not draw in jsdom (it measures the page); the browser tests show the real map.
// Here the map says where it would put its pin, so a test can see the page placed it.
vi.mock('../../components/map/LazyChapterMap', () => ({
  LazyChapterMap: ({ label, pins }: { label: string; pins: { lat: number; lng: number }[] }) => (
    <div role="img" aria-label={label}>
      {pins.map((p) => `${p.lat},${p.lng}`).join(' ')}
    </div>
  ),
}));

const PAGE = '/api/chapter_event/slug/tuesday-tavern/page';
/** The chapter and the place (issue 35). */
const TITLE = 'Drinking Liberally Brooklyn at The Tavern';

/** The event's chapter as its page reads it: for the join box and the host card. */
const CHAPTER = aChapter({
  displayTitle: 'Brooklyn',
  chapterTypeId: 1,
  chapter_type: { id: 1, name: 'Drinking', hexColor: '#1b75bb' },
  email: 'brooklyn@drinkingliberally.org',
  emailAlias: 'brooklyn',
  lastBlogPostDate: null,
  about: '',
  emailDomain: 'drinkingliberally.org',
  brontoListName: '',
  brontoListId: null,
  sendInBlueListId: null,
  memberCount: 42,
  permissions: [
    {
      id: 11,
      roleId: 3,
      role: { id: 3, name: 'Chapter Host' },
      chapterId: 7,
      createdAt: '2026-01-05T12:00:00.000Z',
      user: { id: 5, name: 'Rachel Goldberg', email: null },
    },
  ],
});

function anEvent(overrides: Partial<EventPageAnswer> = {}): EventPageAnswer {
  return {
    id: 3,
    chapterId: 7,
    name: 'The Tavern',
    slug: 'tuesday-tavern',
    description: 'Back room, ask the bartender.',
    address1: '12 Court St',
    address2: '',
    city: 'Brooklyn',
    state: 'NY',
    postalCode: '11201',
    country: 'US',
    lat: 40.69,
    lng: -73.99,
    startTime: '18:00',
    endTime: '20:00',
    dayOfWeekIndex: 4,
    weeksOfMonthIndexes: '2,4',
    isSingleDate: false,
    singleDate: null,
    capacity: null,
    maxGuests: 2,
    chapter: {
      id: 7,
      title: 'Brooklyn',
      displayTitle: 'Brooklyn',
      slug: 'brooklyn',
      state: 'NY',
      status: 1,
      chapterTypeId: 1,
      chapter_type: { id: 1, name: 'Drinking', hexColor: '#1f6feb' },
    },
    timeZone: 'America/New_York',
    schedule: 'Second and fourth Thursday of the month, 6:00–8:00pm',
    dates: [
      {
        date: '2026-11-26',
        status: 'scheduled',
        start: '2026-11-26T23:00:00.000Z',
        end: '2026-11-27T01:00:00.000Z',
        meetsOn: '2026-11-26',
        startTime: '18:00',
        endTime: '20:00',
        note: '',
      },
      {
        date: '2026-12-10',
        status: 'cancelled',
        start: '2026-12-10T23:00:00.000Z',
        end: '2026-12-11T01:00:00.000Z',
        meetsOn: '2026-12-10',
        startTime: '18:00',
        endTime: '20:00',
        note: 'The bar is closed for a private party.',
      },
      {
        date: '2026-12-24',
        status: 'moved',
        start: '2026-12-24T00:00:00.000Z',
        end: '2026-12-24T02:00:00.000Z',
        meetsOn: '2026-12-23',
        startTime: '19:00',
        endTime: '21:00',
        note: 'A day early for the holiday.',
      },
    ],
    ...overrides,
  };
}

function showEvent(
  answer: Parameters<typeof fakeServer>[0][string],
  at = '/chapter/ny/brooklyn/events/tuesday-tavern',
) {
  const server = fakeServer({
    'GET /api/auth/user': { user: null, error: null },
    [`GET ${PAGE}`]: answer,
    'GET /api/chapter/slug/brooklyn': CHAPTER,
  });
  const view = renderScreen(<EventPage />, {
    path: '/chapter/:state/:slug/events/:eventSlug',
    at,
  });
  return { server, ...view };
}

beforeEach(() => {
  // The dates come from the server's answer; the clock holds "today" before them on any day.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T15:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** The line of the "Next dates" list that shows this text. */
function dateLine(text: string): HTMLElement {
  const line = screen.getByText(text).closest('li');
  if (!line) throw new Error(`${text} is not in the list of dates`);
  return line;
}

describe('Event page', () => {
  it("shows the next meeting's date and place from the server's answer, with a map and directions", async () => {
    showEvent(anEvent());
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(screen.getByText('Thursday, November 26, 2026, 6:00pm EST')).toBeInTheDocument();
    expect(
      screen.getByText('Second and fourth Thursday of the month, 6:00–8:00pm'),
    ).toBeInTheDocument();
    const where = screen.getByRole('region', { name: 'Where' });
    expect(within(where).getByText('12 Court St, Brooklyn, NY 11201')).toBeInTheDocument();
    expect(within(where).getByRole('img', { name: 'Map of The Tavern' })).toHaveTextContent(
      '40.69,-73.99',
    );
    expect(within(where).getByRole('link', { name: 'Directions (OpenStreetMap)' })).toHaveAttribute(
      'href',
      expect.stringContaining('openstreetmap.org'),
    );
  });

  it("shows a skipped date as no meeting, with the host's note, and never as the next meeting", async () => {
    const [first, skipped, moved] = anEvent().dates;
    showEvent(
      anEvent({
        dates: [{ ...first!, status: 'cancelled', note: 'Thanksgiving.' }, skipped!, moved!],
      }),
    );
    await screen.findByRole('heading', { level: 1, name: TITLE });
    const line = dateLine('Thu, Dec 10, 2026');
    expect(line).toHaveTextContent('No meeting');
    expect(line).toHaveTextContent('The bar is closed for a private party.');
    expect(within(line).queryByText(/6:00–8:00pm/)).not.toBeInTheDocument();
    expect(dateLine('Thu, Nov 26, 2026')).toHaveTextContent('No meeting');
    // Both first dates are off: the next meeting is the moved one, on its new day.
    expect(screen.getByText('Wednesday, December 23, 2026, 7:00pm EST')).toBeInTheDocument();
    expect(screen.queryByText('Thursday, November 26, 2026, 6:00pm EST')).not.toBeInTheDocument();
  });

  it('shows the next meeting once: on its card, and not again in the list of dates', async () => {
    showEvent(anEvent());
    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(screen.getByText('Thursday, November 26, 2026, 6:00pm EST')).toBeInTheDocument();
    expect(screen.getAllByText(/Nov 26, 2026/)).toHaveLength(1);
    expect(document.querySelector('.event-dates [data-date="2026-11-26"]')).toBeNull();
    expect(screen.getByRole('heading', { name: 'More dates' })).toBeInTheDocument();
    expect(dateLine('Thu, Dec 10, 2026')).toHaveTextContent('No meeting');
    // One "I'm going" for the date: the card's.
    expect(screen.getAllByRole('button', { name: /^I’m going on Thu, Nov 26/ })).toHaveLength(1);
  });

  it('puts a moved next meeting’s move and note on its card, and lists nothing for a single date', async () => {
    const [, , moved] = anEvent().dates;
    const { unmount } = showEvent(anEvent({ dates: [moved!] }));
    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(screen.getByText('Wednesday, December 23, 2026, 7:00pm EST')).toBeInTheDocument();
    expect(screen.getByText('Moved from Thu, Dec 24, 2026')).toBeInTheDocument();
    expect(screen.getByText('A day early for the holiday.')).toBeInTheDocument();
    expect(document.querySelector('.event-dates')).toBeNull();
    expect(screen.queryByRole('heading', { name: /dates$/ })).not.toBeInTheDocument();
    unmount();
  });

  it('shows a moved date on its new day at its new time, saying where it moved from', async () => {
    showEvent(anEvent());
    await screen.findByRole('heading', { level: 1, name: TITLE });
    const line = dateLine('Wed, Dec 23, 2026 · 7:00–9:00pm EST');
    expect(line).toHaveTextContent('Moved from Thu, Dec 24, 2026');
    expect(line).toHaveTextContent('A day early for the holiday.');
  });

  it("offers the next meeting to Google and Outlook, the event's file and the chapter's feed", async () => {
    const { user } = showEvent(anEvent());
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    const choice = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) });
    await screen.findByText('Google Calendar');
    const google = choice('Google Calendar');
    expect(google.getAttribute('href')).toContain('calendar.google.com');
    expect(google.getAttribute('href')).toContain('20261126T230000Z');
    // Each choice says what it adds (issue 35): the date, or the recurrence in words.
    expect(google).toHaveTextContent(/^Google Calendar This date$/);
    expect(choice('Outlook.com')).toHaveTextContent(/^Outlook\.com This date$/);
    const file = choice('Apple & others \\(\\.ics\\)');
    expect(file).toHaveAttribute('href', '/api/chapter_calendar/event/tuesday-tavern/event.ics');
    expect(file).toHaveTextContent(
      /^Apple & others \(\.ics\) Second and fourth Thursday of the month$/,
    );
    const feed = choice('Subscribe to the chapter’s calendar');
    expect(feed.getAttribute('href')).toMatch(
      /^webcal:\/\/.*\/api\/chapter_calendar\/brooklyn\/events\.ics$/,
    );
    // The chapter's events (none in this answer) say how often its feed meets.
    expect(feed).toHaveTextContent(
      /^Subscribe to the chapter’s calendar Every meeting, kept up to date$/,
    );
  });

  it("says a single date's file adds that date", async () => {
    const { user } = showEvent(anEvent({ isSingleDate: true, singleDate: '2026-11-26' }));
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    expect(await screen.findByRole('link', { name: /^Apple & others/ })).toHaveTextContent(
      /This date$/,
    );
  });

  it("is titled with the chapter and the place, and carries the chapter's join box and host", async () => {
    showEvent(anEvent());
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'New York' })).toHaveAttribute(
      'href',
      '/chapters/ny',
    );
    expect(within(crumbs).getByRole('link', { name: 'Brooklyn' })).toHaveAttribute(
      'href',
      '/chapter/ny/brooklyn',
    );
    expect(await screen.findByLabelText('Join the mailing list')).toBeInTheDocument();
    expect(screen.getByText('42 members')).toBeInTheDocument();
    const host = screen.getByRole('region', { name: 'Host' });
    expect(host).toHaveTextContent('Rachel Goldberg');
    expect(within(host).getByRole('link', { name: 'Contact the hosts' })).toHaveAttribute(
      'href',
      'mailto:brooklyn@drinkingliberally.org',
    );
  });

  it("says the chapter's sign-up could not be loaded, and tries again", async () => {
    let down = true;
    fakeServer({
      'GET /api/auth/user': { user: null, error: null },
      [`GET ${PAGE}`]: anEvent(),
      'GET /api/chapter/slug/brooklyn': () =>
        down ? errorReply(500, 'Something went wrong') : CHAPTER,
    });
    const { user } = renderScreen(<EventPage />, {
      path: '/chapter/:state/:slug/events/:eventSlug',
      at: '/chapter/ny/brooklyn/events/tuesday-tavern',
    });
    await screen.findByRole('heading', { level: 1, name: TITLE });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/The chapter’s sign-up could not be loaded/)).toBeInTheDocument();
    down = false;
    await user.click(retry);
    expect(await screen.findByLabelText('Join the mailing list')).toBeInTheDocument();
  });

  it('says the event is not on the site when the server answers 404', async () => {
    showEvent(errorReply(404, 'Event not found'));
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByText('This event is not on the site.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it("links a missing event to its chapter's page when the chapter is there (issue 35)", async () => {
    fakeServer({
      'GET /api/auth/user': { user: null, error: null },
      [`GET ${PAGE}`]: errorReply(404, 'Event not found'),
      'GET /api/chapter/slug/brooklyn': aChapter({
        displayTitle: 'Brooklyn',
        chapterTypeId: 1,
        chapter_type: { id: 1, name: 'Drinking', hexColor: '#1b75bb' },
        emailAlias: 'brooklyn',
        email: '',
        lastBlogPostDate: null,
        about: '',
        emailDomain: 'drinkingliberally.org',
        brontoListName: '',
        brontoListId: null,
        sendInBlueListId: null,
        memberCount: null,
      }),
    });
    renderScreen(<EventPage />, {
      path: '/chapter/:state/:slug/events/:eventSlug',
      at: '/chapter/ny/brooklyn/events/tuesday-tavern',
    });
    expect(await screen.findByRole('link', { name: /See Brooklyn.s meetings/ })).toHaveAttribute(
      'href',
      '/chapter/ny/brooklyn',
    );
  });

  it("tells a host that a hidden chapter's event is seen only by hosts", async () => {
    const event = anEvent();
    showEvent(anEvent({ chapter: { ...event.chapter, status: 0 } }));
    expect(await screen.findByText('Hidden: only hosts see this page')).toBeInTheDocument();
  });

  it('does not call a public event hidden', async () => {
    showEvent(anEvent());
    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(screen.queryByText('Hidden: only hosts see this page')).not.toBeInTheDocument();
  });

  it("goes to the event's own address when the link names another chapter", async () => {
    const { router } = showEvent(anEvent(), '/chapter/nj/hoboken/events/tuesday-tavern');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/chapter/ny/brooklyn/events/tuesday-tavern'),
    );
  });
});
