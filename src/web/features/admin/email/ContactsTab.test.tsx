import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BrevoContact } from '../../../../common/schemas/emailAdmin';
import { errorReply, fakeServer, held } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { ContactsTab } from './ContactsTab';

const CONTACT = '/api/admin/brevo/contact/ada%40example.org';
const ada = (overrides: Partial<BrevoContact> = {}): BrevoContact => ({
  email: 'ada@example.org',
  emailBlacklisted: false,
  listIds: [3818, 55, 71],
  ...overrides,
});
const LISTS = {
  'GET /api/admin/brevo/lists': { lists: [{ id: 55, name: 'Volunteers' }] },
  'POST /api/admin/brevo/chapters/by-list-ids': {
    chapters: [{ listId: 71, chapterId: 7, displayName: 'Drinking Liberally Brooklyn' }],
  },
};

async function lookUp(user: ReturnType<typeof renderScreen>['user'], address: string) {
  await user.type(screen.getByLabelText('Contact email'), address);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

describe('the Contacts tab', () => {
  it('asks for an address before looking anyone up', async () => {
    const server = fakeServer({});
    const { user } = renderScreen(<ContactsTab />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please enter an email address')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.startsWith('/api/admin/brevo/contact'))).toEqual([]);
  });

  it("shows the contact's state and its lists by name: Brevo's, the built-in ones, chapters'", async () => {
    fakeServer({ ...LISTS, [`GET ${CONTACT}`]: ada() });
    const { user } = renderScreen(<ContactsTab />);
    await lookUp(user, 'ada@example.org');
    const card = (await screen.findByRole('heading', { name: /ada@example.org/ })).closest(
      '.card',
    ) as HTMLElement;
    expect(within(card).getByText('active')).toBeInTheDocument();
    expect(await within(card).findByText('Drinking Liberally Brooklyn')).toBeInTheDocument();
    expect(within(card).getByText('Volunteers')).toBeInTheDocument();
    expect(within(card).getByText('Living Liberally Newsletter')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Block' })).toBeEnabled();
  });

  it("shows the server's answer when there is no such contact", async () => {
    fakeServer({ ...LISTS, [`GET ${CONTACT}`]: errorReply(404, 'Contact not found') });
    const { user } = renderScreen(<ContactsTab />);
    await lookUp(user, 'ada@example.org');
    expect(await screen.findByText('Contact not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });

  it('blocks a contact, holding the buttons until the server answers, then shows it blocked', async () => {
    const answer = held<unknown>();
    let blocked = false;
    const server = fakeServer({
      ...LISTS,
      [`GET ${CONTACT}`]: () => ada({ emailBlacklisted: blocked }),
      [`POST ${CONTACT}/block`]: () => answer.promise,
    });
    const { user } = renderScreen(<ContactsTab />);
    await lookUp(user, 'ada@example.org');
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Block' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(server.callsTo('POST', `${CONTACT}/block`)).toHaveLength(1);
    blocked = true;
    answer.release({ result: 'success' });
    expect(await screen.findByText('Contact has been blocked successfully')).toBeInTheDocument();
    expect(screen.getByText('blocked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeEnabled();
  });

  it('says why when the server refuses to block, and leaves the contact as it was', async () => {
    fakeServer({
      ...LISTS,
      [`GET ${CONTACT}`]: ada(),
      [`POST ${CONTACT}/block`]: errorReply(502, 'Brevo did not answer.'),
    });
    const { user } = renderScreen(<ContactsTab />);
    await lookUp(user, 'ada@example.org');
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    expect(
      await screen.findByText('Failed to block contact: Brevo did not answer.'),
    ).toBeInTheDocument();
    expect(screen.getByText('active')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block' })).toBeEnabled();
  });
});
