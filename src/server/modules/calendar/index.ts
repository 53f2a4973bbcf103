// The calendar module's front: what app.ts and other modules may use of it. The rest of the
// folder is its own (eslint.config.js keeps it so; docs/architecture.md).
export { calendarRoutes } from './routes';
export { dateCalendar } from './dateCalendar';
export { feedContextOf } from './service';
