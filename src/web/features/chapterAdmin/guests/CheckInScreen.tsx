import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import type { GuestList } from '../../../../common/schemas/rsvps';
import { errorMessage } from '../../../components/forms/errorMessage';
import { useAdminChapter } from '../useAdminChapter';
import { GuestListState } from './GuestListState';
import { dateLine, people } from './guestWords';
import { useGuestList, useSaveAttendance } from './useGuestList';

/**
 * Check-in at the door, made for a phone held in one hand (issue 33): tick names as people
 * arrive, + for each walk-in, and Save, which records "14 attended" for the date.
 */
export function CheckInScreen() {
  const { eventSlug = '', date = '' } = useParams();
  const { base } = useAdminChapter();
  const query = useGuestList(eventSlug, date);
  const listPath = `${base}/events/${encodeURIComponent(eventSlug)}/dates/${date}/guests`;
  return (
    <section aria-labelledby="checkin-title" className="check-in">
      <p className="mb-1">
        <Link to={listPath}>← Guest list</Link>
      </p>
      <h1 id="checkin-title" className="h2">
        Check-in
      </h1>
      <GuestListState query={query}>
        {(list) => <Door list={list} eventSlug={eventSlug} date={date} />}
      </GuestListState>
    </section>
  );
}

function Door({ list, eventSlug, date }: { list: GuestList; eventSlug: string; date: string }) {
  const save = useSaveAttendance(eventSlug, date);
  // Who may come through the door: those going first, then the waitlist, who might.
  const expected = useMemo(
    () => [
      ...list.guests.filter((g) => g.status === 'going'),
      ...list.guests.filter((g) => g.status === 'waitlisted'),
    ],
    [list.guests],
  );
  const [checked, setChecked] = useState(
    () => new Set(list.guests.filter((g) => g.checkedIn).map((g) => g.id)),
  );
  const [walkIns, setWalkIns] = useState(list.walkIns);
  const [find, setFind] = useState('');
  const [saved, setSaved] = useState<number | null>(list.attended);
  const here =
    expected.filter((g) => checked.has(g.id)).reduce((n, g) => n + people(g), 0) + walkIns;
  const shown = find.trim()
    ? expected.filter((g) => g.name.toLowerCase().includes(find.trim().toLowerCase()))
    : expected;
  const toggle = (id: number) => {
    setSaved(null);
    setChecked((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  const changeWalkIns = (by: number) => {
    setSaved(null);
    setWalkIns((n) => Math.max(0, n + by));
  };
  const submit = () =>
    save.mutate(
      { checkedIn: [...checked], walkIns },
      { onSuccess: (answer) => setSaved(answer.attended) },
    );

  return (
    <>
      <p className="fs-5 mb-2">{dateLine(list.date)}</p>
      <p className="check-in-total mb-3" aria-live="polite">
        <strong className="fs-3">{here}</strong> here of {list.going} going
      </p>
      {expected.length > 6 && (
        <Form.Group className="mb-2" controlId="check-in-find">
          <Form.Label className="visually-hidden">Find a name</Form.Label>
          <Form.Control
            type="search"
            placeholder="Find a name"
            value={find}
            onChange={(e) => setFind(e.target.value)}
          />
        </Form.Group>
      )}
      {expected.length === 0 ? (
        <p>Nobody said they were coming. Count everyone as a walk-in.</p>
      ) : (
        <ul className="list-group mb-3 check-in-list">
          {shown.map((g) => (
            <li key={g.id} className="list-group-item p-0">
              <label className="d-flex align-items-center gap-3 px-3 py-3 w-100 check-in-row">
                <input
                  type="checkbox"
                  className="form-check-input m-0 flex-shrink-0"
                  checked={checked.has(g.id)}
                  onChange={() => toggle(g.id)}
                />
                <span className="me-auto">
                  <span className="fw-semibold">{g.name}</span>
                  {g.guests > 0 && <span className="text-body-secondary"> +{g.guests}</span>}
                </span>
                {g.status === 'waitlisted' && (
                  <span className="badge text-bg-secondary">Waitlist</span>
                )}
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="d-flex align-items-center gap-3 mb-3 check-in-walkins">
        <span className="me-auto">
          Walk-ins: <strong>{walkIns}</strong>
        </span>
        <Button
          variant="outline-secondary"
          size="lg"
          aria-label="One walk-in fewer"
          disabled={walkIns === 0}
          onClick={() => changeWalkIns(-1)}
        >
          −
        </Button>
        <Button
          variant="outline-primary"
          size="lg"
          aria-label="Add a walk-in"
          onClick={() => changeWalkIns(1)}
        >
          +
        </Button>
      </div>
      {save.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(save.error, 'The attendance could not be saved. Please try again.')}
        </Alert>
      )}
      <div className="d-grid gap-2">
        <Button size="lg" disabled={save.isPending} onClick={submit}>
          {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          Save: {here} attended
        </Button>
      </div>
      {saved !== null && (
        <p role="status" className="mt-3 fw-semibold text-success-emphasis">
          Saved: {saved} attended.
        </p>
      )}
    </>
  );
}
