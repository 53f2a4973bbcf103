// The content module's front: what app.ts and other modules may use of it. The rest of the
// folder is its own (eslint.config.js keeps it so; docs/architecture.md).
export { contentAdminRoutes } from './adminRoutes';
export { contentRoutes } from './routes';
export { getBlogPost, getPage, getWikiPage, listPublicBlogPosts } from './service';
