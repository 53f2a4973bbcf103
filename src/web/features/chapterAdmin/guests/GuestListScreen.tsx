import { Link, useParams } from 'react-router';
import { formatMediumDate } from '../../../../common/format';
import { useAdminChapter } from '../useAdminChapter';
import { GuestListState } from './GuestListState';
import { countsLine, dateLine, STATUS_WORDS } from './guestWords';
import { guestsPath, useGuestList } from './useGuestList';

/**
 * One date's guest list for its hosts (issue 33): each RSVP's name, email, guests, status and
 * when it came, the counts, a CSV of the same, and the way to the door's check-in.
 */
export function GuestListScreen() {
  const { eventSlug = '', date = '' } = useParams();
  const { chapter, base } = useAdminChapter();
  const event = chapter.chapter_events.find((e) => e.slug === eventSlug);
  const query = useGuestList(eventSlug, date);
  return (
    <section aria-labelledby="guests-title">
      <p className="mb-1">
        <Link to={`${base}/events`}>← Events</Link>
      </p>
      <h1 id="guests-title" className="h2">
        Guest list{event ? `: ${event.name}` : ''}
      </h1>
      <GuestListState query={query}>
        {(list) => (
          <>
            <p className="fs-5 mb-1">{dateLine(list.date)}</p>
            {list.date.status === 'cancelled' && (
              <p className="badge text-bg-warning">Skipped: this meeting is off</p>
            )}
            <p className="mb-2 guest-counts">
              {countsLine(list)}
              {list.attended !== null && ` · ${list.attended} attended`}
            </p>
            <div className="d-flex flex-wrap gap-2 mb-3">
              {list.date.status !== 'cancelled' && (
                <Link
                  to={`${base}/events/${encodeURIComponent(eventSlug)}/dates/${date}/checkin`}
                  className="btn btn-primary"
                >
                  Check in at the door
                </Link>
              )}
              <a
                href={`${guestsPath(eventSlug, date)}/guests.csv`}
                className="btn btn-outline-secondary"
                download
              >
                Download CSV
              </a>
            </div>
            {list.guests.length === 0 ? (
              <p>Nobody has said they are going yet. The count shows here as RSVPs come in.</p>
            ) : (
              // A long list may scroll sideways on a phone: the box takes the keyboard's focus then.
              <div className="table-responsive" tabIndex={0} role="region" aria-label="Guests">
                <table className="table table-sm align-middle guest-table">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col" className="d-none d-sm-table-cell">
                        Email
                      </th>
                      <th scope="col" className="text-end">
                        Guests
                      </th>
                      <th scope="col">Status</th>
                      <th scope="col">When</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.guests.map((g) => (
                      <tr key={g.id} data-status={g.status}>
                        <td>
                          {g.name}
                          {g.checkedIn && <span className="badge text-bg-success ms-2">Came</span>}
                          {/* A phone has no room for a column of addresses: under the name. */}
                          <div className="d-sm-none small text-body-secondary text-break">
                            {g.email}
                          </div>
                        </td>
                        <td className="d-none d-sm-table-cell text-break">{g.email}</td>
                        <td className="text-end">{g.guests}</td>
                        <td>
                          {STATUS_WORDS[g.status]}
                          {g.status === 'waitlisted' && g.position !== null && ` #${g.position}`}
                        </td>
                        <td className="text-nowrap">{formatMediumDate(g.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </GuestListState>
    </section>
  );
}
