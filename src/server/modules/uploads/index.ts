// The uploads module's front: what app.ts and other modules may use of it. The rest of the
// folder is its own (eslint.config.js keeps it so; docs/architecture.md).
export { JPEG, MAX_UPLOAD_BYTES, toJpeg } from './images';
export { importUploadedFiles } from './importFiles';
export { deleteUnshownImages } from './store';
export { readImageField, uploadRoutes } from './routes';
export { imageServeRoutes } from './serveRoutes';
export { FRONT_PAGE_SLOT, chapterHeaderSlot, chapterHeaderSlotSql, imageUrlOrNull } from './slots';
export { showImage, slotHash } from './store';
