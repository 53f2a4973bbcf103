import { Link } from 'react-router';
import { ROLES } from '../../../common/constants';
import { addressLine } from '../../../common/address';
import { formatMediumDate, formatTime } from '../../../common/format';
import { hasHostAccess } from '../../../common/policy';
import { frequencyText } from '../../../common/frequencyText';
import type { ChapterSummary, NextEvent } from '../../../common/schemas/chapters';
import { ChapterTypeBadge } from './ChapterTypeBadge';
import { MeetingCard } from './MeetingCard';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { GoingCount } from '../rsvp/GoingCount';

/** A summary with when it next meets (the state list's and My Chapters' answers). */
export type ChapterWithNext = ChapterSummary & { nextEvent: NextEvent | null; timeZone: string };

/**
 * Spec 1 §2 "Chapter list item" as a card, on the state screen (under its h2 "Chapters") and My
 * Chapters (right under the h1, so its titles are h2: a screen reader's outline skips no level).
 * It leads with the chapter's next meeting (issue 25); the 'Last Active' date is for those who
 * run the chapter, not for visitors choosing one.
 */
export function ChapterListItem({
  chapter,
  headingLevel = 3,
}: {
  chapter: ChapterWithNext;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { user } = useCurrentUser();
  const base = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  const hosts = hasHostAccess(user, chapter.id);
  const roles = ROLES.filter(
    (r) =>
      (r.id === 3 && user?.chapterHostChapterIds.includes(chapter.id)) ||
      (r.id === 2 && user?.fieldOrganizerChapterIds.includes(chapter.id)),
  ).map((r) => r.name);
  const next = chapter.nextEvent;
  const nextEvent = next && chapter.chapter_events.find((e) => e.id === next.eventId);
  const others = chapter.chapter_events.filter((e) => e.id !== next?.eventId);
  return (
    <li className="col">
      <article
        className={`card h-100 chapter-card chapter-card-type-${chapter.chapterTypeId}${
          chapter.status === 1 ? '' : ' chapter-inactive'
        }`}
        aria-labelledby={`chapter-card-${chapter.id}`}
      >
        <div className="card-body d-flex flex-column gap-2">
          <div>
            <ChapterTypeBadge type={chapter.chapter_type} />
            <Heading id={`chapter-card-${chapter.id}`} className="h5 mb-0 mt-1 chapter-card-title">
              <Link to={base}>{chapter.displayTitle}</Link>
              {chapter.status !== 1 && <span className="badge text-bg-secondary ms-2">Hidden</span>}
            </Heading>
          </div>
          {next ? (
            <MeetingCard
              typeId={chapter.chapterTypeId}
              meeting={{
                date: next.date,
                startTime: next.startTime,
                endTime: next.endTime,
                timeZone: chapter.timeZone,
                name: next.name,
                place: addressLine(nextEvent ?? { ...next, postalCode: '' }),
                path: nextEvent ? `${base}/events/${nextEvent.slug}` : undefined,
              }}
            >
              {nextEvent && (
                <GoingCount
                  className="mt-1"
                  date={{ eventSlug: nextEvent.slug, date: next.date }}
                  known={{ going: next.going, capacity: nextEvent.capacity }}
                />
              )}
            </MeetingCard>
          ) : (
            <p className="small text-body-secondary mb-0">No meeting is planned right now.</p>
          )}
          {others.length > 0 && (
            <ul className="list-unstyled small mb-0">
              {others.map((e) => (
                <li key={e.id}>
                  Also: <strong>{e.name}</strong>, {frequencyText(e, formatMediumDate)},{' '}
                  {formatTime(e.startTime)}–{formatTime(e.endTime)}
                </li>
              ))}
            </ul>
          )}
          {(hosts || roles.length > 0) && (
            <p className="small text-body-secondary mb-0">
              {roles.length > 0 && <>Your roles: {roles.join(', ')} · </>}
              Last Active:{' '}
              {chapter.lastBlogPostDate ? formatMediumDate(chapter.lastBlogPostDate) : 'Never'}
            </p>
          )}
          {(hosts || chapter.email) && (
            <div className="d-flex flex-wrap gap-2 mt-auto pt-1">
              {chapter.email && (
                <a href={`mailto:${chapter.email}`} className="btn btn-sm btn-outline-secondary">
                  Contact Host
                </a>
              )}
              {hosts && (
                <Link to={`${base}/admin`} className="btn btn-sm btn-outline-primary">
                  Manage chapter
                </Link>
              )}
            </div>
          )}
        </div>
      </article>
    </li>
  );
}

/** The cards in a grid: one column on a phone, two from a tablet up. */
export function ChapterCardList({ children }: { children: React.ReactNode }) {
  return (
    <ul className="list-unstyled row row-cols-1 row-cols-md-2 g-3 chapter-cards">{children}</ul>
  );
}
