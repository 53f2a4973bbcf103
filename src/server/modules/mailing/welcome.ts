// The welcome a member gets when they confirm their sign-up to a chapter's list (issue 34,
// item 3): the chapter, its next meeting with the add-to-calendar links, and the list's
// unsubscribe (it is list mail: RFC 8058 headers too). The confirmation page shows the same
// meeting (ConfirmAnswer.nextMeeting). A welcome that fails is logged; the member is confirmed.
import type { ConfirmAnswer } from '../../../common/schemas/mailing';
import { zoneAbbreviation } from '../../../common/eventSchedule';
import type { NextMeeting } from '../../core/nextMeeting';
import {
  chapterUrl,
  letterMail,
  listUnsubscribeHeaders,
  unsubscribeUrl,
  type Block,
} from '../../mail/layout';
import { meetingBlockOf, placeLine } from '../../mail/layoutMeeting';
import type { Confirmer } from './confirmService';

export function meetingAnswer(m: NextMeeting): NonNullable<ConfirmAnswer['nextMeeting']> {
  return {
    eventName: m.event.name,
    eventSlug: m.event.slug,
    date: m.meetsOn,
    startTime: m.startTime,
    endTime: m.endTime,
    start: m.start.toISOString(),
    end: m.end.toISOString(),
    zone: zoneAbbreviation(m.start, m.timeZone),
    place: placeLine(m.event),
    note: m.note,
  };
}

export interface Welcome {
  email: string;
  unsubscribeToken: string;
  listName: string;
  chapter: { state: string; slug: string };
  meeting: NextMeeting | null;
}

export async function sendWelcome(
  { mailer, publicUrl, log }: Confirmer,
  welcome: Welcome,
): Promise<void> {
  const page = chapterUrl(publicUrl, welcome.chapter);
  const { meeting, listName } = welcome;
  const blocks: Block[] = meeting
    ? [
        {
          p: `You're on the ${listName} list. Here is when we meet next; come as you are, and bring a friend:`,
        },
        {
          meeting: meetingBlockOf(
            {
              publicUrl,
              chapterName: listName,
              chapterPath: page.slice(publicUrl.length),
              event: meeting.event,
              meetsOn: meeting.meetsOn,
              startTime: meeting.startTime,
              endTime: meeting.endTime,
              start: meeting.start,
              end: meeting.end,
              timeZone: meeting.timeZone,
              note: meeting.note,
            },
            'Next meeting',
          ),
        },
        {
          p: 'On the event page you can say you are coming, so the hosts know to save you a seat.',
        },
      ]
    : [
        { p: `You're on the ${listName} list.` },
        { p: 'No meeting is on the calendar just yet; the hosts will write as soon as one is.' },
      ];
  const unsubscribe = unsubscribeUrl(publicUrl, welcome.unsubscribeToken);
  try {
    await mailer.send(
      letterMail(
        welcome.email,
        {
          publicUrl,
          subject: `Welcome to ${listName}`,
          preheader: meeting ? 'When and where we meet next.' : 'Thank you for joining.',
          chapter: { name: listName, url: page },
          greeting: 'Hi,',
          blocks: [
            ...blocks,
            { p: 'Emails from the hosts about meetings will come to this address.' },
            { link: `${listName} on the web`, url: page },
          ],
          signoff: ['See you there,', `The hosts of ${listName}`],
          list: { name: listName, unsubscribeUrl: unsubscribe },
        },
        { fromName: listName, headers: listUnsubscribeHeaders(unsubscribe) },
      ),
    );
  } catch (err) {
    log.warn({ err }, 'a welcome mail could not be sent');
  }
}
