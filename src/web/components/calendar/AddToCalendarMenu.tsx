import Dropdown from 'react-bootstrap/Dropdown';
import {
  googleCalendarUrl,
  outlookCalendarUrl,
  webcalUrl,
  type CalendarOccurrence,
} from '../../../common/calendarLinks';
import { useSiteUrl } from './siteUrl';

/** The meeting the Google and Outlook links add: the event page as a path on this site. */
export type MenuOccurrence = Omit<CalendarOccurrence, 'url'> & { path: string };

/** A choice's name, and what it adds to the visitor's calendar under it (issue 35). */
function Choice({ name, adds }: { name: string; adds: string }) {
  return (
    <>
      <span className="d-block">{name}</span>{' '}
      <span className="d-block small text-body-secondary add-to-calendar-adds">{adds}</span>
    </>
  );
}

/**
 * "Add to calendar" as a menu (a Bootstrap dropdown: a button, arrow keys and Escape): this
 * meeting into Google Calendar or Outlook.com, the event's .ics for Apple Calendar and the rest,
 * or a subscription to the chapter's feed, which later skipped and moved dates reach by
 * themselves. Without a coming meeting only the file and the subscription are offered. Each
 * choice says what it adds: "This date" for Google and Outlook, the recurrence in words ("Every
 * Tuesday") for the file of a recurring event and for the subscription.
 */
export function AddToCalendarMenu({
  id,
  occurrence,
  icsPath,
  feedPath,
  repeats,
  feedRepeats,
}: {
  /** The toggle's id, unique on the page. */
  id: string;
  occurrence: MenuOccurrence | null;
  icsPath: string;
  feedPath: string;
  /**
   * How often the event of the .ics meets, in words; null for a single date; undefined where
   * the screen does not know the event's rule.
   */
  repeats?: string | null;
  /** How often the chapter's events meet, in words, for the subscription. */
  feedRepeats?: string | null;
}) {
  const site = useSiteUrl() ?? '';
  const meeting = occurrence && { ...occurrence, url: `${site}${occurrence.path}` };
  const external = { target: '_blank', rel: 'noopener noreferrer' };
  return (
    <Dropdown className="add-to-calendar d-inline-block">
      <Dropdown.Toggle id={id} variant="primary" size="sm">
        Add to calendar
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {meeting && (
          <>
            <Dropdown.Item href={googleCalendarUrl(meeting)} {...external}>
              <Choice name="Google Calendar" adds="This date" />
            </Dropdown.Item>
            <Dropdown.Item href={outlookCalendarUrl(meeting)} {...external}>
              <Choice name="Outlook.com" adds="This date" />
            </Dropdown.Item>
          </>
        )}
        <Dropdown.Item href={icsPath} download>
          <Choice
            name="Apple & others (.ics)"
            adds={repeats === undefined ? 'This event’s dates' : (repeats ?? 'This date')}
          />
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item href={site ? webcalUrl(site, feedPath) : feedPath}>
          <Choice
            name="Subscribe to the chapter’s calendar"
            adds={feedRepeats ?? 'Every meeting, kept up to date'}
          />
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
