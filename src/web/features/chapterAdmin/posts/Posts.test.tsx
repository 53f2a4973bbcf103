// Posts in the chapter admin (issue 35): write a post without emailing anyone, email it only when
// asked (through Send Email's send, asked first), change one, and delete one after a confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminContext } from '../../../test/chapter';
import { fakeServer } from '../../../test/fakeServer';
import { renderScreen } from '../../../test/renderScreen';
import { PostFormScreen } from './PostFormScreen';
import { PostsScreen } from './PostsScreen';

vi.mock('../../../components/richText/RichTextEditor', async () => ({
  RichTextEditor: (await import('../../../test/chapter')).FakeRichTextEditor,
}));

const BASE = '/chapter/ny/brooklyn/admin';
const POST = {
  id: 4,
  chapterId: 7,
  title: 'Summer picnic',
  slug: 'summer-picnic-abc123',
  body: '<p>Bring bread.</p>',
  createdAt: '2026-06-01T12:00:00.000Z',
  user: { name: 'Hank Host' },
};
const LIST = {
  'GET /api/mailing_list/chapter_list_id/7': { listId: 'list-7' },
  'GET /api/mailing_list/chapter/7/recipients': { listId: 'list-7', recipients: 1204 },
};

function openForm(routes: Parameters<typeof fakeServer>[0] = {}, at = `${BASE}/posts/add`) {
  const server = fakeServer({ ...LIST, ...routes });
  const view = renderScreen(<PostFormScreen />, {
    path: `${BASE}/posts/${at.includes('edit') ? 'edit/:postSlug' : 'add'}`,
    at,
    outletContext: adminContext(),
  });
  return { server, ...view };
}

async function write(user: ReturnType<typeof openForm>['user']) {
  await user.type(await screen.findByLabelText('Title'), 'Summer picnic');
  await user.type(screen.getByLabelText('Post'), 'Bring bread.');
}

describe('Write a Post', () => {
  it('saves a post without emailing anyone: the email box starts unticked', async () => {
    const { server, user, router } = openForm({ 'POST /api/chapter_blog_post': POST });
    await write(user);
    expect(screen.getByLabelText('Also email it to the list')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/posts`));
    expect(server.callsTo('POST', '/api/chapter_blog_post')[0]!.body).toEqual({
      chapterId: 7,
      title: 'Summer picnic',
      body: '<p>Bring bread.</p>',
    });
    expect(server.callsTo('POST', '/api/mailing_list/send_message')).toHaveLength(0);
  });

  it('says what is missing and saves nothing', async () => {
    const { server, user } = openForm();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is Required')).toBeVisible();
    expect(screen.getByText('Write the post before saving.')).toBeVisible();
    expect(server.callsTo('POST', '/api/chapter_blog_post')).toHaveLength(0);
  });

  it('ticked, emails it through Send Email’s send after asking, with the count', async () => {
    const { server, user, router } = openForm({
      'POST /api/mailing_list/send_message': { messageId: 1, recipients: 1204, postSlug: 'x' },
    });
    await write(user);
    await user.click(screen.getByLabelText('Also email it to the list'));
    await user.click(screen.getByRole('button', { name: 'Save and email' }));
    const ask = await screen.findByRole('dialog', { name: 'Send this email?' });
    expect(ask).toHaveTextContent(
      "Send 'Summer picnic' to 1,204 members of Drinking Liberally Brooklyn?",
    );
    await user.click(within(ask).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/posts`));
    expect(server.callsTo('POST', '/api/mailing_list/send_message')[0]!.body).toEqual({
      title: 'Summer picnic',
      body: '<p>Bring bread.</p>',
      listId: 'list-7',
      post: true,
    });
    // The send wrote the post: not a second one.
    expect(server.callsTo('POST', '/api/chapter_blog_post')).toHaveLength(0);
  });

  it('changes a post, keeping its id', async () => {
    const { server, user, router } = openForm(
      {
        [`GET /api/chapter_blog_post/slug/${POST.slug}`]: POST,
        'POST /api/chapter_blog_post': { ...POST, title: 'Summer picnic, moved' },
      },
      `${BASE}/posts/edit/${POST.slug}`,
    );
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Summer picnic');
    await user.type(title, ', moved');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/posts`));
    expect(server.callsTo('POST', '/api/chapter_blog_post')[0]!.body).toEqual({
      id: 4,
      chapterId: 7,
      title: 'Summer picnic, moved',
      body: '<p>Bring bread.</p>',
    });
  });
});

describe('Posts', () => {
  function openList(posts: unknown[]) {
    const server = fakeServer({
      'GET /api/chapter_blog_post/7': posts,
      [`DELETE /api/chapter_blog_post/slug/${POST.slug}`]: { result: 'success' },
    });
    const view = renderScreen(<PostsScreen />, {
      path: `${BASE}/posts`,
      outletContext: adminContext(),
    });
    return { server, ...view };
  }

  it('lists the chapter’s posts with a way to write, edit and delete each', async () => {
    openList([POST]);
    expect(await screen.findByRole('heading', { name: 'Summer picnic' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute(
      'href',
      `${BASE}/posts/add`,
    );
    expect(screen.getByRole('link', { name: 'Edit Summer picnic' })).toHaveAttribute(
      'href',
      `${BASE}/posts/edit/${POST.slug}`,
    );
    expect(screen.getByText(/Hank Host/)).toBeVisible();
  });

  it('says when there are none', async () => {
    openList([]);
    expect(await screen.findByText(/No posts yet/)).toBeVisible();
  });

  it('deletes a post only after a confirmation', async () => {
    const { server, user } = openList([POST]);
    await user.click(await screen.findByRole('button', { name: 'Delete Summer picnic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', `/api/chapter_blog_post/slug/${POST.slug}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Summer picnic' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this post?' })).getByRole('button', {
        name: 'Delete Post',
      }),
    );
    await waitFor(() =>
      expect(server.callsTo('DELETE', `/api/chapter_blog_post/slug/${POST.slug}`)).toHaveLength(1),
    );
  });
});
