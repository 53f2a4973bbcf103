// The chapterPosts module's front: what app.ts and other modules may use of it. The rest of the
// folder is its own (eslint.config.js keeps it so; docs/architecture.md).
export { chapterPostRoutes } from './routes';
export { listChapterPosts } from './service';
