// The rooms of the server are kept by the lint (eslint.config.js), not by memory: each knot the
// house issue untied fails `npm run lint` if it comes back, and the allowed directions pass.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function refused(file: string, specifier: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath: file });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

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
  ])('refuses %s', async (_, file, specifier) => {
    expect(await refused(file, specifier)).toBe(true);
  });

  it.each([
    ['app.ts names the web app', 'src/server/app.ts', '../web/ssr/firstScreen'],
    ['a module takes the app type', 'src/server/modules/press/routes.ts', '../../appInstance'],
    ['a module uses caching', 'src/server/modules/press/routes.ts', '../../caching/answerCache'],
    ['a plugin uses caching', 'src/server/plugins/web.ts', '../caching/answerCache'],
    ['a test assembles the app', 'src/server/modules/auth/auth.test.ts', '../../app'],
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
