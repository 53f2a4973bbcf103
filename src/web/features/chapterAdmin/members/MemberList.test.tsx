// The Members screen's list: a page of members, how many there are, the search and the status
// filter (kept in the address), paging, and Delete.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MemberPage } from '../../../../common/schemas/members';
import { errorReply, fakeServer, held } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { MemberList } from './MemberList';

const PAGE = '/api/mailing_list/chapter/7/members?page=0&pageSize=50';
const DELETE = 'POST /api/mailing_list/delete';

const member = (id: number, email: string, status = 'active') => ({
  id,
  email,
  status,
  created: '2026-10-01T12:00:00.000Z',
  deleted: null,
});
const page = (members: MemberPage['members'], total = members.length, totalCapped = false) => ({
  members,
  total,
  totalCapped,
});
const fifty = Array.from({ length: 50 }, (_, i) => member(i + 1, `m${i + 1}@example.org`));

function showList(routes: Parameters<typeof fakeServer>[0], at = '/members') {
  const server = fakeServer(routes);
  const view = renderScreen(<MemberList chapterId={7} listId="list-7" />, {
    path: '/members',
    at,
  });
  return { server, ...view };
}

const emails = () => screen.getAllByTestId('member-email').map((e) => e.textContent);

/** Delete, from the member's menu: the dialog that asks first. */
async function chooseDelete(user: ReturnType<typeof showList>['user'], email: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${email}` }));
  await user.click(await screen.findByRole('button', { name: 'Delete member' }));
  return screen.findByRole('dialog', { name: 'Delete this member?' });
}

describe("the chapter's members", () => {
  it('shows each member’s name beside the address, and no Delete button on the row', async () => {
    showList({
      [`GET ${PAGE}`]: page([
        { ...member(1, 'ann@example.org'), name: 'Ann Arbor' },
        { ...member(2, 'bo@example.org'), name: null },
      ]),
    });
    await screen.findByRole('heading', { name: '2 members' });
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/^Ann Arborann@example.org/);
    expect(screen.getAllByTestId('member-name').map((e) => e.textContent)).toEqual(['Ann Arbor']);
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search by name or email')).toBeInTheDocument();
  });

  it('shows grey rows while loading, then the members and how many there are', async () => {
    const answer = held<unknown>();
    showList({
      [`GET ${PAGE}`]: () => answer.promise,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading Members');
    answer.release(page([member(1, 'ann@example.org'), member(2, 'bo@example.org', 'blocked')]));
    expect(await screen.findByRole('heading', { name: '2 members' })).toBeInTheDocument();
    expect(emails()).toEqual(['ann@example.org', 'bo@example.org']);
    expect(screen.queryByRole('navigation', { name: 'Pages of members' })).not.toBeInTheDocument();
  });

  it('says when the list is empty, and offers to try again when it fails', async () => {
    const first = showList({ [`GET ${PAGE}`]: page([]) });
    expect(await screen.findByText('No members yet.')).toBeInTheDocument();
    first.unmount();

    let fail = true;
    const { user } = showList({
      [`GET ${PAGE}`]: () =>
        fail ? errorReply(503, 'Down for a moment.') : page([member(1, 'ann@example.org')]),
    });
    expect(await screen.findByText('The members could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '1 member' })).toBeInTheDocument();
  });

  it('searches by part of the address, keeping the search in the address', async () => {
    const { user, router } = showList({
      [`GET ${PAGE}`]: page([member(1, 'ann@example.org'), member(2, 'bo@example.org')]),
      [`GET ${PAGE}&search=ann`]: page([member(1, 'ann@example.org')]),
      [`GET ${PAGE}&search=zed`]: page([]),
    });
    await screen.findByRole('heading', { name: '2 members' });
    await user.type(screen.getByLabelText('Search by name or email'), 'ann');
    expect(await screen.findByRole('heading', { name: '1 member match' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=ann');

    await user.clear(screen.getByLabelText('Search by name or email'));
    await user.type(screen.getByLabelText('Search by name or email'), 'zed');
    expect(await screen.findByText('No members match.')).toBeInTheDocument();
  });

  it('filters by status, keeping the filter in the address', async () => {
    const { user, router } = showList({
      [`GET ${PAGE}`]: page([member(1, 'ann@example.org'), member(2, 'bo@example.org', 'blocked')]),
      [`GET ${PAGE}&status=blocked`]: page([member(2, 'bo@example.org', 'blocked')]),
    });
    await screen.findByRole('heading', { name: '2 members' });
    await user.selectOptions(screen.getByLabelText('Status'), 'Blocked');
    expect(await screen.findByRole('heading', { name: '1 member match' })).toBeInTheDocument();
    expect(emails()).toEqual(['bo@example.org']);
    expect(router.state.location.search).toBe('?status=blocked');
  });

  it('opens on the search and filter the address holds, and says when more matched than it counts', async () => {
    showList(
      { [`GET ${PAGE}&search=example&status=blocked`]: page(fifty, 1001, true) },
      '/members?q=example&status=blocked',
    );
    expect(
      await screen.findByRole('heading', { name: 'More than 1,000 members match' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('blocked');
    expect(screen.getByLabelText('Search by name or email')).toHaveValue('example');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('pages through 50 at a time, the page kept in the address', async () => {
    const { user, router } = showList({
      [`GET ${PAGE}`]: page(fifty, 120),
      'GET /api/mailing_list/chapter/7/members?page=1&pageSize=50': page(
        [member(51, 'late@example.org')],
        120,
      ),
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('late@example.org', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('deletes a member after asking, and shows the list without them', async () => {
    let deleted = false;
    const { server, user } = showList({
      [`GET ${PAGE}`]: () =>
        page(
          deleted
            ? [member(2, 'bo@example.org')]
            : [member(1, 'ann@example.org'), member(2, 'bo@example.org')],
        ),
      [DELETE]: () => {
        deleted = true;
        return { result: 'success' };
      },
    });
    const dialog = await chooseDelete(user, 'ann@example.org');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete ann@example.org? This cannot be undone.',
    );
    expect(server.callsTo('POST', '/api/mailing_list/delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(emails()).toEqual(['bo@example.org']));
    expect(server.callsTo('POST', '/api/mailing_list/delete')[0]!.body).toEqual({
      email: 'ann@example.org',
      listId: 'list-7',
    });
  });

  it('deletes nothing when the host thinks again, and says why a delete failed', async () => {
    const { server, user } = showList({
      [`GET ${PAGE}`]: page([member(1, 'ann@example.org')]),
      [DELETE]: errorReply(403, 'Only hosts of this chapter may delete its members.'),
    });
    const first = await chooseDelete(user, 'ann@example.org');
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/mailing_list/delete')).toHaveLength(0);

    const again = await chooseDelete(user, 'ann@example.org');
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Delete failed');
    expect(toast).toHaveTextContent('Only hosts of this chapter may delete its members.');
    expect(emails()).toEqual(['ann@example.org']);
  });
});
