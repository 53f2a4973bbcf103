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

/**
 * "Add to calendar" as a menu (a Bootstrap dropdown: a button, arrow keys and Escape): this
 * meeting into Google Calendar or Outlook.com, the event's .ics for Apple Calendar and the rest,
 * or a subscription to the chapter's feed, which later skipped and moved dates reach by
 * themselves. Without a coming meeting only the file and the subscription are offered.
 */
export function AddToCalendarMenu({
  id,
  occurrence,
  icsPath,
  feedPath,
}: {
  /** The toggle's id, unique on the page. */
  id: string;
  occurrence: MenuOccurrence | null;
  icsPath: string;
  feedPath: string;
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
              Google Calendar
            </Dropdown.Item>
            <Dropdown.Item href={outlookCalendarUrl(meeting)} {...external}>
              Outlook.com
            </Dropdown.Item>
          </>
        )}
        <Dropdown.Item href={icsPath} download>
          Apple &amp; others (.ics)
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item href={site ? webcalUrl(site, feedPath) : feedPath}>
          Subscribe to the chapter’s calendar
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
