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

describe('Send Email', () => {
  beforeEach(() => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
  });

  it('says what is missing and sends nothing without a title and a message', async () => {
    const { server, user } = openScreen();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getByText('Title is Required')).toBeVisible();
    expect(screen.getByText('Write the message before sending.')).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveClass('is-invalid');
    expect(window.confirm).not.toHaveBeenCalled();
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
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(window.confirm).toHaveBeenCalledOnce();
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
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByTestId('email-sent-summary');
    expect(server.callsTo('POST', '/api/mailing_list/send_message')[0]!.body).toMatchObject({
      post: false,
    });
  });

  it('shows why a send failed and keeps the email to try again', async () => {
    const { user } = openScreen({ [SEND]: errorReply(403, 'Forbidden') });
    await writeEmail(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
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
