// What the RSVP tests share: an app whose clock the test sets, a chapter with its callers, a
// weekly event (Thursdays 6-8pm in Brooklyn), and RSVPs made and followed as people would:
// through the form, and through the link in the mail the outbox caught.
import { desc, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { createTestApp, type TestAppOptions } from '../../test/app';
import {
  createChapterAdminWorld,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { mailOutbox } from '../../db/schema';
import { insertWeeklyEvent } from '../../test/eventRows';
import type { RsvpRequest } from '../../../common/schemas/rsvpForm';

/** Tuesday 4 March 2031, 10am in New York: the tests' "now". */
export const NOW = new Date('2031-03-04T15:00:00Z');
/** The coming Thursdays, as the rule gives them. */
export const THU = ['2031-03-06', '2031-03-13', '2031-03-20', '2031-03-27'] as const;

export interface RsvpWorld {
  t: TestApp;
  w: ChapterAdminWorld;
}

/** Sets the clock (Date only: the server's own waits run as ever). */
export function setClock(at: Date | string = NOW): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(typeof at === 'string' ? new Date(at) : at);
}

export async function createRsvpWorld(options: TestAppOptions = {}): Promise<RsvpWorld> {
  setClock();
  const t = await createTestApp({
    ...options,
    env: { AUTH_RATE_LIMIT_MAX: '10000', ...options.env },
  });
  const w = await createChapterAdminWorld(t);
  return { t, w };
}

/** The weekly event: Thursdays 6-8pm at the Pencil Factory, Brooklyn (or as `values` say). */
export const addEvent = insertWeeklyEvent;

export const rsvpUrl = (slug: string, date: string) =>
  `/api/chapter_event/slug/${slug}/dates/${date}/rsvp`;

let address = 0;
/** An RSVP through the form, from a client address of its own unless told. */
export function postRsvp(
  t: TestApp,
  slug: string,
  date: string,
  body: RsvpRequest,
  opts: { cookie?: string; remoteAddress?: string } = {},
) {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: rsvpUrl(slug, date),
    payload: body,
    remoteAddress:
      opts.remoteAddress ?? `198.51.${Math.floor(address / 250) % 250}.${address % 250}`,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
}

/** The mails that went to `email`, newest first. */
export async function mailsTo(t: TestApp, email: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id));
}

/** The token of the RSVP link in the newest mail to `email`. */
export async function linkToken(t: TestApp, email: string): Promise<string> {
  const [mail] = await mailsTo(t, email);
  const match = /\/rsvp\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no RSVP link mailed to ${email}`);
  return match[1]!;
}

export const tokenCall = (t: TestApp, token: string, action?: 'confirm' | 'cancel') =>
  t.app.inject({
    method: action ? 'POST' : 'GET',
    url: `/api/rsvp/${token}${action ? `/${action}` : ''}`,
    ...(action ? { payload: {} } : {}),
  });

/** A visitor's RSVP, confirmed through the link mailed to them. */
export async function confirmedRsvp(
  t: TestApp,
  slug: string,
  date: string,
  body: { name: string; email: string; guests?: number },
) {
  const res = await postRsvp(t, slug, date, { guests: 0, ...body });
  if (res.statusCode !== 200) throw new Error(res.body);
  const token = await linkToken(t, body.email);
  const confirmed = await tokenCall(t, token, 'confirm');
  if (confirmed.statusCode !== 200) throw new Error(confirmed.body);
  return { token, page: confirmed.json<{ status: string; position: number | null }>() };
}

export const counts = async (t: TestApp, slug: string, date: string) =>
  (await t.app.inject({ url: rsvpUrl(slug, date) })).json<{
    going: number;
    waitlisted: number;
    capacity: number | null;
  }>();
