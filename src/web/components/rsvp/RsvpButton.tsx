import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { RsvpRequest } from '../../../common/schemas/rsvpForm';
import type { RsvpAnswer } from '../../../common/schemas/rsvps';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { useMyRsvps } from '../../hooks/useMyRsvps';
import { errorMessage } from '../forms/errorMessage';
import { GuestsChange } from './GuestsChange';
import { RsvpForm } from './RsvpForm';
import { useRsvp, type EventDateRef } from './rsvpCalls';
import { resultText, statusText } from './rsvpOutcome';

/** The server's own default when an event names none. */
const DEFAULT_MAX_GUESTS = 2;

interface Props {
  date: EventDateRef;
  /** The date in words, for the dialog's title and the button's name in a list of dates. */
  when: string;
  chapterName: string;
  maxGuests?: number | null | undefined;
  size?: 'sm';
  /** Solid on a meeting's card; outlined on a list of dates, where there are many. */
  variant?: 'primary' | 'outline-primary';
}

/**
 * "I'm going" on one date. A signed-in user goes in one click, as their account; a visitor fills
 * the form in a dialog and confirms by the link mailed to them. What happened then replaces the
 * button: "Check your email to confirm", "You're going" or the place on the waitlist.
 */
export function RsvpButton({
  date,
  when,
  chapterName,
  maxGuests,
  size,
  variant = 'primary',
}: Props) {
  const { user } = useCurrentUser();
  const titleId = useId();
  const rsvp = useRsvp(date);
  // A signed-in user who already answered for this date sees their answer, not the button.
  const mine = useMyRsvps().data?.rsvps.find(
    (r) => r.event.slug === date.eventSlug && r.date.date === date.date && r.status !== 'cancelled',
  );
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<{ result: RsvpAnswer; email: string } | null>(null);
  const send = async (values: RsvpRequest) => {
    const result = await rsvp.mutateAsync(values);
    setDone({ result, email: values.email ?? user?.email ?? '' });
    setOpen(false);
  };

  // The user's own answer, once the list of their RSVPs has it (after a one click too): with
  // their guests, which they may change there.
  const counted = mine && mine.status !== 'unconfirmed';
  if (mine && (!done || (user && counted))) {
    return (
      <div className="d-flex flex-column gap-1">
        <p role="status" className="rsvp-outcome mb-0 fw-semibold">
          {statusText(mine.status, mine.position)}
        </p>
        {counted && <GuestsChange rsvp={mine} when={when} />}
      </div>
    );
  }
  if (done) {
    return (
      <p role="status" className="rsvp-outcome mb-0 fw-semibold">
        {resultText(done.result)}
        {done.result.status === 'unconfirmed' && (
          <span className="d-block small fw-normal text-body-secondary text-break">
            We sent a link to {done.email}. Your place counts once you open it.
          </span>
        )}
      </p>
    );
  }
  const label = (
    <>
      I’m going <span className="visually-hidden">on {when}</span>
    </>
  );
  if (user) {
    return (
      <span className="d-inline-flex flex-wrap align-items-center gap-2">
        <Button
          size={size}
          variant={variant}
          disabled={rsvp.isPending}
          onClick={() =>
            // The server takes the account's own name and email.
            void send({ guests: 0, joinList: false }).catch(() => undefined)
          }
        >
          {rsvp.isPending && (
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          )}
          {label}
        </Button>
        {rsvp.isError && (
          <span role="alert" className="small text-danger">
            {errorMessage(rsvp.error, 'Your RSVP could not be sent. Please try again.')}
          </span>
        )}
      </span>
    );
  }
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" id={titleId} className="h5">
            I’m going on {when}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <RsvpForm
            maxGuests={maxGuests ?? DEFAULT_MAX_GUESTS}
            chapterName={chapterName}
            onSend={send}
          />
        </Modal.Body>
      </Modal>
    </>
  );
}
