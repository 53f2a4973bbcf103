// A mail's calendar file: attached the same way by the direct send and the queue's tries.

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
