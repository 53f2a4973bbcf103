// The page a sign-up's confirmation link opens: it confirms by a POST of its own, once, and says
// what happened (confirmed, already, expired, a link that is not valid, a failure to try again).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConfirmAnswer } from '../../../common/schemas/mailing';
import { errorReply, fakeServer, held } from '../../test/fakeServer';
import { renderScreen } from '../../test/renderScreen';
import { ConfirmSubscriptionScreen } from './ConfirmSubscriptionScreen';

const TOKEN = 'tok-123';
const CONFIRM = `POST /api/mailing_list/confirm/${TOKEN}`;

function anAnswer(overrides: Partial<ConfirmAnswer> = {}): ConfirmAnswer {
  return {
    result: 'confirmed',
    email: 'robin@example.org',
    listName: 'Drinking Liberally Brooklyn',
    chapter: { id: 7, state: 'NY', slug: 'brooklyn' },
    nextMeeting: {
      eventName: 'The Tavern',
      eventSlug: 'tuesday-tavern',
      date: '2026-12-08',
      startTime: '19:00',
      endTime: '21:00',
      start: '2026-12-09T00:00:00.000Z',
      end: '2026-12-09T02:00:00.000Z',
      zone: 'EST',
      place: '12 Court St, Brooklyn, NY 11201',
      note: '',
    },
    ...overrides,
  };
}

function openLink(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer({ 'GET /api/auth/user': { user: null, error: null }, ...routes });
  const view = renderScreen(<ConfirmSubscriptionScreen />, {
    path: '/confirm-subscription/:token',
    at: `/confirm-subscription/${TOKEN}`,
  });
  return { server, ...view };
}

const heading = () => screen.getByRole('heading', { level: 1 });
const confirmCalls = (server: ReturnType<typeof fakeServer>) =>
  server.callsTo('POST', `/api/mailing_list/confirm/${TOKEN}`);

describe('Confirm subscription', () => {
  it('says it is confirming while the answer is on its way, then that the address is confirmed', async () => {
    const answer = held<ConfirmAnswer>();
    const { server } = openLink({ [CONFIRM]: () => answer.promise });
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your subscription...');
    expect(heading()).toHaveTextContent('Confirming your subscription');

    answer.release(anAnswer());
    expect(
      await screen.findByText(
        /Thank you! robin@example.org is confirmed for the Drinking Liberally Brooklyn list/,
      ),
    ).toHaveRole('status');
    expect(heading()).toHaveTextContent('Subscription confirmed');
    expect(screen.getByRole('link', { name: 'Go to Drinking Liberally Brooklyn' })).toHaveAttribute(
      'href',
      '/chapter/ny/brooklyn',
    );
    // Asked once, by the page itself: opening the link twice in development asks once.
    expect(confirmCalls(server)).toHaveLength(1);
  });

  it("shows the chapter's next meeting with a link to the event and the calendar menu", async () => {
    openLink({ [CONFIRM]: anAnswer() });
    const card = await screen.findByRole('region', { name: 'Next meeting' });
    expect(screen.getByRole('link', { name: 'The Tavern' })).toHaveAttribute(
      'href',
      '/chapter/ny/brooklyn/events/tuesday-tavern',
    );
    expect(card).toHaveTextContent('7:00–9:00pm EST');
    expect(card).toHaveTextContent('12 Court St, Brooklyn, NY 11201');
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
  });

  it('shows no meeting card when none is planned', async () => {
    openLink({ [CONFIRM]: anAnswer({ nextMeeting: null }) });
    expect(await screen.findByText(/is confirmed for the/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Next meeting' })).not.toBeInTheDocument();
  });

  it('says an address confirmed before is already confirmed', async () => {
    openLink({ [CONFIRM]: anAnswer({ result: 'alreadyConfirmed' }) });
    expect(
      await screen.findByText(
        /robin@example.org is already confirmed for the Drinking Liberally Brooklyn list\./,
      ),
    ).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Subscription confirmed');
  });

  it("offers the chapter's sign-up again when the link has expired", async () => {
    openLink({ [CONFIRM]: anAnswer({ result: 'expired', nextMeeting: null }) });
    expect(await screen.findByText(/This link has expired: links work for/)).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Confirmation link expired');
    expect(screen.getByLabelText('Join the mailing list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it("points to the map when an expired link's list is no chapter's", async () => {
    openLink({ [CONFIRM]: anAnswer({ result: 'expired', chapter: null, nextMeeting: null }) });
    expect(await screen.findByRole('link', { name: 'map' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('says a link the server does not know is not valid', async () => {
    openLink({ [CONFIRM]: errorReply(404, 'Not found') });
    expect(await screen.findByText(/This confirmation link is not valid/)).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Confirmation link not valid');
  });

  it('offers to try again after a failure, and confirms on the second try', async () => {
    let tries = 0;
    const { server, user } = openLink({
      [CONFIRM]: () => (++tries === 1 ? errorReply(500, 'Internal Server Error') : anAnswer()),
    });
    expect(await screen.findByText(/could not be confirmed/)).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Confirm your subscription');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/is confirmed for the/)).toBeInTheDocument();
    expect(confirmCalls(server)).toHaveLength(2);
  });
});
