import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GuestList } from '../../../../common/schemas/rsvps';
import { adminContext } from '../../../test/chapter';
import { errorReply, fakeServer, held } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { CheckInScreen } from './CheckInScreen';
import { GuestListScreen } from './GuestListScreen';

const API = '/api/chapter_event/slug/tuesday-tavern/dates/2026-12-24';
const AT = '/chapter/ny/brooklyn/admin/events/tuesday-tavern/dates/2026-12-24';

const guest = (id: number, name: string, more: Partial<GuestList['guests'][number]> = {}) => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
  guests: 0,
  status: 'going' as const,
  createdAt: '2026-12-01T15:00:00.000Z',
  checkedIn: false,
  position: null,
  ...more,
});

function aList(overrides: Partial<GuestList> = {}): GuestList {
  return {
    going: 4,
    waitlisted: 1,
    capacity: 4,
    attended: null,
    walkIns: 0,
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
    guests: [
      guest(1, 'Ana Going', { guests: 2 }),
      guest(2, 'Ben Going'),
      guest(3, 'Cy Waiting', { status: 'waitlisted', position: 1 }),
      guest(4, 'Di Unconfirmed', { status: 'unconfirmed' }),
    ],
    ...overrides,
  };
}

function show(screenEl: 'list' | 'door', routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer({ 'GET /api/auth/user': { user: null, error: null }, ...routes });
  const view = renderScreen(screenEl === 'list' ? <GuestListScreen /> : <CheckInScreen />, {
    path: `/chapter/:state/:slug/admin/events/:eventSlug/dates/:date/${screenEl === 'list' ? 'guests' : 'checkin'}`,
    at: `${AT}/${screenEl === 'list' ? 'guests' : 'checkin'}`,
    outletContext: adminContext(),
  });
  return { server, ...view };
}

describe('Guest list', () => {
  it("lists each RSVP's name, email, guests and status, with the counts and the CSV", async () => {
    show('list', { [`GET ${API}/guests`]: aList() });
    const rows = await screen.findAllByRole('row');
    // Each cell's text (the name's cell also holds the address a phone shows under it).
    const cells = (r: HTMLElement) =>
      within(r)
        .queryAllByRole(r === rows[0] ? 'columnheader' : 'cell')
        .map((c) => c.textContent);
    expect(rows.map(cells)).toEqual([
      ['Name', 'Email', 'Guests', 'Status', 'When'],
      ['Ana Goingana@example.org', 'ana@example.org', '2', 'Going', 'Dec 1, 2026'],
      ['Ben Goingben@example.org', 'ben@example.org', '0', 'Going', 'Dec 1, 2026'],
      ['Cy Waitingcy@example.org', 'cy@example.org', '0', 'Waitlist #1', 'Dec 1, 2026'],
      ['Di Unconfirmeddi@example.org', 'di@example.org', '0', 'Not confirmed', 'Dec 1, 2026'],
    ]);
    expect(screen.getByText('4 going · 1 on the waitlist · capacity 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${API}/guests.csv`,
    );
    expect(screen.getByRole('link', { name: 'Check in at the door' })).toHaveAttribute(
      'href',
      `${AT}/checkin`,
    );
  });

  it('says when nobody is going yet', async () => {
    show('list', { [`GET ${API}/guests`]: aList({ guests: [], going: 0, waitlisted: 0 }) });
    expect(await screen.findByText(/Nobody has said they are going yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says there is no list for a date the event does not meet on', async () => {
    show('list', { [`GET ${API}/guests`]: errorReply(404, 'Not found') });
    expect(await screen.findByText(/There is no guest list here/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('offers to try again when the list could not be loaded', async () => {
    show('list', { [`GET ${API}/guests`]: errorReply(500, 'Oops') });
    // After one retry, a second later (within findBy's wait, test/setup.ts).
    expect(await screen.findByText('The guest list could not be loaded.')).toBeInTheDocument();
  });
});

describe('Check-in at the door', () => {
  it('ticks those going and the waitlist, adds walk-ins, and saves who came', async () => {
    const answer = held<unknown>();
    const { user, server } = show('door', {
      [`GET ${API}/guests`]: aList(),
      [`POST ${API}/attendance`]: () => answer.promise,
    });
    const list = await screen.findByRole('list');
    // The unconfirmed never said they were coming: not at the door.
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Ana Going +2', 'Ben Going', 'Cy WaitingWaitlist']);
    await user.click(screen.getByRole('checkbox', { name: /Ana Going/ }));
    await user.click(screen.getByRole('checkbox', { name: /Cy Waiting/ }));
    await user.click(screen.getByRole('button', { name: 'Add a walk-in' }));
    await user.click(screen.getByRole('button', { name: 'Add a walk-in' }));
    await user.click(screen.getByRole('button', { name: 'One walk-in fewer' }));
    // Ana and her two guests, Cy, and one walk-in.
    const save = screen.getByRole('button', { name: 'Save: 5 attended' });
    await user.click(save);
    expect(save).toBeDisabled();
    answer.release({ attended: 5 });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved: 5 attended.');
    expect(server.callsTo('POST', `${API}/attendance`)[0]?.body).toEqual({
      checkedIn: [1, 3],
      walkIns: 1,
    });
  });

  it('starts from what was saved before', async () => {
    show('door', {
      [`GET ${API}/guests`]: aList({
        attended: 2,
        walkIns: 1,
        guests: [guest(1, 'Ana Going', { checkedIn: true }), guest(2, 'Ben Going')],
      }),
    });
    expect(await screen.findByRole('checkbox', { name: /Ana Going/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Ben Going/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save: 2 attended' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved: 2 attended.');
  });

  it('shows why a save failed and keeps the ticks', async () => {
    const { user } = show('door', {
      [`GET ${API}/guests`]: aList(),
      [`POST ${API}/attendance`]: errorReply(409, 'This date was skipped.'),
    });
    await user.click(await screen.findByRole('checkbox', { name: /Ben Going/ }));
    await user.click(screen.getByRole('button', { name: 'Save: 1 attended' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This date was skipped.');
    expect(screen.getByRole('checkbox', { name: /Ben Going/ })).toBeChecked();
  });

  it('counts walk-ins when nobody said they were coming', async () => {
    const { user } = show('door', {
      [`GET ${API}/guests`]: aList({ guests: [], going: 0, waitlisted: 0 }),
    });
    expect(await screen.findByText(/Count everyone as a walk-in/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a walk-in' }));
    expect(screen.getByRole('button', { name: 'Save: 1 attended' })).toBeInTheDocument();
  });
});
