import { useQueryClient } from '@tanstack/react-query';
import { InlineRetry } from '../../../components/InlineRetry';
import { SetupChecklist } from '../../../components/chapterSetup/SetupChecklist';
import { SendList } from '../sends/SendList';
import { useAdminChapter, useRefreshChapter } from '../useAdminChapter';
import { LapseWarning } from './LapseWarning';
import { ChapterFigures } from './ChapterFigures';
import { useChapterFigures } from './useChapterFigures';
import { NextMeetings } from './NextMeetings';
import { DateRsvpSummary } from './DateRsvpSummary';
import { AttendanceHistory } from './AttendanceHistory';
import { RecentActivity } from './RecentActivity';
import { ReminderSummary } from './ReminderSummary';

/**
 * The chapter dashboard (spec 2 §2 leaves it open): what a host needs at a glance, each part
 * linking to the screen where it is changed.
 */
export function DashboardScreen() {
  const { chapter, base } = useAdminChapter();
  const refresh = useRefreshChapter();
  const queryClient = useQueryClient();
  // Members, last email, last event and health as the server defines them for every screen.
  const figures = useChapterFigures(chapter.id);
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="h2">
        Dashboard
      </h1>
      {/* A hidden chapter's way to going live (issue 35): its hosts', and for an admin with
          Make active. Once active, the chapter and its health are read again. */}
      {chapter.status !== 1 && (
        <SetupChecklist
          chapter={chapter}
          base={base}
          onActivated={async () => {
            await refresh();
            await queryClient.invalidateQueries({ queryKey: ['chapter-figures', chapter.id] });
          }}
        />
      )}
      {figures.isPending ? (
        <p className="text-body-secondary">Loading the chapter's figures…</p>
      ) : figures.isError ? (
        <InlineRetry what="chapter's figures" onRetry={() => void figures.refetch()} />
      ) : (
        <>
          <LapseWarning
            lastEmail={figures.data.lastEmailAt}
            active={chapter.status === 1}
            emailPath={`${base}/email`}
          />
          <ChapterFigures chapterId={chapter.id} figures={figures.data} base={base} />
        </>
      )}
      <SendList chapterId={chapter.id} timeZone={chapter.timeZone} />
      <NextMeetings chapter={chapter} eventsPath={`${base}/events`} />
      <DateRsvpSummary chapterId={chapter.id} base={base} />
      <ReminderSummary chapter={chapter} base={base} />
      <AttendanceHistory chapterId={chapter.id} />
      <RecentActivity chapterId={chapter.id} />
    </section>
  );
}
