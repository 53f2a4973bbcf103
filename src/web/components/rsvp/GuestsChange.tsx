import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useChangeMyGuests } from '../../hooks/useMyRsvps';
import { errorMessage } from '../forms/errorMessage';

interface Props {
  /** The signed-in user's own RSVP (GET /api/my/rsvps). */
  rsvp: { id: number; guests: number; event: { name: string; maxGuests: number } };
  /** The date in words, for the controls' names where several dates are listed. */
  when: string;
}

const guestsText = (n: number) =>
  n === 0 ? 'Just you' : `You and ${n} guest${n === 1 ? '' : 's'}`;

/**
 * How many a signed-in user's RSVP brings, and changing it: one click said "I'm going" alone,
 * and a friend comes after all (up to the event's maxGuests), or one cannot. More guests than
 * there is room for change nothing: the server says how many places are left and the user
 * keeps their own.
 */
export function GuestsChange({ rsvp, when }: Props) {
  const change = useChangeMyGuests();
  const [editing, setEditing] = useState(false);
  const [guests, setGuests] = useState(rsvp.guests);
  const id = useId();
  if (rsvp.event.maxGuests === 0 && rsvp.guests === 0) return null;

  if (!editing) {
    return (
      <span className="d-inline-flex flex-wrap align-items-center gap-2 small rsvp-guests">
        <span>{guestsText(rsvp.guests)}</span>
        <Button
          size="sm"
          variant="link"
          className="p-0 align-baseline"
          onClick={() => {
            change.reset();
            setGuests(rsvp.guests);
            setEditing(true);
          }}
        >
          Change guests <span className="visually-hidden">for {when}</span>
        </Button>
      </span>
    );
  }
  const most = Math.max(rsvp.event.maxGuests, rsvp.guests);
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2 rsvp-guests"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate({ id: rsvp.id, guests }, { onSuccess: () => setEditing(false) });
      }}
    >
      <Form.Group controlId={`${id}-guests`}>
        <Form.Label className="small mb-1">
          Guests you are bringing <span className="visually-hidden">on {when}</span>
        </Form.Label>
        <Form.Select
          size="sm"
          className="w-auto"
          value={guests}
          onChange={(e) => setGuests(Number(e.target.value))}
        >
          {Array.from({ length: most + 1 }, (_, n) => (
            <option key={n} value={n} disabled={n > rsvp.event.maxGuests}>
              {n}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button size="sm" type="submit" disabled={change.isPending}>
        {change.isPending && (
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        Save guests
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={() => setEditing(false)}>
        Never mind
      </Button>
      {change.isError && (
        <p role="alert" className="small text-danger w-100 mb-0">
          {errorMessage(change.error, 'Your guests could not be changed. Please try again.')}
        </p>
      )}
    </Form>
  );
}
