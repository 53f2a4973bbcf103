import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatMediumDate } from '../../../common/format';
import { pressMentionSchema } from '../../../common/schemas/chapters';
import { apiGet } from '../../api';
import { InlineRetry } from '../../components/InlineRetry';
import { useReaderKey } from '../auth/useReaderKey';

const listSchema = z.array(pressMentionSchema);

interface Props {
  title: string;
  /** The API call giving the mentions. */
  path: string;
  /** Say nothing at all when there are none (the state and chapter screens). */
  hideWhenEmpty?: boolean;
  viewAll?: boolean;
}

/** Press mentions: title linked to the article, the chapter, the date. */
export function PressMentionList({ title, path, hideWhenEmpty = false, viewAll = false }: Props) {
  // A hidden chapter's mentions are listed to its hosts and admins.
  const readerKey = useReaderKey();
  const query = useQuery({
    queryKey: readerKey(['press', path]),
    queryFn: () => apiGet(path, listSchema),
  });
  if (hideWhenEmpty && (!query.data || query.data.length === 0)) return null;
  return (
    <section aria-label={title} className="mb-4">
      <h2 className="h4">{title}</h2>
      {query.isPending && <p>Loading press mentions...</p>}
      {query.isError && <InlineRetry what="press mentions" onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && <p>No press mentions yet.</p>}
      <ul className="list-unstyled">
        {query.data?.map((m) => (
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
      {viewAll && <Link to="/press_mentions">View All</Link>}
    </section>
  );
}
