import { useParams } from 'react-router';
import { EditorScreen } from '../../../components/forms/EditorScreen';
import { QueryState } from '../../../components/QueryState';
import { useAdminChapter } from '../useAdminChapter';
import { EventForm } from './EventForm';
import { eventValues, newEventValues } from './eventFormValues';
import { useEvent } from './useEvent';

/** Spec 2 §2 Events: one screen adds (events/add) and edits (events/edit/{slug}) an event. */
export function EventFormScreen() {
  const { eventSlug } = useParams();
  const { chapter, base } = useAdminChapter();
  const title = eventSlug ? 'Edit Event' : 'Add Event';
  return (
    <EditorScreen title={title} listPath={`${base}/events`} listLabel="All Events">
      {eventSlug ? (
        <EditEvent slug={eventSlug} chapterId={chapter.id} />
      ) : (
        <EventForm initial={newEventValues(chapter)} />
      )}
    </EditorScreen>
  );
}

function EditEvent({ slug, chapterId }: { slug: string; chapterId: number }) {
  const query = useEvent(slug);
  return (
    <QueryState query={query} what="event">
      {(event) =>
        // An event of another chapter is not this admin area's to edit.
        event.chapterId === chapterId ? (
          <EventForm key={event.slug} initial={eventValues(event)} slug={event.slug} />
        ) : (
          <p className="mb-0">This event belongs to another chapter.</p>
        )
      }
    </QueryState>
  );
}
