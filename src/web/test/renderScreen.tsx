// What a screen's test needs around it: a fresh query cache, the toasts, a router at the
// screen's address (with the outlet context a parent route hands down, such as the chapter of
// the chapter admin area), and a user to click and type.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ToastProvider } from '../components/toasts';

export interface ScreenOptions {
  /** The route's pattern, e.g. '/chapter/:state/:slug/admin/email'. */
  path?: string;
  /** The address the router starts at; the pattern itself when not given. */
  at?: string;
  /** What the parent route hands the screen through `useOutletContext`. */
  outletContext?: unknown;
}

export function renderScreen(
  screen: ReactElement,
  { path = '/', at = path, outletContext }: ScreenOptions = {},
): RenderResult & { user: UserEvent; router: ReturnType<typeof createMemoryRouter> } {
  // No retries: a test's failed answer is shown at once, as the screen shows it after its last.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={outletContext} />,
        children: [
          { path, element: screen },
          { path: '*', element: <p>Left the screen</p> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  // No pause between keys: the tests type whole words, and the screens react to each key alike.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, router };
}
