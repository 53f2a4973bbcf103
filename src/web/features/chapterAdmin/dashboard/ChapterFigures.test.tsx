// Issue 35 item 5: the host's dashboard shows the chapter's figures as the server defines them
// (the same answer as the admins' health table), not a post date beside "no emails sent".
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardChapter } from '../../../../common/schemas/adminDashboard';
import { fakeServer } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { ChapterFigures } from './ChapterFigures';

const figures: DashboardChapter = {
  id: 7,
  title: 'Upper West Side',
  displayTitle: 'Upper West Side',
  slug: 'upper-west-side',
  state: 'NY',
  status: 1,
  lastEventDate: '2026-11-17',
  nextEventDate: '2026-12-01',
  lastEmailAt: null,
  memberCount: 6,
  lastAttendance: null,
  hosts: [],
  isLapsed: true,
  lapsedReasons: ['no_recent_email'],
  graceUntil: null,
  health: 'lapsed',
  healthReasons: ['no_recent_email', 'no_host'],
};

function show(listId: string | null, over: Partial<DashboardChapter> = {}) {
  fakeServer({ 'GET /api/mailing_list/chapter_list_id/7': { listId } });
  return renderScreen(
    <ChapterFigures chapterId={7} figures={{ ...figures, ...over }} base="/chapter/ny/uws/admin" />,
  );
}

const card = (title: string) => screen.getByRole('heading', { name: title }).parentElement!;

describe('Dashboard: the chapter figures', () => {
  it('shows members, last email, last event and health with its reasons', async () => {
    show('12');
    expect(await screen.findByText('6 members')).toBeInTheDocument();
    expect(within(card('Last email')).getByText('Never')).toBeInTheDocument();
    expect(card('Last event')).toHaveTextContent('Nov 17, 2026');
    expect(card('Last event')).toHaveTextContent('Next Dec 1, 2026');
    expect(within(card('Health')).getByText('Lapsed')).toBeInTheDocument();
    expect(card('Health')).toHaveTextContent('no email in 2 months, no host');
  });

  it('says a chapter with no list has no members yet, as its page offers the sign-up', async () => {
    // Issue 35: the dashboard said "No mailing list yet" while the page's form signed people
    // up; the first sign-up makes the list (docs/decisions/07-chapter-email.md).
    show(null, { memberCount: 0 });
    expect(await screen.findByText('No members yet')).toBeInTheDocument();
    expect(card('Members')).toHaveTextContent(
      'The list starts with the first sign-up on the chapter page.',
    );
    expect(screen.queryByText(/No mailing list/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add the people you know' })).toHaveAttribute(
      'href',
      '/chapter/ny/uws/admin/members',
    );
  });

  it('shows a healthy chapter as OK, with no reasons', async () => {
    show('12', { health: 'ok', healthReasons: [], lastEmailAt: '2026-11-20T18:00:00.000Z' });
    expect(await screen.findByText('OK')).toBeInTheDocument();
    expect(card('Last email')).toHaveTextContent('Nov 20, 2026');
  });
});
