import { Link } from 'react-router';
import type { Chapter } from '../../../../common/schemas/chapters';
import { hourText } from '../settings/reminderForm';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

/**
 * The chapter's email that goes by itself, in words, with the way to change it (issue 34). The
 * side menu shows Chapter Settings to field organizers only (spec 2 §2), yet the reminders are
 * the host's to set: this is how a host finds them.
 */
export function ReminderSummary({ chapter, base }: { chapter: Chapter; base: string }) {
  const lines = [
    chapter.reminderDaysBefore > 0
      ? `The list is reminded ${days(chapter.reminderDaysBefore)} before each meeting, at ${hourText(chapter.reminderHour)}.`
      : 'The list gets no reminder before meetings.',
    chapter.rsvpReminderHours > 0
      ? `Those going are reminded ${hours(chapter.rsvpReminderHours)} before the start.`
      : 'Those going get no reminder.',
    chapter.hostDigestHours > 0
      ? `The hosts get who is going ${hours(chapter.hostDigestHours)} before the start.`
      : 'The hosts get no list of who is going.',
  ];
  return (
    <section className="card card-body mb-3" aria-labelledby="reminder-summary-title">
      <h2 id="reminder-summary-title" className="h5">
        Email that goes by itself
      </h2>
      <ul className="mb-2">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mb-0">
        <Link to={`${base}/settings#reminders`}>Change the reminders</Link>
      </p>
    </section>
  );
}
