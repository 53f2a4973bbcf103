import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { chapterEventSchema } from '../../../answerSchemas';
import {
  eventFormSchema,
  type EventForm as EventFormValues,
} from '../../../../common/schemas/events';
import { apiSend } from '../../../api';
import { DeleteButton } from '../../../components/forms/DeleteButton';
import { EditorForm } from '../../../components/forms/EditorForm';
import { useFormSave } from '../../../components/forms/useFormSave';
import { useToast } from '../../../components/toasts';
import { useAdminChapter, useRefreshChapter } from '../useAdminChapter';
import { EventPlaceFields } from './EventPlaceFields';
import { EventScheduleFields } from './EventScheduleFields';
import { EventRsvpFields } from './EventRsvpFields';
import { saveRequest, type EventFormOutput } from './eventFormValues';
import { eventKey } from './useEvent';

interface Props {
  initial: EventFormValues;
  /** The event being edited; none when adding. */
  slug?: string | undefined;
}

/** Add or edit one event (spec 2 §2 Events, §5); back to the events list after a save or delete. */
export function EventForm({ initial, slug }: Props) {
  const { chapter, base } = useAdminChapter();
  const refresh = useRefreshChapter();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useFormSave('The event could not be saved. Please try again.');
  // onChange: a field's message appears once it is edited and invalid, or after a submit.
  const form = useForm<EventFormValues, unknown, EventFormOutput>({
    mode: 'onChange',
    resolver: zodResolver(eventFormSchema),
    defaultValues: initial,
  });
  const listPath = `${base}/events`;

  // The chapter answer holds the events: refetch it so the list and the public page agree.
  const leave = async (title: string, message: string) => {
    await refresh();
    // The home map and state lists show each chapter's next event.
    await queryClient.invalidateQueries({ queryKey: ['chapters'] });
    toast.show({ type: 'success', title, message });
    await navigate(listPath);
    // Only once this screen has gone: while it shows, its query would ask for the event again.
    if (slug) queryClient.removeQueries({ queryKey: eventKey(slug) });
  };

  const onSubmit = form.handleSubmit((values) =>
    save.attempt(
      () =>
        apiSend(
          'POST',
          '/api/chapter_event',
          saveRequest(values, chapter.id, slug),
          !import.meta.env?.PROD && chapterEventSchema,
        ),
      (saved) => leave('Event saved', `${saved.name} is saved.`),
    ),
  );

  const deleteButton = slug && (
    <DeleteButton
      label="Delete Event"
      variant="outline-danger"
      title="Delete this event?"
      confirmLabel="Delete Event"
      path={`/api/chapter_event/slug/${encodeURIComponent(slug)}`}
      onRemoved={() => leave('Event deleted', `${initial.name} is deleted.`)}
      fallback="The event could not be deleted. Please try again."
    >
      <p className="mb-0">
        {initial.name} will be taken off the chapter page, the map and the calendar. This cannot be
        undone.
      </p>
    </DeleteButton>
  );

  return (
    <EditorForm onSubmit={onSubmit} save={save} deleteButton={deleteButton}>
      <EventScheduleFields form={form} />
      <EventPlaceFields form={form} />
      <EventRsvpFields form={form} />
    </EditorForm>
  );
}
