// What a mail carries besides its text, attached the same way by the direct send and the queue's
// tries: its calendar file, and the images pasted into it.

/** The name a message's calendar file is attached under (the mails name it). */
export const CALENDAR_FILE = 'meeting.ics';

/** The attachment of a calendar file, with its METHOD as RFC 6047 asks of the Content-Type. */
export function calendarAttachment(ics: string) {
  const method = /^METHOD:([A-Z-]+)\r?$/m.exec(ics)?.[1] ?? 'PUBLISH';
  return {
    filename: CALENDAR_FILE,
    content: ics,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * A mail as nodemailer takes it: its calendar file (if any) attached, and the images pasted into
 * it (data: URIs, which most mail clients refuse to show) turned into inline (cid:) attachments.
 */
export function withAttachments<M extends { calendar?: string | null }>({
  calendar,
  ...mail
}: M): Omit<M, 'calendar'> & {
  attachDataUrls: true;
  attachments?: ReturnType<typeof calendarAttachment>[];
} {
  return {
    ...mail,
    attachDataUrls: true,
    ...(calendar ? { attachments: [calendarAttachment(calendar)] } : {}),
  };
}
