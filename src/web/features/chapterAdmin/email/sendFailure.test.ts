import { describe, expect, it } from 'vitest';
import { sendFailureMessage } from './sendFailure';

describe('sendFailureMessage (spec 2 §8)', () => {
  it.each([
    [400, 'Invalid email data. Please check your message and try again.'],
    [401, 'You are not authorized to send emails. Please log in again.'],
    [403, 'You do not have permission to send emails to this chapter.'],
    [404, 'Chapter mailing list not found. Please contact support.'],
    [500, 'Email service is temporarily unavailable. Please try again later.'],
    [503, 'Email service is temporarily unavailable. Please try again later.'],
    [0, 'Network error. Please check your internet connection and try again.'],
    [409, 'Failed to send email. Please try again or contact support if the problem persists.'],
  ])('maps %i to its message', (status, message) => {
    expect(sendFailureMessage(status)).toBe(message);
  });
});
