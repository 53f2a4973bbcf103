import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeServer, held } from '../../test/fakeServer';
import { aChapter } from '../../test/chapter';
import { aUser } from '../../test/people';
import { renderScreen } from '../../test/renderScreen';
import { SignInPage } from './SignInPage';

const signedOut = { user: null, error: null };

function signIn(signinAnswer: Parameters<typeof fakeServer>[0][string]) {
  const server = fakeServer({
    'GET /api/auth/signout': signedOut,
    'POST /api/auth/signin': signinAnswer,
  });
  const view = renderScreen(<SignInPage />, { path: '/signin', at: '/signin?returnUrl=/my' });
  return { server, ...view };
}

async function fillAndSend(user: ReturnType<typeof signIn>['user']) {
  await user.type(screen.getByLabelText('Email'), 'dana@example.org');
  await user.type(screen.getByLabelText('Password'), 'a long password');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Sign In', () => {
  it('names each empty field and sends nothing', async () => {
    const { server, user } = signIn({ user: aUser(), error: null });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/api/auth/signin')).toHaveLength(0);
  });

  it('holds the button while signing in, then goes where the visitor was going', async () => {
    const answer = held<unknown>();
    const { server, user, router } = signIn(() => answer.promise);
    await fillAndSend(user);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    answer.release({ user: aUser(), error: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
    expect(server.callsTo('POST', '/api/auth/signin')[0]!.body).toEqual({
      username: 'dana@example.org',
      password: 'a long password',
    });
  });

  it('says the email or password is wrong, and lets the visitor try again', async () => {
    const { user } = signIn({ user: null, error: 'no such user' });
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Oops. Either your email or password is incorrect.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("shows the server's words when too many tries were made", async () => {
    const { user } = signIn(errorReply(429, 'Too many sign-in attempts. Try again in 10 minutes.'));
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 10 minutes.',
    );
  });

  it("shows a second try's own outcome, not the first one's", async () => {
    let tries = 0;
    const { user } = signIn(() =>
      ++tries === 1 ? errorReply(429, 'Too many sign-in attempts.') : { user: null, error: null },
    );
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts.');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Oops. Either your email or password is incorrect.',
      ),
    );
  });

  it("takes the host of one chapter to that chapter's dashboard when no page was asked for", async () => {
    fakeServer({
      'GET /api/auth/signout': signedOut,
      'POST /api/auth/signin': {
        user: aUser({ chapterHostChapterIds: [7], hasChapters: true, isChapterHost: true }),
        error: null,
      },
      'GET /api/chapter/id/7': aChapter({ id: 7, state: 'NY', slug: 'upper-west-side' }),
    });
    const { user, router } = renderScreen(<SignInPage />, { path: '/signin' });
    await fillAndSend(user);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/chapter/ny/upper-west-side/admin'),
    );
  });
});
