// How many whole-list downloads (the CSV export, the spec's whole-list call) one user runs at
// once (issue 31: ten parallel exports of a 60,000-member list by one host slowed /api/health to
// 3.8 s). Counted per app server, in memory: a download is a connection this process holds, and
// a count kept in PostgreSQL would stay taken when a server died mid-download (it would need a
// lease, renewed while the stream runs). Behind n servers a user may run 2n at most; what the
// limit protects, one process's event loop and its share of the pool, sees at most two.
import type { Readable } from 'node:stream';
import { HttpError } from '../../core/httpError';

export const DOWNLOADS_PER_USER = 2;

export const TOO_MANY_DOWNLOADS =
  'You are downloading two member lists already. Wait for one of them to finish, then try again.';

export interface DownloadGate {
  /**
   * Takes one of the user's places, or answers 429 when both are taken; the place is given back
   * when the stream `open()` makes closes: finished, failed, or dropped by the client.
   */
  hold(userId: number, open: () => Readable): Readable;
  /** The user's downloads running now (tests and metrics). */
  running(userId: number): number;
}

export function downloadGate(max = DOWNLOADS_PER_USER): DownloadGate {
  const running = new Map<number, number>();
  const release = (userId: number) => {
    const left = (running.get(userId) ?? 1) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  };
  return {
    hold(userId, open) {
      const now = running.get(userId) ?? 0;
      // No Retry-After: the wait is the end of a download already running, which no one knows.
      if (now >= max) throw new HttpError(429, TOO_MANY_DOWNLOADS);
      running.set(userId, now + 1);
      let stream: Readable;
      try {
        stream = open();
      } catch (err) {
        release(userId);
        throw err;
      }
      stream.once('close', () => release(userId));
      return stream;
    },
    running: (userId) => running.get(userId) ?? 0,
  };
}
