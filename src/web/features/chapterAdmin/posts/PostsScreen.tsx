import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { ChapterPost } from '../../../../common/schemas/chapters';
import { formatMediumDate } from '../../../../common/format';
import { resultSchema } from '../../../answerSchemas';
import { apiSend } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryState } from '../../../components/QueryState';
import { errorMessage } from '../../../components/forms/errorMessage';
import { useToast } from '../../../components/toasts';
import { useAdminChapter, useRefreshChapter } from '../useAdminChapter';
import { chapterPostsKey, useChapterPosts } from './postsQuery';

/**
 * Posts (issue 35): the chapter's posts, newest first, to write, change and delete without
 * emailing anyone (the editor offers to email a post too; Send Email still posts what it sends).
 */
export function PostsScreen() {
  const { chapter, base } = useAdminChapter();
  const query = useChapterPosts(chapter.id);
  const queryClient = useQueryClient();
  const refreshChapter = useRefreshChapter();
  const toast = useToast();
  const [doomed, setDoomed] = useState<ChapterPost | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!doomed) return;
    setBusy(true);
    setError(null);
    try {
      await apiSend(
        'DELETE',
        `/api/chapter_blog_post/slug/${encodeURIComponent(doomed.slug)}`,
        undefined,
        !import.meta.env?.PROD && resultSchema,
      );
      toast.show({ type: 'success', title: 'Post deleted', message: `“${doomed.title}” is gone.` });
      setDoomed(null);
      await queryClient.invalidateQueries({ queryKey: chapterPostsKey(chapter.id) });
      void refreshChapter();
    } catch (err) {
      setError(errorMessage(err, 'The post could not be deleted. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="posts-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="posts-title" className="h2 mb-0 me-auto">
          Posts
        </h1>
        <Link to={`${base}/posts/add`} className="btn btn-primary">
          Write a post
        </Link>
      </div>
      <p>
        Posts show on the chapter page. Writing one emails nobody unless you tick &quot;Also email
        it to the list&quot;.
      </p>
      <QueryState query={query} what="posts">
        {(posts) =>
          posts.length === 0 ? (
            <div className="card card-body">
              <p className="mb-0">
                No posts yet. Write one to tell visitors what the chapter is up to.
              </p>
            </div>
          ) : (
            <ul className="list-group" aria-label="The chapter's posts">
              {posts.map((p) => (
                <li
                  key={p.slug}
                  className="list-group-item d-flex flex-wrap align-items-center gap-2"
                >
                  <div className="me-auto text-break">
                    <h2 className="h6 mb-0">{p.title}</h2>
                    <small className="text-body-secondary">
                      {formatMediumDate(p.createdAt)}
                      {p.user ? ` · ${p.user.name}` : ''}
                    </small>
                  </div>
                  <div className="d-flex gap-2">
                    <Link
                      to={`${base}/posts/edit/${p.slug}`}
                      className="btn btn-sm btn-outline-secondary"
                      aria-label={`Edit ${p.title}`}
                    >
                      Edit
                    </Link>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Delete ${p.title}`}
                      onClick={() => {
                        setError(null);
                        setDoomed(p);
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <ConfirmDialog
        show={doomed !== null}
        title="Delete this post?"
        confirmLabel="Delete Post"
        busy={busy}
        error={error}
        onConfirm={() => void remove()}
        onCancel={() => setDoomed(null)}
      >
        <p className="mb-0">
          “{doomed?.title}” will no longer be on the chapter page. This cannot be undone. (An email
          already sent with it stays sent.)
        </p>
      </ConfirmDialog>
    </section>
  );
}
