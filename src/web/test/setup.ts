// Every screen test: Testing Library's DOM matchers (toBeDisabled, toHaveValue...), a clean page
// and the real fetch back after each test (fakeServer stubs it).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
