// The RSVP mails, as the chapter's organiser would write them: what was asked, for which
// meeting, where and when, and one link to the RSVP's own page, where the person confirms or
// cancels (a POST from that page: a mail scanner opening the link changes nothing).
import type { ChapterEventRow, ChapterRow } from '../../db/schema';
import type { OutgoingMail } from '../../mail/mailer';
import { dateWithWeekday, timeRangeText, type ScheduledDate } from '../../../common/eventSchedule';
import { displayTitle } from '../../core/summaries';

export const RSVP_PATH = '/rsvp/';

export interface MailAbout {
  event: Pick<ChapterEventRow, 'name' | 'address1' | 'address2' | 'city' | 'state'>;
  chapter: Pick<ChapterRow, 'title' | 'city'>;
  scheduled: ScheduledDate;
  rsvp: { name: string; email: string; guests: number };
  link: string;
}

function when({ scheduled }: MailAbout): string {
  return `${dateWithWeekday(scheduled.meetsOn, 'long')}, ${timeRangeText(scheduled.startTime, scheduled.endTime)}`;
}

function where({ event }: MailAbout): string {
  const street = [event.address1, event.address2].filter((s) => s.trim()).join(', ');
  return [street, event.city, event.state].filter((s) => s.trim()).join(', ');
}

function party(guests: number): string {
  if (guests === 0) return 'just you';
  return `you and ${guests} guest${guests === 1 ? '' : 's'}`;
}

function meeting(about: MailAbout): string[] {
  return [`  ${about.event.name}`, `  ${when(about)}`, `  ${where(about)}`];
}

function mail(about: MailAbout, subject: string, body: string[]): OutgoingMail {
  const from = displayTitle(about.chapter);
  return {
    to: about.rsvp.email,
    subject,
    fromName: from,
    text: [`Hi ${about.rsvp.name},`, '', ...body, '', `${from}`].join('\n'),
  };
}

/** A visitor's RSVP (or change to one): counted once they follow the link. */
export function confirmationMail(about: MailAbout): OutgoingMail {
  return mail(about, `Please confirm your RSVP: ${about.event.name}`, [
    `Someone (we hope you) said you are coming to:`,
    '',
    ...meeting(about),
    '',
    `For ${party(about.rsvp.guests)}. To confirm, open this page and press Confirm:`,
    about.link,
    '',
    'Until then you are not on the list. If it was not you, ignore this email: nothing more will',
    'come of it.',
  ]);
}

/** Counted: going. */
export function goingMail(about: MailAbout): OutgoingMail {
  return mail(
    about,
    `You're going: ${about.event.name}, ${dateWithWeekday(about.scheduled.meetsOn)}`,
    [
      `You're on the list for ${party(about.rsvp.guests)}:`,
      '',
      ...meeting(about),
      '',
      'If your plans change, please cancel on this page so someone else can have your place:',
      about.link,
      '',
      'See you there.',
    ],
  );
}

/** Counted: on the waitlist, with the place in the line. */
export function waitlistMail(about: MailAbout, position: number): OutgoingMail {
  return mail(about, `You're on the waitlist (number ${position}): ${about.event.name}`, [
    `This meeting is full for now, so you are number ${position} on the waitlist:`,
    '',
    ...meeting(about),
    '',
    'If a place opens up you move up, and we will email you straight away. To leave the',
    'waitlist, or to see where you stand, open this page:',
    about.link,
  ]);
}

/** Moved up from the waitlist. */
export function movedUpMail(about: MailAbout): OutgoingMail {
  return mail(about, `A place opened up: you're going to ${about.event.name}`, [
    `Good news: someone cancelled, and you are now on the list for ${party(about.rsvp.guests)}:`,
    '',
    ...meeting(about),
    '',
    'If you can no longer come, please cancel on this page so the next person can go:',
    about.link,
    '',
    'See you there.',
  ]);
}
