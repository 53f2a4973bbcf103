import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { chapterEventSchema } from '../../../../common/schemas/chapters';
import {
  eventFormSchema,
  type EventForm as EventFormValues,
} from '../../../../common/schemas/events';
import { resultSchema } from '../../../../common/schemas/permissions';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { useSaveState } from '../../../components/forms/useSaveState';
import { useToast } from '../../../components/toasts';
import { useAdminChapter, useRefreshChapter } from '../useAdminChapter';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EventPlaceFields } from './EventPlaceFields';
import { EventScheduleFields } from './EventScheduleFields';
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
  const save = useSaveState();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
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

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.run(() =>
        apiSend(
          'POST',
          '/api/chapter_event',
          saveRequest(values, chapter.id, slug),
          chapterEventSchema,
        ),
      );
      await leave('Event saved', `${saved.name} is saved.`);
    } catch (err) {
      setFailure(errorMessage(err, 'The event could not be saved. Please try again.'));
    }
  });

  const onDelete = async () => {
    if (!slug) return;
    setDeleting(true);
    setDeleteFailure(null);
    try {
      await apiSend(
        'DELETE',
        `/api/chapter_event/slug/${encodeURIComponent(slug)}`,
        undefined,
        resultSchema,
      );
      setConfirming(false);
      await leave('Event deleted', `${initial.name} is deleted.`);
    } catch (err) {
      setDeleteFailure(errorMessage(err, 'The event could not be deleted. Please try again.'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        {failure && <Alert variant="danger">{failure}</Alert>}
        <EventScheduleFields form={form} />
        <EventPlaceFields form={form} />
        <div className="d-flex flex-wrap gap-2">
          <SaveButton state={save.state} />
          {slug && (
            <Button
              variant="outline-danger"
              className="ms-auto"
              onClick={() => {
                setDeleteFailure(null);
                setConfirming(true);
              }}
            >
              Delete Event
            </Button>
          )}
        </div>
      </Form>
      <ConfirmDialog
        show={confirming}
        title="Delete this event?"
        confirmLabel="Delete Event"
        busy={deleting}
        error={deleteFailure}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      >
        <p className="mb-0">
          {initial.name} will be taken off the chapter page, the map and the calendar. This cannot
          be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
