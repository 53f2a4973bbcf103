import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import { timeAgo } from '../../../../common/format';
import { activityItemListSchema } from '../../../answerSchemas';
import type { ActivityItem } from '../../../../common/schemas/activity';
import { apiGet } from '../../../api';
import { InlineRetry } from '../../../components/InlineRetry';

const TYPE_LABEL: Record<ActivityItem['type'], string> = {
  chapter_note: 'Chapter note',
  user_note: 'User note',
  press_mention: 'Press mention',
  chapter_host_application: 'Host application',
};

/** How many grey items stand for the feed while it loads: a screenful, so it grows off-screen. */
const PLACEHOLDER_ITEMS = 6;

/**
 * The network's latest notes, press mentions and host applications (spec 2 §7). Until `drawn`
 * it only asks for them; then, while they come, grey items hold the place of a screenful.
 */
export function ActivityFeed({ drawn = true }: { drawn?: boolean }) {
  const query = useQuery({
    queryKey: ['activity', 'all'],
    queryFn: () =>
      apiGet('/api/activity_feed_item/all', !import.meta.env?.PROD && activityItemListSchema),
  });
  if (!drawn) return null;
  return (
    <section className="card card-body mt-4" aria-labelledby="feed-title">
      <h2 id="feed-title" className="h4">
        Activity
      </h2>
      {query.isPending && (
        <div role="status">
          <span className="visually-hidden">Loading activity...</span>
          <ul className="list-unstyled mb-0 placeholder-glow" aria-hidden="true">
            {Array.from({ length: PLACEHOLDER_ITEMS }, (_, i) => (
              <li key={i} className="border-bottom py-2">
                <span className="placeholder col-7 d-block mb-2" />
                <span className="placeholder placeholder-sm col-4 d-block" />
              </li>
            ))}
          </ul>
        </div>
      )}
      {query.isError && <InlineRetry what="activity" onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && <p className="mb-0">Nothing has happened yet.</p>}
      {query.data && query.data.length > 0 && (
        <ul className="list-unstyled mb-0">
          {query.data.map((item) => (
            <li key={item.id} className="border-bottom py-2">
              <div className="d-flex flex-wrap gap-2 align-items-baseline">
                <Badge bg="light" text="dark" className="border">
                  {TYPE_LABEL[item.type]}
                </Badge>
                <strong className="text-break">{item.title}</strong>
                {item.adminOnly && (
                  <Badge bg="warning" text="dark">
                    Admin Only
                  </Badge>
                )}
              </div>
              {item.note && <div className="text-break text-prewrap mt-1">{item.note}</div>}
              <div className="small text-body-secondary">
                {item.user?.name ?? 'Someone'} ·{' '}
                <time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
