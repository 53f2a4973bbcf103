// Issue 35, item 11: a hidden chapter's address (or a mistyped one) leads to its state's page only
// when that page lists chapters; a state whose only chapter is hidden would say it has none.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StateChapter } from '../../../common/schemas/chapters';
import { errorReply, fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/renderScreen';
import { ChapterNotShown } from './ChapterNotShown';

const memphis: StateChapter = {
  id: 3,
  title: 'Memphis',
  displayTitle: 'Memphis',
  slug: 'drinking-liberally-memphis',
  city: 'Memphis',
  state: 'TN',
  postalCode: '38103',
  country: 'US',
  status: 1,
  chapterTypeId: 1,
  chapter_type: { id: 1, name: 'Drinking', hexColor: '#1f5fa8' },
  emailAlias: 'memphis',
  email: 'memphis@drinkingliberally.org',
  lastBlogPostDate: null,
  chapter_events: [],
  nextEvent: null,
  timeZone: 'America/Chicago',
};

const STATE_LIST = 'GET /api/chapters/state/tn';

function show(inactive: boolean, list: Parameters<typeof fakeServer>[0][string]) {
  fakeServer({ 'GET /api/auth/user': { user: null, error: null }, [STATE_LIST]: list });
  return renderScreen(<ChapterNotShown state="tn" inactive={inactive} />);
}

describe('a chapter address with nothing to show', () => {
  beforeEach(() => localStorage.clear());

  it('sends a visitor of a hidden chapter to the search when its state lists no chapter', async () => {
    show(true, []);
    expect(
      await screen.findByRole('heading', { name: 'This Chapter is not active.' }),
    ).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Find a chapter near you' });
    expect(link).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: /See the chapters in/ })).toBeNull();
  });

  it('sends them to the state page when it lists chapters', async () => {
    show(true, [memphis]);
    const link = await screen.findByRole('link', { name: 'See the chapters in Tennessee' });
    expect(link).toHaveAttribute('href', '/chapters/tn');
  });

  it('says a mistyped address leads nowhere, and offers the state page too', async () => {
    show(false, [memphis]);
    expect(await screen.findByRole('heading', { name: 'Chapter not found' })).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'See the chapters in Tennessee' }),
    ).toBeInTheDocument();
  });

  it('offers the search when the state list cannot be had', async () => {
    show(true, errorReply(500, 'Down'));
    expect(await screen.findByRole('link', { name: 'Find a chapter near you' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
