// A chapter's sends as the Send Email screen and the dashboard watch them (issue 23): how far
// each got, and the call that stops one.
import { z } from 'zod';
import { idParam } from './chapters';

/**
 * scheduled: an automatic message waiting for its moment (issue 34); dropped: its moment came
 * too close to the meeting (every server was down), so it was not sent;
 * queueing: its recipients are being written to the send ledger (in the background);
 * queued: all are, and they are being sent; finished: none is left to send;
 * cancelled: the host stopped it (what was sent stays sent).
 */
export const SEND_STATUSES = [
  'scheduled',
  'queueing',
  'queued',
  'finished',
  'cancelled',
  'dropped',
] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/**
 * Who wrote it: 'host' a host; the schedule the rest (the list's meeting reminder, the reminder
 * to those going, a notice of a changed date to them, the hosts' digest).
 */
export const SEND_KINDS = ['host', 'reminder', 'rsvpReminder', 'notice', 'digest'] as const;
export type SendKind = (typeof SEND_KINDS)[number];

export const chapterSendSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
  /** Recipients: the members counted when it was sent while queueing; then the copies queued. */
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  status: z.enum(SEND_STATUSES),
  kind: z.enum(SEND_KINDS),
  /** When an automatic message goes (or went); null for a host's. */
  scheduledFor: z.string().nullable(),
  /** Copies in the send ledger so far (equal to total once queueing is done). */
  queued: z.number().int(),
  /** Copies not sent because the member left the list, or because the send was stopped. */
  skipped: z.number().int(),
  cancelled: z.number().int(),
  /** When it finished or was stopped; null while it runs. */
  finishedAt: z.string().nullable(),
});
export type ChapterSend = z.infer<typeof chapterSendSchema>;

/** GET /api/mailing_list/chapter/{chapterId}/sends: the latest first. */
export const chapterSendsSchema = z.array(chapterSendSchema);

export const sendIdParamsSchema = z.object({ id: idParam });

/** A send still running: the screens poll while one is. */
export const isRunning = (send: Pick<ChapterSend, 'status'>) =>
  send.status === 'queueing' || send.status === 'queued';
