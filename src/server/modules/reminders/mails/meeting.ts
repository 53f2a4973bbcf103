// What every scheduled message says about a meeting: when, where, the host's note, the links to
// add it to a calendar and the chapter's page. Plain pieces of HTML the messages put together;
// the message's frame (the shared layout, the unsubscribe footer) is the send's (mail/).
import { escapeHtml } from '../../../../common/escapeHtml';
import { googleCalendarUrl, outlookCalendarUrl } from '../../../../common/calendarLinks';
import { dateWithWeekday, meetingWhenText } from '../../../../common/eventSchedule';
import { CALENDAR_FILE } from '../../../mail/mailAttachments';

/** One meeting as the messages tell it. */
export interface Meeting {
  chapterTitle: string;
  eventName: string;
  /** The local date it meets on (a moved date's new one), and its times 'HH:MM'. */
  meetsOn: string;
  startTime: string;
  endTime: string;
  start: Date;
  end: Date;
  /** The chapter's zone: a reader of mail may be anywhere, so its times name it. */
  timeZone: string;
  place: string;
  /** The host's note for this date ('' when none). */
  note: string;
  /** Absolute: the event's page and the chapter's page. */
  eventUrl: string;
  chapterUrl: string;
  /** Absolute: the event's own .ics (every date, skips and moves included). */
  icsUrl: string;
}

export interface MailContent {
  subject: string;
  /** The body as HTML; the send makes its plain-text part from it. */
  html: string;
}

/** 'Thursday, March 6, 2031, 6–8pm EST'. */
export const whenText = (m: Meeting) => meetingWhenText(m, m.timeZone);

export const shortDate = (m: Pick<Meeting, 'meetsOn'>) => dateWithWeekday(m.meetsOn);

export const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/** The meeting's block: name, when, where, and the host's note if any. */
export function meetingBlock(m: Meeting): string {
  return [
    `<p><strong>${escapeHtml(m.eventName)}</strong><br>`,
    `${escapeHtml(whenText(m))}<br>`,
    `${escapeHtml(m.place)}</p>`,
    m.note.trim() ? `<p><em>From the host:</em> ${escapeHtml(m.note.trim())}</p>` : '',
  ].join('');
}

/**
 * Add to calendar (Google, Outlook, the .ics) and the chapter's page. `attached`: the message
 * carries the date's own calendar file (mail/mailer CALENDAR_FILE), which the .ics link names.
 */
export function calendarLinks(m: Meeting, attached = false): string {
  const occurrence = {
    title: `${m.eventName} (${m.chapterTitle})`,
    location: m.place,
    details: m.note,
    url: m.eventUrl,
    when: { start: m.start, end: m.end },
  };
  return [
    '<p>Add it to your calendar: ',
    link(googleCalendarUrl(occurrence), 'Google'),
    ' · ',
    link(outlookCalendarUrl(occurrence), 'Outlook'),
    ' · ',
    attached
      ? `Apple and others: open the attached ${escapeHtml(CALENDAR_FILE)}`
      : link(m.icsUrl, 'Apple and others (.ics)'),
    '</p>',
    `<p>${link(m.chapterUrl, m.chapterTitle)}</p>`,
  ].join('');
}
