// The RSVP mails, as the chapter's organiser would write them: what was asked, for which
// meeting, where and when, and one link to the RSVP's own page, where the person confirms or
// cancels (a POST from that page: a mail scanner opening the link changes nothing). They wear
// the site's layout (mail/layout.ts) and, being transactional, carry no unsubscribe.
import type { ChapterEventRow, ChapterRow } from '../../db/schema';
import type { OutgoingMail } from '../../mail/mailer';
import { dateWithWeekday, type ScheduledDate } from '../../../common/eventSchedule';
import { displayTitle } from '../../core/summaries';
import { chapterTimeZone } from '../../core/timezone';
import { chapterUrl, letterMail, type Block } from '../../mail/layout';
import { meetingBlockOf } from '../../mail/layoutMeeting';

export const RSVP_PATH = '/rsvp/';

export interface MailAbout {
  event: Pick<
    ChapterEventRow,
    'name' | 'slug' | 'address1' | 'address2' | 'city' | 'state' | 'lat' | 'lng'
  >;
  chapter: Pick<ChapterRow, 'title' | 'city' | 'state' | 'slug'>;
  scheduled: ScheduledDate;
  rsvp: { name: string; email: string; guests: number };
  link: string;
  publicUrl: string;
}

function party(guests: number): string {
  if (guests === 0) return 'just you';
  return `you and ${guests} guest${guests === 1 ? '' : 's'}`;
}

function mail(about: MailAbout, subject: string, heading: string, body: Block[]): OutgoingMail {
  const from = displayTitle(about.chapter);
  const url = chapterUrl(about.publicUrl, about.chapter);
  const meeting = meetingBlockOf(
    {
      publicUrl: about.publicUrl,
      chapterName: from,
      chapterPath: url.slice(about.publicUrl.length),
      event: about.event,
      meetsOn: about.scheduled.meetsOn,
      startTime: about.scheduled.startTime,
      endTime: about.scheduled.endTime,
      start: about.scheduled.start,
      end: about.scheduled.end,
      timeZone: chapterTimeZone(about.chapter, [about.event]),
      note: about.scheduled.note,
    },
    heading,
  );
  return letterMail(
    about.rsvp.email,
    {
      publicUrl: about.publicUrl,
      subject,
      chapter: { name: from, url },
      greeting: `Hi ${about.rsvp.name},`,
      blocks: [body[0]!, { meeting }, ...body.slice(1)],
      signoff: [`The hosts of ${from}`],
      reason: `You get this email because of an RSVP made with ${about.rsvp.email} on the ${from} page.`,
    },
    { fromName: from },
  );
}

/** A visitor's RSVP (or change to one): counted once they follow the link. */
export function confirmationMail(about: MailAbout): OutgoingMail {
  return mail(about, `Please confirm your RSVP: ${about.event.name}`, 'Your RSVP', [
    { p: 'Someone (we hope you) said you are coming to:' },
    { p: `For ${party(about.rsvp.guests)}. To confirm, open this page and press Confirm:` },
    { button: 'Confirm my RSVP', url: about.link, showUrl: true },
    {
      p: 'Until then you are not on the list. If it was not you, ignore this email: nothing more will come of it.',
      small: true,
    },
  ]);
}

/** Counted: going. */
export function goingMail(about: MailAbout): OutgoingMail {
  return mail(
    about,
    `You're going: ${about.event.name}, ${dateWithWeekday(about.scheduled.meetsOn)}`,
    "You're going",
    [
      { p: `You're on the list for ${party(about.rsvp.guests)}:` },
      {
        p: 'If your plans change, please cancel on this page so someone else can have your place:',
      },
      { button: 'See or cancel my RSVP', url: about.link, showUrl: true },
      { p: 'See you there.' },
    ],
  );
}

/** Counted: on the waitlist, with the place in the line. */
export function waitlistMail(about: MailAbout, position: number): OutgoingMail {
  return mail(
    about,
    `You're on the waitlist (number ${position}): ${about.event.name}`,
    `Waitlist: number ${position}`,
    [
      { p: `This meeting is full for now, so you are number ${position} on the waitlist:` },
      {
        p: 'If a place opens up you move up, and we will email you straight away. To leave the waitlist, or to see where you stand, open this page:',
      },
      { button: 'See my place', url: about.link, showUrl: true },
    ],
  );
}

/** Moved up from the waitlist. */
export function movedUpMail(about: MailAbout): OutgoingMail {
  return mail(about, `A place opened up: you're going to ${about.event.name}`, "You're going", [
    {
      p: `Good news: someone cancelled, and you are now on the list for ${party(about.rsvp.guests)}:`,
    },
    { p: 'If you can no longer come, please cancel on this page so the next person can go:' },
    { button: 'See or cancel my RSVP', url: about.link, showUrl: true },
    { p: 'See you there.' },
  ]);
}
