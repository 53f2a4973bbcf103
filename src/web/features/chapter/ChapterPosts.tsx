import { useInfiniteQuery } from '@tanstack/react-query';
import { formatMediumDate } from '../../../common/format';
import { chapterPostPageSchema } from '../../answerSchemas';
import { apiGet } from '../../api';
import { InlineRetry } from '../../components/InlineRetry';
import { LoadMoreButton } from '../../components/LoadMoreButton';

/** The chapter's posts (its sent emails), a page at a time with Load More. */
export function ChapterPosts({ chapterId }: { chapterId: number }) {
  const query = useInfiniteQuery({
    queryKey: ['chapter-posts', chapterId],
    queryFn: ({ pageParam }) =>
      apiGet(
        `/api/chapter_blog_post/public/${chapterId}/${pageParam}`,
        !import.meta.env?.PROD && chapterPostPageSchema,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length : undefined),
  });
  const posts = query.data?.pages.flatMap((p) => p.posts) ?? [];
  return (
    <section aria-labelledby="posts-title" className="mb-4">
      <h2 id="posts-title" className="h4">
        Posts
      </h2>
      {query.isPending && <p>Loading posts...</p>}
      {query.isError && <InlineRetry what="posts" onRetry={() => void query.refetch()} />}
      {query.isSuccess && posts.length === 0 && <p>No posts yet</p>}
      {posts.map((post) => (
        <article
          key={post.id}
          id={`post-${post.slug}`}
          className="chapter-post border-bottom pb-2 mb-3"
        >
          <h3 className="h5 mb-0">{post.title}</h3>
          <p className="small text-body-secondary">
            {formatMediumDate(post.createdAt)}
            {post.user ? ` · ${post.user.name}` : ''}
          </p>
          {/* Sanitized by the server before it was saved and again on the way out. */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: post.body }} />
        </article>
      ))}
      <LoadMoreButton pages={query} />
    </section>
  );
}
