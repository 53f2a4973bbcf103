import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { UserListItem } from '../../common/schemas/users';
import { useUserSearch } from '../hooks/useUserSearch';
import { errorReply, type FakeRequest, fakeServer } from '../test/fakeServer';
import { renderScreen } from '../test/renderScreen';
import { InlineRetry } from './InlineRetry';
import { UserSearchForm } from './UserSearchForm';

const SEARCH = 'POST /api/user/search';

const aListedUser = (id: number, name: string, email: string): UserListItem => ({
  id,
  name,
  email,
  createdAt: '2026-11-01T18:00:00.000Z',
  isAdmin: false,
  isChapterHost: false,
  isFieldOrganizer: false,
  chapterHostChapters: [],
  fieldOrganizerChapters: [],
});

const PEOPLE = [
  aListedUser(1, 'Ada Lovelace', 'ada@example.org'),
  aListedUser(2, 'Grace Hopper', 'grace@example.org'),
];

/** The server's search: any part of the name or email, as the service matches. */
const matching = ({ body }: FakeRequest) => {
  const { search } = body as { search: string };
  return PEOPLE.filter((u) => `${u.name} ${u.email}`.toLowerCase().includes(search.toLowerCase()));
};

/** The form with the shared query, laid out as the hosts screen shows its results. */
function Search({ onClear }: { onClear?: () => void }) {
  const [search, setSearch] = useState<string | null>(null);
  const query = useUserSearch(search);
  return (
    <>
      <UserSearchForm
        id="user-search"
        label="Search users by name or email"
        onSearch={setSearch}
        onClear={onClear}
      />
      {query.isError && <InlineRetry what="users" onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && <p>No users found.</p>}
      <ul>
        {query.data?.map((u) => (
          <li key={u.id}>{u.name}</li>
        ))}
      </ul>
    </>
  );
}

function openSearch(routes: Parameters<typeof fakeServer>[0], onClear?: () => void) {
  const server = fakeServer(routes);
  return { server, ...renderScreen(<Search onClear={onClear} />) };
}

describe('the admins’ user search', () => {
  it('shows the users whose name or email matches what was typed', async () => {
    const { server, user } = openSearch({ [SEARCH]: matching });
    await user.type(screen.getByLabelText('Search users by name or email'), '  grace ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/api/user/search').map((c) => c.body)).toEqual([
      { search: 'grace' },
    ]);
  });

  it('says so when no user matches', async () => {
    const { user } = openSearch({ [SEARCH]: matching });
    await user.type(screen.getByLabelText('Search users by name or email'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows that the search failed, and finds the users on a second try', async () => {
    let failing = true;
    const { user } = openSearch({
      [SEARCH]: (request) =>
        failing ? errorReply(500, 'Internal Server Error') : matching(request),
    });
    await user.type(screen.getByLabelText('Search users by name or email'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/The users could not be loaded\./)).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('names the shortest search and sends nothing shorter', async () => {
    const { server, user } = openSearch({ [SEARCH]: matching });
    const box = screen.getByLabelText('Search users by name or email');
    await user.type(box, ' a ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least 2 characters')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/user/search')).toHaveLength(0);
  });

  it('offers Clear only where the screen asks for it, and Clear empties the box', async () => {
    const onClear = vi.fn();
    const { user } = openSearch({ [SEARCH]: matching }, onClear);
    const box = screen.getByLabelText('Search users by name or email');
    await user.type(box, 'ada');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('has no Clear button when the screen gives none', () => {
    openSearch({ [SEARCH]: matching });
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });
});
