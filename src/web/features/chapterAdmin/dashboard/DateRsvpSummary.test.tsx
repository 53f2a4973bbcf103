import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RsvpSummary } from '../../../../common/schemas/rsvps';
import { errorReply, fakeServer } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { DateRsvpSummary } from './DateRsvpSummary';

const API = '/api/chapter_event/chapter/7/rsvp_summary';
const BASE = '/chapter/ny/brooklyn/admin';

const aDate = (date: string, over: Partial<RsvpSummary['dates'][number]> = {}) => ({
  slug: 'tuesday-tavern',
  eventName: 'The Tavern',
  date: {
    date,
    status: 'scheduled' as const,
    meetsOn: date,
    startTime: '18:00',
    endTime: '20:00',
    start: `${date}T23:00:00.000Z`,
    end: `${date}T23:59:00.000Z`,
    timeZone: 'America/New_York',
    note: '',
    past: false,
  },
  going: 12,
  waitlisted: 2,
  capacity: 14,
  attended: null,
  ...over,
});

function show(answer: Parameters<typeof fakeServer>[0][string]) {
  fakeServer({ [`GET ${API}`]: answer });
  return renderScreen(<DateRsvpSummary chapterId={7} base={BASE} />);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // The evening of Nov 26, New York: its meeting starts within the hour.
  vi.setSystemTime(new Date('2026-11-26T22:30:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('Dashboard: RSVPs to the coming dates', () => {
  it("shows each date's going, waitlisted and cap, and check-in for tonight's only", async () => {
    show({
      dates: [
        aDate('2026-11-26'),
        aDate('2026-12-10', { going: 0, waitlisted: 0, capacity: null }),
      ],
    });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('12 going · 2 waitlisted · capacity 14');
    expect(
      within(items[0]!).getByRole('link', { name: 'Check in for Thu, Nov 26, 2026' }),
    ).toHaveAttribute('href', `${BASE}/events/tuesday-tavern/dates/2026-11-26/checkin`);
    expect(items[1]).toHaveTextContent('0 going · 0 waitlisted · no cap');
    expect(within(items[1]!).queryByRole('link', { name: /^Check in/ })).not.toBeInTheDocument();
    expect(
      within(items[1]!).getByRole('link', { name: 'Guest list for Thu, Dec 10, 2026' }),
    ).toHaveAttribute('href', `${BASE}/events/tuesday-tavern/dates/2026-12-10/guests`);
  });

  it('says how many came once check-in is saved, and marks a skipped date', async () => {
    show({
      dates: [
        aDate('2026-11-26', { attended: 14 }),
        aDate('2026-12-10', { date: { ...aDate('2026-12-10').date, status: 'cancelled' } }),
      ],
    });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('14 attended');
    expect(items[1]).toHaveTextContent('Skipped');
    expect(within(items[1]!).queryByRole('link', { name: /^Check in/ })).not.toBeInTheDocument();
  });

  it('says when nothing is coming up', async () => {
    show({ dates: [] });
    expect(await screen.findByText(/No meetings coming up/)).toBeInTheDocument();
  });

  it('offers to try again when the counts could not be loaded', async () => {
    show(errorReply(500, 'Oops'));
    expect(await screen.findByText(/The RSVPs could not be loaded/)).toBeInTheDocument();
  });
});
