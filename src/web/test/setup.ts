// Every screen test: Testing Library's DOM matchers (toBeDisabled, toHaveValue...), a clean page
// and the real fetch back after each test (fakeServer stubs it).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// How long findBy and waitFor wait for the screen before they fail: a bound that only tells a
// screen that never comes from a slow one (issue 31, item 7). Testing Library's own second failed
// screens that a busy machine drew in more (a retry after react-query's one-second pause, a form
// checked by zod); 15 s is far past any screen's cost, and under the screens' 60 s test limit.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// react-bootstrap ends a fade on a timer (dom-helpers' transitionEnd: the transition's duration,
// none in jsdom, which loads no CSS, plus a few ms) that unmounting never clears. A dialog closed
// by a file's last test left two pending when vitest tore the file's DOM down in the same turn,
// and they threw "document is not defined" into the run (CI, 2026-11-29, Posts.test). A timer
// set after them for longer fires after them, so the DOM stays until they have run.
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 50));
});
