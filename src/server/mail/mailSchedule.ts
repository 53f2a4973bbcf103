// What the app knows of the mail schedule (issue 34; modules/reminders builds it): a decoration
// of the app (appInstance.ts) that events and settings wake when a date or a setting changes.
// Declared here, below the modules, so that the app's type depends on no module.
export interface MailSchedule {
  start(): void;
  /** Look now (a date or a setting changed on this server). */
  wake(): void;
  /** One look: plan, then fire everything due. Answers how many it fired. */
  look(): Promise<number>;
  stop(): Promise<void>;
}
