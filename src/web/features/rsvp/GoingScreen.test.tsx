import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GoingPage } from '../../../common/schemas/going';
import { errorReply, fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/renderScreen';
import { GoingScreen } from './GoingScreen';

const TOKEN = '0123456789abcdef0123456789abcdef';
const API = `/api/going/${TOKEN}`;

function aPage(overrides: Partial<GoingPage> = {}): GoingPage {
  return {
    chapterTitle: 'Drinking Liberally Brooklyn',
    chapterPath: '/chapter/ny/brooklyn',
    eventName: 'The Tavern',
    eventPath: '/chapter/ny/brooklyn/events/tuesday-tavern',
    when: 'Thursday, December 24, 6–8pm',
    place: '12 Court St, Brooklyn, NY',
    email: 'robin@example.org',
    status: null,
    position: null,
    open: true,
    closedReason: null,
    ...overrides,
  };
}

function showPage(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer({ 'GET /api/auth/user': { user: null, error: null }, ...routes });
  renderScreen(<GoingScreen />, { path: '/going/:token', at: `/going/${TOKEN}` });
  return { server, user: userEvent.setup() };
}

describe("A reminder's 'I'm going' page", () => {
  it('records nothing on opening, and says going once the button is pressed', async () => {
    const { server, user } = showPage({
      [`GET ${API}`]: aPage(),
      [`POST ${API}`]: aPage({ status: 'going' }),
    });
    expect(await screen.findByRole('link', { name: 'The Tavern' })).toBeInTheDocument();
    expect(screen.getByText('For robin@example.org')).toBeInTheDocument();
    expect(server.callsTo('POST', API)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'I’m going' }));
    expect(await screen.findByText('You’re going')).toBeInTheDocument();
    expect(server.callsTo('POST', API)[0]?.body).toEqual({ going: true });
    expect(screen.getByRole('button', { name: 'I’m not going after all' })).toBeInTheDocument();
  });

  it('offers no button for a meeting that is off, and says why', async () => {
    showPage({
      [`GET ${API}`]: aPage({
        open: false,
        closedReason: 'This meeting is off: the hosts skipped this date.',
      }),
    });
    expect(
      await screen.findByText('This meeting is off: the hosts skipped this date.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says a link from the reminder’s preview is one, asks the server nothing, and offers no button', async () => {
    const server = fakeServer({ 'GET /api/auth/user': { user: null, error: null } });
    renderScreen(<GoingScreen />, { path: '/going/:token', at: '/going/preview' });
    expect(
      await screen.findByText(/This link is from a preview of the meeting reminder/),
    ).toHaveTextContent('Nothing was recorded from the preview.');
    expect(screen.queryByText(/not valid/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/going/preview')).toHaveLength(0);
  });

  it('says a broken link is not valid', async () => {
    showPage({ [`GET ${API}`]: errorReply(404, 'Not found') });
    expect(await screen.findByText(/This link is not valid/)).toBeInTheDocument();
  });
});
