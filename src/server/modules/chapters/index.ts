// The chapters module's front: what app.ts and other modules may use of it. The rest of the
// folder is its own (eslint.config.js keeps it so; docs/architecture.md).
export { getChapterMeetings } from './chapter';
export { chapterCreateRoutes } from './createRoutes';
export { chapterMapRoutes } from './mapRoutes';
export { chapterRoutes } from './routes';
export { chapterSaveRoutes } from './saveRoutes';
export { chapterSetupRoutes } from './setupRoutes';
export { storedStates } from './service';
export { slicePauses } from './slices';
export { nextEventOf, upcomingOf } from './nextEvent';
