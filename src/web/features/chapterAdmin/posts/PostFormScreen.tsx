import { useParams } from 'react-router';
import { EditorScreen } from '../../../components/forms/EditorScreen';
import { QueryState } from '../../../components/QueryState';
import { useAdminChapter } from '../useAdminChapter';
import { PostForm } from './PostForm';
import { useChapterPost } from './postsQuery';

/** Posts (issue 35): write at posts/add, change at posts/edit/{post slug}. */
export function PostFormScreen() {
  const { postSlug } = useParams();
  const { base } = useAdminChapter();
  return (
    <EditorScreen
      title={postSlug ? 'Edit Post' : 'Write a Post'}
      listPath={`${base}/posts`}
      listLabel="All Posts"
    >
      {postSlug ? <EditPost slug={postSlug} /> : <PostForm />}
    </EditorScreen>
  );
}

function EditPost({ slug }: { slug: string }) {
  const { chapter } = useAdminChapter();
  const query = useChapterPost(slug);
  return (
    <QueryState query={query} what="post">
      {(p) =>
        p.chapterId === chapter.id ? (
          <PostForm key={p.slug} post={p} />
        ) : (
          <p className="mb-0">This post belongs to another chapter.</p>
        )
      }
    </QueryState>
  );
}
