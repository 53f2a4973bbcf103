// What `zod` means in the browser build (vite.config.ts aliases it here). zod compiles object
// parsers with `new Function` when it may; to find out, each object schema tries once as it is
// made, and under our Content-Security-Policy (no 'unsafe-eval') that try is a reported policy
// violation on every page. Configured here, before any schema module runs, it never tries.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
