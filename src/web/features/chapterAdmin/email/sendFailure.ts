// Spec 2 §8: what the Email Send Failed toast says for each answer of the send call.

export const EMAIL_SEND_FAILED = 'Email Send Failed';
export const EMAIL_PREPARATION_FAILED = 'Email Preparation Failed';
export const EMAIL_PREPARATION_MESSAGE =
  'Failed to prepare email. Please try again or contact support if the problem persists.';
export const EMAIL_SENT = 'Email sent successfully to all chapter members!';

/** `status` 0 is a request that never reached the server. */
export function sendFailureMessage(status: number): string {
  if (status === 0) return 'Network error. Please check your internet connection and try again.';
  if (status >= 500) return 'Email service is temporarily unavailable. Please try again later.';
  switch (status) {
    case 400:
      return 'Invalid email data. Please check your message and try again.';
    case 401:
      return 'You are not authorized to send emails. Please log in again.';
    case 403:
      return 'You do not have permission to send emails to this chapter.';
    case 404:
      return 'Chapter mailing list not found. Please contact support.';
    default:
      return 'Failed to send email. Please try again or contact support if the problem persists.';
  }
}
