import type { RouteObject } from 'react-router';
import { RequireSignedIn } from '../features/auth/RequireSignedIn';
import { lazyComponent } from './screen';

/** Spec 2 §2: the chapter admin area needs sign-in only; the server checks host access. */
export const chapterAdminRoutes: RouteObject = {
  path: 'chapter/:state/:slug/admin',
  Component: RequireSignedIn,
  children: [
    {
      lazy: lazyComponent(
        () => import('../features/chapterAdmin/ChapterAdminLayout'),
        (m) => m.ChapterAdminLayout,
      ),
      children: [
        {
          index: true,
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/dashboard/DashboardScreen'),
            (m) => m.DashboardScreen,
          ),
        },
        {
          path: 'resources',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/ResourcesScreen'),
            (m) => m.ResourcesScreen,
          ),
        },
        {
          path: 'settings',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/settings/ChapterSettingsScreen'),
            (m) => m.ChapterSettingsScreen,
          ),
        },
        {
          path: 'content',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/content/PageContentScreen'),
            (m) => m.PageContentScreen,
          ),
        },
        {
          path: 'hosts',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/hosts/HostsScreen'),
            (m) => m.HostsScreen,
          ),
        },
        {
          path: 'email',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/email/SendEmailScreen'),
            (m) => m.SendEmailScreen,
          ),
        },
        {
          path: 'events',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/events/EventsScreen'),
            (m) => m.EventsScreen,
          ),
        },
        {
          path: 'events/add',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/events/EventFormScreen'),
            (m) => m.EventFormScreen,
          ),
        },
        {
          path: 'events/edit/:eventSlug',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/events/EventFormScreen'),
            (m) => m.EventFormScreen,
          ),
        },
        {
          path: 'events/:eventSlug/dates/:date/guests',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/guests/GuestListScreen'),
            (m) => m.GuestListScreen,
          ),
        },
        {
          path: 'events/:eventSlug/dates/:date/checkin',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/guests/CheckInScreen'),
            (m) => m.CheckInScreen,
          ),
        },
        {
          path: 'members',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/members/MembersScreen'),
            (m) => m.MembersScreen,
          ),
        },
        {
          path: 'members/add',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/members/AddMembersScreen'),
            (m) => m.AddMembersScreen,
          ),
        },
        {
          path: 'members/import',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/members/ImportMembersScreen'),
            (m) => m.ImportMembersScreen,
          ),
        },
        {
          path: 'links',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/links/LinksScreen'),
            (m) => m.LinksScreen,
          ),
        },
        {
          path: 'notes',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/notes/NotesScreen'),
            (m) => m.NotesScreen,
          ),
        },
        {
          path: 'posts',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/posts/PostsScreen'),
            (m) => m.PostsScreen,
          ),
        },
        {
          path: 'posts/add',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/posts/PostFormScreen'),
            (m) => m.PostFormScreen,
          ),
        },
        {
          path: 'posts/edit/:postSlug',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/posts/PostFormScreen'),
            (m) => m.PostFormScreen,
          ),
        },
        {
          path: 'embed',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/embed/EmbedScreen'),
            (m) => m.EmbedScreen,
          ),
        },
        {
          path: 'press_mentions',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/press/PressMentionsScreen'),
            (m) => m.PressMentionsScreen,
          ),
        },
        {
          path: 'press_mentions/add',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/press/PressMentionFormScreen'),
            (m) => m.PressMentionFormScreen,
          ),
        },
        // Not ':slug': that is the chapter's, in the parent path, and a child's would shadow it.
        {
          path: 'press_mentions/edit/:mentionSlug',
          lazy: lazyComponent(
            () => import('../features/chapterAdmin/press/PressMentionFormScreen'),
            (m) => m.PressMentionFormScreen,
          ),
        },
      ],
    },
  ],
};
