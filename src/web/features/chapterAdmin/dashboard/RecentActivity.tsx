import { useQuery } from '@tanstack/react-query';
import { timeAgo } from '../../../../common/format';
import { activityItemListSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import { InlineRetry } from '../../../components/InlineRetry';

const SHOWN = 10;

/** The chapter's latest notes and press mentions. */
export function RecentActivity({ chapterId }: { chapterId: number }) {
  const query = useQuery({
    queryKey: ['activity', 'chapter', chapterId],
    queryFn: () =>
      apiGet(
        `/api/activity_feed_item/chapter/${chapterId}`,
        !import.meta.env?.PROD && activityItemListSchema,
      ),
  });
  return (
    <section className="card card-body" aria-labelledby="activity-title">
      <h2 id="activity-title" className="h5">
        Recent activity
      </h2>
      {query.isPending && <p className="mb-0">Loading...</p>}
      {query.isError && <InlineRetry what="activity" onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && (
        <p className="mb-0">Nothing yet: notes and press mentions show here.</p>
      )}
      {query.data && query.data.length > 0 && (
        <ul className="list-unstyled mb-0">
          {query.data.slice(0, SHOWN).map((item) => (
            <li key={item.id} className="mb-2">
              <div>
                <strong>{item.title}</strong>
                {item.adminOnly && <span className="badge text-bg-warning ms-2">Admin Only</span>}
              </div>
              {item.note && <div className="text-truncate">{item.note}</div>}
              <div className="small text-body-secondary">
                {item.user?.name ?? 'Someone'} · {timeAgo(item.createdAt)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
