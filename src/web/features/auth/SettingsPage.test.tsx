// Your Settings: the name and password forms, where a failed save lands.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeServer, held } from '../../test/fakeServer';
import { aUser } from '../../test/people';
import { renderScreen } from '../../test/renderScreen';
import { SettingsPage } from './SettingsPage';

const account = (name = 'Dana Host') => ({ user: aUser({ name }), pendingEmail: null });

function openSettings(routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    'GET /api/user/me': account(),
    'GET /api/auth/user': { user: aUser(), error: null },
    ...routes,
  });
  return { server, ...renderScreen(<SettingsPage />, { path: '/settings' }) };
}

const section = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

async function fillPassword(
  user: ReturnType<typeof openSettings>['user'],
  current: string,
  next: string,
  again = next,
) {
  await user.type(await screen.findByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), again);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('Your Settings', () => {
  it('says the new passwords differ, under the confirmation, and sends nothing', async () => {
    const { server, user } = openSettings();
    await fillPassword(user, 'old secret', 'new secret', 'new secrte');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/api/user/me/password')).toHaveLength(0);
  });

  it("puts the server's word on a wrong current password under that field", async () => {
    const { user } = openSettings({
      'POST /api/user/me/password': errorReply(400, 'Bad Request', [
        { field: 'body.currentPassword', message: 'That is not your current password.' },
      ]),
    });
    await fillPassword(user, 'not it', 'new secret');
    expect(await screen.findByText('That is not your current password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(within(section('Password')).queryByText(/could not be saved/)).not.toBeInTheDocument();
  });

  it('holds the button while changing the password, then says other sessions ended', async () => {
    const answer = held<unknown>();
    const { user } = openSettings({ 'POST /api/user/me/password': () => answer.promise });
    await fillPassword(user, 'old secret', 'new secret');
    // The form checks its fields first (asynchronously): the button turns once that is done.
    expect(await screen.findByRole('button', { name: 'Saving' })).toBeDisabled();
    answer.release(account());
    expect(await screen.findByText(/Your password was changed/)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('says a name could not be saved when the server fails, and keeps what was typed', async () => {
    const { user } = openSettings({ 'POST /api/user/me': errorReply(500, 'Internal') });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Dana Q. Host');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(
      await within(section('Profile')).findByText(
        'Your change could not be saved. Please try again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveValue('Dana Q. Host'));
  });
});
