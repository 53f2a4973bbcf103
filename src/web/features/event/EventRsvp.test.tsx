import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPage as EventPageAnswer } from '../../../common/schemas/eventDates';
import { errorReply, fakeServer, held } from '../../test/fakeServer';
import { aUser } from '../../test/people';
import { renderScreen } from '../../test/renderScreen';
import { EventPage } from './EventPage';

vi.mock('../../components/map/LazyChapterMap', () => ({ LazyChapterMap: () => null }));

const PAGE = '/api/chapter_event/slug/tuesday-tavern/page';
const DATES = '/api/chapter_event/slug/tuesday-tavern/dates';

const date = (d: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
  date: d,
  status,
  start: `${d}T23:00:00.000Z`,
  end: `${d}T23:59:00.000Z`,
  meetsOn: d,
  startTime: '18:00',
  endTime: '20:00',
  note: '',
});

function anEvent(overrides: Partial<EventPageAnswer> = {}): EventPageAnswer {
  return {
    id: 3,
    chapterId: 7,
    name: 'The Tavern',
    slug: 'tuesday-tavern',
    description: '',
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
    maxGuests: 3,
    chapter: {
      id: 7,
      title: 'Brooklyn',
      displayTitle: 'Drinking Liberally Brooklyn',
      slug: 'brooklyn',
      state: 'NY',
      status: 1,
      chapterTypeId: 1,
      chapter_type: { id: 1, name: 'Drinking', hexColor: '#1f6feb' },
    },
    timeZone: 'America/New_York',
    schedule: 'Second and fourth Thursday of the month, 6:00–8:00pm',
    dates: [date('2026-11-26'), date('2026-12-10', 'cancelled'), date('2026-12-24')],
    ...overrides,
  };
}

const count = (going: number, capacity: number | null = null) => ({
  going,
  waitlisted: 0,
  capacity,
});

function showEvent(routes: Parameters<typeof fakeServer>[0] = {}, signedIn = false) {
  const server = fakeServer({
    'GET /api/auth/user': { user: signedIn ? aUser() : null, error: null },
    [`GET ${PAGE}`]: anEvent(),
    [`GET ${DATES}/2026-11-26/rsvp`]: count(12),
    [`GET ${DATES}/2026-12-24/rsvp`]: count(0),
    ...routes,
  });
  const view = renderScreen(<EventPage />, {
    path: '/chapter/:state/:slug/events/:eventSlug',
    at: '/chapter/ny/brooklyn/events/tuesday-tavern',
  });
  return { server, ...view };
}

const line = (text: string) => {
  const li = screen.getByText(text).closest('li');
  if (!li) throw new Error(`${text} is not a date line`);
  return li;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe("Event page: I'm going", () => {
  it('shows how many are going beside a date, and nothing for a date nobody has said yet', async () => {
    showEvent();
    // On the next meeting's card alone: its date is not listed again below it.
    expect(await screen.findAllByText('12 going')).toHaveLength(1);
    expect(line('Thu, Dec 24, 2026 · 6:00–8:00pm EST')).not.toHaveTextContent('going ·');
    expect(screen.queryByText('0 going')).not.toBeInTheDocument();
  });

  it("takes the counts from the page's own answer, asking for none, and the fresh one after the reader's RSVP", async () => {
    const { user, server } = showEvent(
      {
        [`GET ${PAGE}`]: anEvent({
          capacity: 30,
          dates: [
            { ...date('2026-11-26'), going: 7 },
            { ...date('2026-12-24'), going: 30 },
          ],
        }),
        [`POST ${DATES}/2026-11-26/rsvp`]: { status: 'going' },
        [`GET ${DATES}/2026-11-26/rsvp`]: count(8, 30),
      },
      true,
    );
    expect(await screen.findAllByText('7 going')).toHaveLength(1);
    expect(screen.getByText('30 going · full, waitlist open')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.endsWith('/rsvp'))).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'I’m going on Thu, Nov 26, 2026' }));
    expect(await screen.findAllByText('8 going')).toHaveLength(1);
  });

  it('says a full date has a waitlist', async () => {
    showEvent({ [`GET ${DATES}/2026-11-26/rsvp`]: count(20, 20) });
    expect(await screen.findAllByText('20 going · full, waitlist open')).toHaveLength(1);
  });

  it('offers no RSVP on a skipped date', async () => {
    showEvent();
    await screen.findByRole('heading', {
      level: 1,
      // The page's title names the chapter and the place (issue 35).
      name: / at The Tavern$/,
    });
    expect(
      within(line('Thu, Dec 10, 2026')).queryByRole('button', { name: /I’m going/ }),
    ).not.toBeInTheDocument();
  });

  it('sends a visitor’s name, email, guests and list choice for the date chosen, and says to check their email', async () => {
    const { user, server } = showEvent({
      [`POST ${DATES}/2026-12-24/rsvp`]: { status: 'unconfirmed' },
    });
    await user.click(await screen.findByRole('button', { name: 'I’m going on Thu, Dec 24, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'I’m going on Thu, Dec 24, 2026' });
    const join = within(dialog).getByRole('checkbox', {
      name: 'Also join Drinking Liberally Brooklyn’s mailing list',
    });
    expect(join).not.toBeChecked();
    // Guests go from none to the event's own ceiling.
    const guests = within(dialog).getByRole('combobox', { name: 'Guests you are bringing' });
    expect(
      within(guests)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1', '2', '3']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your name' }), 'Robin Visitor');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'robin@example.org');
    await user.selectOptions(guests, '2');
    await user.click(join);
    await user.click(within(dialog).getByRole('button', { name: 'I’m going' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your email to confirm');
    expect(screen.getByRole('status')).toHaveTextContent('robin@example.org');
    expect(server.callsTo('POST', `${DATES}/2026-12-24/rsvp`)[0]?.body).toEqual({
      name: 'Robin Visitor',
      email: 'robin@example.org',
      guests: 2,
      joinList: true,
    });
  });

  it('checks the email before sending', async () => {
    const { user, server } = showEvent();
    await user.click(await screen.findByRole('button', { name: 'I’m going on Thu, Dec 24, 2026' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your name' }), 'Robin');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'robin@');
    await user.click(within(dialog).getByRole('button', { name: 'I’m going' }));
    // The form checks asynchronously (zod through react-hook-form): wait for the message.
    expect(
      await within(dialog).findByText('Please enter a valid email address.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(server.callsTo('POST', `${DATES}/2026-12-24/rsvp`)).toHaveLength(0);
  });

  it("shows the server's refusal beside the field it names", async () => {
    const { user } = showEvent({
      [`POST ${DATES}/2026-12-24/rsvp`]: errorReply(400, 'Bad input', [
        { field: 'body.guests', message: 'This date takes at most 1 guest' },
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'I’m going on Thu, Dec 24, 2026' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your name' }), 'Robin');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'robin@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'I’m going' }));
    const guests = within(dialog).getByRole('combobox', { name: 'Guests you are bringing' });
    await waitFor(() => expect(guests).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('This date takes at most 1 guest')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why when the date has closed meanwhile', async () => {
    const { user } = showEvent({
      [`POST ${DATES}/2026-12-24/rsvp`]: errorReply(409, 'This meeting is off.'),
    });
    await user.click(await screen.findByRole('button', { name: 'I’m going on Thu, Dec 24, 2026' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your name' }), 'Robin');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'robin@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'I’m going' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This meeting is off.');
  });

  it('lets a signed-in user go in one click, as their account, and holds the button while it goes', async () => {
    const answer = held<unknown>();
    const { user, server } = showEvent(
      { [`POST ${DATES}/2026-11-26/rsvp`]: () => answer.promise },
      true,
    );
    const button = await screen.findByRole('button', { name: 'I’m going on Thu, Nov 26, 2026' });
    await waitFor(() => expect(server.callsTo('GET', '/api/auth/user')).toHaveLength(1));
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toBeDisabled());
    answer.release({ status: 'going' });
    expect(await screen.findByRole('status')).toHaveTextContent('You’re going');
    // The server takes the account's name and email; the click sends no one else's.
    expect(server.callsTo('POST', `${DATES}/2026-11-26/rsvp`)[0]?.body).toEqual({
      guests: 0,
      joinList: false,
    });
  });

  it('tells a signed-in user their place on the waitlist', async () => {
    const { user } = showEvent(
      { [`POST ${DATES}/2026-11-26/rsvp`]: { status: 'waitlisted', position: 3 } },
      true,
    );
    const button = await screen.findByRole('button', { name: 'I’m going on Thu, Nov 26, 2026' });
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('You’re on the waitlist, number 3');
  });

  it('shows a signed-in user the answer they already gave for a date, not the button', async () => {
    showEvent(
      {
        'GET /api/my/rsvps': {
          rsvps: [
            {
              id: 9,
              status: 'waitlisted',
              position: 4,
              guests: 0,
              date: { ...date('2026-12-24'), timeZone: 'America/New_York', past: false },
              event: {
                slug: 'tuesday-tavern',
                name: 'The Tavern',
                city: 'Brooklyn',
                state: 'NY',
                maxGuests: 2,
              },
              chapter: anEvent().chapter,
            },
          ],
        },
      },
      true,
    );
    const line = await screen.findByText('You’re on the waitlist, number 4');
    expect(line.closest('li')).toHaveAttribute('data-date', '2026-12-24');
    expect(
      screen.queryByRole('button', { name: 'I’m going on Thu, Dec 24, 2026' }),
    ).not.toBeInTheDocument();
    // The other date still asks.
    expect(screen.getByRole('button', { name: 'I’m going on Thu, Nov 26, 2026' })).toBeEnabled();
  });
});
