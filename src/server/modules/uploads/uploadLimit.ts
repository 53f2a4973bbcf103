// How many header images a chapter takes an hour (issue 31): a host uploaded 15 in a row, 42 to
// 102 MB of stored images. Counted in rate_limits like the other limits, so every app server
// counts the same uploads; an upload refused as no image gives its turn back.
import type { Db } from '../../db/client';
import { LIMITS } from '../../../common/constants';
import { HttpError } from '../../core/httpError';
import { refundAttempt, secondsUntilNextTurn, takeTurn } from '../auth';

const HOUR_SECONDS = 60 * 60;

export const TOO_MANY_UPLOADS = `This chapter's header image has been changed ${LIMITS.headerUploadsPerHour} times in the last hour. Please wait an hour before uploading another.`;

/**
 * Takes one of the chapter's uploads this hour, or answers 429 with how long until the next one
 * (Retry-After); `now` is the clock (tests).
 */
export async function takeUploadTurn(db: Db, chapterId: number, now = new Date()) {
  const key = `headerUpload:chapter:${chapterId}`;
  const limit = { max: LIMITS.headerUploadsPerHour, windowSeconds: HOUR_SECONDS };
  if (!(await takeTurn(db, key, limit, now))) {
    const wait = await secondsUntilNextTurn(db, key, now);
    throw new HttpError(429, TOO_MANY_UPLOADS, undefined, { 'retry-after': String(wait) });
  }
  return { giveBack: () => refundAttempt(db, [key], now) };
}
