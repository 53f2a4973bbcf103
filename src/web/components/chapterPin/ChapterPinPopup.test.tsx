import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/renderScreen';
import { ChapterPinPopup } from './ChapterPinPopup';

const chapter = {
  id: 7,
  state: 'NY',
  slug: 'brooklyn',
  city: 'Brooklyn',
  displayTitle: 'Brooklyn',
  timeZone: 'America/New_York',
  chapter_type: { id: 6, name: 'Reading' },
};
const event = {
  name: 'The Tavern',
  address1: '12 Court St',
  city: 'Brooklyn',
  startTime: '18:00',
  endTime: '20:00',
};

describe("A pin's info window", () => {
  it("names the chapter's type and the time zone its meeting's time is in (issue 35)", async () => {
    fakeServer({ 'GET /api/auth/user': { user: null, error: null } });
    renderScreen(<ChapterPinPopup chapter={chapter} event={event} date="2026-12-08" />);
    expect(await screen.findByRole('link', { name: 'Brooklyn' })).toHaveAttribute(
      'href',
      '/chapter/ny/brooklyn',
    );
    expect(screen.getByText('Reading Liberally')).toBeInTheDocument();
    // December in New York: winter time.
    expect(screen.getByText('Eastern Time (EST)')).toBeInTheDocument();
  });

  it('names the zone in summer time for a summer meeting', async () => {
    fakeServer({ 'GET /api/auth/user': { user: null, error: null } });
    renderScreen(
      <ChapterPinPopup
        chapter={{ ...chapter, timeZone: 'America/Chicago' }}
        event={event}
        date="2027-07-06"
      />,
    );
    expect(await screen.findByText('Central Time (CDT)')).toBeInTheDocument();
  });
});
