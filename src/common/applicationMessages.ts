/**
 * Why an application cannot be made into a chapter (spec 2 §4): the add-chapter screen's alert
 * for an application already decided, and the message of POST /api/chapter/new's 409. Plain (no
 * schema module), so the screen's chunk takes no schema with them.
 */
export const APPLICATION_DECIDED_MESSAGES = {
  approved: 'This application has already been approved and added.',
  approved_without_creation:
    'This application has been approved, although no chapter has been created; eligible to be added to an existing chapter.',
  denied: 'This application has already been denied.',
} as const;
