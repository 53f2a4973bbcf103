import { describe, expect, it } from 'vitest';
import { addSample, ratePerMinute, timeLeft, RATE_WINDOW_MS } from './sendRate';

describe('a send rate from the screen looks', () => {
  it('says nothing until two looks a second apart, then messages a minute', () => {
    let samples = addSample([], { at: 0, done: 0 });
    expect(ratePerMinute(samples)).toBeNull();
    samples = addSample(samples, { at: 500, done: 10 });
    expect(ratePerMinute(samples)).toBeNull();
    samples = addSample(samples, { at: 2000, done: 40 });
    expect(ratePerMinute(samples)).toBe(1200);
  });

  it('keeps the last minute only, so the rate follows a send that slows down', () => {
    let samples = addSample([], { at: 0, done: 0 });
    samples = addSample(samples, { at: 30_000, done: 3000 });
    samples = addSample(samples, { at: RATE_WINDOW_MS + 30_000, done: 3600 });
    expect(samples.map((s) => s.at)).toEqual([30_000, RATE_WINDOW_MS + 30_000]);
    expect(ratePerMinute(samples)).toBe(600);
  });

  it('estimates the time left in words', () => {
    expect(timeLeft(100, null)).toBeNull();
    expect(timeLeft(100, 0)).toBeNull();
    expect(timeLeft(100, 600)).toBe('less than a minute left');
    expect(timeLeft(3000, 600)).toBe('about 5 min left');
    expect(timeLeft(200_000, 1000)).toBe('about 3.3 h left');
  });
});
