// The meeting block of the email layout (./layout.ts): which meeting, when, where, the host's
// note, and its links (the event page, Google Calendar, Outlook.com, the .ics file). The same
// block serves the welcome, the RSVP mails and anything else that names one meeting.
import { googleCalendarUrl, outlookCalendarUrl } from '../../common/calendarLinks';
import { meetingWhenText } from '../../common/eventSchedule';
import { placeName, streetLine } from '../../common/address';
import { escapeHtml } from './escapeHtml';

export interface MeetingBlock {
  /** 'Next meeting', 'Your meeting'... */
  heading: string;
  /** The place's name (the event's). */
  name: string;
  /** 'Tuesday, December 1, 2026, 7:00–9:00pm EST'. */
  when: string;
  /** The address in one line. */
  where: string;
  /** The host's note for that date, if any. */
  note?: string;
  /** The event's page. */
  url: string;
  /** Add-to-calendar links; left out where the mail has its own calendar step. */
  calendar?: { google: string; outlook: string; ics: string };
}

/** What a meeting block is made from: one date of one event of one chapter. */
export interface MeetingSource {
  publicUrl: string;
  chapterName: string;
  chapterPath: string;
  event: {
    name: string;
    slug: string;
    address1: string;
    address2?: string;
    city: string;
    state: string;
  };
  /** The local date and times it meets at, and its instants. */
  meetsOn: string;
  startTime: string;
  endTime: string;
  start: Date | string;
  end: Date | string;
  timeZone: string;
  note?: string;
}

/** '450 Amsterdam Ave, New York, NY'; 'King St W, Toronto' abroad (no 'INT'). */
export function placeLine(event: MeetingSource['event']): string {
  return [streetLine(event), placeName(event)].filter(Boolean).join(', ');
}

export function meetingBlockOf(source: MeetingSource, heading: string): MeetingBlock {
  const url = `${source.publicUrl}${source.chapterPath}/events/${source.event.slug}`;
  const where = placeLine(source.event);
  const occurrence = {
    title: `${source.chapterName} at ${source.event.name}`,
    location: [source.event.name, where].filter(Boolean).join(', '),
    details: '',
    url,
    when: { start: source.start, end: source.end },
  };
  return {
    heading,
    name: source.event.name,
    when: meetingWhenText(source, source.timeZone),
    where,
    ...(source.note?.trim() ? { note: source.note.trim() } : {}),
    url,
    calendar: {
      google: googleCalendarUrl(occurrence),
      outlook: outlookCalendarUrl(occurrence),
      ics: `${source.publicUrl}/api/chapter_calendar/event/${encodeURIComponent(source.event.slug)}/event.ics`,
    },
  };
}

const esc = escapeHtml;

const PRIMARY = '#7a3e9d';
const MUTED = '#6b6175';
const link = (url: string, label: string) =>
  `<a href="${esc(url)}" style="color:${PRIMARY};text-decoration:underline;white-space:nowrap">${esc(label)}</a>`;

export function meetingHtml(m: MeetingBlock): string {
  const lines = [
    `<p style="margin:0 0 4px;font-size:12px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:${PRIMARY}">${esc(m.heading)}</p>`,
    `<p style="margin:0 0 4px;font-size:18px;font-weight:700"><a href="${esc(m.url)}" style="color:#2b2233;text-decoration:none">${esc(m.name)}</a></p>`,
    `<p style="margin:0 0 2px">${esc(m.when)}</p>`,
    m.where ? `<p style="margin:0 0 2px;color:${MUTED}">${esc(m.where)}</p>` : '',
    m.note ? `<p style="margin:8px 0 0;font-style:italic">${esc(m.note)}</p>` : '',
    m.calendar
      ? `<p style="margin:12px 0 0;font-size:14px;line-height:1.8">Add to calendar: ${[
          link(m.calendar.google, 'Google'),
          link(m.calendar.outlook, 'Outlook.com'),
          link(m.calendar.ics, 'Apple & others (.ics)'),
        ].join(' &middot; ')}</p>`
      : '',
  ];
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 20px;border-collapse:separate">` +
    `<tr><td style="padding:16px 18px;background:#faf7fc;border:1px solid #e4dcea;border-left:4px solid ${PRIMARY};border-radius:6px">` +
    lines.join('') +
    `</td></tr></table>`
  );
}

export function meetingText(m: MeetingBlock): string {
  return [
    `${m.heading.toUpperCase()}`,
    `  ${m.name}`,
    `  ${m.when}`,
    ...(m.where ? [`  ${m.where}`] : []),
    ...(m.note ? [`  Note from the hosts: ${m.note}`] : []),
    `  ${m.url}`,
    ...(m.calendar
      ? [
          '',
          'Add to calendar:',
          `  Google: ${m.calendar.google}`,
          `  Outlook.com: ${m.calendar.outlook}`,
          `  Apple & others (.ics): ${m.calendar.ics}`,
        ]
      : []),
  ].join('\n');
}
