import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { dateWithWeekday } from '../../../../common/eventSchedule';
import { HALF_HOUR_TIMES } from '../../../../common/format';
import type { DateChange, ScheduledDateAnswer } from '../../../../common/schemas/eventDates';
import { ApiError } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { useAdminChapter } from '../useAdminChapter';
import { skipNoteExample } from './skipNoteExample';

export type DateAction = 'skip' | 'move';

interface Props {
  action: DateAction;
  eventName: string;
  date: ScheduledDateAnswer;
  onSave: (change: DateChange) => Promise<void>;
  onClose: () => void;
}

/** Asks for the note (skip), or the new date and times and the note (move), then saves. */
export function DateChangeDialog({ action, eventName, date, onSave, onClose }: Props) {
  const titleId = useId();
  const { chapter } = useAdminChapter();
  const [note, setNote] = useState(date.note);
  const [movedDate, setMovedDate] = useState(date.meetsOn);
  const [startTime, setStartTime] = useState(date.startTime);
  const [endTime, setEndTime] = useState(date.endTime);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const day = dateWithWeekday(date.date);
  const skip = action === 'skip';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    setDateError(null);
    try {
      await onSave(
        skip
          ? { status: 'cancelled', note }
          : { status: 'moved', note, movedTo: { date: movedDate, startTime, endTime } },
      );
    } catch (err) {
      const field =
        err instanceof ApiError ? err.fields?.find((f) => f.field.endsWith('.date')) : undefined;
      if (field && field.field === 'body.movedTo.date') setDateError(field.message);
      else setFailure(errorMessage(err, 'The date could not be changed. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={busy ? () => undefined : onClose} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton={!busy}>
          <Modal.Title as="h2" id={titleId} className="h5">
            {skip ? `Skip ${day}?` : `Move ${day}`}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {skip
              ? `${eventName} will not meet on ${day}. The chapter page, the map and the calendar will leave it out.`
              : `${eventName} will meet on the date and at the times you choose instead of ${day}.`}
          </p>
          {!skip && (
            <>
              <Form.Group className="mb-3" controlId={`${titleId}-date`}>
                <Form.Label>New date</Form.Label>
                <Form.Control
                  type="date"
                  required
                  value={movedDate}
                  onChange={(e) => setMovedDate(e.target.value)}
                  isInvalid={!!dateError}
                />
                <Form.Control.Feedback type="invalid">{dateError}</Form.Control.Feedback>
              </Form.Group>
              <div className="row gx-3">
                <Form.Group className="col-6 mb-3" controlId={`${titleId}-start`}>
                  <Form.Label>Start time</Form.Label>
                  <Form.Select value={startTime} onChange={(e) => setStartTime(e.target.value)}>
                    {HALF_HOUR_TIMES.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Group className="col-6 mb-3" controlId={`${titleId}-end`}>
                  <Form.Label>End time</Form.Label>
                  <Form.Select value={endTime} onChange={(e) => setEndTime(e.target.value)}>
                    {HALF_HOUR_TIMES.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </div>
            </>
          )}
          <Form.Group controlId={`${titleId}-note`}>
            <Form.Label>Note for visitors (optional)</Form.Label>
            <Form.Control
              value={note}
              maxLength={200}
              placeholder={skip ? skipNoteExample(chapter.country) : 'Moved for the holiday'}
              onChange={(e) => setNote(e.target.value)}
            />
          </Form.Group>
          {failure && (
            <Alert variant="danger" className="mt-3 mb-0">
              {failure}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={skip ? 'warning' : 'primary'} disabled={busy}>
            {busy && (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            {skip ? 'Skip this date' : 'Move'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
