// The reminders module's front (issue 34, email that goes by itself): the mail schedule that
// app.ts starts on every server, the page behind a reminder's links, the list reminder's preview, and the notices the events
// module asks for when a host changes a date. The rest of the folder is its own.
export { createMailSchedule } from './scheduler';
export type { MailSchedule, MailScheduleOptions } from './scheduler';
export { goingRoutes } from './goingRoutes';
export { reminderPreviewRoutes } from './previewRoutes';
export { datesBefore, tellChanges } from './notices';
export type { DatesBefore } from './notices';
