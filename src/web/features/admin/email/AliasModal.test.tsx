import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EmailAlias } from '../../../../common/schemas/emailAdmin';
import { errorReply, fakeServer, held } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { AliasModal } from './AliasModal';

const ALIASES = '/api/admin/mailgun/aliases';
const DOMAINS = ['drinkingliberally.org', 'livingliberally.org'];

const anAlias = (overrides: Partial<EmailAlias> = {}): EmailAlias => ({
  id: 4,
  localPart: 'press',
  domain: 'drinkingliberally.org',
  recipients: ['ada@example.org'],
  chapterId: null,
  chapterName: null,
  followsHosts: false,
  ...overrides,
});

function openModal(editing: EmailAlias | 'add', routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer(routes);
  const onSaved = vi.fn();
  const view = renderScreen(
    <AliasModal editing={editing} domains={DOMAINS} onClose={() => {}} onSaved={onSaved} />,
  );
  return { server, onSaved, ...view };
}

describe('the alias modal', () => {
  it('saves only once it has an address and a recipient, dropping blank rows', async () => {
    const { server, user, onSaved } = openModal('add', {
      [`POST ${ALIASES}`]: ({ body }) => ({ ...anAlias(), ...(body as object), id: 9 }),
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Local part'), 'press');
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add Recipient' }));
    await user.type(screen.getByLabelText('Recipient 2'), 'ada@example.org');
    await user.selectOptions(screen.getByLabelText('Domain'), 'livingliberally.org');
    await user.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(server.callsTo('POST', ALIASES)[0]!.body).toEqual({
      localPart: 'press',
      domain: 'livingliberally.org',
      recipients: ['ada@example.org'],
      chapterId: null,
      followHosts: false,
    });
  });

  it('holds the button while saving an edit, and keeps the address as it was', async () => {
    const answer = held<unknown>();
    const { server, user, onSaved } = openModal(anAlias(), {
      [`PUT ${ALIASES}/4`]: () => answer.promise,
    });
    expect(await screen.findByLabelText('Local part')).toBeDisabled();
    await user.clear(screen.getByLabelText('Recipient 1'));
    await user.type(screen.getByLabelText('Recipient 1'), 'grace@example.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving' })).toBeDisabled();
    answer.release(anAlias({ recipients: ['grace@example.org'] }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(server.callsTo('PUT', `${ALIASES}/4`)[0]!.body).toMatchObject({
      localPart: 'press',
      recipients: ['grace@example.org'],
    });
  });

  it("shows the server's refusal and stays open to fix it", async () => {
    const { user, onSaved } = openModal('add', {
      [`POST ${ALIASES}`]: errorReply(409, 'press@drinkingliberally.org exists already.'),
    });
    await user.type(await screen.findByLabelText('Local part'), 'press');
    await user.type(screen.getByLabelText('Recipient 1'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Failed to save alias: press@drinkingliberally.org exists already.'),
    ).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
