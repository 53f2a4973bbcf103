// What `zod` means in the browser build (vite.config.ts aliases it here). zod compiles object
// parsers with `new Function` when it may; to find out, each object schema tries once as it is
// made, and under our Content-Security-Policy (no 'unsafe-eval') that try is a reported policy
// violation on every page. Configured here, before any schema module runs, it never tries.
//
// Set through the object behind zod's `config()` (zod keeps it on globalThis so that copies of
// zod share it; zodJitless.test.ts checks that they still do) rather than by calling `config()`:
// a page that takes nothing of zod but this module, as a first visit does, then gets no zod code.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;

export * from 'zod/v4';
export { default } from 'zod/v4';
