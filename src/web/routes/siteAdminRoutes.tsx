import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../features/auth/RequireAdmin';
import { RequireSignedIn } from '../features/auth/RequireSignedIn';
import type { ComponentType } from 'react';
import { lazyComponent } from './screen';

/** A route whose screen's code loads on its first visit. */
function screen<M>(path: string, load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return { path, lazy: lazyComponent(load, pick) };
}

const dashboard = () => import('../features/admin/dashboard/DashboardScreen');
const settings = () => import('../features/admin/settings/SettingsScreen');
const applications = () => import('../features/admin/applications/ApplicationsScreen');
const application = () => import('../features/admin/applications/ApplicationScreen');
const users = () => import('../features/admin/users/UsersScreen');
const user = () => import('../features/admin/users/UserScreen');
const comingSoon = () => import('../features/admin/ComingSoonScreen');
const press = () => import('../features/admin/press/PressMentionsScreen');
const pressForm = () => import('../features/admin/press/PressMentionFormScreen');
const chapters = () => import('../features/admin/chapters/ChaptersScreen');
const addChapter = () => import('../features/admin/chapters/AddChapterScreen');
const contentLists = () => import('../features/admin/content/ContentListScreens');
const editors = () => import('../features/admin/content/ContentEditorScreens');

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
            { index: true, lazy: lazyComponent(dashboard, (m) => m.DashboardScreen) },
            screen('settings', settings, (m) => m.SettingsScreen),
            screen('chapter_host_applications', applications, (m) => m.ApplicationsScreen),
            screen('chapter_host_applications/:slug', application, (m) => m.ApplicationScreen),
            screen('users', users, (m) => m.UsersScreen),
            screen('users/:userId', user, (m) => m.UserScreen),
            screen('content', comingSoon, (m) => m.ContentComingSoonScreen),
            screen('surveys', comingSoon, (m) => m.SurveysComingSoonScreen),
            screen('press_mentions', press, (m) => m.PressMentionsScreen),
            screen('press_mentions/add', pressForm, (m) => m.PressMentionFormScreen),
            screen('press_mentions/edit/:slug', pressForm, (m) => m.PressMentionFormScreen),
            screen('chapters', chapters, (m) => m.ChaptersScreen),
            screen('chapters/add', addChapter, (m) => m.AddChapterScreen),
            screen(
              'chapters/add/application/:chapterHostApplicationSlug',
              addChapter,
              (m) => m.AddChapterScreen,
            ),
            screen('wiki', contentLists, (m) => m.WikiListScreen),
            screen('wiki/add', editors, (m) => m.WikiEditorScreen),
            screen('wiki/edit/:slug', editors, (m) => m.WikiEditorScreen),
            screen('blog', contentLists, (m) => m.BlogListScreen),
            screen('blog/add', editors, (m) => m.BlogEditorScreen),
            screen('blog/edit/:slug', editors, (m) => m.BlogEditorScreen),
            screen('pages', contentLists, (m) => m.PagesListScreen),
            screen('pages/add', editors, (m) => m.PageEditorScreen),
            screen('pages/edit/:slug', editors, (m) => m.PageEditorScreen),
            screen(
              'embed',
              () => import('../features/admin/embed/EmbedScreen'),
              (m) => m.EmbedScreen,
            ),
            screen(
              'email',
              () => import('../features/admin/email/EmailAdminScreen'),
              (m) => m.EmailAdminScreen,
            ),
          ],
        },
      ],
    },
  ],
};
