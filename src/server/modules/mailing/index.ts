// The mailing module's front: what app.ts and other modules may use of it. The rest of the
// folder is its own (eslint.config.js keeps it so; docs/architecture.md).
export { moveBrevoLists } from './brevoMove';
export type { MoveResult } from './brevoMove';
export { brevoMoveRoutes } from './brevoMoveRoutes';
export { MoveAlreadyRunning, latestRun, startRun } from './brevoMoveRuns';
export { contactAdminRoutes } from './contactAdminRoutes';
export { countedListField } from './countedList';
export type { CountedListField } from './countedList';
export { listIdField } from './listAccess';
export { mailingRoutes, signUpAndTell } from './routes';
export { brevoChoice } from './providers';
export { reminderListOf } from './reminderList';
