import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMediumDate } from '../../../common/format';
import { blogPostPageSchema } from '../../answerSchemas';
import { apiGet } from '../../api';
import { InlineRetry } from '../../components/InlineRetry';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { PageSpinner } from '../../components/PageSpinner';

/**
 * The network's blog, five at a time with Load More (pages from 0): a section of the home page,
 * or the whole of /blog (`page`, the footer's Blog), under the page's own heading.
 */
export function BlogPostList({ page = false }: { page?: boolean }) {
  const query = useInfiniteQuery({
    queryKey: ['blog', 'public'],
    queryFn: ({ pageParam }) =>
      apiGet(`/api/blog_post/public/${pageParam}`, !import.meta.env?.PROD && blogPostPageSchema),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length : undefined),
  });
  const posts = query.data?.pages.flatMap((p) => p.posts) ?? [];
  return (
    <section aria-labelledby="blog-title" className="mb-4">
      {page ? (
        <h1 id="blog-title">Blog</h1>
      ) : (
        <h2 id="blog-title" className="h4">
          From the blog
        </h2>
      )}
      {query.isPending && <PageSpinner label="Loading posts..." />}
      {query.isError && <InlineRetry what="posts" onRetry={() => void query.refetch()} />}
      {query.isSuccess && posts.length === 0 && <p>No posts yet.</p>}
      {posts.map((post) => (
        <article key={post.slug} className="mb-3">
          <h3 className="h5 mb-0">
            <Link to={`/blog/${post.slug}`}>{post.title}</Link>
          </h3>
          <p className="small text-body-secondary mb-0">
            {formatMediumDate(post.createdAt)}
            {post.user ? ` · ${post.user.name}` : ''}
          </p>
        </article>
      ))}
      <LoadMoreButton pages={query} />
    </section>
  );
}
