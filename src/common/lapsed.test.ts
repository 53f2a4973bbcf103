import { describe, expect, it } from 'vitest';
import { chapterLapse, emailLapse } from './lapsed';

const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('emailLapse', () => {
  it('counts a chapter that never emailed as lapsed', () => {
    expect(emailLapse(null, now)).toEqual({ state: 'lapsed', lapsesAt: null });
  });

  it('is current for six weeks after an email', () => {
    expect(emailLapse(daysAgo(41), now).state).toBe('current');
  });

  it('is due from six weeks, saying when it lapses: two months after the email', () => {
    const lapse = emailLapse('2026-10-10T18:00:00Z', now);
    expect(lapse.state).toBe('due');
    expect(lapse.lapsesAt?.toISOString()).toBe('2026-12-10T18:00:00.000Z');
    expect(emailLapse(daysAgo(42), now).state).toBe('due');
    expect(emailLapse(daysAgo(61), now).state).toBe('due');
  });

  it('has lapsed once those two months (61 days) are over', () => {
    expect(emailLapse(daysAgo(61.01), now)).toEqual({
      state: 'lapsed',
      lapsesAt: new Date(daysAgo(61.01).getTime() + 61 * 86_400_000),
    });
  });
});

describe('chapterLapse', () => {
  const chapter = (over: Partial<Parameters<typeof chapterLapse>[0]> = {}) => ({
    status: 1,
    createdAt: daysAgo(400),
    lastEmailAt: daysAgo(10),
    nextEventDate: '2026-12-01',
    ...over,
  });

  it('spares a chapter made minutes ago, with no email and no event yet, for two months', () => {
    const fresh = chapter({ createdAt: daysAgo(0.01), lastEmailAt: null, nextEventDate: null });
    expect(chapterLapse(fresh, now)).toEqual({
      isLapsed: false,
      reasons: [],
      graceUntil: new Date(daysAgo(0.01).getTime() + 61 * 86_400_000),
    });
  });

  it('flags a new chapter that never emailed once its two months are over', () => {
    const old = chapter({ createdAt: daysAgo(62), lastEmailAt: null, nextEventDate: null });
    expect(chapterLapse(old, now)).toEqual({
      isLapsed: true,
      reasons: ['no_recent_email', 'no_upcoming_event'],
      graceUntil: null,
    });
  });

  it('flags no email in two months and no event to come, each for itself', () => {
    expect(chapterLapse(chapter(), now).isLapsed).toBe(false);
    expect(chapterLapse(chapter({ lastEmailAt: daysAgo(70) }), now).reasons).toEqual([
      'no_recent_email',
    ]);
    expect(chapterLapse(chapter({ nextEventDate: null }), now).reasons).toEqual([
      'no_upcoming_event',
    ]);
  });

  it('never flags a hidden chapter: it is off the site already', () => {
    const hidden = chapter({ status: 0, lastEmailAt: null, nextEventDate: null });
    expect(chapterLapse(hidden, now)).toEqual({ isLapsed: false, reasons: [], graceUntil: null });
  });
});
