import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/renderScreen';
import { UnsubscribeScreen } from './UnsubscribeScreen';

const TOKEN = '0123456789abcdef0123456789abcdef';
const API = `/api/mailing_list/unsubscribe/${TOKEN}`;

function showAt(token: string, routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({ 'GET /api/auth/user': { user: null, error: null }, ...routes });
  renderScreen(<UnsubscribeScreen />, { path: '/unsubscribe/:token', at: `/unsubscribe/${token}` });
  return { server, user: userEvent.setup() };
}

describe('the page an email’s unsubscribe link opens', () => {
  it('asks first, and unsubscribes on the button only', async () => {
    const { server, user } = showAt(TOKEN, {
      [`GET ${API}`]: { email: 'robin@example.org', listName: 'Brooklyn', unsubscribed: false },
      [`POST ${API}`]: { result: 'success' },
    });
    expect(
      await screen.findByText('Stop sending email from Brooklyn to robin@example.org?'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', API)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/robin@example.org is unsubscribed/)).toBeInTheDocument();
  });

  it('says a link from a preview is one, asks the server nothing, and offers no button', async () => {
    const { server } = showAt('preview');
    expect(await screen.findByText(/This link is from a preview/)).toHaveTextContent(
      'Nobody was unsubscribed.',
    );
    expect(screen.queryByText(/not valid/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/mailing_list/unsubscribe/preview')).toHaveLength(0);
  });

  it('says a broken link is not valid', async () => {
    showAt(TOKEN, { [`GET ${API}`]: errorReply(404, 'Not found') });
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeInTheDocument();
  });
});
