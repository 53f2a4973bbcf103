import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from './components/NotFoundPage';
import { FirstLoadFallback } from './components/FirstLoadFallback';
import { RouteError, ShellError } from './components/RouteError';
import { ShellLayout } from './layouts/ShellLayout';
import { chapterAdminRoutes } from './routes/chapterAdminRoutes';
import { publicRoutes } from './routes/publicRoutes';
import { siteAdminRoutes } from './routes/siteAdminRoutes';

export const router = createBrowserRouter([
  {
    Component: ShellLayout,
    ErrorBoundary: ShellError,
    children: [
      {
        // Errors of a screen render inside the shell, so the menu stays usable.
        ErrorBoundary: RouteError,
        // Shown inside the shell while a lazy screen's code loads on the very first page view:
        // the menu, heading and footer the server sent stay on screen.
        HydrateFallback: FirstLoadFallback,
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
