import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { useParams } from 'react-router';
import { formatMediumDate } from '../../../common/format';
import { blogPostSchema, pageSchema, wikiPageSchema } from '../../answerSchemas';
import { apiGet } from '../../api';
import { useReaderKey } from '../../hooks/useReaderKey';
import { QueryState } from '../../components/QueryState';
import { RichText } from '../../components/richText/RichText';

function PageBySlug({ slug }: { slug: string }) {
  // Non-public content is an admin's to read: their own answer, not a visitor's kept one.
  const readerKey = useReaderKey();
  const query = useQuery({
    queryKey: readerKey(['page', slug]),
    queryFn: () =>
      apiGet(`/api/page/slug/${encodeURIComponent(slug)}`, !import.meta.env?.PROD && pageSchema),
    retry: false,
  });
  return (
    <QueryState query={query} what="page">
      {(page) => (
        <article>
          <h1>{page.title}</h1>
          <RichText html={page.body} />
        </article>
      )}
    </QueryState>
  );
}

/** /about and /chapter_types: the pages of those slugs. */
export const AboutScreen = () => <PageBySlug slug="about" />;
export const ChapterTypesScreen = () => <PageBySlug slug="chapter_types" />;

/** /page/:slug */
export function PageScreen() {
  const { slug = '' } = useParams();
  return <PageBySlug slug={slug} />;
}

/** /blog/:slug */
export function BlogPostScreen() {
  const { slug = '' } = useParams();
  const readerKey = useReaderKey();
  const query = useQuery({
    queryKey: readerKey(['blog', slug]),
    queryFn: () =>
      apiGet(
        `/api/blog_post/slug/${encodeURIComponent(slug)}`,
        !import.meta.env?.PROD && blogPostSchema,
      ),
    retry: false,
  });
  return (
    <QueryState query={query} what="blog post">
      {(post) => (
        <article>
          <h1>{post.title}</h1>
          <p className="text-body-secondary">
            {formatMediumDate(post.createdAt)}
            {post.user ? ` · ${post.user.name}` : ''}
          </p>
          <RichText html={post.body} />
        </article>
      )}
    </QueryState>
  );
}

/** /wiki/:slug; a non-public page reaches admins only, with a warning (spec 1 §6). */
export function WikiScreen() {
  const { slug = '' } = useParams();
  const readerKey = useReaderKey();
  const query = useQuery({
    queryKey: readerKey(['wiki', slug]),
    queryFn: () =>
      apiGet(
        `/api/wiki_page/slug/${encodeURIComponent(slug)}`,
        !import.meta.env?.PROD && wikiPageSchema,
      ),
    retry: false,
  });
  return (
    <QueryState query={query} what="wiki page">
      {(page) => (
        <article>
          {!page.isPublic && (
            <Alert variant="warning">This page is not public. Only Admins can see it.</Alert>
          )}
          <h1>{page.title}</h1>
          <RichText html={page.body} />
        </article>
      )}
    </QueryState>
  );
}
