import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../../common/constants';
import { formatMediumDate } from '../../../common/format';
import { pressMentionListSchema } from '../../answerSchemas';
import type { PressMention } from '../../../common/schemas/chapters';
import { pressPagePath } from '../../../common/pressPages';
import { apiGet } from '../../api';
import { InlineRetry } from '../InlineRetry';
import { LoadMoreButton } from '../LoadMoreButton';
import { useReaderKey } from '../../hooks/useReaderKey';

interface Props {
  title: string;
  /** The API call giving the mentions. */
  path: string;
  /** Say nothing at all when there are none (the state and chapter screens). */
  hideWhenEmpty?: boolean;
  /**
   * The few newest that `path` answers (the home page's), with a link to them all. Without it the
   * list is a page at a time: `shown` at first, then more with Load More.
   */
  viewAll?: boolean;
  shown?: number;
}

/** Press mentions: title linked to the article, the chapter, the date. */
export function PressMentionList({ viewAll = false, shown, ...props }: Props) {
  return viewAll ? (
    <RecentMentions {...props} />
  ) : (
    <PagedMentions {...props} shown={shown ?? LIMITS.pressMentionsShown} />
  );
}

type ListProps = Pick<Props, 'title' | 'path' | 'hideWhenEmpty'>;

function RecentMentions({ title, path, hideWhenEmpty }: ListProps) {
  // A hidden chapter's mentions are listed to its hosts and admins.
  const readerKey = useReaderKey();
  const query = useQuery({
    queryKey: readerKey(['press', path]),
    queryFn: () => apiGet(path, !import.meta.env?.PROD && pressMentionListSchema),
  });
  return (
    <MentionSection title={title} hideWhenEmpty={hideWhenEmpty} query={query} mentions={query.data}>
      <Link to="/press_mentions">View All</Link>
    </MentionSection>
  );
}

/**
 * A list of up to a hundred mentions a chapter, or many more a state, asked for a page at a time
 * (common/schemas/pressPages.ts): one more than shown, whose coming says there are more. The
 * first page's address is the one a page drawn on the server carries (seo/meta.ts).
 */
function PagedMentions({ title, path, hideWhenEmpty, shown }: ListProps & { shown: number }) {
  const readerKey = useReaderKey();
  // Page 0 holds `shown`, each later page LIMITS.pressMentionsMore.
  const sizeOf = (page: number) => (page === 0 ? shown : LIMITS.pressMentionsMore);
  const offsetOf = (page: number) =>
    page === 0 ? 0 : shown + (page - 1) * LIMITS.pressMentionsMore;
  const query = useInfiniteQuery({
    queryKey: readerKey(['press', path, shown]),
    queryFn: ({ pageParam }) =>
      apiGet(
        pressPagePath(path, offsetOf(pageParam), sizeOf(pageParam) + 1),
        !import.meta.env?.PROD && pressMentionListSchema,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length > sizeOf(pages.length - 1) ? pages.length : undefined,
  });
  const pages = query.data?.pages.map((page, i) => page.slice(0, sizeOf(i)));
  // A mention added meanwhile moves the rest down one: the one shown twice is shown once.
  const mentions = pages && [...new Map(pages.flat().map((m) => [m.slug, m])).values()];
  return (
    <MentionSection title={title} hideWhenEmpty={hideWhenEmpty} query={query} mentions={mentions}>
      <LoadMoreButton pages={query} />
    </MentionSection>
  );
}

interface SectionProps extends Pick<Props, 'title' | 'hideWhenEmpty'> {
  query: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
  mentions: PressMention[] | undefined;
  /** Below the list: the way to more. */
  children: ReactNode;
}

function MentionSection({ title, hideWhenEmpty, query, mentions, children }: SectionProps) {
  if (hideWhenEmpty && (!mentions || mentions.length === 0)) return null;
  return (
    <section aria-label={title} className="mb-4">
      <h2 className="h4">{title}</h2>
      {query.isPending && <p>Loading press mentions...</p>}
      {query.isError && <InlineRetry what="press mentions" onRetry={() => void query.refetch()} />}
      {mentions?.length === 0 && <p>No press mentions yet.</p>}
      <ul className="list-unstyled">
        {mentions?.map((m) => (
          <li key={m.slug} className="mb-2">
            <a href={m.url} target="_blank" rel="noopener noreferrer">
              {m.title}
            </a>
            {m.notes && <span className="d-block small">{m.notes}</span>}
            <span className="small text-body-secondary d-block">
              {m.chapter && (
                <>
                  <Link to={`/chapter/${m.chapter.state.toLowerCase()}/${m.chapter.slug}`}>
                    {m.chapter.displayTitle}
                  </Link>
                  {' · '}
                </>
              )}
              {formatMediumDate(m.createdAt)}
            </span>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
