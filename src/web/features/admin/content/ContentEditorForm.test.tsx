// The admins' editor of blog posts, pages and wiki pages (spec 2 Editor screens): the messages
// naming the field, what a save sends, a page's fixed slug and a wiki page that is not editable.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { ContentEditorForm } from './ContentEditorForm';
import { BLOG, PAGES, WIKI } from './contentKinds';

vi.mock('../../../components/richText/RichTextEditor', async () => ({
  RichTextEditor: (await import('../../../test/chapter')).FakeRichTextEditor,
}));

const CREATED = '2026-11-01T12:00:00.000Z';
const about = {
  id: 4,
  title: 'About us',
  slug: 'about',
  body: '<p>Who we are.</p>',
  isPublic: true,
  createdAt: CREATED,
  updatedAt: CREATED,
};
const hostsGuide = {
  ...about,
  id: 9,
  title: 'Hosts guide',
  slug: 'hosts_guide',
  isEditable: false,
};

function openEditor(
  kind: typeof BLOG | typeof PAGES | typeof WIKI,
  routes: Parameters<typeof fakeServer>[0] = {},
  item?: typeof about | typeof hostsGuide,
) {
  const server = fakeServer(routes);
  const path = item ? `${kind.adminPath}/edit/${item.slug}` : `${kind.adminPath}/new`;
  const view = renderScreen(<ContentEditorForm kind={kind} item={item} />, { path });
  return { server, ...view };
}

const sent = (server: ReturnType<typeof fakeServer>, path: string) =>
  server.callsTo('POST', path).map((c) => c.body);

describe('the content editor', () => {
  it('names the title when it is missing and the slug when it is malformed, and saves nothing', async () => {
    const { server, user } = openEditor(BLOG);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Title'), 'Election night');
    await user.type(screen.getByLabelText('Slug'), 'Election Night');
    expect(
      await screen.findByText('Use lowercase letters, numbers and underscores only'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent(server, '/api/blog_post')).toHaveLength(0);
  });

  it('saves a new blog post with its body, leaving the slug to the server, and returns to the list', async () => {
    const { server, user, router } = openEditor(BLOG, {
      'POST /api/blog_post': {
        id: 31,
        title: 'Election night',
        slug: 'election_night',
        body: '<p>Join us.</p>',
        isPublic: false,
        createdAt: CREATED,
        user: { name: 'Ada Admin' },
      },
    });
    await user.type(screen.getByLabelText('Title'), 'Election night');
    await user.type(screen.getByLabelText('Body'), 'Join us.');
    await user.click(screen.getByRole('checkbox', { name: /Public/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/blog'));
    expect(screen.getByRole('alert')).toHaveTextContent('Election night is saved.');
    expect(sent(server, '/api/blog_post')).toEqual([
      { title: 'Election night', isPublic: false, body: '<p>Join us.</p>' },
    ]);
  });

  it('makes a new wiki page editable', async () => {
    const { server, user } = openEditor(WIKI, {
      'POST /api/wiki_page': { ...about, slug: 'faq', title: 'FAQ', isEditable: true },
    });
    await user.type(screen.getByLabelText('Title'), 'FAQ');
    await user.type(screen.getByLabelText('Slug'), 'faq');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(server, '/api/wiki_page')).toHaveLength(1));
    expect(sent(server, '/api/wiki_page')[0]).toEqual({
      isEditable: true,
      title: 'FAQ',
      slug: 'faq',
      isPublic: true,
      body: '',
    });
  });

  it("keeps a page's slug, saves its changes by id and stays, saying Saved", async () => {
    const { server, user, router } = openEditor(
      PAGES,
      { 'POST /api/page': { ...about, title: 'About the network' } },
      about,
    );
    expect(screen.getByLabelText('Slug')).toHaveAttribute('readonly');
    expect(
      screen.getByText("A page's slug cannot be changed: links to it would break."),
    ).toBeVisible();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'About the network');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(sent(server, '/api/page')).toEqual([
      {
        id: 4,
        title: 'About the network',
        slug: 'about',
        isPublic: true,
        body: '<p>Who we are.</p>',
      },
    ]);
    expect(router.state.location.pathname).toBe('/admin/pages/edit/about');
    expect(screen.getByRole('link', { name: 'View page' })).toHaveAttribute('href', '/page/about');
  });

  it('shows a wiki page that is not editable, with the reason and no Save', () => {
    openEditor(WIKI, {}, hostsGuide);
    expect(
      screen.getByText(
        'This page cannot be edited directly: the text editor would ruin its formatting. Contact an admin.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Body' })).toHaveTextContent('Who we are.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in its words, or says the post could not be saved", async () => {
    let answer = errorReply(409, 'Conflict', [
      { field: 'body.slug', message: 'Another blog post already uses this slug.' },
    ]);
    const { user, router } = openEditor(BLOG, { 'POST /api/blog_post': () => answer });
    await user.type(screen.getByLabelText('Title'), 'Election night');
    await user.type(screen.getByLabelText('Slug'), 'election_night');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another blog post already uses this slug.',
    );
    answer = errorReply(500, 'Internal Server Error');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The blog post could not be saved.'),
    );
    expect(router.state.location.pathname).toBe('/admin/blog/new');
  });
});
