import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from './components/NotFoundPage';
import { PageSpinner } from './components/PageSpinner';
import { RouteError, ShellError } from './components/RouteError';
import { ShellLayout } from './layouts/ShellLayout';
import { chapterAdminRoutes } from './routes/chapterAdminRoutes';
import { publicRoutes } from './routes/publicRoutes';
import { siteAdminRoutes } from './routes/siteAdminRoutes';

export const router = createBrowserRouter([
  {
    Component: ShellLayout,
    ErrorBoundary: ShellError,
    // Shown while a lazy route's code loads on the very first page view.
    HydrateFallback: PageSpinner,
    children: [
      {
        // Errors of a screen render inside the shell, so the menu stays usable.
        ErrorBoundary: RouteError,
        children: [
          ...publicRoutes,
          chapterAdminRoutes,
          siteAdminRoutes,
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
