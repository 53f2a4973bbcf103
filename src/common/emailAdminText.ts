// The words of the email administration (spec 2 §2 /admin/email, §8): what a failed call to a
// mail provider reads as, and the Mailgun and Brevo tabs' messages. The same texts serve the
// server's answers and the screen; plain, so the screen's chunk takes no schema with them.

/** Spec 2 §8, "Mailgun service errors": what a failed call to a mail provider reads as. */
export const PROVIDER_ERROR_TEXT = {
  auth: 'Authentication failed. Please check your login credentials.',
  forbidden: 'Access denied. You do not have permission to perform this action.',
  timeout: 'Request timed out. Please try again later.',
  unreachable: 'Unable to connect to server. Please check your network connection.',
  rateLimited: 'Rate limit reached. Please wait a minute and try again.',
} as const;

export const serverErrorText = (status: number, text: string) =>
  `Server error: ${status} ${text}`.trim();

/** The screen's words for a failed call: the server's message, else by status (spec 2 §8). */
export function providerErrorText(status: number, message?: string, statusText = ''): string {
  if (message) return message;
  if (status === 401) return PROVIDER_ERROR_TEXT.auth;
  if (status === 403) return PROVIDER_ERROR_TEXT.forbidden;
  if (status === 504) return PROVIDER_ERROR_TEXT.timeout;
  if (status === 0) return PROVIDER_ERROR_TEXT.unreachable;
  return serverErrorText(status, statusText);
}

export const ALIAS_TEXT = {
  loadFailed: 'Failed to load aliases',
  searchFailed: 'Search failed',
  saveFailed: 'Failed to save alias: ',
  deleteFailed: 'Failed to delete alias: ',
  minSearch: 'Please enter at least 2 characters to search',
  none: 'No aliases found',
  rateLimitWarning:
    'Mailgun limits how often its routes may be changed: if you see a rate limit error, wait a minute and try again.',
} as const;

export const BREVO_TEXT = {
  enterEmail: 'Please enter an email address',
  notFound: 'Contact not found',
  unblockFailed: 'Failed to unblock contact',
  blockFailed: 'Failed to block contact',
  removeFailed: 'Failed to remove contact from list',
  addFailed: 'Failed to add contact to chapter list',
  unblocked: 'Contact has been unblocked successfully',
  blocked: 'Contact has been blocked successfully',
  removed: 'Contact removed from list successfully',
  added: (chapter: string) => `Contact added to ${chapter} mailing list`,
  noChapterList: 'Selected chapter does not have a mailing list configured',
  noLists: 'No mailing lists',
  noChapters: 'No chapters found',
} as const;
