// How fast a send goes and how long it has left, from what the screen has seen of it: the copies
// done (sent, failed or skipped) at each poll. The server keeps no rate; two looks a few seconds
// apart are enough, and the last minute of them keeps the figure current.
import type { ChapterSend } from '../../../../common/schemas/sends';

export interface Sample {
  at: number;
  done: number;
}

/** Samples older than this are dropped: the rate is the last minute's. */
export const RATE_WINDOW_MS = 60_000;

export const doneOf = (send: Pick<ChapterSend, 'sent' | 'failed' | 'skipped'>) =>
  send.sent + send.failed + send.skipped;

/** The samples kept after one more look. */
export function addSample(samples: readonly Sample[], sample: Sample): Sample[] {
  const kept = samples.filter((s) => sample.at - s.at <= RATE_WINDOW_MS && s.at < sample.at);
  return [...kept, sample];
}

/** Messages a minute over the samples; null until two looks at least a second apart. */
export function ratePerMinute(samples: readonly Sample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < 1000) return null;
  return ((last.done - first.done) / (last.at - first.at)) * 60_000;
}

/** "About 3 min left", from the rate; null when it cannot be said. */
export function timeLeft(remaining: number, perMinute: number | null): string | null {
  if (perMinute === null || perMinute <= 0) return null;
  const minutes = remaining / perMinute;
  if (minutes < 1) return 'less than a minute left';
  if (minutes < 90) return `about ${Math.round(minutes)} min left`;
  return `about ${(minutes / 60).toFixed(1)} h left`;
}
