import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../features/auth/RequireAdmin';
import { RequireSignedIn } from '../features/auth/RequireSignedIn';
import { lazyComponent, notBuilt } from './screen';

// Signed-out visitors are asked to sign in first; signed-in non-admins go to / (spec 2 §2).
export const siteAdminRoutes: RouteObject = {
  path: 'admin',
  Component: RequireSignedIn,
  children: [
    {
      Component: RequireAdmin,
      children: [
        {
          lazy: lazyComponent(
            () => import('../features/admin/AdminLayout'),
            (m) => m.AdminLayout,
          ),
          children: [
            notBuilt(undefined, 'Admin Dashboard'),
            notBuilt('settings', 'Settings'),
            notBuilt('chapter_host_applications', 'Chapter Host Applications'),
            notBuilt('chapter_host_applications/:slug', 'Chapter Host Application'),
            notBuilt('users', 'Users'),
            notBuilt('users/:userId', 'User'),
            notBuilt('content', 'Content'),
            notBuilt('surveys', 'Surveys'),
            notBuilt('press_mentions', 'Press Mentions'),
            notBuilt('press_mentions/add', 'Add Press Mention'),
            notBuilt('press_mentions/edit/:slug', 'Edit Press Mention'),
            notBuilt('chapters', 'Chapters'),
            notBuilt('chapters/add', 'Add Chapter'),
            notBuilt(
              'chapters/add/application/:chapterHostApplicationSlug',
              'Add Chapter from Application',
            ),
            notBuilt('wiki', 'Wiki Pages'),
            notBuilt('wiki/add', 'Add Wiki Page'),
            notBuilt('wiki/edit/:slug', 'Edit Wiki Page'),
            notBuilt('blog', 'Blog Posts'),
            notBuilt('blog/add', 'Add Blog Post'),
            notBuilt('blog/edit/:slug', 'Edit Blog Post'),
            notBuilt('pages', 'Pages'),
            notBuilt('pages/add', 'Add Page'),
            notBuilt('pages/edit/:slug', 'Edit Page'),
            notBuilt('email', 'Email Administration'),
          ],
        },
      ],
    },
  ],
};
