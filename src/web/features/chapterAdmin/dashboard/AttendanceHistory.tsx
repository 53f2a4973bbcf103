import { useQuery } from '@tanstack/react-query';
import { dateWithWeekday } from '../../../../common/eventSchedule';
import { attendanceHistorySchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import { InlineRetry } from '../../../components/InlineRetry';

/**
 * The chapter's last six meetings (issue 33): how many said they were going beside how many
 * came, each as a bar of the same scale, so a host sees at a glance whether RSVPs turn up.
 */
export function AttendanceHistory({ chapterId }: { chapterId: number }) {
  const query = useQuery({
    queryKey: ['attendance-history', chapterId],
    queryFn: () =>
      apiGet(
        `/api/chapter_event/chapter/${chapterId}/attendance_history`,
        !import.meta.env?.PROD && attendanceHistorySchema,
      ),
  });
  let body;
  if (query.isPending) body = <p className="text-body-secondary mb-0">Loading the meetings…</p>;
  else if (query.isError)
    body = <InlineRetry what="last meetings" onRetry={() => void query.refetch()} />;
  else if (query.data.meetings.length === 0)
    body = <p className="mb-0">No meetings in the last year yet.</p>;
  else {
    const meetings = query.data.meetings;
    const most = Math.max(1, ...meetings.flatMap((m) => [m.going, m.attended ?? 0]));
    const bar = (n: number, kind: 'going' | 'attended') => (
      <div className="attendance-bar-track" aria-hidden="true">
        <div
          className={`attendance-bar attendance-bar-${kind}`}
          style={{ width: `${(100 * n) / most}%` }}
        />
      </div>
    );
    // Three short columns fit a phone: no scrolling box, which would need a keyboard stop.
    body = (
      <table className="table table-sm align-middle mb-0 attendance-history">
        <thead>
          <tr>
            <th scope="col">Meeting</th>
            <th scope="col" className="text-end">
              Going
            </th>
            <th scope="col" className="text-end">
              Attended
            </th>
          </tr>
        </thead>
        <tbody>
          {meetings.map((m) => (
            <tr key={`${m.slug}-${m.date.date}`}>
              <td>
                <span className="text-nowrap">{dateWithWeekday(m.date.meetsOn)}</span>
                <div className="small text-body-secondary">{m.eventName}</div>
              </td>
              <td className="text-end attendance-cell">
                {m.going}
                {bar(m.going, 'going')}
              </td>
              <td className="text-end attendance-cell">
                {m.attended === null ? (
                  <span className="small text-body-secondary">Not counted</span>
                ) : (
                  <>
                    {m.attended}
                    {bar(m.attended, 'attended')}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <section className="card card-body mb-3" aria-labelledby="attendance-title">
      <h2 id="attendance-title" className="h5">
        Last meetings: going and attended
      </h2>
      {body}
    </section>
  );
}
