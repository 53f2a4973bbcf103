// Issue 35, item 6: a hidden chapter's setup checklist, as its host and an admin see it: each
// step ticked as the server counts it, with a link to where it is done; Make active for a field
// organizer or an admin (whoever may set the status in Chapter Settings), once the host's part
// is done, asking first.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChapterSetup } from '../../../common/schemas/chapterSetup';
import { writeCachedUser } from '../../hooks/currentUserStore';
import { errorReply, fakeServer } from '../../test/fakeServer';
import { aUser } from '../../test/people';
import { renderScreen } from '../../test/renderScreen';
import { SetupChecklist } from './SetupChecklist';

const BASE = '/chapter/oh/dayton/admin';
const SETUP = 'GET /api/chapter/7/setup';
const MAKE_ACTIVE = 'POST /api/chapter/7/make_active';

const host = aUser({ isChapterHost: true, chapterHostChapterIds: [7] });
const fieldOrganizer = aUser({ isFieldOrganizer: true, fieldOrganizerChapterIds: [7] });
const admin = aUser({ isAdmin: true });

const halfway: ChapterSetup = {
  chapterId: 7,
  done: {
    about: true,
    headerImage: false,
    firstEvent: true,
    mailingList: false,
    emailAlias: true,
    active: false,
  },
  hostPartDone: false,
};
const hostDone: ChapterSetup = {
  chapterId: 7,
  done: { ...halfway.done, headerImage: true, mailingList: true },
  hostPartDone: true,
};

function show(
  who: ReturnType<typeof aUser>,
  routes: Parameters<typeof fakeServer>[0],
  onActivated = vi.fn(),
) {
  writeCachedUser(who);
  const server = fakeServer({ 'GET /api/auth/user': { user: who, error: null }, ...routes });
  const view = renderScreen(
    <SetupChecklist
      chapter={{ id: 7, displayTitle: 'Dayton' }}
      base={BASE}
      onActivated={onActivated}
    />,
  );
  return { server, onActivated, ...view };
}

const step = (key: string) =>
  document.querySelector<HTMLElement>(`[data-step="${key}"]`) ?? (null as never);

describe('the setup checklist', () => {
  beforeEach(() => localStorage.clear());

  it('shows the host each step, done or to do, with where to do what is left', async () => {
    show(host, { [SETUP]: halfway });
    expect(await screen.findByText('About text')).toBeInTheDocument();
    expect(step('about')).toHaveTextContent('About text (done)');
    expect(step('firstEvent')).toHaveTextContent('The first event (done)');
    expect(step('headerImage')).toHaveTextContent('A header image (to do)');
    expect(within(step('headerImage')).getByRole('link', { name: 'Page Content' })).toHaveAttribute(
      'href',
      `${BASE}/content`,
    );
    expect(step('mailingList')).toHaveTextContent('The mailing list (to do)');
    expect(within(step('mailingList')).getByRole('link', { name: 'Members' })).toHaveAttribute(
      'href',
      `${BASE}/members`,
    );
    // A step done shows no help; the admin's own are marked as theirs.
    expect(within(step('about')).queryByRole('link')).toBeNull();
    expect(step('emailAlias')).toHaveTextContent('(done)');
    expect(step('active')).toHaveTextContent('Made active (a field organizer’s or admin’s step)');
    // Chapter Settings is not the host's screen: no link to it.
    expect(screen.queryByRole('link', { name: 'Chapter Settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make active' })).toBeNull();
  });

  it('does not offer the host Make active, even when the host’s part is done', async () => {
    show(host, { [SETUP]: hostDone });
    expect(await screen.findByText('About text')).toBeInTheDocument();
    expect(step('mailingList')).toHaveTextContent('(done)');
    expect(screen.queryByRole('button', { name: 'Make active' })).toBeNull();
  });

  it('offers the chapter’s field organizer Make active, as their Chapter Settings’ Status is', async () => {
    const { server, user } = show(fieldOrganizer, {
      [SETUP]: hostDone,
      [MAKE_ACTIVE]: { ...hostDone, done: { ...hostDone.done, active: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Make active' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Dayton active?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make active' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/chapter/7/make_active')).toHaveLength(1),
    );
  });

  it('tells an admin Make active waits for the host’s part, and links the address to Settings', async () => {
    show(admin, { [SETUP]: { ...halfway, done: { ...halfway.done, emailAlias: false } } });
    expect(
      await screen.findByText('Make active comes here once the host’s part is done.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make active' })).toBeNull();
    expect(
      within(step('emailAlias')).getByRole('link', { name: 'Chapter Settings' }),
    ).toHaveAttribute('href', `${BASE}/settings`);
  });

  it('lets an admin make the chapter active, after asking', async () => {
    const { server, onActivated, user } = show(admin, {
      [SETUP]: hostDone,
      [MAKE_ACTIVE]: { ...hostDone, done: { ...hostDone.done, active: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Make active' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Dayton active?' });
    expect(dialog).toHaveTextContent('its hosts get an email saying it is live');
    expect(server.callsTo('POST', '/api/chapter/7/make_active')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Make active' }));
    await waitFor(() => expect(onActivated).toHaveBeenCalledTimes(1));
    expect(server.callsTo('POST', '/api/chapter/7/make_active')).toHaveLength(1);
    expect(await screen.findByText('Chapter is live')).toBeInTheDocument();
  });

  it('shows why Make active failed, in the dialog, and leaves the chapter as it was', async () => {
    const { onActivated, user } = show(admin, {
      [SETUP]: hostDone,
      [MAKE_ACTIVE]: errorReply(409, "The host's part is not done yet: A header image."),
    });
    await user.click(await screen.findByRole('button', { name: 'Make active' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Dayton active?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make active' }));
    expect(
      await within(dialog).findByText("The host's part is not done yet: A header image."),
    ).toBeInTheDocument();
    expect(onActivated).not.toHaveBeenCalled();
  });

  it('offers to try again when the checklist cannot be loaded', async () => {
    show(host, { [SETUP]: errorReply(500, 'Down') });
    expect(await screen.findByText(/The setup checklist could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
