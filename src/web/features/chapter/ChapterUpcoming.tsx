import { addressLine } from '../../../common/address';
import { CHAPTER_TYPE_SUFFIX, MAP } from '../../../common/constants';
import { formatMediumDate } from '../../../common/format';
import type { Chapter, ChapterEvent, UpcomingDate } from '../../../common/schemas/chapters';
import { LazyChapterMap } from '../../components/map/LazyChapterMap';
import { ChapterPinPopup } from '../../components/chapterPin/ChapterPinPopup';
import { MeetingCard, type Meeting } from '../../components/cards/MeetingCard';
import { AddToCalendarMenu } from '../../components/calendar/AddToCalendarMenu';
import { SubscribeLink } from '../../components/calendar/SubscribeLink';
import { GoingCount } from '../../components/rsvp/GoingCount';
import { RsvpButton } from '../../components/rsvp/RsvpButton';
import {
  chapterRecurrenceText,
  dateWithWeekday,
  recurrenceText,
} from '../../../common/eventSchedule';
import { ChapterEvents } from './ChapterEvents';

type Dated = UpcomingDate & { event: ChapterEvent };

/** A moved meeting keeps the times of the date it moved to. */
const timesOf = (d: Dated) => ({
  startTime: d.startTime ?? d.event.startTime,
  endTime: d.endTime ?? d.event.endTime,
});

function MovedNote({ date }: { date: Dated }) {
  if (!date.movedFrom) return null;
  return (
    <span className="badge text-bg-info fw-normal">
      Moved from {formatMediumDate(date.movedFrom)}
      {date.note ? `: ${date.note}` : ''}
    </span>
  );
}

/**
 * The chapter's meetings in one section (issue 35: each date once): how often each event meets,
 * then the next four dates (spec 1 §2), the first as Next Event with its map, the rest as dates
 * alone, named only when the chapter has more than one event.
 */
export function ChapterUpcoming({ chapter, base }: { chapter: Chapter; base: string }) {
  const events = new Map(chapter.chapter_events.map((e) => [e.id, e]));
  const dates = chapter.upcoming.flatMap((u) => {
    const event = events.get(u.eventId);
    return event ? [{ ...u, event }] : [];
  });
  const [next, ...more] = dates;
  const calendar = `/api/chapter_calendar/${encodeURIComponent(chapter.slug)}/events.ics`;
  const eventPath = (e: ChapterEvent) =>
    `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}/events/${e.slug}`;
  const meetingOf = (d: Dated): Meeting => ({
    date: d.date,
    ...timesOf(d),
    start: d.start,
    timeZone: chapter.timeZone,
    name: d.event.name,
    place: addressLine(d.event),
    path: eventPath(d.event),
  });
  const severalEvents = chapter.chapter_events.length > 1;
  // A later date of the one event: its tile and times; the card above names the place.
  const laterOf = (d: Dated): Meeting =>
    severalEvents
      ? { ...meetingOf(d), place: '' }
      : { ...meetingOf(d), name: undefined, place: '' };
  return (
    <section aria-labelledby="meetings-title" className="mb-4">
      <h2 id="meetings-title" className="h4">
        Meetings
      </h2>
      <ChapterEvents chapter={chapter} base={base} />
      <section aria-labelledby="next-event-title">
        <h3 id="next-event-title" className="h5">
          Next Event
        </h3>
        {!next && <p>No meetings are scheduled right now.</p>}
        {next && (
          <div className="mb-3">
            <MeetingCard className="mb-2" typeId={chapter.chapterTypeId} meeting={meetingOf(next)}>
              <MovedNote date={next} />
              {next.event.description && (
                <p className="small text-body-secondary mb-0 mt-1">{next.event.description}</p>
              )}
              <div className="mt-2 d-flex flex-wrap align-items-center gap-2">
                <RsvpButton
                  // An RSVP belongs to the date the rule gives; a moved meeting keeps it.
                  date={{ eventSlug: next.event.slug, date: next.movedFrom ?? next.date }}
                  when={dateWithWeekday(next.date)}
                  chapterName={chapter.displayTitle}
                  maxGuests={next.event.maxGuests}
                />
                <GoingCount
                  date={{ eventSlug: next.event.slug, date: next.movedFrom ?? next.date }}
                  known={{ going: next.going, capacity: next.event.capacity }}
                />
              </div>
              <div className="mt-2">
                <AddToCalendarMenu
                  id="chapter-add-to-calendar"
                  occurrence={{
                    title: `${chapter.chapter_type.name} ${CHAPTER_TYPE_SUFFIX} ${chapter.displayTitle} at ${next.event.name}`,
                    location: [next.event.name, addressLine(next.event)].filter(Boolean).join(', '),
                    details: next.event.description,
                    path: eventPath(next.event),
                    when: { start: next.start, end: next.end },
                  }}
                  icsPath={`/api/chapter_calendar/event/${encodeURIComponent(next.event.slug)}/event.ics`}
                  feedPath={calendar}
                  repeats={recurrenceText(next.event)}
                  feedRepeats={chapterRecurrenceText(chapter.chapter_events)}
                />
              </div>
            </MeetingCard>
            {next.event.lat !== 0 && next.event.lng !== 0 && (
              <LazyChapterMap
                size="short"
                view={{ center: [next.event.lat, next.event.lng], zoom: MAP.chapterZoom }}
                pins={[
                  {
                    key: 'next',
                    lat: next.event.lat,
                    lng: next.event.lng,
                    chapterTypeId: chapter.chapterTypeId,
                    label: next.event.name,
                    popup: (
                      <ChapterPinPopup chapter={chapter} event={next.event} date={next.date} />
                    ),
                  },
                ]}
                label={`Map of ${next.event.name}`}
              />
            )}
          </div>
        )}
      </section>
      {more.length > 0 && (
        <>
          <h3 className="h5">More Upcoming Events</h3>
          <ul className="list-unstyled upcoming-dates d-grid gap-2">
            {more.map((d) => (
              <li key={`${d.eventId}-${d.date}`}>
                <MeetingCard typeId={chapter.chapterTypeId} meeting={laterOf(d)}>
                  <MovedNote date={d} />
                </MeetingCard>
              </li>
            ))}
          </ul>
        </>
      )}
      {!next && chapter.chapter_events.length > 0 && (
        <SubscribeLink feedPath={calendar}>Subscribe to the chapter’s calendar</SubscribeLink>
      )}
    </section>
  );
}
