// The meeting reminder to the chapter's list (issue 34, item 1): the date, time and place, the
// host's note, "I'm going" (a page with one button: a GET records nothing), the calendar links
// and the chapter's link. `goingUrl` carries the copy's own token (mail/chapterMessage COPY_TOKEN).
import { escapeHtml } from '../../../../common/escapeHtml';
import {
  calendarLinks,
  link,
  meetingBlock,
  shortDate,
  type MailContent,
  type Meeting,
} from './meeting';

export function listReminderMail(m: Meeting, goingUrl: string): MailContent {
  return {
    subject: `Reminder: ${m.eventName}, ${shortDate(m)}`,
    html: [
      `<p>Hello from ${escapeHtml(m.chapterTitle)}! We meet again soon:</p>`,
      meetingBlock(m),
      `<p>${link(goingUrl, "I'm going")}: one click on the page it opens puts you on the list, so the host knows how many to expect.</p>`,
      calendarLinks(m),
      '<p>Hope to see you there.</p>',
    ].join(''),
  };
}
