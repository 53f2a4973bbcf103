import { describe, expect, it } from 'vitest';
import { emailOverdue } from './lastEmail';

describe('emailOverdue', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('is overdue when the chapter never emailed', () => {
    expect(emailOverdue(null, now)).toBe(true);
  });
  it('is not overdue within two months, and is after', () => {
    expect(emailOverdue('2026-10-01T12:00:00Z', now)).toBe(false);
    expect(emailOverdue('2026-09-24T12:00:00Z', now)).toBe(false);
    expect(emailOverdue('2026-09-22T11:00:00Z', now)).toBe(true);
  });
});
