// The chapter's page (spec 1 §2 Chapter screen): what a visitor sees of it, what its hosts see
// more, and the addresses with no chapter to show (mistyped, hidden, another state's spelling).
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CHAPTER_NOT_ACTIVE } from '../../../common/constants';
import type { Chapter } from '../../../common/schemas/chapters';
import type { User } from '../../../common/schemas/auth';
import { writeCachedUser } from '../../hooks/currentUserStore';
import { aChapter } from '../../test/chapter';
import { errorReply, fakeServer, held } from '../../test/fakeServer';
import { aUser } from '../../test/people';
import { renderScreen } from '../../test/renderScreen';
import { ChapterPage } from './ChapterPage';

const READ = 'GET /api/chapter/slug/brooklyn';

/** Every field the answer has: the page checks it against the chapter's schema. */
function brooklyn(overrides: Partial<Chapter> = {}): Chapter {
  return aChapter({
    chapterTypeId: 1,
    chapter_type: { id: 1, name: 'Drinking', hexColor: '#1f5fa8' },
    emailAlias: 'brooklyn',
    email: 'brooklyn@drinkingliberally.org',
    emailDomain: 'drinkingliberally.org',
    lastBlogPostDate: null,
    about: '<p>We meet for drinks and politics.</p>',
    brontoListName: 'Brooklyn members',
    brontoListId: null,
    sendInBlueListId: null,
    memberCount: 1204,
    headerImageUrl: null,
    permissions: [
      {
        id: 31,
        roleId: 3,
        role: { id: 3, name: 'Chapter Host' },
        chapterId: 7,
        createdAt: '2026-01-05T12:00:00.000Z',
        user: { id: 5, name: 'Dana Host', email: null },
      },
    ],
    ...overrides,
  });
}

const host = aUser({ isChapterHost: true, chapterHostChapterIds: [7] });

function openPage(
  routes: Parameters<typeof fakeServer>[0],
  { who = null, at = '/chapter/ny/brooklyn' }: { who?: User | null; at?: string } = {},
) {
  // The app keeps the last user it knew; the page is drawn for them at once.
  writeCachedUser(who);
  const server = fakeServer({
    'GET /api/auth/user': { user: who, error: null },
    'GET /api/chapter_blog_post/public/7/0': {
      posts: [
        {
          id: 4,
          chapterId: 7,
          title: 'Summer picnic',
          slug: 'summer-picnic-abc123',
          body: '<p>Bring bread.</p>',
          createdAt: '2026-06-01T12:00:00.000Z',
          user: { name: 'Dana Host' },
        },
      ],
      hasMore: false,
    },
    'GET /api/chapter_link/chapter/7': [],
    ...routes,
  });
  const view = renderScreen(<ChapterPage />, { path: '/chapter/:state/:slug', at });
  return { server, ...view };
}

beforeEach(() => writeCachedUser(null));

describe('Chapter page', () => {
  it('says it is loading, then shows the chapter, its sign-up, members, hosts and posts', async () => {
    const answer = held<Chapter>();
    openPage({ [READ]: () => answer.promise });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the chapter...');

    answer.release(brooklyn());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Drinking Liberally Brooklyn' }),
    ).toBeInTheDocument();
    expect(screen.getByText('We meet for drinks and politics.')).toBeInTheDocument();
    expect(screen.getByLabelText('Join the mailing list')).toBeInTheDocument();
    expect(screen.getByText('1,204 members')).toBeInTheDocument();
    expect(screen.getByText('No meetings are scheduled right now.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Host' })).toBeInTheDocument();
    expect(screen.getByText('Dana Host')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact the hosts' })).toHaveAttribute(
      'href',
      'mailto:brooklyn@drinkingliberally.org',
    );
    expect(await screen.findByRole('heading', { name: 'Summer picnic' })).toBeInTheDocument();
    // A visitor has no way into the admin tools.
    expect(screen.queryByRole('link', { name: 'Chapter Admin Tools' })).not.toBeInTheDocument();
  });

  it('says where it is under its name: the city and state, and abroad the city alone', async () => {
    const { unmount } = openPage({ [READ]: brooklyn({ city: 'New York', state: 'NY' }) });
    expect(await screen.findByText('New York, NY')).toHaveClass('chapter-place');
    unmount();
    openPage(
      {
        'GET /api/chapter/slug/toronto': brooklyn({
          slug: 'toronto',
          city: 'Toronto',
          state: 'INT',
        }),
      },
      { at: '/chapter/int/toronto' },
    );
    expect(await screen.findByText('Toronto')).toHaveClass('chapter-place');
    expect(screen.queryByText(/, INT/)).not.toBeInTheDocument();
  });

  it('says nothing of members when the list has none', async () => {
    openPage({ [READ]: brooklyn({ memberCount: 0 }) });
    await screen.findByRole('heading', { level: 1, name: 'Drinking Liberally Brooklyn' });
    expect(screen.queryByText(/members?$/)).not.toBeInTheDocument();
  });

  it("leads the chapter's host to its admin tools", async () => {
    openPage({ [READ]: brooklyn() }, { who: host });
    expect(await screen.findByRole('link', { name: 'Chapter Admin Tools' })).toHaveAttribute(
      'href',
      '/chapter/ny/brooklyn/admin',
    );
  });

  it('shows a hidden chapter to its host, saying it is hidden', async () => {
    openPage({ [READ]: brooklyn({ status: 0 }) }, { who: host });
    expect(await screen.findByText('Hidden: only hosts see this page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Drinking Liberally Brooklyn',
    );
  });

  it('says a hidden chapter is not active to anyone else', async () => {
    openPage({ [READ]: brooklyn({ status: 0 }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: CHAPTER_NOT_ACTIVE }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Join the mailing list')).not.toBeInTheDocument();
  });

  it("says there is no chapter at a mistyped address, and leads to the state's chapters", async () => {
    // The state's list holds a chapter, so the way on is its page (ChapterNotShown.test.tsx has
    // the state whose list is empty).
    openPage({
      [READ]: errorReply(404, 'Not Found'),
      'GET /api/chapters/state/ny': [{ ...brooklyn(), nextEvent: null, lastBlogPostDate: null }],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chapter not found' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'See the chapters in New York' }),
    ).toHaveAttribute('href', '/chapters/ny');
  });

  it('says only that it is not active when the server hides the chapter', async () => {
    openPage({ [READ]: errorReply(404, CHAPTER_NOT_ACTIVE) });
    expect(
      await screen.findByRole('heading', { level: 1, name: CHAPTER_NOT_ACTIVE }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no chapter at this address/)).not.toBeInTheDocument();
  });

  it("goes to the chapter's own address from one with another state in it", async () => {
    const { router } = openPage({ [READ]: brooklyn() }, { at: '/chapter/nj/brooklyn' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chapter/ny/brooklyn'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Drinking Liberally Brooklyn' }),
    ).toBeInTheDocument();
  });

  it('offers to try again when the chapter could not be loaded, and shows it then', async () => {
    let failing = true;
    const { user } = openPage({
      [READ]: () => (failing ? errorReply(500, 'Internal Server Error') : brooklyn()),
    });
    // The page asks once more by itself before it says so.
    const failed = await screen.findByText('The chapter could not be loaded.', undefined, {
      timeout: 10_000,
    });
    expect(failed).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Drinking Liberally Brooklyn' }),
    ).toBeInTheDocument();
  });
});
