import { useQuery } from '@tanstack/react-query';
import { adminDashboardSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import { QueryState } from '../../../components/QueryState';
import { useAllChapters } from '../chapters/chaptersQuery';
import { ActivityFeed } from './ActivityFeed';
import { ChapterHealthTable } from './ChapterHealthTable';
import { EmailQueueCard } from './EmailQueueCard';
import { NetworkCounts } from './NetworkCounts';

/**
 * /admin (spec 2 §2 asks for placeholder counts and an activity feed): the network's real counts,
 * the chapter email queue, every chapter's health with the lapsed ones flagged, then the
 * activity feed.
 */
export function DashboardScreen() {
  const dashboard = useQuery({
    queryKey: ['admin-dashboard'],
    queryFn: () => apiGet('/api/admin/dashboard', !import.meta.env?.PROD && adminDashboardSchema),
  });
  // Only for each chapter's type, to filter by it; the table works without it.
  const chapters = useAllChapters();
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="h2">
        Admin Dashboard
      </h1>
      <QueryState query={dashboard} what="dashboard">
        {(data) => (
          <>
            <NetworkCounts counts={data.counts} />
            <EmailQueueCard />
            <ChapterHealthTable chapters={data.chapters} summaries={chapters.data} />
          </>
        )}
      </QueryState>
      {/* Drawn once the table above is: drawn before, it was pushed down the screen as the
          table came (CLS 0.105 on a phone). Its answer is asked for at once all the same. */}
      <ActivityFeed drawn={!dashboard.isPending} />
    </section>
  );
}
