// The notice to those going when the host skips or moves their date, or changes its time or
// place (issue 34, item 2): what changed, in a sentence, then the meeting as it is now. Each
// carries the date's calendar file as it now stands (../dateFile.ts): a skip's cancels it.
import { escapeHtml } from '../../../../common/escapeHtml';
import { CALENDAR_FILE } from '../../../mail/mailAttachments';
import {
  calendarLinks,
  meetingBlock,
  shortDate,
  whenText,
  type MailContent,
  type Meeting,
} from './meeting';

export type Change =
  { kind: 'skipped'; before: Meeting } | { kind: 'changed'; before: Meeting; after: Meeting };

export function noticeMail(change: Change): MailContent {
  const b = change.before;
  if (change.kind === 'skipped') {
    return {
      subject: `Off: ${b.eventName}, ${shortDate(b)}`,
      html: [
        `<p>${escapeHtml(b.chapterTitle)} will not meet on ${escapeHtml(whenText(b))}: the host skipped this date.</p>`,
        b.note.trim() ? `<p><em>From the host:</em> ${escapeHtml(b.note.trim())}</p>` : '',
        "<p>Your RSVP stays on record; there's nothing you need to do.</p>",
        `<p>If the meeting is in your calendar, the attached ${escapeHtml(CALENDAR_FILE)} takes it out.</p>`,
        `<p><a href="${escapeHtml(b.chapterUrl)}">The chapter's other dates</a></p>`,
      ].join(''),
    };
  }
  const a = change.after;
  const what: string[] = [];
  if (a.meetsOn !== b.meetsOn) what.push(`moved from ${whenText(b)} to ${whenText(a)}`);
  else if (a.startTime !== b.startTime || a.endTime !== b.endTime)
    what.push(`now meets ${whenText(a)} (it was ${whenText(b)})`);
  if (a.place !== b.place) what.push(`is now at ${a.place} (it was ${b.place})`);
  return {
    subject: `Changed: ${a.eventName}, ${shortDate(a)}`,
    html: [
      `<p>The meeting you're going to ${escapeHtml(what.join(', and '))}.</p>`,
      meetingBlock(a),
      '<p>Your RSVP still stands. If the meeting is in your calendar, the attached file updates it.</p>',
      calendarLinks(a, true),
    ].join(''),
  };
}
