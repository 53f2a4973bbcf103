// Chapter Settings (spec 2 §2, §5): who may change what, the messages naming the field, and what
// a save sends: only the fields changed.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Chapter } from '../../../../common/schemas/chapters';
import { aChapter, adminContext } from '../../../test/chapter';
import { errorReply, fakeServer } from '../../../test/fakeServer';
import { writeCachedUser } from '../../../hooks/currentUserStore';
import { aUser } from '../../../test/people';
import { renderScreen } from '../../../test/renderScreen';
import { ChapterSettingsScreen } from './ChapterSettingsScreen';

const SAVE = 'POST /api/chapter';

/** Every field the answer has: a save's answer is checked against the chapter's schema. */
const brooklyn: Chapter = aChapter({
  title: 'Brooklyn',
  chapterTypeId: 1,
  chapter_type: { id: 1, name: 'Drinking', hexColor: '#1f5fa8' },
  emailAlias: 'brooklyn',
  email: 'brooklyn@drinkingliberally.org',
  emailDomain: 'drinkingliberally.org',
  lastBlogPostDate: null,
  about: '',
  brontoListName: 'Brooklyn members',
  brontoListId: null,
  sendInBlueListId: null,
  memberCount: null,
});

const admin = aUser({ isAdmin: true });
const fieldOrganizer = aUser({ isFieldOrganizer: true, fieldOrganizerChapterIds: [7] });
const host = aUser({ isChapterHost: true, chapterHostChapterIds: [7] });

function openSettings(
  who: ReturnType<typeof aUser>,
  routes: Parameters<typeof fakeServer>[0] = {},
) {
  // Kept from the last visit, as the app keeps it: the screen is drawn for this user at once,
  // so what it shows a host is not what it shows while nobody is known yet.
  writeCachedUser(who);
  const server = fakeServer({ 'GET /api/auth/user': { user: who, error: null }, ...routes });
  const view = renderScreen(<ChapterSettingsScreen />, {
    path: '/chapter/:state/:slug/admin/settings',
    at: '/chapter/ny/brooklyn/admin/settings',
    outletContext: adminContext(brooklyn),
  });
  return { server, ...view };
}

/** Waits for the signed-in user's answer, which enables the form for a field organizer. */
const formOpen = () => waitFor(() => expect(screen.getByLabelText('Title')).toBeEnabled());
const saves = (server: ReturnType<typeof fakeServer>) => server.callsTo('POST', '/api/chapter');

describe('Chapter Settings', () => {
  beforeEach(() => localStorage.clear());

  it('tells a host that only a field organizer or an admin may save, and locks the form', async () => {
    openSettings(host);
    expect(
      await screen.findByText(
        'You must be a Field Organizer or Admin to save changes to Chapter Settings',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(screen.queryByLabelText('Email List Alias')).not.toBeInTheDocument();
  });

  it('names the emptied field and sends nothing', async () => {
    const { server, user } = openSettings(fieldOrganizer);
    await formOpen();
    await user.clear(screen.getByLabelText('Title'));
    expect(await screen.findByText('Title is Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('List Name'));
    expect(await screen.findByText('List Name is Required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saves(server)).toHaveLength(0);
  });

  it('sends only what changed, and says Saved', async () => {
    const { server, user } = openSettings(fieldOrganizer, {
      [SAVE]: { ...brooklyn, city: 'Park Slope', status: 0 },
    });
    await formOpen();
    expect(screen.getByLabelText('Slug')).toBeDisabled();
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Park Slope');
    await user.click(screen.getByRole('radio', { name: 'Hidden' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(saves(server).map((c) => c.body)).toEqual([{ id: 7, city: 'Park Slope', status: 0 }]);
  });

  it("moves to the chapter's new address when an admin changes its slug", async () => {
    const { server, user, router } = openSettings(admin, {
      [SAVE]: { ...brooklyn, slug: 'park-slope' },
    });
    await formOpen();
    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), 'park-slope');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/chapter/ny/park-slope/admin/settings'),
    );
    expect(saves(server)[0]!.body).toEqual({ id: 7, slug: 'park-slope' });
  });

  it("shows the server's refusal and stays", async () => {
    const { user, router } = openSettings(admin, {
      [SAVE]: errorReply(409, 'Conflict', [
        { field: 'body.slug', message: 'Another chapter already uses this slug.' },
      ]),
    });
    await formOpen();
    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), 'queens');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another chapter already uses this slug.',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/chapter/ny/brooklyn/admin/settings');
  });
});
