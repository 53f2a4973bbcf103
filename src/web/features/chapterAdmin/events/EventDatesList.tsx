import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { dateWithWeekday, timeRangeText } from '../../../../common/eventSchedule';
import type { ChapterEvent } from '../../../../common/schemas/chapters';
import type {
  DateChange,
  EventDates,
  ScheduledDateAnswer,
} from '../../../../common/schemas/eventDates';
import { errorMessage } from '../../../components/forms/errorMessage';
import { useToast } from '../../../components/toasts';
import { DateChangeDialog, type DateAction } from './DateChangeDialog';
import { DateRsvps } from './DateRsvps';

interface Props {
  event: ChapterEvent;
  /** Where a date's guest list is: `${datesPath}/${date}/guests`. */
  datesPath: string;
  dates: EventDates | undefined;
  change: (slug: string, date: string, change: DateChange | null) => Promise<EventDates>;
}

/** A repeating event's coming dates, each with Skip this date and Move, or Undo once changed. */
export function EventDatesList({ event, dates, change, datesPath }: Props) {
  const toast = useToast();
  const [open, setOpen] = useState<{ action: DateAction; date: ScheduledDateAnswer } | null>(null);
  const [undoing, setUndoing] = useState<string | null>(null);
  if (!dates) return <p className="small text-body-secondary mb-0">Loading the coming dates…</p>;

  const undo = async (d: ScheduledDateAnswer) => {
    setUndoing(d.date);
    try {
      await change(event.slug, d.date, null);
      toast.show({
        type: 'success',
        title: 'Date restored',
        message: `${event.name} meets on ${dateWithWeekday(d.date)} as usual.`,
      });
    } catch (err) {
      toast.show({ type: 'error', title: 'Not restored', message: errorMessage(err) });
    } finally {
      setUndoing(null);
    }
  };

  return (
    <>
      <h3 className="h6 mt-3 mb-2">{event.isSingleDate ? 'Its date' : 'Coming dates'}</h3>
      <ul className="list-group event-admin-dates">
        {dates.dates.map((d) => {
          const day = dateWithWeekday(d.date);
          return (
            <li
              key={d.date}
              className="list-group-item d-flex flex-wrap align-items-center gap-2"
              data-status={d.status}
              data-date={d.date}
            >
              <div className="me-auto">
                {d.status === 'cancelled' ? <s>{day}</s> : <span>{day}</span>}
                {d.status === 'cancelled' && (
                  <span className="badge text-bg-warning ms-2">Skipped</span>
                )}
                {d.status === 'moved' && (
                  <span className="badge text-bg-info ms-2">
                    Moved to {dateWithWeekday(d.meetsOn)}, {timeRangeText(d.startTime, d.endTime)}
                  </span>
                )}
                {d.note && <div className="small text-body-secondary">{d.note}</div>}
                <DateRsvps
                  date={{ eventSlug: event.slug, date: d.date }}
                  day={day}
                  guestsPath={`${datesPath}/${d.date}/guests`}
                />
              </div>
              {/* A single date is changed in the event itself. */}
              {event.isSingleDate ? null : d.status === 'scheduled' ? (
                <div className="d-flex gap-2">
                  <Button
                    size="sm"
                    variant="outline-warning"
                    className="text-body"
                    onClick={() => setOpen({ action: 'skip', date: d })}
                  >
                    Skip this date<span className="visually-hidden"> ({day})</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => setOpen({ action: 'move', date: d })}
                  >
                    Move<span className="visually-hidden"> {day}</span>
                  </Button>
                </div>
              ) : (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={undoing === d.date}
                  onClick={() => void undo(d)}
                >
                  Undo<span className="visually-hidden"> the change to {day}</span>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {open && (
        <DateChangeDialog
          action={open.action}
          eventName={event.name}
          date={open.date}
          onClose={() => setOpen(null)}
          onSave={async (c) => {
            await change(event.slug, open.date.date, c);
            setOpen(null);
            toast.show({
              type: 'success',
              title: c.status === 'cancelled' ? 'Date skipped' : 'Date moved',
              message:
                c.status === 'cancelled'
                  ? `${event.name} will not meet on ${dateWithWeekday(open.date.date)}.`
                  : `${event.name} meets on ${dateWithWeekday(c.movedTo.date)} instead.`,
            });
          }}
        />
      )}
    </>
  );
}
