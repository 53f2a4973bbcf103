// The list reminder as a member will get it (issue 34, item 6: "Chapter settings show a preview
// of the reminder as members will get it"): the chapter's next meeting written by the same
// message the schedule fires (./mails/listReminder.ts) and dressed by the same rendering the
// send worker gives each copy (mail/chapterMessage.ts), list footer included. Nothing is
// recorded; the copy's links carry the preview token (common/previewLinks.ts), which names no
// delivery: the pages they open say they came from a preview.
import type { Db } from '../../db/client';
import type { ChapterRow } from '../../db/schema';
import type { EmailPreview } from '../../../common/schemas/mailing';
import { PREVIEW_TOKEN } from '../../../common/previewLinks';
import { HttpError } from '../../core/httpError';
import { nextMeetingOf } from '../../core/nextMeeting';
import { personalize, renderTemplate } from '../../mail/chapterMessage';
import { GOING_PATH, sender } from './fire';
import { listReminderMail } from './mails/listReminder';
import { chapterPath, meetingOf } from './meetings';

export const NO_MEETING_TO_PREVIEW =
  'The chapter has no meeting coming up: add an event, and its reminder can be previewed.';

export async function listReminderPreview(
  db: Db,
  chapter: ChapterRow,
  publicUrl: string,
  now: Date,
): Promise<EmailPreview> {
  const next = await nextMeetingOf(db, chapter, now);
  if (!next) throw new HttpError(409, NO_MEETING_TO_PREVIEW);
  const meeting = meetingOf(publicUrl, chapter, next.event, next, next.timeZone);
  const content = listReminderMail(meeting, `${publicUrl}${GOING_PATH}${PREVIEW_TOKEN}`);
  const from = await sender(db, chapter);
  const template = renderTemplate(
    {
      subject: content.subject,
      body: content.html,
      ...from,
      chapterPath: chapterPath(chapter),
      kind: 'reminder',
    },
    { publicUrl, tracking: false },
  );
  const copy = personalize(
    template,
    { email: '', trackingToken: PREVIEW_TOKEN, unsubscribeToken: PREVIEW_TOKEN },
    publicUrl,
  );
  return {
    subject: content.subject,
    fromName: from.fromName,
    replyTo: from.replyTo,
    html: copy.html ?? '',
  };
}
