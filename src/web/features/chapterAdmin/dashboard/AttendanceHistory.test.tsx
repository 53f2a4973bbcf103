import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeServer } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { AttendanceHistory } from './AttendanceHistory';

const API = '/api/chapter_event/chapter/7/attendance_history';

const meeting = (date: string, going: number, attended: number | null) => ({
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
    past: true,
  },
  going,
  attended,
});

function show(answer: Parameters<typeof fakeServer>[0][string]) {
  fakeServer({ [`GET ${API}`]: answer });
  return renderScreen(<AttendanceHistory chapterId={7} />);
}

describe('Dashboard: the last meetings, going and attended', () => {
  it('shows each meeting with those going beside those who came, latest first as answered', async () => {
    show({ meetings: [meeting('2026-11-19', 12, 14), meeting('2026-11-12', 8, null)] });
    const rows = await screen.findAllByRole('row');
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[1]!)).toEqual(['Thu, Nov 19, 2026The Tavern', '12', '14']);
    expect(cells(rows[2]!)).toEqual(['Thu, Nov 12, 2026The Tavern', '8', 'Not counted']);
  });

  it('says when the chapter has not met in the last year', async () => {
    show({ meetings: [] });
    expect(await screen.findByText('No meetings in the last year yet.')).toBeInTheDocument();
  });

  it('offers to try again when they could not be loaded', async () => {
    show(errorReply(500, 'Oops'));
    expect(await screen.findByText(/The last meetings could not be loaded/)).toBeInTheDocument();
  });
});
