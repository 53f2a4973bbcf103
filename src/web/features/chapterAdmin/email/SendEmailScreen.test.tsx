import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminContext } from '../../../test/chapter';
import { errorReply, fakeServer, held } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { SendEmailScreen } from './SendEmailScreen';

vi.mock('../../../components/richText/RichTextEditor', async () => ({
  RichTextEditor: (await import('../../../test/chapter')).FakeRichTextEditor,
}));

const LIST = 'GET /api/mailing_list/chapter_list_id/7';
const SEND = 'POST /api/mailing_list/send_message';

function openScreen(routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    [LIST]: { listId: 'list-7' },
    'GET /api/mailing_list/chapter/7/recipients': { listId: 'list-7', recipients: 42 },
    'GET /api/mailing_list/chapter/7/sends': [],
    ...routes,
  });
  const view = renderScreen(<SendEmailScreen />, {
    path: '/chapter/ny/brooklyn/admin/email',
    outletContext: adminContext(),
  });
  return { server, ...view };
}

async function writeEmail(user: ReturnType<typeof openScreen>['user']) {
  await user.type(await screen.findByLabelText('Title'), 'Trivia night');
  await user.type(screen.getByLabelText('Message'), 'Join us on Tuesday.');
}

/** Send, then Send again in the site's dialog that asks first. */
async function sendAndConfirm(user: ReturnType<typeof openScreen>['user']) {
  await user.click(screen.getByRole('button', { name: 'Send' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send this email?' });
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
}

describe('Send Email', () => {
  beforeEach(() => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
  });

  it('orders the actions Preview, Test, Send, with Send the one filled button', async () => {
    openScreen();
    const actions = await screen.findByTestId('email-actions');
    const buttons = within(actions).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Preview', 'Email me a test', 'Send']);
    expect(buttons[2]).toHaveClass('btn-primary');
    expect(buttons[0]).not.toHaveClass('btn-primary');
    expect(buttons[1]).not.toHaveClass('btn-primary');
  });

  it('asks in its own dialog, naming the title, the member count and the chapter', async () => {
    const { server, user } = openScreen({
      'GET /api/mailing_list/chapter/7/recipients': { listId: 'list-7', recipients: 1204 },
      [SEND]: { messageId: 3, recipients: 1204, postSlug: 'trivia-night' },
    });
    await writeEmail(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this email?' });
    expect(dialog).toHaveTextContent(
      "Send 'Trivia night' to 1,204 members of Drinking Liberally Brooklyn?",
    );
    expect(window.confirm).not.toHaveBeenCalled();
    // Cancel sends nothing and keeps the email.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/mailing_list/send_message')).toHaveLength(0);
    expect(screen.getByLabelText('Title')).toHaveValue('Trivia night');
    await sendAndConfirm(user);
    await screen.findByTestId('email-sent-summary');
    expect(server.callsTo('POST', '/api/mailing_list/send_message')).toHaveLength(1);
  });

  it('sends from the preview, asking first', async () => {
    const { server, user } = openScreen({
      'POST /api/mailing_list/chapter/7/preview': {
        subject: 'Trivia night',
        fromName: 'Brooklyn',
        replyTo: null,
        html: '<html><head></head><body>Join us</body></html>',
      },
      [SEND]: { messageId: 3, recipients: 42, postSlug: null },
    });
    await writeEmail(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview' });
    await user.click(await within(preview).findByRole('button', { name: 'Send' }));
    const ask = await screen.findByRole('dialog', { name: 'Send this email?' });
    expect(ask).toHaveTextContent(
      "Send 'Trivia night' to 42 members of Drinking Liberally Brooklyn?",
    );
    await user.click(within(ask).getByRole('button', { name: 'Send' }));
    await screen.findByTestId('email-sent-summary');
    expect(server.callsTo('POST', '/api/mailing_list/send_message')).toHaveLength(1);
  });

  it('says what is missing and sends nothing without a title and a message', async () => {
    const { server, user } = openScreen();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getByText('Title is Required')).toBeVisible();
    expect(screen.getByText('Write the message before sending.')).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveClass('is-invalid');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/api/mailing_list/send_message')).toHaveLength(0);
  });

  it('holds the form while sending, then says how many members it went to', async () => {
    const answer = held<unknown>();
    const { server, user } = openScreen({ [SEND]: () => answer.promise });
    await waitFor(() =>
      expect(screen.getByTestId('recipient-count')).toHaveTextContent(
        '42 members will receive it.',
      ),
    );
    await writeEmail(user);
    await sendAndConfirm(user);
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    expect(screen.getByLabelText('Title')).toBeDisabled();
    answer.release({ messageId: 3, recipients: 42, postSlug: 'trivia-night' });
    expect(await screen.findByTestId('email-sent-summary')).toHaveTextContent(
      'Trivia night is on its way to 42 members',
    );
    expect(server.callsTo('POST', '/api/mailing_list/send_message')[0]!.body).toEqual({
      title: 'Trivia night',
      body: '<p>Join us on Tuesday.</p>',
      listId: 'list-7',
      post: true,
    });
  });

  it('sends without a chapter post when the host unticks it', async () => {
    const { server, user } = openScreen({
      [SEND]: { messageId: 3, recipients: 42, postSlug: null },
    });
    await writeEmail(user);
    await user.click(screen.getByLabelText('Also post it on the chapter page'));
    await sendAndConfirm(user);
    await screen.findByTestId('email-sent-summary');
    expect(server.callsTo('POST', '/api/mailing_list/send_message')[0]!.body).toMatchObject({
      post: false,
    });
  });

  it('shows why a send failed and keeps the email to try again', async () => {
    const { user } = openScreen({ [SEND]: errorReply(403, 'Forbidden') });
    await writeEmail(user);
    await sendAndConfirm(user);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Email Send Failed')).toBeInTheDocument();
    expect(toast).toHaveTextContent('You do not have permission to send emails to this chapter.');
    expect(screen.getByLabelText('Title')).toHaveValue('Trivia night');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
  });

  it('sends nothing from a chapter without a list, and says where to make one', async () => {
    const { user } = openScreen({ [LIST]: { listId: null } });
    expect(await screen.findByText(/This chapter has no mailing list yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create it' })).toHaveAttribute(
      'href',
      '/chapter/ny/brooklyn/admin/members',
    );
    await writeEmail(user);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
