import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RsvpPage } from '../../../common/schemas/rsvps';
import { errorReply, fakeServer, held } from '../../test/fakeServer';
import { renderScreen } from '../../test/renderScreen';
import { RsvpScreen } from './RsvpScreen';

const TOKEN = 'tok-123';
const API = `/api/rsvp/${TOKEN}`;

function anRsvp(overrides: Partial<RsvpPage> = {}): RsvpPage {
  return {
    status: 'unconfirmed',
    position: null,
    name: 'Robin Visitor',
    email: 'robin@example.org',
    guests: 2,
    pendingGuests: null,
    date: {
      date: '2026-12-24',
      status: 'scheduled',
      meetsOn: '2026-12-24',
      start: '2026-12-24T23:00:00.000Z',
      end: '2026-12-25T01:00:00.000Z',
      startTime: '18:00',
      endTime: '20:00',
      timeZone: 'America/New_York',
      note: '',
      past: false,
    },
    counts: { going: 12, waitlisted: 0, capacity: null },
    event: {
      slug: 'tuesday-tavern',
      name: 'The Tavern',
      country: 'US',
      maxGuests: 2,
      address1: '12 Court St',
      address2: '',
      city: 'Brooklyn',
      state: 'NY',
      postalCode: '11201',
    },
    chapter: {
      id: 7,
      title: 'Brooklyn',
      displayTitle: 'Drinking Liberally Brooklyn',
      slug: 'brooklyn',
      state: 'NY',
      status: 1,
    },
    ...overrides,
  };
}

function showRsvp(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer({ 'GET /api/auth/user': { user: null, error: null }, ...routes });
  const view = renderScreen(<RsvpScreen />, { path: '/rsvp/:token', at: `/rsvp/${TOKEN}` });
  return { server, ...view };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('RSVP page', () => {
  it('shows the date, the place and the status, and confirms nothing until asked', async () => {
    const { server } = showRsvp({ [`GET ${API}`]: anRsvp() });
    expect(await screen.findByText('Not confirmed yet')).toHaveRole('status');
    expect(screen.getByText(/Thu, Dec 24, 2026 · 6:00–8:00pm EST/)).toBeInTheDocument();
    expect(screen.getByText('12 Court St, Brooklyn, NY 11201')).toBeInTheDocument();
    expect(screen.getByText('12 going')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The Tavern' })).toHaveAttribute(
      'href',
      '/chapter/ny/brooklyn/events/tuesday-tavern',
    );
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    // A mail scanner that opens the link must not confirm: only the button does.
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('confirms with the button and shows the place it got', async () => {
    const answer = held<unknown>();
    const { user, server } = showRsvp({
      [`GET ${API}`]: anRsvp(),
      [`POST ${API}/confirm`]: () => answer.promise,
    });
    const confirm = await screen.findByRole('button', { name: 'Confirm: I’m going' });
    await user.click(confirm);
    expect(confirm).toBeDisabled();
    answer.release(anRsvp({ status: 'waitlisted', position: 2 }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('You’re on the waitlist, number 2'),
    );
    expect(screen.queryByRole('button', { name: 'Confirm: I’m going' })).not.toBeInTheDocument();
    expect(server.callsTo('POST', `${API}/confirm`)).toHaveLength(1);
  });

  it('cancels, and then offers the event page to say yes again', async () => {
    const { user } = showRsvp({
      [`GET ${API}`]: anRsvp({ status: 'going' }),
      [`POST ${API}/cancel`]: anRsvp({ status: 'cancelled' }),
    });
    expect(await screen.findByText('You’re going')).toHaveRole('status');
    await user.click(screen.getByRole('button', { name: 'Cancel my RSVP' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('You cancelled this RSVP'),
    );
    expect(screen.queryByRole('button', { name: 'Cancel my RSVP' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'event page' })).toBeInTheDocument();
  });

  it('says a skipped meeting is off and offers nothing to do', async () => {
    showRsvp({
      [`GET ${API}`]: anRsvp({ status: 'going', date: { ...anRsvp().date, status: 'cancelled' } }),
    });
    expect(await screen.findByText(/This meeting is off/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my RSVP' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it('shows why a confirm failed, and keeps the button to try again', async () => {
    const { user } = showRsvp({
      [`GET ${API}`]: anRsvp(),
      [`POST ${API}/confirm`]: errorReply(409, 'This date has passed.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm: I’m going' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This date has passed.');
    expect(screen.getByRole('button', { name: 'Confirm: I’m going' })).toBeEnabled();
  });

  it('says an unknown link is not valid', async () => {
    showRsvp({ [`GET ${API}`]: errorReply(404, 'Not found') });
    expect(await screen.findByText(/This RSVP link is not valid/)).toBeInTheDocument();
  });

  it('offers to try again when the RSVP could not be loaded', async () => {
    showRsvp({ [`GET ${API}`]: errorReply(500, 'Oops') });
    // One retry first, as the event page does, after react-query's one-second pause (within
    // findBy's wait, test/setup.ts).
    expect(await screen.findByText('The RSVP could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows it is loading while the server answers', async () => {
    const answer = held<unknown>();
    showRsvp({ [`GET ${API}`]: () => answer.promise });
    expect(await screen.findByText('Loading your RSVP...')).toBeInTheDocument();
    answer.release(anRsvp());
    expect(await screen.findByText('Not confirmed yet')).toHaveRole('status');
  });
});
