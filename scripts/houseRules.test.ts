// The rooms of the server are kept by the lint (eslint.config.js) and `npm run deps`, not by
// memory: each knot the house issues untied fails `npm run lint` if it comes back, and the
// allowed directions pass. The import-x rules resolve each import to a file, so the imports
// tried here name files that exist.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { circles, serverGraph } from './deps';

const eslint = new ESLint();
const HOUSE_RULES = new Set([
  'no-restricted-imports',
  'import-x/no-restricted-paths',
  'import-x/no-cycle',
]);

async function refused(file: string, specifier: string, code?: string): Promise<boolean> {
  const text = code ?? `import '${specifier}';\n`;
  const [result] = await eslint.lintText(text, { filePath: file });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.some((m) => m.ruleId && HOUSE_RULES.has(m.ruleId));
}

const dynamic = (specifier: string) => `export const later = () => import('${specifier}');\n`;

describe('the import rules of the house', () => {
  it.each([
    ['a module imports app.ts', 'src/server/modules/press/routes.ts', '../../app'],
    ['a plugin imports a module', 'src/server/plugins/auth.ts', '../modules/auth/sessions'],
    ['mail imports a module', 'src/server/mail/lists/factory.ts', '../../modules/settings/service'],
    ['mail imports a plugin', 'src/server/mail/providerHttp.ts', '../plugins/errors'],
    ['the importer imports a plugin', 'src/server/import/legacy/run.ts', '../../plugins/errors'],
    ['caching imports a plugin', 'src/server/caching/answerCache.ts', '../plugins/serializer'],
    ['a module imports the web app', 'src/server/modules/seo/buildPage.ts', '../../../web/ssr/x'],
    ['config imports the web app', 'src/server/config.ts', '../web/api'],
    [
      'mail spells a module from the repository root',
      'src/server/mail/providerHttp.ts',
      '../../server/modules/settings/service',
    ],
    ['a .tsx file under mail imports a module', 'src/server/mail/preview.tsx', '../modules/seo'],
    [
      'a .tsx file under plugins imports a module',
      'src/server/plugins/page.tsx',
      '../modules/seo/renderPage',
    ],
    ['a module imports the demo data', 'src/server/modules/auth/routes.ts', '../../seed/demo'],
    [
      'a module imports the importer',
      'src/server/modules/users/service.ts',
      '../../import/legacy/run',
    ],
    ['core imports a module', 'src/server/core/access.ts', '../modules/chapters'],
    ['core imports a plugin', 'src/server/core/summaries.ts', '../plugins/errors'],
    [
      'a module reaches inside another',
      'src/server/modules/dashboard/service.ts',
      '../settings/service',
    ],
    ['app.ts reaches inside a module', 'src/server/app.ts', './modules/auth/sessions'],
    [
      'the importer reaches inside a module',
      'src/server/import/legacy/invite.ts',
      '../../modules/auth/sessions',
    ],
    [
      'a script reaches inside a module',
      'scripts/admin-create.ts',
      '../src/server/modules/auth/adminCreate',
    ],
  ])('refuses %s', async (_, file, specifier) => {
    expect(await refused(file, specifier)).toBe(true);
  });

  it('refuses a dynamic import() of a module from mail, however it is spelled', async () => {
    const file = 'src/server/mail/lists/factory.ts';
    expect(await refused(file, '', dynamic('../../modules/settings/service'))).toBe(true);
    expect(await refused(file, '', dynamic('../../../server/modules/settings'))).toBe(true);
  });

  it('refuses a dynamic import() of a module from a plugin', async () => {
    const code = dynamic('../modules/seo/renderPage');
    expect(await refused('src/server/plugins/web.ts', '', code)).toBe(true);
  });

  it('refuses a circle of files', async () => {
    // core/access.ts imports ./visibility; visibility importing access closes a circle.
    expect(await refused('src/server/core/visibility.ts', './access')).toBe(true);
  });

  it.each([
    ['app.ts names the web app', 'src/server/app.ts', '../web/ssr/firstScreen'],
    ['a module takes the app type', 'src/server/modules/press/routes.ts', '../../appInstance'],
    ['a module uses caching', 'src/server/modules/press/routes.ts', '../../caching/answerCache'],
    ['a plugin uses caching', 'src/server/plugins/web.ts', '../caching/answerCache'],
    ['a test assembles the app', 'src/server/modules/auth/auth.test.ts', '../../app'],
    [
      'a module uses another through its front',
      'src/server/modules/dashboard/service.ts',
      '../settings',
    ],
    ['a module uses core', 'src/server/modules/press/service.ts', '../../core/visibility'],
    ['a module uses its own files', 'src/server/modules/chapters/routes.ts', './service'],
    ['mail uses core', 'src/server/mail/sendWorker.ts', '../core/database'],
    ['a plugin uses core', 'src/server/plugins/errors.ts', '../core/httpError'],
    ['app.ts uses a module through its front', 'src/server/app.ts', './modules/auth'],
    [
      'a test looks inside another module',
      'src/server/modules/auth/auth.test.ts',
      '../settings/service',
    ],
  ])('allows %s', async (_, file, specifier) => {
    expect(await refused(file, specifier)).toBe(false);
  });
});

// The web app's rooms: a feature never imports another feature (shared pieces live in
// components/ and hooks/); the screens' assemblers (routes, layouts, ssr) may.
describe('the import rules of the web app', () => {
  async function refusedWeb(file: string, source: string): Promise<boolean> {
    const [result] = await eslint.lintText(source, { filePath: file });
    return result!.messages.some(
      (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax',
    );
  }
  const importOf = (specifier: string) => `import '${specifier}';\n`;

  it.each([
    ['beside it', 'src/web/features/home/HomePage.tsx', '../chapter/ChapterPage'],
    ['from a subfolder', 'src/web/features/admin/users/UserScreen.tsx', '../../auth/authApi'],
    ['through features/', 'src/web/features/state/StatePage.tsx', '../../features/home/HomeMap'],
    ['through web/', 'src/web/features/event/EventPage.tsx', '../../../web/features/chapter/x'],
    ['by its folder', 'src/web/features/myChapters/MyChaptersScreen.tsx', '../chapter'],
  ])('refuses a feature importing another feature %s', async (_, file, specifier) => {
    expect(await refusedWeb(file, importOf(specifier))).toBe(true);
  });

  it.each([
    ['re-exporting', "export { ChapterPage } from '../chapter/ChapterPage';\n"],
    ['lazily importing', "void import('../chapter/ChapterPage');\n"],
  ])('refuses a feature %s another feature', async (_, source) => {
    expect(await refusedWeb('src/web/features/home/HomePage.tsx', source)).toBe(true);
  });

  it.each([
    ['a component', 'src/web/features/home/HomePage.tsx', '../../components/QueryState'],
    ['a hook', 'src/web/features/admin/users/UserScreen.tsx', '../../../hooks/useCurrentUser'],
    ['common', 'src/web/features/chapter/ChapterPage.tsx', '../../../common/policy'],
    ['the api', 'src/web/features/chapter/ChapterPage.tsx', '../../api'],
    ['a file of its own', 'src/web/features/admin/users/UserScreen.tsx', '../chapters/x'],
    ['its own subfolder', 'src/web/features/chapterAdmin/ResourcesScreen.tsx', './links/x'],
  ])('allows a feature importing %s', async (_, file, specifier) => {
    expect(await refusedWeb(file, importOf(specifier))).toBe(false);
  });

  it.each([
    ['a route', 'src/web/routes/publicRoutes.tsx', '../features/home/HomePage'],
    ['a layout', 'src/web/layouts/SiteNavbar.tsx', '../features/auth/signOutAndLeave'],
    ['the first screen', 'src/web/ssr/firstScreen.tsx', '../features/chapter/ChapterPage'],
  ])('allows %s to assemble features', async (_, file, specifier) => {
    expect(await refusedWeb(file, importOf(specifier))).toBe(false);
  });

  it('still refuses a feature importing the server', async () => {
    const file = 'src/web/features/home/HomePage.tsx';
    expect(await refusedWeb(file, importOf('../../../server/app'))).toBe(true);
  });
});

describe('the module graph (npm run deps)', () => {
  it('has no circle between rooms', () => {
    expect(circles(serverGraph())).toEqual([]);
  });

  it('finds a circle of modules no single file closes', () => {
    // events uses geo through its front; geo using events would tie the two in a knot.
    const knot = circles(serverGraph([['modules/geo', 'modules/events']]));
    expect(knot).toEqual([['modules/events', 'modules/geo']]);
  });
});
