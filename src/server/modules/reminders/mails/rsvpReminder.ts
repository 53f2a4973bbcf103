// The reminder to each person going (issue 34, item 2), so many hours before the start: the
// meeting, the calendar links (the date's own .ics is attached) and their own page to cancel on,
// whose link carries the copy's token (mail/chapterMessage COPY_TOKEN).
import { escapeHtml } from '../../../../common/escapeHtml';
import {
  calendarLinks,
  link,
  meetingBlock,
  shortDate,
  type MailContent,
  type Meeting,
} from './meeting';

export function rsvpReminderMail(m: Meeting, cancelUrl: string, hours: number): MailContent {
  const soon = hours <= 24 ? 'tomorrow or sooner' : `in ${Math.round(hours / 24)} days`;
  return {
    subject: `See you soon: ${m.eventName}, ${shortDate(m)}`,
    html: [
      `<p>You said you're coming to ${escapeHtml(m.chapterTitle)}'s meeting, ${escapeHtml(soon)}:</p>`,
      meetingBlock(m),
      `<p>If your plans changed, please ${link(cancelUrl, 'cancel your RSVP')} so someone else can have your place.</p>`,
      calendarLinks(m, true),
    ].join(''),
  };
}
