import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyRsvps } from '../../../common/schemas/rsvps';
import { errorReply, fakeServer, type FakeRequest } from '../../test/fakeServer';
import { aUser } from '../../test/people';
import { renderScreen } from '../../test/renderScreen';
import { MyChaptersScreen } from './MyChaptersScreen';

const rsvp = (over: Partial<MyRsvps['rsvps'][number]> = {}): MyRsvps['rsvps'][number] => ({
  id: 1,
  status: 'going',
  position: null,
  guests: 1,
  date: {
    date: '2026-12-24',
    status: 'scheduled',
    meetsOn: '2026-12-24',
    startTime: '18:00',
    endTime: '20:00',
    start: '2026-12-24T23:00:00.000Z',
    end: '2026-12-25T01:00:00.000Z',
    timeZone: 'America/New_York',
    note: '',
    past: false,
  },
  event: {
    slug: 'tuesday-tavern',
    name: 'The Tavern',
    city: 'Brooklyn',
    state: 'NY',
    maxGuests: 2,
  },
  chapter: {
    id: 7,
    title: 'Brooklyn',
    displayTitle: 'Drinking Liberally Brooklyn',
    slug: 'brooklyn',
    state: 'NY',
    status: 1,
  },
  ...over,
});

function show(
  rsvps: Parameters<typeof fakeServer>[0][string],
  routes: Parameters<typeof fakeServer>[0] = {},
) {
  const server = fakeServer({
    'GET /api/auth/user': { user: aUser(), error: null },
    'GET /api/chapters/my': [],
    'GET /api/my/rsvps': rsvps,
    ...routes,
  });
  return { server, ...renderScreen(<MyChaptersScreen />, { path: '/my_chapters' }) };
}

describe('My Chapters: meetings you are going to', () => {
  it('lists each RSVP with its date, event, guests and place in line', async () => {
    show({
      rsvps: [
        rsvp(),
        rsvp({ id: 2, status: 'waitlisted', position: 2, guests: 0 }),
        rsvp({ id: 3, date: { ...rsvp().date, status: 'cancelled' } }),
      ],
    });
    const section = await screen.findByRole('region', { name: 'Meetings you are going to' });
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Thu, Dec 24, 2026 · 6:00–8:00pm');
    expect(items[0]).toHaveTextContent('The Tavern, Drinking Liberally Brooklyn');
    expect(items[0]).toHaveTextContent('You and 1 guest');
    expect(items[0]).toHaveTextContent('You’re going');
    expect(within(items[0]!).getByRole('link', { name: 'The Tavern' })).toHaveAttribute(
      'href',
      '/chapter/ny/brooklyn/events/tuesday-tavern',
    );
    expect(items[1]).toHaveTextContent('You’re on the waitlist, number 2');
    expect(items[2]).toHaveTextContent('Meeting off');
  });

  it('says when there are none', async () => {
    show({ rsvps: [] });
    expect(
      await screen.findByText(/You have not said you are going to a meeting yet/),
    ).toBeInTheDocument();
  });

  it('offers to try again when they could not be loaded', async () => {
    show(errorReply(500, 'Oops'));
    expect(await screen.findByText(/The RSVPs could not be loaded/)).toBeInTheDocument();
  });

  it('cancels one RSVP and shows the list the server answers next', async () => {
    let cancelled = false;
    const { user, server } = show(() => ({ rsvps: cancelled ? [] : [rsvp({ id: 5 })] }), {
      'POST /api/my/rsvps/5/cancel': () => {
        cancelled = true;
        const { id: _id, position: _p, ...r } = rsvp({ id: 5 });
        // The cancelled RSVP's page, as the server answers it.
        return {
          ...r,
          status: 'cancelled',
          position: null,
          name: 'Dana Host',
          email: 'dana@example.org',
          pendingGuests: null,
          event: {
            ...r.event,
            address1: '',
            address2: '',
            postalCode: '',
            country: 'US',
            maxGuests: 2,
          },
          counts: { going: 0, waitlisted: 0, capacity: null },
        };
      },
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'Cancel my RSVP to The Tavern on Thu, Dec 24, 2026',
      }),
    );
    expect(
      await screen.findByText(/You have not said you are going to a meeting yet/),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/my/rsvps/5/cancel')).toHaveLength(1);
  });

  it('changes the guests of an RSVP made in one click, within what the event takes', async () => {
    let guests = 0;
    const { user, server } = show(() => ({ rsvps: [rsvp({ id: 6, guests })] }), {
      'POST /api/my/rsvps/6/guests': ({ body }: FakeRequest) => {
        guests = (body as { guests: number }).guests;
        const { id: _id, position: _p, ...r } = rsvp({ id: 6, guests });
        return {
          ...r,
          position: null,
          name: 'Dana Host',
          email: 'dana@example.org',
          pendingGuests: null,
          event: { ...r.event, address1: '', address2: '', postalCode: '', country: 'US' },
          counts: { going: 1 + guests, waitlisted: 0, capacity: null },
        };
      },
    });
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Just you');
    await user.click(within(item).getByRole('button', { name: /^Change guests/ }));
    const choice = within(item).getByRole('combobox', { name: /^Guests you are bringing/ });
    // 0 to the event's maxGuests (2), no more.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1', '2']);
    await user.selectOptions(choice, '2');
    await user.click(within(item).getByRole('button', { name: 'Save guests' }));
    expect(await within(item).findByText('You and 2 guests')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/my/rsvps/6/guests')).toHaveLength(1);
  });

  it('keeps the guests and says why when the meeting has no room for more', async () => {
    const { user } = show(
      { rsvps: [rsvp({ id: 7, guests: 0 })] },
      {
        'POST /api/my/rsvps/7/guests': errorReply(
          409,
          'Only 1 place left for guests. Your place is kept as it was.',
        ),
      },
    );
    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Change guests/ }));
    await user.selectOptions(
      within(item).getByRole('combobox', { name: /^Guests you are bringing/ }),
      '2',
    );
    await user.click(within(item).getByRole('button', { name: 'Save guests' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Only 1 place left for guests. Your place is kept as it was.',
    );
    expect(item).toHaveTextContent('You’re going');
  });
});
