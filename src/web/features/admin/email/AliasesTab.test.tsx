import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EmailAlias } from '../../../../common/schemas/emailAdmin';
import { errorReply, fakeServer, held } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { AliasesTab } from './AliasesTab';

const ALIASES = '/api/admin/mailgun/aliases';
const DOMAINS = { [`GET /api/admin/mailgun/domains`]: { domains: ['drinkingliberally.org'] } };

const anAlias = (overrides: Partial<EmailAlias> = {}): EmailAlias => ({
  id: 4,
  localPart: 'press',
  domain: 'drinkingliberally.org',
  recipients: ['ada@example.org', 'grace@example.org'],
  chapterId: null,
  chapterName: null,
  followsHosts: false,
  ...overrides,
});
const brooklyn = anAlias({
  id: 5,
  localPart: 'brooklyn',
  recipients: ['dana@example.org'],
  chapterId: 7,
  chapterName: 'Drinking Liberally Brooklyn',
  followsHosts: true,
});

describe('the Aliases tab', () => {
  it("lists the server's aliases with their recipients and chapter, and searches on request", async () => {
    const server = fakeServer({
      ...DOMAINS,
      [`GET ${ALIASES}`]: { aliases: [anAlias(), brooklyn] },
      [`GET ${ALIASES}?search=brook`]: { aliases: [brooklyn] },
    });
    const { user } = renderScreen(<AliasesTab />);
    expect(await screen.findByText('press@drinkingliberally.org')).toBeInTheDocument();
    expect(screen.getAllByText('ada@example.org, grace@example.org').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Drinking Liberally Brooklyn').length).toBeGreaterThan(0);
    expect(screen.getAllByText('(its hosts)').length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText('Search aliases'), 'b');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Please enter at least 2 characters to search'),
    ).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.startsWith(`${ALIASES}?`))).toEqual([]);

    await user.type(screen.getByLabelText('Search aliases'), 'rook');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('brooklyn@drinkingliberally.org')).toBeInTheDocument();
    expect(screen.queryByText('press@drinkingliberally.org')).not.toBeInTheDocument();
    expect(screen.queryByText(/at least 2 characters/)).not.toBeInTheDocument();
  });

  it('flags an alias that delivers to nobody, and says why when it follows a hostless chapter', async () => {
    fakeServer({
      ...DOMAINS,
      [`GET ${ALIASES}`]: {
        aliases: [
          anAlias({ id: 8, localPart: 'empty', recipients: [] }),
          { ...brooklyn, recipients: [] },
        ],
      },
    });
    renderScreen(<AliasesTab />);
    expect(await screen.findByText('empty@drinkingliberally.org')).toBeInTheDocument();
    expect(screen.getAllByText('Delivers to nobody').length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('Delivers to nobody: the chapter has no host').length,
    ).toBeGreaterThan(0);
  });

  it('says when there are no aliases, and why when the server refuses the list', async () => {
    fakeServer({ ...DOMAINS, [`GET ${ALIASES}`]: { aliases: [] } });
    const first = renderScreen(<AliasesTab />);
    expect(await screen.findByText('No aliases found')).toBeInTheDocument();
    first.unmount();

    fakeServer({
      ...DOMAINS,
      [`GET ${ALIASES}`]: errorReply(502, 'Mailgun did not answer.'),
    });
    renderScreen(<AliasesTab />);
    expect(
      await screen.findByText('Failed to load aliases: Mailgun did not answer.'),
    ).toBeInTheDocument();
  });

  it('deletes an alias after asking, holding the button until the server answers', async () => {
    const answer = held<unknown>();
    const server = fakeServer({
      ...DOMAINS,
      [`GET ${ALIASES}`]: { aliases: [anAlias(), brooklyn] },
      [`DELETE ${ALIASES}/4`]: () => answer.promise,
    });
    const { user } = renderScreen(<AliasesTab />);
    await user.click(
      await screen.findByRole('button', { name: 'Delete press@drinkingliberally.org' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Alias' });
    expect(dialog).toHaveTextContent('delete press@drinkingliberally.org?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled(),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(server.callsTo('DELETE', `${ALIASES}/4`)).toHaveLength(1);
    answer.release({ result: 'success' });
    await waitFor(() =>
      expect(screen.queryByText('press@drinkingliberally.org')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('brooklyn@drinkingliberally.org')).toBeInTheDocument();
  });

  it("shows the server's refusal to delete in the dialog and keeps the alias", async () => {
    fakeServer({
      ...DOMAINS,
      [`GET ${ALIASES}`]: { aliases: [anAlias()] },
      [`DELETE ${ALIASES}/4`]: errorReply(429, 'Mailgun rate limit reached.'),
    });
    const { user } = renderScreen(<AliasesTab />);
    await user.click(
      await screen.findByRole('button', { name: 'Delete press@drinkingliberally.org' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Alias' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete alias: Mailgun rate limit reached.',
    );
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByText('press@drinkingliberally.org')).toBeInTheDocument();
  });
});
