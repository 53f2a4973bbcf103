import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireSignedIn } from '../features/auth/RequireSignedIn';
import { HomePage } from '../features/home/HomePage';
import { lazyComponent } from './screen';

/** A route whose screen's code loads on its first visit. */
function lazyRoute<M>(
  path: string,
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
): RouteObject {
  return { path, lazy: lazyComponent(load, pick) };
}

/** Paths of screens the server also draws (ssr/firstScreen.tsx): one spelling for both. */
export const STATE_PATH = 'chapters/:state';
export const CHAPTER_PATH = 'chapter/:state/:slug';
export const EVENT_PATH = 'chapter/:state/:slug/events/:eventSlug';

const auth = () => import('../features/auth/authScreens');
const content = () => import('../features/content/ContentScreens');
const applications = () => import('../features/applications/applicationScreens');

/** Spec 1 §2, public and user routes. */
export const publicRoutes: RouteObject[] = [
  { index: true, Component: HomePage },
  lazyRoute('about', content, (m) => m.AboutScreen),
  lazyRoute('chapter_types', content, (m) => m.ChapterTypesScreen),
  lazyRoute('page/:slug', content, (m) => m.PageScreen),
  lazyRoute(
    'blog',
    () => import('../features/home/BlogScreen'),
    (m) => m.BlogScreen,
  ),
  lazyRoute('blog/:slug', content, (m) => m.BlogPostScreen),
  lazyRoute('wiki/:slug', content, (m) => m.WikiScreen),
  lazyRoute(
    'press_mentions',
    () => import('../features/press/PressMentionsScreen'),
    (m) => m.PressMentionsScreen,
  ),
  lazyRoute('signin', auth, (m) => m.SignInPage),
  lazyRoute('register_for_account', auth, (m) => m.RegisterPage),
  lazyRoute('password_reset', auth, (m) => m.PasswordResetPage),
  lazyRoute('password_verify/:token', auth, (m) => m.PasswordVerifyPage),
  lazyRoute('email_change/:token', auth, (m) => m.EmailChangePage),
  lazyRoute('intro_start_chapter', applications, (m) => m.IntroStartChapterScreen),
  lazyRoute('start_chapter', applications, (m) => m.StartChapterScreen),
  lazyRoute(
    STATE_PATH,
    () => import('../features/state/StatePage'),
    (m) => m.StatePage,
  ),
  lazyRoute(
    CHAPTER_PATH,
    () => import('../features/chapter/ChapterPage'),
    (m) => m.ChapterPage,
  ),
  lazyRoute(
    EVENT_PATH,
    () => import('../features/event/EventPage'),
    (m) => m.EventPage,
  ),
  lazyRoute(
    'confirm-subscription/:token',
    () => import('../features/chapter/ConfirmSubscriptionScreen'),
    (m) => m.ConfirmSubscriptionScreen,
  ),
  lazyRoute(
    'rsvp/:token',
    () => import('../features/rsvp/RsvpScreen'),
    (m) => m.RsvpScreen,
  ),
  lazyRoute(
    'going/:token',
    () => import('../features/rsvp/GoingScreen'),
    (m) => m.GoingScreen,
  ),
  lazyRoute(
    'unsubscribe/:token',
    () => import('../features/unsubscribe/UnsubscribeScreen'),
    (m) => m.UnsubscribeScreen,
  ),
  {
    Component: RequireSignedIn,
    children: [
      lazyRoute('settings', auth, (m) => m.SettingsPage),
      lazyRoute(
        'my_chapters',
        () => import('../features/myChapters/MyChaptersScreen'),
        (m) => m.MyChaptersScreen,
      ),
      lazyRoute('my_chapter_host_applications', applications, (m) => m.MyApplicationsScreen),
      lazyRoute('my_chapter_host_applications/:slug', applications, (m) => m.MyApplicationScreen),
    ],
  },
];
