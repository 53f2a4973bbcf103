// A queue that runs at most `concurrency` jobs at once. Image decoding runs on libuv's thread
// pool (4 threads), which password hashing and file reads share: four slow images at once held
// every thread, and sign-in waited for them. Through this queue images hold at most one.
import { HttpError } from '../../core/httpError';

export interface WorkQueue {
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * `maxWaiting` bounds the jobs held in line (each holds its upload in memory); one more is
 * refused with a 503 the client may retry, rather than queued behind minutes of work.
 */
export function workQueue(concurrency: number, maxWaiting: number, busyMessage: string): WorkQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  // A finished job hands its place to the first in line, so a caller arriving meanwhile cannot
  // slip in beside it.
  const next = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else running -= 1;
  };

  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) {
          throw new HttpError(503, busyMessage, undefined, { 'retry-after': '30' });
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        next();
      }
    },
  };
}
