import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminContext } from '../../../test/chapter';
import { fakeServer, held } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { ImportMembersScreen } from './ImportMembersScreen';

const MB = 1024 * 1024;

/**
 * The upload goes by XMLHttpRequest (its progress events; fetch has none): this one answers the
 * import with `answer` when the test releases it, after reporting the file half sent.
 */
function fakeUpload(answer: Promise<{ status: number; body: unknown }>) {
  const sent: { url: string; form: FormData }[] = [];
  class FakeXhr {
    upload: { onprogress?: (e: Partial<ProgressEvent>) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    status = 0;
    statusText = '';
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ url: this.url, form });
      this.upload.onprogress?.({ loaded: 1 * MB, total: 2 * MB, lengthComputable: true });
      void answer.then(({ status, body }) => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

function openScreen(listId: string | null = 'list-7') {
  fakeServer({ 'GET /api/mailing_list/chapter_list_id/7': { listId } });
  return renderScreen(<ImportMembersScreen />, {
    path: '/chapter/ny/brooklyn/admin/members/import',
    outletContext: adminContext(),
  });
}

describe('Import Members', () => {
  beforeEach(() => {
    // The refusals' download link: jsdom has no object URLs.
    URL.createObjectURL = vi.fn(() => 'blob:refusals');
    URL.revokeObjectURL = vi.fn();
  });

  it('shows which column is the address and which the name before importing', async () => {
    const { user } = openScreen();
    await user.upload(
      await screen.findByLabelText('CSV file of members'),
      csv('members.csv', 'Name,Email,Phone\nAda Lovelace,ada@example.org,555\n'),
    );
    const table = await screen.findByRole('table', { name: 'Preview of members.csv' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['NameName', 'EmailEmail', 'Not importedPhone']);
    expect(within(table).getByText('ada@example.org')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('refuses a file with no rows, naming it', async () => {
    const { user } = openScreen();
    await user.upload(await screen.findByLabelText('CSV file of members'), csv('empty.csv', ''));
    expect(await screen.findByRole('alert')).toHaveTextContent('empty.csv has no rows to import.');
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('refuses a file over the size limit before sending it', async () => {
    const { user } = openScreen();
    const big = csv('big.csv', 'email\n');
    Object.defineProperty(big, 'size', { value: 21 * MB });
    const sent = fakeUpload(new Promise(() => {}));
    await user.upload(await screen.findByLabelText('CSV file of members'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'big.csv is 21.0 MB; a file can be at most 20 MB.',
    );
    expect(sent).toHaveLength(0);
  });

  it('shows the upload going, then what was added and each line that was not', async () => {
    const answer = held<{ status: number; body: unknown }>();
    const sent = fakeUpload(answer.promise);
    const { user } = openScreen();
    const file = csv('members.csv', 'email\nada@example.org\nnot-an-address\n');
    await user.upload(await screen.findByLabelText('CSV file of members'), file);
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/Uploading: 1\.0 of 2\.0 MB \(50%\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importing...' })).toBeDisabled();
    expect(screen.getByLabelText('CSV file of members')).toBeDisabled();
    expect(sent[0]!.url).toBe('/api/mailing_list/chapter/7/import');
    expect((sent[0]!.form.get('file') as File).name).toBe('members.csv');

    answer.release({
      status: 200,
      body: {
        added: 1,
        alreadyMembers: 0,
        refused: [{ line: 3, value: 'not-an-address', reason: 'Not a valid email address.' }],
      },
    });
    const result = await screen.findByRole('status');
    await waitFor(() => expect(result).toHaveTextContent('1 member added'));
    expect(result).toHaveTextContent('1 line not imported');
    expect(screen.getByText('Not a valid email address.')).toBeInTheDocument();
  });

  it('keeps the file and says why when the server refuses the import', async () => {
    const answer = held<{ status: number; body: unknown }>();
    fakeUpload(answer.promise);
    const { user } = openScreen();
    await user.upload(
      await screen.findByLabelText('CSV file of members'),
      csv('members.csv', 'email\nada@example.org\n'),
    );
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    answer.release({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The file has more than 200,000 rows.',
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file has more than 200,000 rows.',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('says where to make the list when the chapter has none', async () => {
    openScreen(null);
    expect(await screen.findByText(/This chapter has no mailing list yet/)).toBeInTheDocument();
    expect(screen.queryByLabelText('CSV file of members')).not.toBeInTheDocument();
  });
});
