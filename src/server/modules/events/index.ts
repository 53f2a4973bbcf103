// The events module's front: what app.ts and other modules may use of it. The rest of the
// folder is its own (eslint.config.js keeps it so; docs/architecture.md).
export { eventDateRoutes } from './dateRoutes';
export { eventRoutes } from './routes';
export { eventSaveRoutes } from './saveRoutes';
