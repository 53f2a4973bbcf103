import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterSend } from '../../../../common/schemas/sends';
import { errorReply, fakeServer, held } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { SendList } from './SendList';

const SENDS = 'GET /api/mailing_list/chapter/7/sends';
const CANCEL = 'POST /api/mailing_list/sends/12/cancel';

const aSend = (overrides: Partial<ChapterSend> = {}): ChapterSend => ({
  id: 11,
  title: 'Trivia night',
  createdAt: '2026-11-20T23:00:00.000Z',
  total: 40,
  sent: 38,
  failed: 2,
  status: 'finished',
  kind: 'host',
  scheduledFor: null,
  queued: 40,
  skipped: 0,
  cancelled: 0,
  finishedAt: '2026-11-20T23:05:00.000Z',
  ...overrides,
});
const running = aSend({
  id: 12,
  title: 'Election watch party',
  total: 1200,
  sent: 300,
  failed: 0,
  status: 'queued',
  queued: 1200,
  finishedAt: null,
});
const stopped = { ...running, status: 'cancelled', cancelled: 900, finishedAt: running.createdAt };

const item = (title: string) =>
  screen.getAllByTestId('send-item').find((li) => within(li).queryByText(title))!;

describe("the chapter's sent emails", () => {
  it('shows each send with its state and figures, and Stop only on one still sending', async () => {
    fakeServer({ [SENDS]: [running, aSend()] });
    renderScreen(<SendList chapterId={7} timeZone="America/New_York" />);
    expect(await screen.findByText('Election watch party')).toBeInTheDocument();
    const sending = item('Election watch party');
    expect(within(sending).getByTestId('send-status')).toHaveTextContent('Sending');
    expect(within(sending).getByTestId('send-figures')).toHaveTextContent('Sent 300');
    expect(within(sending).getByTestId('send-figures')).toHaveTextContent('Waiting 900');
    expect(
      within(sending).getByRole('progressbar', { name: 'Election watch party: 300 of 1,200 done' }),
    ).toBeInTheDocument();
    expect(within(sending).getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    const sent = item('Trivia night');
    expect(within(sent).getByTestId('send-status')).toHaveTextContent('Sent');
    expect(within(sent).getByTestId('send-figures')).toHaveTextContent('Failed 2');
    expect(within(sent).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('says when nothing was sent yet, and offers to try again when the list fails', async () => {
    fakeServer({ [SENDS]: [] });
    const first = renderScreen(<SendList chapterId={7} timeZone="America/New_York" />);
    expect(await screen.findByText('No emails sent yet.')).toBeInTheDocument();
    first.unmount();

    let fail = true;
    const server = fakeServer({
      [SENDS]: () => (fail ? errorReply(503, 'Down for a moment.') : [aSend()]),
    });
    const { user } = renderScreen(<SendList chapterId={7} timeZone="America/New_York" />);
    expect(
      await screen.findByText("The chapter's sent emails could not be loaded."),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Trivia night')).toBeInTheDocument();
    expect(server.callsTo('GET', SENDS.slice(4))).toHaveLength(2);
  });

  it('stops a send after asking, holding the button until the server answers', async () => {
    const answer = held<unknown>();
    let cancelled = false;
    const server = fakeServer({
      [SENDS]: () => [cancelled ? stopped : running],
      [CANCEL]: () => answer.promise,
    });
    const { user } = renderScreen(<SendList chapterId={7} timeZone="America/New_York" />);
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop this email?' });
    expect(dialog).toHaveTextContent('The 300 already sent cannot be taken back.');
    await user.click(within(dialog).getByRole('button', { name: 'Stop sending' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Stop sending' })).toBeDisabled(),
    );
    expect(server.callsTo('POST', CANCEL.slice(5))).toHaveLength(1);
    cancelled = true;
    answer.release(stopped);
    expect(
      await screen.findByText('300 of 1,200 copies went out; the rest will not be sent.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(item('Election watch party')).getByTestId('send-status')).toHaveTextContent(
        'Stopped',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal to stop in the dialog, which stays open to try again", async () => {
    fakeServer({
      [SENDS]: [running],
      [CANCEL]: errorReply(409, 'This email has finished sending.'),
    });
    const { user } = renderScreen(<SendList chapterId={7} timeZone="America/New_York" />);
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop this email?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop sending' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This email has finished sending.',
    );
    expect(within(dialog).getByRole('button', { name: 'Stop sending' })).toBeEnabled();
  });
});

describe("the sends' times", () => {
  // The reader is in Tokyo; the chapter meets in Los Angeles. The times read are the chapter's.
  const readerZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    process.env.TZ = readerZone;
  });

  it("are the chapter's, with its zone named, whatever the reader's zone", async () => {
    expect(new Date('2026-11-20T18:00:00Z').getHours()).toBe(3); // 3am the 21st in Tokyo
    const reminder = aSend({
      id: 21,
      title: 'Reminder: Pencil Factory, Tue, Nov 24, 2026',
      kind: 'reminder',
      status: 'scheduled',
      scheduledFor: '2026-11-20T18:00:00.000Z',
      total: 0,
      sent: 0,
      failed: 0,
      queued: 0,
      finishedAt: null,
    });
    const sent = aSend({ createdAt: '2026-11-21T03:30:00.000Z' });
    fakeServer({ [SENDS]: [reminder, sent] });
    renderScreen(<SendList chapterId={7} timeZone="America/Los_Angeles" />);
    expect(await screen.findByText(reminder.title)).toBeInTheDocument();
    expect(item(reminder.title)).toHaveTextContent('Meeting reminder · Goes Nov 20, 10:00 AM PST');
    expect(item('Trivia night')).toHaveTextContent('Nov 20, 7:30 PM PST');
  });
});
