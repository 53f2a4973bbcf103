// Every screen test: Testing Library's DOM matchers (toBeDisabled, toHaveValue...), a clean page
// and the real fetch back after each test (fakeServer stubs it).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
